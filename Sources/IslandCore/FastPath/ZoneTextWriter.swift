/// Writes a zone's text as UTF-8 into a buffer and adds up its width on the way: the
/// reducer's renderer, run on every update, so it builds no intermediate strings.
///
/// It spells the text and sums the width exactly as ``ZoneRenderer/render`` does: each text
/// piece's widths in ems, scalar by scalar in order, times the font's size and weight, then
/// the pieces' widths in order.
struct ZoneTextWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var ownsBase = false
  /// The bytes written so far.
  private(set) var count = 0
  /// The width of the pieces written so far, in points.
  private(set) var width = 0.0
  /// How many pieces (symbols, texts, bars) were written: the gaps between them are spaces.
  private(set) var pieces = 0
  private var ems = 0.0
  /// Whether it adds up widths, or only writes the text (to compare it with another).
  private let measuresWidth: Bool

  /// A writer into `buffer`, which it outgrows onto the heap when it must, that adds up the
  /// text's width as it writes when `measuresWidth` (else the width stays 0).
  init(buffer: UnsafeMutableBufferPointer<UInt8>, measuresWidth: Bool = true) {
    base = buffer.baseAddress ?? UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    capacity = buffer.count
    ownsBase = buffer.baseAddress == nil
    self.measuresWidth = measuresWidth
  }

  deinit {
    if ownsBase { base.deallocate() }
  }

  /// The bytes written.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// The text written, as a string.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether `other` wrote the same text, byte for byte.
  func wroteTheSameText(as other: borrowing ZoneTextWriter) -> Bool {
    ZoneTextWriter.sameBytes(bytes, other.bytes)
  }

  /// Whether `left` and `right` hold the same bytes.
  static func sameBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard left.count == right.count else { return false }
    guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
    // Eight bytes at a time, then the rest one by one.
    var index = 0
    while index + 8 <= left.count {
      let word = UnsafeRawPointer(leftBase + index).loadUnaligned(as: UInt64.self)
      guard word == UnsafeRawPointer(rightBase + index).loadUnaligned(as: UInt64.self) else {
        return false
      }
      index += 8
    }
    while index < left.count {
      guard left[index] == right[index] else { return false }
      index += 1
    }
    return true
  }

  /// Hands `body` the text a field step writes for `value` (``run(_:literals:_:now:)``):
  /// a string as it is, a number as ``NumberText`` writes it, a flag as `true` or `false`,
  /// nothing for a missing field.
  static func withText<Result>(
    of value: ContentValue?, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    switch value {
    case .string(let text): return text.withUTF8Bytes(body)
    case .number(let number): return NumberText.write(number, to: body)
    case .bool(let flag): return (flag ? "true" : "false").withUTF8Bytes(body)
    case nil: return body(UnsafeBufferPointer(start: nil, count: 0))
    }
  }

  // MARK: - Programs

  /// Runs the steps `steps`, whose literals are in `literals`.
  mutating func run<Source: FieldSource>(
    _ steps: UnsafeBufferPointer<ZoneProgram.Step>, literals: UnsafeBufferPointer<UInt8>,
    _ source: Source, now: Milliseconds
  ) {
    for step in steps {
      switch step {
      case .separate:
        if pieces > 0 { append(byte: 0x20) }
        pieces += 1
      case .beginPiece:
        ems = 0
      case .literal(let start, let count, let measured):
        let bytes = UnsafeBufferPointer(rebasing: literals[Int(start)..<Int(start + count)])
        append(bytes)
        if measured { measure(bytes) }
      case .field(let field, let measured):
        ZoneTextWriter.withText(of: source.value(Int(field))) { text in
          append(text)
          if measured { measure(text) }
        }
      case .percent(let field, let total):
        let fraction = ZoneRenderer.progress(source.value(Int(field)), total: total)
        let percent = (fraction * 100).rounded()
        append(integer: Int64(Int(percent)))
      case .countdown(let field):
        countdown(ZoneRenderer.remaining(source.value(Int(field)), now))
      case .endPiece(let pointSize, let weight):
        width += ems * pointSize * weight
      case .addWidth(let points):
        width += points
      }
    }
  }

  /// The width of everything written, with the gaps between pieces and the padding.
  func totalWidth(horizontalPadding: Bool) -> Double {
    let padding = horizontalPadding ? 2 * TextMetrics.horizontalPadding : 0
    let spacing = TextMetrics.rowSpacing * Double(max(0, pieces - 1))
    return width + spacing + padding
  }

  /// A countdown's text (``CountdownText``), measured.
  private mutating func countdown(_ remaining: Milliseconds) {
    CountdownText(remaining: remaining).withBytes { bytes in
      append(bytes)
      measure(bytes)
    }
  }

  // MARK: - Bytes

  /// A progress bar's percentage: digits, never measured (the bar's width is fixed).
  private mutating func append(integer: Int64) {
    var magnitude = integer.magnitude
    let length = magnitude.decimalDigits + (integer < 0 ? 1 : 0)
    reserve(length)
    var position = count + length
    repeat {
      position -= 1
      base[position] = 0x30 + UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    if integer < 0 { base[count] = 0x2D }
    count += length
  }

  private mutating func append(byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
    guard let source = utf8.baseAddress, !utf8.isEmpty else { return }
    reserve(utf8.count)
    (base + count).update(from: source, count: utf8.count)
    count += utf8.count
  }

  /// Adds the widths of the scalars of `utf8` (well-formed: it comes from a string).
  private mutating func measure(_ utf8: UnsafeBufferPointer<UInt8>) {
    guard measuresWidth else { return }
    ZoneTextWriter.addEms(of: utf8, to: &ems)
  }

  /// Adds the widths in ems of the scalars of `utf8` (well-formed) to `ems`, one by one.
  static func addEms(of utf8: UnsafeBufferPointer<UInt8>, to ems: inout Double) {
    // Summed in a local, ASCII from the table read in place: the inner loop loads a byte and
    // a width and adds.
    var sum = ems
    TextMetrics.asciiEmWidths.withUnsafeBufferPointer { ascii in
      var index = 0
      while index < utf8.count {
        let lead = utf8[index]
        if lead < 0x80 {
          sum += ascii[Int(lead)]
          index += 1
          continue
        }
        var value: UInt32
        let length: Int
        if lead < 0xE0 {
          value = UInt32(lead & 0x1F)
          length = 2
        } else if lead < 0xF0 {
          value = UInt32(lead & 0x0F)
          length = 3
        } else {
          value = UInt32(lead & 0x07)
          length = 4
        }
        for offset in 1..<length where index + offset < utf8.count {
          value = value << 6 | UInt32(utf8[index + offset] & 0x3F)
        }
        sum += TextMetrics.emWidth(of: Unicode.Scalar(value) ?? "\u{FFFD}")
        index += length
      }
    }
    ems = sum
  }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    let grown = max(capacity * 2, count + extra)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    bigger.update(from: base, count: count)
    if ownsBase { base.deallocate() }
    base = bigger
    capacity = grown
    ownsBase = true
  }
}
