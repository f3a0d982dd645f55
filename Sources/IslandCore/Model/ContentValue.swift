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

/// Receives a number's text as ``ContentValue/format(_:)`` writes a non-integral number
/// (Swift's shortest round-trip `description`), without making a string of it.
struct NumberText: TextOutputStream {
  /// Called with the text's bytes (ASCII).
  var receive: (UnsafeBufferPointer<UInt8>) -> Void

  /// The bytes of the shortest text that reads back as `number`.
  static func write(_ number: Double, to receive: (UnsafeBufferPointer<UInt8>) -> Void) {
    withoutActuallyEscaping(receive) { receive in
      var stream = NumberText(receive: receive)
      number.write(to: &stream)
    }
  }

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { receive($0) }
  }

  /// Floating-point numbers write their text through this, from a buffer on the stack:
  /// implementing it spares the string `write(_:)` would be given.
  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { receive(buffer) }
}
