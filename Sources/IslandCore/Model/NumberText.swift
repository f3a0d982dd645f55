/// The text of a number, the one way the engine writes one: what a zone shows, what the
/// state's JSON holds, and so what a number counts toward the payload limit.
///
/// A whole number of magnitude below 10^17 is written as an integer (`20`, `-3`,
/// `10000000000000000`): every such double is exactly the integer an `Int64` holds. Any other
/// is written as Swift's shortest text that reads back as the same number (`0.25`,
/// `1e+17`, `5e-324`, and `inf` or `nan`, which JSON writes as `null`). Kept on the stack:
/// no string is made of it.
struct NumberText: TextOutputStream {
  private var storage = InlineArray<32, UInt8>(repeating: 0)
  /// The text's length in bytes (ASCII).
  private(set) var count = 0

  /// The text of `number`.
  init(_ number: Double) {
    if let whole = NumberText.wholeNumber(number) {
      write(integer: whole)
    } else if !writeShortFraction(number) {
      number.write(to: &self)
    }
  }

  /// `number` as the integer it is written as, when it is a whole number of magnitude below
  /// 10^17; nil when it is written otherwise.
  static func wholeNumber(_ number: Double) -> Int64? {
    // Below 10^17 in magnitude (so neither infinite nor NaN), a double converts to an Int64
    // exactly when it is whole: the conversion back tells, with no call to round it.
    guard abs(number) < 1e17 else { return nil }
    let whole = Int64(number)
    return Double(whole) == number ? whole : nil
  }

  /// Hands `receive` the bytes of the text of `number`.
  static func write<Result>(
    _ number: Double, to receive: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    NumberText(number).withBytes(receive)
  }

  /// Hands `body` the text's bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    storage.span.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
  }

  mutating func write(_ string: String) {
    for byte in string.utf8 { append(byte) }
  }

  /// Floating-point numbers write their text through this, from a buffer on the stack:
  /// implementing it spares the string `write(_:)` would be given.
  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    // Copied at once, not byte by byte: a double's text is written once per change.
    let length = min(buffer.count, storage.count - count)
    guard length > 0, let source = buffer.baseAddress else { return }
    let start = count
    var text = storage.mutableSpan
    text.withUnsafeMutableBufferPointer { target in
      target.baseAddress?.advanced(by: start).update(from: source, count: length)
    }
    count += length
  }

  /// Writes `number`, which is not whole, when a decimal of at most seven fraction digits
  /// reads back as it (`0.07497`, `-36.67`): the one with the fewest, in fixed notation, which
  /// is Swift's shortest text for it (a property checks the two agree). Returns false, having
  /// written nothing, for the numbers it leaves to Swift's formatter: those needing more
  /// digits, and those under 10^-3 or from 10^8 in magnitude.
  ///
  /// Exact: an integer under 2^53 divided by a power of ten that a double holds exactly is
  /// rounded as the decimal they make is read. Under 10^15 once scaled, the nearest integer to
  /// the scaled number is the only decimal of that many fraction digits that can read back.
  private mutating func writeShortFraction(_ number: Double) -> Bool {
    let magnitude = abs(number)
    // NaN fails the test too.
    guard magnitude >= 1e-3, magnitude < 1e8 else { return false }
    // The nearest integer (ties to even) to the number scaled by `power`, a double under
    // 2^52: added to 2^52, it is rounded to a whole number.
    func scaled(by power: Double) -> Double { (magnitude * power + 0x1p52) - 0x1p52 }
    // If a decimal reads back, so does it with a zero more: when none of seven fraction
    // digits does, none of fewer does.
    guard scaled(by: 1e7) / 1e7 == magnitude else { return false }
    var power = 1.0
    for digits in 1...7 {
      power *= 10
      let decimal = scaled(by: power)
      guard decimal / power == magnitude else { continue }
      write(UInt64(decimal), fractionDigits: digits, negative: number < 0)
      return true
    }
    return false
  }

  /// Writes `scaled` / 10^`fractionDigits` in fixed notation: at least one digit before the
  /// point, exactly `fractionDigits` after it.
  private mutating func write(_ scaled: UInt64, fractionDigits: Int, negative: Bool) {
    count = (negative ? 1 : 0) + max(scaled.decimalDigits, fractionDigits + 1) + 1
    var position = count
    var rest = scaled
    for _ in 0..<fractionDigits {
      position -= 1
      storage[position] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    position -= 1
    storage[position] = 0x2E
    repeat {
      position -= 1
      storage[position] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while rest > 0
    if negative { storage[0] = 0x2D }
  }

  private mutating func write(integer: Int64) {
    var magnitude = integer.magnitude
    let length = magnitude.decimalDigits + (integer < 0 ? 1 : 0)
    count = length
    var position = length
    repeat {
      position -= 1
      storage[position] = 0x30 + UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    if integer < 0 { storage[0] = 0x2D }
  }

  private mutating func append(_ byte: UInt8) {
    // A double's text is at most 24 bytes long (`-2.2250738585072014e-308`).
    guard count < storage.count else { return }
    storage[count] = byte
    count += 1
  }
}
