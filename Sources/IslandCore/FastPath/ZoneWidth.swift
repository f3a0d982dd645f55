/// Works out the width a compiled zone (``ZoneProgram``) needs, without writing its text: the
/// reducer's measure of a changed zone, run on every update.
///
/// It sums exactly as ``ZoneRenderer/render`` measures: each text piece's widths in ems,
/// scalar by scalar in order from zero, times the font's size and weight, then the pieces'
/// widths in order, the gaps between pieces and the padding. The sum of a piece is one chain
/// of additions that nothing here reorders. What is quick is getting each operand
/// (``ems(of:after:)``), reading each field's text where the content holds it, and, for a
/// zone measured again after a change, not summing again the text that did not change where
/// the sums kept from its last measure (``ZoneSums``) tell what that chain gives.
enum ZoneWidth {
  /// The width of the zone compiled to `steps` (literals in `literals`) for `source` at
  /// `now`, padded on both sides when `horizontalPadding`.
  static func of<Source: FieldSource>(
    _ steps: UnsafeBufferPointer<ZoneProgram.Step>, literals: UnsafeBufferPointer<UInt8>,
    _ source: Source, now: Milliseconds, horizontalPadding: Bool
  ) -> Double {
    of(
      steps, literals: literals, source, now: now, horizontalPadding: horizontalPadding,
      keeping: UnsafeMutableBufferPointer(start: nil, count: 0),
      at: UnsafeBufferPointer(start: nil, count: 0), after: nil)
  }

  /// ``of(_:literals:_:now:horizontalPadding:)``, keeping the running sum at each of the
  /// zone's checkpoints (``ZoneSums``, listed in `checkpoints`: ``checkpoints(of:)``) in
  /// `sums` (one for each, or none to keep nothing). When `change` is given, `sums` holds the
  /// sums of the zone's last measure and `change` the fields changed since (bits by number; a
  /// field numbered 64 or more counts as changed): the text between checkpoints that did not
  /// change is then not summed again where its sum can be told from the sums kept
  /// (``sum(from:before:after:)``), and where the running sum is the one kept, the fields up
  /// to the next changed one are not even visited: from the same sum, the same text gives
  /// the sums kept.
  static func of<Source: FieldSource>(
    _ steps: UnsafeBufferPointer<ZoneProgram.Step>, literals: UnsafeBufferPointer<UInt8>,
    _ source: Source, now: Milliseconds, horizontalPadding: Bool,
    keeping sums: UnsafeMutableBufferPointer<Double>,
    at checkpoints: UnsafeBufferPointer<Checkpoint>,
    after change: UInt64?
  ) -> Double {
    // The tables are fetched once for the zone: measuring a text then only reads memory, and
    // a field's text is read where it is, not copied first.
    tables.withUnsafeBufferPointer { table in
      guard let base = table.baseAddress else { return 0 }
      let widths = Tables(narrow: base)
      let keeps = sums.count > 0
      var width = 0.0
      var pieces = 0
      var ems = 0.0
      var checkpoint = 0
      // The running sum at the next checkpoint, when the text up to it need not be summed.
      var known: Double?
      // At a checkpoint: the running sum there, from `known` when the text before it was
      // not summed, is kept; returns the sum kept there before and the one at the next
      // checkpoint (not yet written over).
      @inline(__always)
      func arrive() -> (before: Double, next: Double) {
        guard keeps else { return (0, 0) }
        if let sum = known {
          ems = sum
          known = nil
        }
        let before = sums[checkpoint]
        sums[checkpoint] = ems
        checkpoint += 1
        return (before, checkpoint < sums.count ? sums[checkpoint] : 0)
      }
      // The steps are walked by index: a stretch of unchanged fields is stepped over.
      var index = 0
      while index < steps.count {
        let step = steps[index]
        index &+= 1
        switch step {
        case .separate:
          pieces += 1
        case .beginPiece:
          ems = 0
        case .literal(let start, let count, let measured):
          guard measured, known == nil else { continue }
          ems = ZoneWidth.ems(
            of: UnsafeBufferPointer(rebasing: literals[Int(start)..<Int(start + count)]),
            after: ems, widths: widths)
        case .field(let field, let measured):
          guard measured else { continue }
          let kept = arrive()
          if keeps, let change, field < 64, change & (1 &<< UInt64(field)) == 0 {
            // The text up to the next checkpoint is as it was when last summed.
            if ems.bitPattern == kept.before.bitPattern {
              // And so is the sum it starts from: the sums kept hold until the next checkpoint
              // of a changed field, a countdown or the piece's end, which is visited next.
              var next = checkpoint
              while next < checkpoints.count, checkpoints[next].field >= 0,
                checkpoints[next].field < 64,
                change & (1 &<< UInt64(checkpoints[next].field)) == 0
              {
                next &+= 1
              }
              checkpoint = next
              known = sums[next]
              index = Int(checkpoints[next].step)
              continue
            }
            known = sum(from: ems, before: kept.before, after: kept.next)
            if known != nil { continue }
          }
          // The running sum handed in and handed back: the text is only read.
          let sum = ems
          ems = source.withText(of: Int(field)) {
            ZoneWidth.ems(ofField: $0, after: sum, widths: widths)
          }
        case .percent:
          continue
        case .countdown(let field):
          _ = arrive()
          let sum = ems
          ems = CountdownText(remaining: ZoneRenderer.remaining(source.value(Int(field)), now))
            .withBytes { ZoneWidth.ems(of: $0, after: sum, widths: widths) }
        case .endPiece(let pointSize, let weight):
          _ = arrive()
          width += ems * pointSize * weight
        case .addWidth(let points):
          width += points
        }
      }
      let padding = horizontalPadding ? 2 * TextMetrics.horizontalPadding : 0
      let spacing = TextMetrics.rowSpacing * Double(max(0, pieces - 1))
      return width + spacing + padding
    }
  }

  /// A checkpoint of a zone's program: where
  /// ``of(_:literals:_:now:horizontalPadding:keeping:at:after:)`` keeps the running sum.
  struct Checkpoint: Sendable {
    /// The index of its step among the zone's steps.
    let step: Int32
    /// The number of the field a measured field's checkpoint is at; -1 for a countdown's or
    /// a piece's end.
    let field: Int32
  }

  /// The checkpoints of the zone compiled to `steps`, in order: each measured field, each
  /// countdown and each piece's end. A piece ends at a checkpoint, so a stretch of checkpoints
  /// of fields never crosses a piece's end.
  static func checkpoints(of steps: UnsafeBufferPointer<ZoneProgram.Step>) -> [Checkpoint] {
    steps.indices.compactMap { index in
      switch steps[index] {
      case .field(let field, let measured):
        measured ? Checkpoint(step: Int32(index), field: field) : nil
      case .countdown, .endPiece: Checkpoint(step: Int32(index), field: -1)
      case .separate, .beginPiece, .literal, .percent, .addWidth: nil
      }
    }
  }

  /// The running sum after a stretch of text that was summed from `before` to `after` when
  /// last measured and is summed now from `start`, told without summing it again, or nil
  /// when it cannot be told.
  ///
  /// From the same sum the same additions give the same sum. From another, the stretch adds
  /// the same amount when the three sums and the result lie in one binade (one power of two
  /// to the next) where no width rounds half-way (``tieFreeExponents``): there each addition
  /// rounds the width it adds to a multiple of the binade's step, whatever the sum it adds
  /// it to, so the stretch adds `after - before` (exactly: two sums of one binade differ by
  /// a number floating point holds). A sum that leaves the binade on the way ends outside
  /// it: the widths are never negative.
  @inline(__always)
  static func sum(from start: Double, before: Double, after: Double) -> Double? {
    if start.bitPattern == before.bitPattern { return after }
    // Sign and exponent: the sums are never negative.
    let binade = before.bitPattern &>> 52
    guard after.bitPattern &>> 52 == binade, start.bitPattern &>> 52 == binade,
      tieFreeExponents.contains(Int(binade) - 1023)
    else { return nil }
    let end = start + (after - before)
    return end.bitPattern &>> 52 == binade ? end : nil
  }

  /// The binades (by exponent) where no scalar's width (``TextMetrics/emWidth(of:)``) is an
  /// odd multiple of half the binade's step, so that adding it to a sum there never rounds
  /// half-way: a width whose lowest bit is worth 2^k rounds half-way in the binade of
  /// exponent k + 53 alone, and every width's is worth 2^-53 to 2^-51, or 2^-1 (0.5) or
  /// 2^0 (1.0).
  static let tieFreeExponents = 3...51

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
    tables.withUnsafeBufferPointer { table in
      guard let widths = table.baseAddress else { return sum }
      return ems(of: utf8, after: sum, widths: Tables(narrow: widths))
    }
  }

  /// The tables of widths a measure reads, in place: ``ZoneWidth/tables``.
  struct Tables {
    /// Each scalar's below U+0800, by value (``TextMetrics/narrowEmWidths``), then each
    /// byte's (``bytes``).
    let narrow: UnsafePointer<Double>

    /// Each ASCII byte's, and NaN for every other byte (one of a wider scalar's UTF-8): the
    /// sum of a run of bytes read from it is NaN when the run is not all ASCII, so that a run
    /// of ASCII is summed with no test of each byte.
    var bytes: UnsafePointer<Double> { narrow + 0x800 }

    subscript(value: Int) -> Double { narrow[value] }
  }

  /// ``Tables/narrow``, then ``Tables/bytes``: one table, fetched once for each measure.
  private static let tables: [Double] =
    TextMetrics.narrowEmWidths
    + (0..<0x100).map { $0 < 0x80 ? TextMetrics.narrowEmWidths[$0] : .nan }

  /// ``ems(of:after:)`` with the tables `widths`.
  @inline(__always)
  private static func ems(
    of utf8: UnsafeBufferPointer<UInt8>, after start: Double, widths: Tables
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
    // Adds the width of the scalar at `index`, and steps past it.
    @inline(__always)
    func addScalar() {
      let lead = bytes[index]
      if lead < 0x80 {
        sum += widths[Int(lead)]
        index &+= 1
      } else {
        let (width, length) = scalar(leading: lead)
        sum += width
        index &+= length
      }
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
      addScalar()
    }
    while index < count { addScalar() }
    return sum
  }

  /// ``ems(of:after:)`` of a field's text in a zone measure, where texts are often long: one
  /// that starts with a run of ASCII has the run summed apart
  /// (``asciiRun(of:count:after:widths:)``), the rest as any text.
  static func ems(ofField utf8: UnsafeBufferPointer<UInt8>, after sum: Double) -> Double {
    tables.withUnsafeBufferPointer { table in
      guard let widths = table.baseAddress else { return sum }
      return ems(ofField: utf8, after: sum, widths: Tables(narrow: widths))
    }
  }

  /// ``ems(ofField:after:)`` with the tables `widths`.
  @inline(__always)
  private static func ems(
    ofField utf8: UnsafeBufferPointer<UInt8>, after start: Double, widths: Tables
  ) -> Double {
    var sum = start
    var summed = 0
    if let bytes = utf8.baseAddress, utf8.count >= 16,
      UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
    {
      (sum, summed) = asciiRun(of: bytes, count: utf8.count, after: start, widths: widths.bytes)
    }
    return ems(of: UnsafeBufferPointer(rebasing: utf8[summed...]), after: sum, widths: widths)
  }

  /// `sum` plus the widths in ems of the first bytes of the `count` at `bytes`, added one by
  /// one in order, eight at a time while the eight are ASCII, and how many bytes were added.
  /// The eight are read from `widths` (``Tables/bytes``), where a byte of a wider scalar is
  /// NaN, as their sum then is: they are left to the caller, as is the rest. Each byte is read
  /// once, not tested first. Apart from the loop over any text: a call costs less than a run
  /// of ASCII, and every caller keeps a short loop.
  @inline(never)
  private static func asciiRun(
    of bytes: UnsafePointer<UInt8>, count: Int, after start: Double,
    widths: UnsafePointer<Double>
  ) -> (sum: Double, count: Int) {
    var sum = start
    var index = 0
    while index &+ 8 <= count {
      let run = bytes + index
      var next = sum
      for offset in 0..<8 { next += widths[Int(run[offset])] }
      guard !next.isNaN else { break }
      sum = next
      index &+= 8
    }
    return (sum, index)
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
