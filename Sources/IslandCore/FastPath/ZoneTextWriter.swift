/// Writes a zone's text as UTF-8 into a buffer: what the reducer compares a changed zone's
/// old and new texts with, and what its transitions show, so it builds no intermediate
/// strings. Its width is worked out apart (``ZoneWidth``), without writing the text.
///
/// It spells the text exactly as ``ZoneRenderer/render`` does: symbols as `[name]`, text
/// pieces as their templates fill, progress bars as `[progress N%]`, pieces joined by
/// spaces.
struct ZoneTextWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var ownsBase = false
  /// The bytes written so far.
  private(set) var count = 0
  /// How many pieces (symbols, texts, bars) were written: the gaps between them are spaces.
  private var pieces = 0

  /// A writer into `buffer`, which it outgrows onto the heap when it must.
  init(buffer: UnsafeMutableBufferPointer<UInt8>) {
    base = buffer.baseAddress ?? UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    capacity = buffer.count
    ownsBase = buffer.baseAddress == nil
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
  ///
  /// Inlined, as the form below: a call would be handed a copy of the value, read where a
  /// content or a change keeps it.
  @inline(__always)
  static func withText<Result>(
    of value: ContentValue?, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    guard let value else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return withText(of: value, body)
  }

  /// Hands `body` the text a field step writes for `value`, read in place.
  @inline(__always)
  static func withText<Result>(
    of value: ContentValue, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    switch value {
    case .string(let text): return text.withUTF8Bytes(body)
    case .number(let number): return NumberText.write(number, to: body)
    case .bool(let flag): return (flag ? "true" : "false").withUTF8Bytes(body)
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
      case .literal(let start, let count, _):
        append(UnsafeBufferPointer(rebasing: literals[Int(start)..<Int(start + count)]))
      case .field(let field, _):
        source.withText(of: Int(field)) { append($0) }
      case .percent(let field, let total):
        let fraction = ZoneRenderer.progress(source.value(Int(field)), total: total)
        let percent = (fraction * 100).rounded()
        append(integer: Int64(Int(percent)))
      case .countdown(let field):
        CountdownText(remaining: ZoneRenderer.remaining(source.value(Int(field)), now))
          .withBytes { append($0) }
      case .beginPiece, .endPiece, .addWidth:
        continue
      }
    }
  }

  // MARK: - Bytes

  /// A progress bar's percentage: digits.
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
