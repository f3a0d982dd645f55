/// Where the REPL's lines come from: a terminal (with a prompt, history and completion), a
/// pipe, a script, or a test.
public protocol LineReader {
  /// Reads the next line, without its newline, showing `prompt` when a person types; nil at
  /// the end of the input.
  mutating func readLine(prompt: String) -> String?
  /// Whether a person types the lines: then the REPL greets them, shows a prompt, and never
  /// stops at an error.
  var isInteractive: Bool { get }
}

/// Lines given in advance: a script's, or a test's.
public struct ScriptLineReader: LineReader {
  private var lines: [Substring]
  private var next = 0

  /// The lines of `text`, ended by LF or CRLF; a final newline ends the last line rather
  /// than starting another.
  public init(text: String) {
    var lines = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    if lines.last == "" { lines.removeLast() }
    self.lines = lines
  }

  /// Never interactive.
  public var isInteractive: Bool { false }

  /// The next line; no prompt is shown.
  public mutating func readLine(prompt: String) -> String? {
    guard next < lines.count else { return nil }
    defer { next += 1 }
    return String(lines[next])
  }
}

/// Standard input when it is not a terminal: no prompt, no history.
public struct PipeLineReader: LineReader {
  /// A reader of standard input.
  public init() {}

  /// Never interactive.
  public var isInteractive: Bool { false }

  /// The next line of standard input.
  public mutating func readLine(prompt: String) -> String? {
    Swift.readLine(strippingNewline: true)
  }
}
