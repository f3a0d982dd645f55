extension String {
  /// The text with every character that would act on a terminal written as an escape, for
  /// messages that quote input: control characters (C0, DEL and C1, such as ESC or BEL),
  /// the line and paragraph separators, and the bidirectional formatting characters that
  /// reorder what is shown. `\n`, `\r` and `\t` are written so; the others as `\u001b`.
  ///
  /// Every message that quotes input goes through this one function; text without such
  /// characters comes back unchanged, and escaping twice is escaping once.
  public func escapingControlCharacters() -> String {
    guard unicodeScalars.contains(where: String.actsOnTerminal) else { return self }
    var escaped = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      guard String.actsOnTerminal(scalar) else {
        escaped.append(scalar)
        continue
      }
      switch scalar {
      case "\n": escaped.append(contentsOf: "\\n".unicodeScalars)
      case "\r": escaped.append(contentsOf: "\\r".unicodeScalars)
      case "\t": escaped.append(contentsOf: "\\t".unicodeScalars)
      default:
        let hex = String(scalar.value, radix: 16)
        let code = "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        escaped.append(contentsOf: code.unicodeScalars)
      }
    }
    return String(escaped)
  }

  /// Whether `scalar` is a control character, a line or paragraph separator, or a
  /// bidirectional formatting character.
  static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x2028, 0x2029: return true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
