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
  ///
  /// The line is read scalar by scalar, not character by character: a combining mark after
  /// a space or a quote would otherwise join it into one character that is neither, and a
  /// word starting with one could not be written back (`EventSyntax`) to read the same.
  public static func split(_ line: String) throws(ParseError) -> [Token] {
    var tokens: [Token] = []
    var current: Token?
    var scalars = line.unicodeScalars.makeIterator()
    var column = 0
    func next() -> Unicode.Scalar? {
      guard let scalar = scalars.next() else { return nil }
      column += 1
      return scalar
    }
    while let scalar = next() {
      switch scalar {
      case " ", "\t", "\r", "\n":
        if let word = current { tokens.append(word) }
        current = nil
      case "#" where current == nil:
        return tokens
      case "\"", "'":
        let start = column
        var word = current ?? Token("", column: column)
        if word.quotedFrom == nil { word.quotedFrom = word.text.count }
        var closed = false
        var quoted = String.UnicodeScalarView()
        while let inner = next() {
          if inner == scalar {
            closed = true
            break
          }
          if inner == "\\" && scalar == "\"" {
            guard let escaped = next() else { break }
            switch escaped {
            case "n": quoted.append("\n")
            case "t": quoted.append("\t")
            case "\"", "\\": quoted.append(escaped)
            default:
              quoted.append("\\")
              quoted.append(escaped)
            }
          } else {
            quoted.append(inner)
          }
        }
        guard closed else {
          let rest = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(start - 1)))
          throw .unclosedQuote(quote: Character(scalar), column: start, text: rest)
        }
        word.text.unicodeScalars.append(contentsOf: quoted)
        current = word
      default:
        var word = current ?? Token("", column: column)
        word.text.unicodeScalars.append(scalar)
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
