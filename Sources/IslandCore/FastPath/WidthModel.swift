/// A zone's width as a sum of parts: a constant (symbols, literal text, spacing, padding)
/// and, for each field a text piece measures, the field's width in ems times the points an
/// em takes in that piece. An update then estimates a changed zone's width from the widths
/// of its fields, kept per activity (``FieldMeasures``), without writing the zone's text.
///
/// The estimate adds the same terms as the measure, in another order: it may differ from it
/// in the last bits. The reducer uses it only to skip a zone well under its budget
/// (``isClearlyUnder(_:_:)``), and measures any other.
struct WidthModel: Sendable {
  /// What does not depend on the fields.
  private(set) var constant = 0.0
  /// Where the zone's terms are among the plan's (``LayoutPlan``, which keeps every zone's
  /// terms in one array, read in place).
  private var terms = 0..<0
  /// The fields whose widths the estimate reads (bits by number; a countdown's is worked out
  /// from the time left, not read).
  private(set) var measuredFields: UInt8 = 0
  /// Whether the zone has a model: a zone without one is measured, never estimated.
  private(set) var isModeled: Bool

  /// One field's part in a zone's width.
  struct Term: Sendable {
    /// The field's number (under ``FieldMeasures/capacity``).
    let field: Int
    /// Whether it shows as a countdown.
    let isCountdown: Bool
    /// The points one em of its text takes.
    let pointsPerEm: Double
  }

  /// No model: the zone measures a field the activity keeps no measure of.
  init() { isModeled = false }

  /// The model of a zone compiled to `steps`, its terms appended to `terms`, or none
  /// (``init()``, nothing appended) when it measures a field numbered
  /// ``FieldMeasures/capacity`` or more, which the activity keeps no measure of.
  init(
    steps: UnsafeBufferPointer<ZoneProgram.Step>, literals: UnsafeBufferPointer<UInt8>,
    horizontalPadding: Bool, terms allTerms: inout [Term]
  ) {
    isModeled = true
    var terms: [Term] = []
    var pieces = 0
    var literalEms = 0.0
    var pieceFields: [(field: Int, isCountdown: Bool)] = []
    for step in steps {
      switch step {
      case .separate:
        pieces += 1
      case .beginPiece:
        literalEms = 0
        pieceFields = []
      case .literal(let start, let count, let measured):
        guard measured else { continue }
        literalEms = ZoneWidth.ems(
          of: UnsafeBufferPointer(rebasing: literals[Int(start)..<Int(start + count)]),
          after: literalEms)
      case .field(let field, let measured):
        guard measured else { continue }
        guard field < FieldMeasures.capacity else {
          self = WidthModel()
          return
        }
        pieceFields.append((Int(field), false))
      case .percent:
        continue
      case .countdown(let field):
        guard field < FieldMeasures.capacity else {
          self = WidthModel()
          return
        }
        pieceFields.append((Int(field), true))
      case .endPiece(let pointSize, let weight):
        let pointsPerEm = pointSize * weight
        constant += literalEms * pointsPerEm
        for piece in pieceFields {
          terms.append(
            Term(field: piece.field, isCountdown: piece.isCountdown, pointsPerEm: pointsPerEm))
        }
        literalEms = 0
        pieceFields = []
      case .addWidth(let points):
        constant += points
      }
    }
    constant += TextMetrics.rowSpacing * Double(max(0, pieces - 1))
    if horizontalPadding { constant += 2 * TextMetrics.horizontalPadding }
    for term in terms where !term.isCountdown { measuredFields |= 1 << UInt8(term.field) }
    self.terms = allTerms.count..<allTerms.count + terms.count
    allTerms += terms
  }

  /// The zone's estimated width, from the measures of its fields (by number) and, for a
  /// countdown, the value of its field (`value`, by field number) at `now`; nil when it has
  /// no model. `terms` are the plan's terms, every zone's.
  func width(
    _ fields: Span<FieldMeasure>, terms allTerms: UnsafeBufferPointer<Term>, now: Milliseconds,
    value: (Int) -> ContentValue?
  ) -> Double? {
    guard isModeled else { return nil }
    var width = constant
    for term in allTerms[terms] {
      if term.isCountdown {
        let remaining = ZoneRenderer.remaining(value(term.field), now)
        width += WidthModel.countdownEms(remaining) * term.pointsPerEm
      } else {
        width += fields[term.field].ems * term.pointsPerEm
      }
    }
    return width
  }

  /// The width in ems of a countdown's text with `remaining` milliseconds left
  /// (``CountdownText``).
  static func countdownEms(_ remaining: Milliseconds) -> Double {
    let (digits, colons) = CountdownText.shape(remaining)
    return Double(digits) * TextMetrics.emWidth(of: "0")
      + Double(colons) * TextMetrics.emWidth(of: ":")
  }
}

/// What the reducer keeps of each of an activity's first ``capacity`` layout fields (numbered
/// as its plan's roles) as its content changes: the width of its text in ems, and its length
/// as JSON (for the payload limit). A field the content lacks measures 0 and 0.
struct FieldMeasures: Sendable {
  /// How many fields it measures. A zone that reads a later field has no width estimate and
  /// is measured exactly, and a later field's old value is measured again for the payload.
  /// Fewer than ``FieldSlots`` locates: every activity keeps its measures and every patch
  /// keeps a copy to put back, while a zone that reads more fields (a default layout's
  /// bottom region) often shows more text than its budget, where the estimate skips nothing:
  /// the truncation warning needs its exact width.
  static var capacity: Int { Storage.count }
  typealias Storage = InlineArray<8, FieldMeasure>
  /// Each field's measure, by number: what a width estimate reads, in place
  /// (`byField.span`), as a copy of every measure to read one costs more than the read.
  private(set) var byField = Storage(repeating: FieldMeasure())

  /// The fields of `fields` numbered under `count` measured, the widths of strings and
  /// fractions only for the fields `estimated` marks (bits by number, as
  /// ``LayoutPlan/estimatedFields``): no width estimate reads another's, and an update
  /// measures it so too (``FieldMeasure/init(_:width:)``).
  init<Source: FieldSource>(_ fields: Source, count: Int, estimated: UInt8 = .max) {
    for field in 0..<min(FieldMeasures.capacity, count) {
      if let value = fields.value(field) {
        byField[field] = FieldMeasure(value, width: estimated & (1 &<< UInt8(field)) != 0)
      }
    }
  }

  /// Nothing measured.
  init() {}

  /// The measure of field `field` (under ``capacity``).
  subscript(field: Int) -> FieldMeasure {
    get { byField[field] }
    set { byField[field] = newValue }
  }

  /// The JSON length of field `field` (under ``capacity``).
  func jsonLength(of field: Int) -> Int { byField[field].jsonLength }
}

/// One field value's text measured: its width in ems as a zone shows it, and its length as
/// JSON.
package struct FieldMeasure: Sendable {
  /// The width of its text, in ems (0 for a string measured without its width).
  var ems = 0.0
  /// Its length as JSON (``PayloadSize.jsonLength(of:)-(ContentValue)``).
  package var jsonLength = 0

  init() {}

  /// `value` measured, its text written once; the width of a string or of a number with a
  /// fraction only when `width` (no width estimate reads its field: its text is not summed
  /// for nothing).
  ///
  /// Inlined where a field is measured: a call would be handed a copy of the value read from
  /// the patch.
  @inline(__always)
  package init(_ value: ContentValue, width: Bool = true) {
    switch value {
    case .string(let text):
      // Inlined too: a call would be handed a copy of the value.
      @inline(__always)
      func measure(_ utf8: UnsafeBufferPointer<UInt8>) -> (Double, Int) {
        (width ? ZoneWidth.ems(of: utf8) : 0, PayloadSize.jsonLength(of: utf8))
      }
      (ems, jsonLength) = text.withUTF8Bytes(measure)
    case .number(let number):
      if let whole = NumberText.wholeNumber(number) {
        // Digits and a minus sign, one byte each; digits are tabular (``TextMetrics``).
        let digits = whole.magnitude.decimalDigits
        ems = Double(digits) * TextMetrics.emWidth(of: "0")
        jsonLength = digits
        if whole < 0 {
          ems += TextMetrics.emWidth(of: "-")
          jsonLength += 1
        }
      } else {
        let (ems, length) = NumberText.write(number) { bytes in
          (width ? ZoneWidth.ems(of: bytes) : 0, bytes.count)
        }
        self.ems = ems
        jsonLength = number.isFinite ? length : 4
      }
    case .bool(let flag):
      ems = flag ? FieldMeasure.trueEms : FieldMeasure.falseEms
      jsonLength = flag ? 4 : 5
    }
  }

  private static let trueEms = ems(of: "true")
  private static let falseEms = ems(of: "false")

  private static func ems(of text: String) -> Double {
    text.withUTF8Bytes { ZoneWidth.ems(of: $0) }
  }
}

extension WidthModel {
  /// Whether `width`, an estimate, is under `budget` by more than any rounding of it.
  static func isClearlyUnder(_ width: Double, _ budget: Double) -> Bool {
    width < budget - 1e-6
  }
}
