/// A countdown's text, the one way the engine writes it (`Text(timerInterval:)`): the time
/// left, rounded up to the second and never negative, as `m:ss` below an hour and `h:mm:ss`
/// from an hour. Kept on the stack: no string is made of it.
struct CountdownText {
  private var storage = InlineArray<32, UInt8>(repeating: 0)
  /// The text's length in bytes (ASCII).
  private(set) var count = 0

  /// The text of a countdown with `remaining` milliseconds left.
  init(remaining: Milliseconds) {
    let (hours, minutes, seconds) = CountdownText.parts(remaining)
    if hours > 0 {
      append(hours, digits: 1)
      append(0x3A)
      append(minutes, digits: 2)
    } else {
      append(minutes, digits: 1)
    }
    append(0x3A)
    append(seconds, digits: 2)
  }

  /// The hours (0 below an hour), minutes and seconds the text shows for `remaining`.
  static func parts(_ remaining: Milliseconds) -> (hours: Int64, minutes: Int64, seconds: Int64) {
    let seconds = max(0, remaining / 1_000 + (remaining % 1_000 > 0 ? 1 : 0))
    return (seconds / 3_600, (seconds % 3_600) / 60, seconds % 60)
  }

  /// How many digits and colons the text for `remaining` has, without writing it: its width
  /// follows, digits being tabular (``TextMetrics``).
  static func shape(_ remaining: Milliseconds) -> (digits: Int, colons: Int) {
    let (hours, minutes, _) = parts(remaining)
    if hours > 0 { return (UInt64(hours).decimalDigits + 4, 2) }
    return (UInt64(minutes).decimalDigits + 2, 1)
  }

  /// Hands `body` the text's bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    storage.span.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
  }

  /// The text, as a string.
  var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

  /// Appends `value` (not negative) in decimal, with leading zeros to at least `digits`.
  private mutating func append(_ value: Int64, digits: Int) {
    let length = max(digits, UInt64(value).decimalDigits)
    var rest = UInt64(value)
    for position in stride(from: count + length - 1, through: count, by: -1) {
      storage[position] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    count += length
  }

  private mutating func append(_ byte: UInt8) {
    storage[count] = byte
    count += 1
  }
}
