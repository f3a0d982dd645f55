/// Why bytes are not JSON, and where: the offset of the first byte at fault.
public struct JSONParseError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The offset, in bytes from the start of the text, of the first byte at fault.
  public var offset: Int
  /// What is wrong there.
  public var kind: Kind

  /// An error of `kind` at byte `offset`.
  public init(offset: Int, kind: Kind) {
    self.offset = offset
    self.kind = kind
  }

  /// What can be wrong with JSON text (RFC 8259).
  public enum Kind: Equatable, Hashable, Sendable {
    /// The text ended inside a value, or held no value.
    case unexpectedEnd
    /// A byte that cannot start or continue what is being read.
    case unexpectedByte(UInt8)
    /// A number outside JSON's grammar (`01`, `1.`, `-`, `.5`, `1e`).
    case invalidNumber
    /// A number too large for a `Double` (`1e400`).
    case numberOutOfRange
    /// A backslash followed by something other than `" \ / b f n r t u`.
    case invalidEscape
    /// A `\u` escape without four hex digits, or a surrogate without its other half.
    case invalidUnicodeEscape
    /// A control character (below U+0020) written raw inside a string.
    case controlCharacterInString
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// An object with the same key twice.
    case duplicateKey(String)
    /// Arrays and objects nested deeper than ``JSONScanner/maximumDepth``.
    case tooDeep
    /// Something after the value.
    case trailingCharacters
  }

  /// The error in lowercase words, with its byte offset.
  public var description: String { "\(reason) at byte \(offset)" }

  /// The error in lowercase words, without its offset.
  public var reason: String {
    switch kind {
    case .unexpectedEnd: return "unexpected end of JSON"
    case .unexpectedByte(let byte): return "unexpected \(JSONParseError.describe(byte))"
    case .invalidNumber: return "malformed number"
    case .numberOutOfRange: return "number out of range"
    case .invalidEscape: return "invalid escape in string"
    case .invalidUnicodeEscape: return "invalid \\u escape (bad hex or unpaired surrogate)"
    case .controlCharacterInString: return "unescaped control character in string"
    case .invalidUTF8: return "invalid UTF-8"
    case .duplicateKey(let key): return "duplicate key \"\(key)\""
    case .tooDeep: return "nesting deeper than \(JSONScanner.maximumDepth) levels"
    case .trailingCharacters: return "unexpected characters after the JSON value"
    }
  }

  /// A byte as a message shows it: `'x'` when printable ASCII, `byte 0xff` otherwise.
  static func describe(_ byte: UInt8) -> String {
    if (0x21...0x7E).contains(byte) {
      return "character '" + String(UnicodeScalar(byte)) + "'"
    }
    let hex = Array("0123456789abcdef")
    return "byte 0x" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
  }
}
