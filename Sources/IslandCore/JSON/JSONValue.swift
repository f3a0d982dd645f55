/// A JSON value whose objects keep their members in the order written.
///
/// Ordered, so that the engine's JSON (the state contract, journal lines) has its keys in a
/// fixed order and the same value always gives the same bytes. Numbers are `Double`, as
/// RFC 8259 suggests for interoperability.
public enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number that is not an integer literal (or that an `Int64` does not hold).
  case number(Double)
  /// An integer, exactly: an integer literal read from JSON, or a whole number written
  /// (a time, a seq), so that whole numbers beyond 2^53 print exactly. Equal to the
  /// ``number(_:)`` of the same value.
  case integer(Int64)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object: its members in order, each key once.
  case object([(String, JSONValue)])

  /// The kind of value, as messages name it: `null`, `boolean`, `number`, `string`, `array`
  /// or `object`.
  public var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number, .integer: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// The member `key` of an object; nil for a missing key or a value that is no object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number, when this is one.
  public var numberValue: Double? {
    switch self {
    case .number(let number): return number
    case .integer(let integer): return Double(integer)
    case .null, .bool, .string, .array, .object: return nil
    }
  }

  /// The integer, when this is an integer literal (``integer(_:)``).
  public var integerValue: Int64? {
    if case .integer(let integer) = self { return integer }
    return nil
  }

  /// The boolean, when this is one.
  public var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The members, when this is an object.
  public var objectValue: [(String, JSONValue)]? {
    if case .object(let members) = self { return members }
    return nil
  }
}

extension JSONValue: Equatable {
  /// Equal values: objects must have the same members in the same order.
  public static func == (left: JSONValue, right: JSONValue) -> Bool {
    switch (left, right) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)):
      return Int64(exactly: b) == a
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.null, _), (.bool, _), (.number, _), (.integer, _), (.string, _), (.array, _),
      (.object, _):
      return false
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer.
  public init(integerLiteral value: Int) { self = .integer(Int64(value)) }
  /// A number from a floating-point literal.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object, its members in the order written.
  public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}

extension JSONValue {
  /// A string, or `null` for nil.
  public init(_ text: String?) { self = text.map { .string($0) } ?? .null }

  /// A number of milliseconds (or any integer), or `null` for nil.
  public init(_ integer: Int64?) { self = integer.map { .integer($0) } ?? .null }

  /// A number, or `null` for nil.
  public init(_ number: Double?) { self = number.map { .number($0) } ?? .null }
}
