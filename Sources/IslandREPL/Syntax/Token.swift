/// One word of a command line, with its quotes taken off.
///
/// A word is separated from the next by spaces or tabs. Double quotes keep spaces and
/// understand `\"`, `\\`, `\n` and `\t`; single quotes keep everything as written. A `#` at
/// the start of a word starts a comment that runs to the end of the line.
public struct Token: Equatable, Sendable {
  /// The word, quotes taken off and escapes resolved.
  public var text: String
  /// How many characters of `text` come before its first quoted part; nil when nothing in it
  /// was quoted. A value quoted after its `=` is always a string (`code="20"`).
  public var quotedFrom: Int?
  /// The column (1 for the first) where the word starts in the line, for error messages.
  public var column: Int

  /// A word `text` starting at `column`, quoted from `quotedFrom` on.
  public init(_ text: String, quotedFrom: Int? = nil, column: Int = 1) {
    self.text = text
    self.quotedFrom = quotedFrom
    self.column = column
  }

  /// Whether the first `count` characters of the word were written without quotes.
  func isUnquoted(first count: Int) -> Bool {
    guard let quotedFrom else { return true }
    return quotedFrom >= count
  }

  /// Splits `line` into words.
  public static func split(_ line: String) throws(ParseError) -> [Token] {
    var tokens: [Token] = []
    var current: Token?
    var characters = Array(line).makeIterator()
    var column = 0
    func next() -> Character? {
      guard let character = characters.next() else { return nil }
      column += 1
      return character
    }
    while let character = next() {
      switch character {
      case " ", "\t", "\r", "\n", "\r\n":
        if let word = current { tokens.append(word) }
        current = nil
      case "#" where current == nil:
        return tokens
      case "\"", "'":
        let start = column
        var word = current ?? Token("", column: column)
        if word.quotedFrom == nil { word.quotedFrom = word.text.count }
        var closed = false
        var quoted = ""
        while let inner = next() {
          if inner == character {
            closed = true
            break
          }
          if inner == "\\" && character == "\"" {
            guard let escaped = next() else { break }
            switch escaped {
            case "n": quoted.append("\n")
            case "t": quoted.append("\t")
            case "\"", "\\": quoted.append(escaped)
            default: quoted += "\\" + String(escaped)
            }
          } else {
            quoted.append(inner)
          }
        }
        guard closed else {
          let rest = String(line.dropFirst(start - 1))
          throw .unclosedQuote(quote: character, column: start, text: rest)
        }
        word.text += quoted
        current = word
      default:
        var word = current ?? Token("", column: column)
        word.text.append(character)
        current = word
      }
    }
    if let word = current { tokens.append(word) }
    return tokens
  }

  /// `text` written so that ``split(_:)`` reads it back as one word equal to it, quoted only
  /// when it must be. With `asString`, text that would read as a number or a boolean is
  /// quoted too, so that it stays a string.
  public static func quote(_ text: String, asString: Bool = false) -> String {
    // Scalars, not characters: "\r\n" is one Character, and would hide its "\n".
    func has(_ scalars: String) -> Bool {
      text.unicodeScalars.contains { scalars.unicodeScalars.contains($0) }
    }
    let needsQuotes =
      text.isEmpty || text.hasPrefix("#") || text.hasPrefix("--") || text.hasPrefix("!")
      || has(" \t\r\n\"'\\") || (asString && ValueSyntax.readsAsNonString(text))
    guard needsQuotes else { return text }
    if !has("\"\\\n\t\r") { return "\"" + text + "\"" }
    if !has("'\n\t\r") { return "'" + text + "'" }
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}
