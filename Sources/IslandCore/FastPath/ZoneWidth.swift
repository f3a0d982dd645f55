/// Works out the width a compiled zone (``ZoneProgram``) needs, without writing its text: the
/// reducer's measure of a changed zone, run on every update.
///
/// It sums exactly as ``ZoneRenderer/render`` measures: each text piece's widths in ems,
/// scalar by scalar in order from zero, times the font's size and weight, then the pieces'
/// widths in order, the gaps between pieces and the padding. The sum of a piece is one chain
/// of additions that nothing here reorders; a measure resumed from a ``Mark`` takes the chain
/// up where an earlier measure of the same operands left it. What is quick is getting each
/// operand (``ems(of:after:)``) and reading each field's text where the content holds it.
enum ZoneWidth {
  /// The width of the zone compiled to `steps` (literals in `literals`) for `source` at
  /// `now`, padded on both sides when `horizontalPadding`.
  static func of<Source: FieldSource>(
    _ steps: UnsafeBufferPointer<ZoneProgram.Step>, literals: UnsafeBufferPointer<UInt8>,
    _ source: Source, now: Milliseconds, horizontalPadding: Bool
  ) -> Double {
    var marks: [Mark] = []
    return measure(
      steps, literals: literals, source, now: now, horizontalPadding: horizontalPadding,
      from: .start, marks: &marks, marking: false
    ).width
  }

  /// Where a measure stood before one of a zone's steps: all that resuming it there needs.
  struct Mark: Sendable {
    /// The step it stands before, by its place among the zone's steps.
    var step: Int32
    /// The pieces begun before it.
    var pieces: Int32
    /// The widths of the pieces ended before it, in points.
    var width: Double
    /// The running sum of the piece under way, in ems.
    var ems: Double

    /// Before the first step.
    static let start = Mark(step: 0, pieces: 0, width: 0, ems: 0)
  }

  /// ``of(_:literals:_:now:horizontalPadding:)`` from `start`, where an earlier measure of
  /// the same texts up to it stood (``Mark/start`` for all of it), and how many bytes of
  /// field text it summed. When `marking`, appends to `marks` where it stands before each
  /// measured field step, and at the end.
  static func measure<Source: FieldSource>(
    _ steps: UnsafeBufferPointer<ZoneProgram.Step>, literals: UnsafeBufferPointer<UInt8>,
    _ source: Source, now: Milliseconds, horizontalPadding: Bool, from start: Mark,
    marks: inout [Mark], marking: Bool
  ) -> (width: Double, fieldBytes: Int) {
    // The table is fetched once for the zone: measuring a text then only reads memory, and a
    // field's text is read where it is, not copied first.
    TextMetrics.narrowEmWidths.withUnsafeBufferPointer { table in
      guard let widths = table.baseAddress else { return (0, 0) }
      var width = start.width
      var fieldBytes = 0
      var pieces = Int(start.pieces)
      var ems = start.ems
      for index in Int(start.step)..<steps.count {
        switch steps[index] {
        case .separate:
          pieces += 1
        case .beginPiece:
          ems = 0
        case .literal(let start, let count, let measured):
          guard measured else { continue }
          ems = ZoneWidth.ems(
            of: UnsafeBufferPointer(rebasing: literals[Int(start)..<Int(start + count)]),
            after: ems, widths: widths)
        case .field(let field, let measured):
          guard measured else { continue }
          if marking {
            marks.append(
              Mark(step: Int32(index), pieces: Int32(pieces), width: width, ems: ems))
          }
          // The running sum handed in and handed back: the text is only read.
          let sum = ems
          let (fieldEms, count) = source.withText(of: Int(field)) {
            (ZoneWidth.ems(of: $0, after: sum, widths: widths), $0.count)
          }
          ems = fieldEms
          fieldBytes &+= count
        case .percent:
          continue
        case .countdown(let field):
          let sum = ems
          ems = CountdownText(remaining: ZoneRenderer.remaining(source.value(Int(field)), now))
            .withBytes { ZoneWidth.ems(of: $0, after: sum, widths: widths) }
        case .endPiece(let pointSize, let weight):
          width += ems * pointSize * weight
        case .addWidth(let points):
          width += points
        }
      }
      if marking {
        marks.append(
          Mark(step: Int32(steps.count), pieces: Int32(pieces), width: width, ems: ems))
      }
      let padding = horizontalPadding ? 2 * TextMetrics.horizontalPadding : 0
      let spacing = TextMetrics.rowSpacing * Double(max(0, pieces - 1))
      return (width + spacing + padding, fieldBytes)
    }
  }

  /// The first of `marks` (an earlier measure's, of a zone compiled to `steps`, before the
  /// change `before`: the changed fields' old values; `after`, the fields now) from which
  /// the measure must be made again: the mark before the first measured field whose text now
  /// adds other widths, or the end mark when none does. A field whose text is as long as
  /// before, and the same byte for byte but for ASCII characters of the same width, adds
  /// the very same operands in the same order, so the sum past it is the same.
  static func resumption<After: FieldSource>(
    in marks: [Mark], of steps: UnsafeBufferPointer<ZoneProgram.Step>, after: After,
    before: ArraySlice<ContentChange.Before>
  ) -> Int {
    // The changed fields (bits by number) whose texts add other widths, each told once.
    var changed: UInt64 = 0
    let told = TextMetrics.narrowEmWidths.withUnsafeBufferPointer { widths in
      before.withUnsafeBufferPointer { before in
        for entry in before.indices {
          let field = before[entry].field
          guard field < 64 else { return false }
          let same = ZoneTextWriter.withText(of: before[entry].value) { old in
            after.withText(of: field) { new in
              ZoneWidth.addsTheSameWidths(old, new, widths: widths)
            }
          }
          if !same { changed |= 1 &<< UInt64(field) }
        }
        return true
      }
    }
    guard told else { return 0 }
    for index in marks.indices.dropLast() {
      guard case .field(let field, _) = steps[Int(marks[index].step)] else { return index }
      if changed & (1 &<< UInt64(field)) != 0 { return index }
    }
    return marks.count - 1
  }

  /// Whether measuring `new` adds the same operands as measuring `old`: as many bytes, each
  /// the same, or both ASCII of the same width.
  private static func addsTheSameWidths(
    _ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>,
    widths: UnsafeBufferPointer<Double>
  ) -> Bool {
    guard old.count == new.count else { return false }
    for index in old.indices where old[index] != new[index] {
      guard old[index] < 0x80, new[index] < 0x80,
        widths[Int(old[index])].bitPattern == widths[Int(new[index])].bitPattern
      else { return false }
    }
    return true
  }

  /// `sum` plus the widths in ems of the scalars of `utf8` (well-formed), added one by one in
  /// order, as ``TextMetrics/width(of:font:bold:)`` adds them.
  ///
  /// A run of eight ASCII bytes is told by one word and each byte's width read from the
  /// table; one- and two-byte scalars are decoded in place and read from the table too, wider
  /// ones decoded apart (``wideScalar(at:of:count:)``).
  ///
  /// Inlined where a field is measured: its text is most often a few bytes, for which a call
  /// costs as much as the sum.
  @inline(__always)
  static func ems(of utf8: UnsafeBufferPointer<UInt8>, after sum: Double = 0) -> Double {
    TextMetrics.narrowEmWidths.withUnsafeBufferPointer { table in
      guard let widths = table.baseAddress else { return sum }
      return ems(of: utf8, after: sum, widths: widths)
    }
  }

  /// ``ems(of:after:)`` with the table of narrow widths (``TextMetrics/narrowEmWidths``) at
  /// `widths`.
  @inline(__always)
  private static func ems(
    of utf8: UnsafeBufferPointer<UInt8>, after start: Double, widths: UnsafePointer<Double>
  ) -> Double {
    guard let bytes = utf8.baseAddress else { return start }
    let count = utf8.count
    var sum = start
    var index = 0
    // The scalar at `index`, not ASCII: its width, and how many bytes it takes.
    func scalar(leading lead: UInt8) -> (width: Double, length: Int) {
      if lead < 0xE0 {
        // Two bytes: a scalar below U+0800, in the table.
        var value = Int(lead & 0x1F)
        if index &+ 1 < count { value = value << 6 | Int(bytes[index &+ 1] & 0x3F) }
        return (widths[value], 2)
      }
      return wideScalar(at: index, of: bytes, count: count)
    }
    while index &+ 8 <= count {
      if UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
        & 0x8080_8080_8080_8080 == 0
      {
        // Eight ASCII bytes, first to last.
        let run = bytes + index
        for offset in 0..<8 { sum += widths[Int(run[offset])] }
        index &+= 8
        continue
      }
      let lead = bytes[index]
      if lead < 0x80 {
        sum += widths[Int(lead)]
        index &+= 1
        continue
      }
      let (width, length) = scalar(leading: lead)
      sum += width
      index &+= length
    }
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        sum += widths[Int(lead)]
        index &+= 1
        continue
      }
      let (width, length) = scalar(leading: lead)
      sum += width
      index &+= length
    }
    return sum
  }

  /// The width in ems of the scalar of three or four bytes at `index` of the `count` bytes
  /// at `bytes`, and its length: apart, so that the loop over narrow scalars keeps none of
  /// the wide ones' cases.
  @inline(never)
  private static func wideScalar(at index: Int, of bytes: UnsafePointer<UInt8>, count: Int)
    -> (width: Double, length: Int)
  {
    let lead = bytes[index]
    var value: UInt32
    let length: Int
    if lead < 0xF0 {
      value = UInt32(lead & 0x0F)
      length = 3
    } else {
      value = UInt32(lead & 0x07)
      length = 4
    }
    for offset in 1..<length where index &+ offset < count {
      value = value << 6 | UInt32(bytes[index &+ offset] & 0x3F)
    }
    return (TextMetrics.emWidth(ofScalarValue: value), length)
  }
}

/// Where an activity's last exact measure of one of its zones stood before each measured
/// field and at its end (``ZoneWidth/Mark``): the next update that changes only later fields
/// of the zone resumes the measure from the mark before the first of them, with the same
/// operands in the same order. Kept only while the content the marks were made from is the
/// activity's: an update that changes a field of the zone and does not measure it again
/// drops them (``IslandState/checkChangedZoneBudgets(seq:t:)``).
struct ZoneMarks: Sendable {
  /// The zone measured.
  let zone: Zone
  /// The marks, in step order, the end's last.
  var marks: [ZoneWidth.Mark]

  /// The fewest bytes of field text a zone's measure must sum for the next to be resumed
  /// from its marks.
  static let resumedFromBytes = 256
}
