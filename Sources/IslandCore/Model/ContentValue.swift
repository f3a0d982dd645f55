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

  /// The number's text, as zones show it and the state's JSON writes it (``NumberText``):
  /// whole numbers below 10^17 as integers (`20`, not `20.0`), others as the shortest text
  /// that reads back as the same number (`0.25`, `1e+17`).
  public static func format(_ number: Double) -> String {
    NumberText(number).withBytes { String(decoding: $0, as: UTF8.self) }
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
