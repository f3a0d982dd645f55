/// What the fast path keeps of an activity's content, derived from it and from the layout and
/// kept up to date as the content changes, so that an update is checked from the fields it
/// changes alone: the payload's size, where the layout's fields are, their measures, which
/// string values JSON writes as they are, and the zones' running sums.
///
/// Derived, so it takes no part in equality: two activities with the same content have the
/// same measures.
package struct ContentMeasures: Sendable {
  /// The bytes the content state and attributes take (see ``PayloadSize``).
  package var payloadBytes: Int
  /// Where the layout's first fields are in the content, kept up to date as fields are added.
  var fieldSlots: FieldSlots
  /// The widths and JSON lengths of the layout's first fields.
  var fieldMeasures: FieldMeasures
  /// The fields whose string values JSON writes as they are, as last measured.
  var plainStrings = PlainStrings()
  /// The running sums of the zones' widths where their last exact measures left them.
  var zoneSums = ZoneSums()
}

/// Where the first sixteen fields of a layout plan's ``LayoutPlan/roles`` are in a content's
/// fields, so that reading a field the layout shows needs no search by name. Packed in a
/// word, as every activity keeps one.
struct FieldSlots: Sendable {
  /// How many fields it locates at most.
  static let capacity = 16
  /// A nibble per field: its position, or `0xF` for not there (or too far in for a nibble).
  private var packed = UInt64.max

  /// The fields of `plan` located in `content`: each first where a content of just the
  /// layout's fields holds it (``LayoutPlan/FieldRole/rankByName``), then by name.
  init(plan: LayoutPlan, content: ContentState) {
    for index in plan.roles.indices.prefix(FieldSlots.capacity) {
      let role = plan.roles[index]
      let rank = role.rankByName
      let found =
        rank < content.fields.count && content.fields[rank].name == role.name
        ? rank : content.position(of: role.name)
      guard let position = found, position < 0xF else { continue }
      packed &= ~(0xF &<< UInt64(4 * index))
      packed |= UInt64(position) &<< UInt64(4 * index)
    }
  }

  /// The position of the plan's field number `field` in the content, when it is known here
  /// (nil: search by name).
  func position(of field: Int) -> Int? {
    guard field < FieldSlots.capacity else { return nil }
    let slot = Int(truncatingIfNeeded: packed &>> UInt64(4 * field)) & 0xF
    return slot == 0xF ? nil : slot
  }
}

/// Which of a content's fields (by position, the first 64) hold a string that JSON writes as
/// its bytes between two quotes, escaping none: the JSON length of such a value, when an update
/// replaces it, is its byte count and two quotes, with no second reading of its bytes. Each
/// string value is read for its JSON length once, when it arrives; a field not marked (not yet
/// replaced, escaped, not a string, too far in) is counted as the payload rule counts it.
/// Kept up to date as fields are added, so that each mark stays with its field.
struct PlainStrings: Sendable {
  /// A bit for each position, set for a plain string.
  private var bits: UInt64 = 0

  /// None known: every value is counted in full the first time.
  init() {}

  /// The JSON length of `value`, the value at `position`
  /// (``PayloadSize/jsonLength(of:)-(ContentValue)``).
  func jsonLength(of value: ContentValue, at position: Int) -> Int {
    if position < 64, bits & (1 &<< UInt64(position)) != 0, case .string(let text) = value {
      return text.utf8.count + 2
    }
    return PayloadSize.jsonLength(of: value)
  }

  /// Notes that the field at `position` now holds `value`, whose JSON length is `length`.
  mutating func note(_ value: ContentValue, length: Int, at position: Int) {
    guard position < 64 else { return }
    let bit: UInt64 = 1 &<< UInt64(position)
    if case .string(let text) = value, length == text.utf8.count + 2 {
      bits |= bit
    } else {
      bits &= ~bit
    }
  }

  /// Notes that a field was inserted at `position`: the fields from there on move one
  /// position up, the new one not marked.
  mutating func insert(at position: Int) {
    guard position < 64 else { return }
    let below: UInt64 = (1 &<< UInt64(position)) &- 1
    bits = bits & below | (bits & ~below) &<< 1
  }
}

extension ContentMeasures {
  /// What a start measures of `content`: the measures of the plan's first fields (numbered
  /// under ``FieldMeasures/capacity``, as ``FieldMeasures/init(_:count:estimated:)`` makes
  /// them, `slots` locating them), and the length of `content` as a compact JSON object, as
  /// ``PayloadSize/jsonLength(of:)-(ContentState)`` counts it. The field names must be valid
  /// (``Validation/checkFieldName(_:)``).
  ///
  /// One pass over the fields, read in place: each value a slot locates is read once, for
  /// its width and its JSON length together, and its name's length is its role's (the slot
  /// was found by that name); only the other fields are read for their JSON length.
  static func measureStart(
    _ content: ContentState, plan: LayoutPlan, slots: FieldSlots
  ) -> (measures: FieldMeasures, contentBytes: Int) {
    var measures = FieldMeasures()
    // The positions (under 64) of the fields counted with their roles' measures: one each,
    // as no two roles share a name.
    var counted: UInt64 = 0
    var bytes = 2 + max(0, content.fields.count - 1)
    content.fields.withUnsafeBufferPointer { held in
      plan.roles.withUnsafeBufferPointer { roles in
        for field in 0..<min(FieldMeasures.capacity, roles.count) {
          let width = plan.estimates(field)
          guard let position = slots.position(of: field) else {
            // Too far in for a slot, or not there: found by name, counted with the others.
            if let position = ContentState.position(of: roles[field].name, in: held) {
              measures[field] = FieldMeasure(held[position].value, width: width)
            }
            continue
          }
          let measure = FieldMeasure(held[position].value, width: width)
          measures[field] = measure
          counted |= 1 &<< UInt64(position)
          // A field name holds no character JSON escapes: its bytes and two quotes.
          bytes += roles[field].nameLength + 3 + measure.jsonLength
        }
        guard counted.nonzeroBitCount < held.count else { return }
        for position in held.indices where position >= 64 || counted & 1 &<< UInt64(position) == 0 {
          bytes +=
            held[position].name.utf8.count + 3 + PayloadSize.jsonLength(of: held[position].value)
        }
      }
    }
    return (measures, bytes)
  }
}
