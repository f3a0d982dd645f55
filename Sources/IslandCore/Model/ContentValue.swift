/// One value of an activity's content state: a string, a number or a boolean.
///
/// Numbers are `Double`, as in JSON; an integral number is written without a fraction.
public enum ContentValue: Equatable, Hashable, Sendable {
  /// A string value.
  case string(String)
  /// A number value.
  case number(Double)
  /// A boolean value.
  case bool(Bool)

  /// The value as a template shows it: strings as they are, integral numbers without a
  /// fraction, booleans as `true` or `false`.
  public var displayText: String {
    switch self {
    case .string(let text): return text
    case .number(let number): return ContentValue.format(number)
    case .bool(let flag): return flag ? "true" : "false"
    }
  }

  /// The number, when this is one.
  public var numberValue: Double? {
    if case .number(let number) = self { return number }
    return nil
  }

  /// The shortest text that reads back as the same number; integral values below 2^53
  /// are written as integers (`20`, not `20.0`).
  public static func format(_ number: Double) -> String {
    if number.isFinite, number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
      return String(Int64(number))
    }
    return "\(number)"
  }
}

extension UInt64 {
  /// How many decimal digits the number is written with (1 for 0).
  var decimalDigits: Int {
    var digits = 1
    var rest = self / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return digits
  }
}

/// A number's text as ``ContentValue/format(_:)`` writes a non-integral number (Swift's
/// shortest round-trip `description`), kept on the stack: no string is made of it.
struct NumberText: TextOutputStream {
  private var storage = InlineArray<48, UInt8>(repeating: 0)
  /// The text's length in bytes (ASCII).
  private(set) var count = 0

  /// The text of `number`.
  init(_ number: Double) { number.write(to: &self) }

  /// Hands `receive` the bytes of the shortest text that reads back as `number`.
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
    for byte in buffer { append(byte) }
  }

  private mutating func append(_ byte: UInt8) {
    // A double's text is at most 24 bytes long (`-2.2250738585072014e-308`).
    guard count < storage.count else { return }
    storage[count] = byte
    count += 1
  }
}
