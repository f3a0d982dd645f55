import CEditLine
import CEditLineShim
import Foundation
import IslandREPL

/// Reads lines from a terminal through libedit: a prompt, emacs-style editing, a history kept
/// in a file (up-arrow recalls), and tab completion from a ``Completion`` source.
public final class EditLineReader: LineReader {
  /// The most lines the history keeps, in memory and in its file.
  public static let historySize = 1_000

  /// Where the history is kept: `ISLAND_HISTORY` if set (empty: nowhere), else
  /// `~/.island_history`.
  public static func historyPath(environment: [String: String]) -> String? {
    if let path = environment["ISLAND_HISTORY"] { return path.isEmpty ? nil : path }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.island_history"
  }

  private var editor: OpaquePointer?
  private var history: OpaquePointer?
  private let historyPath: String?
  private var prompt: UnsafeMutablePointer<CChar>?
  private let complete: (String) -> Completion

  /// Why the reader could not start.
  public enum StartFailure: Error, CustomStringConvertible {
    /// No UTF-8 locale: typed characters would be lost.
    case locale(TerminalLocale.Unavailable)
    /// libedit itself failed.
    case libedit

    /// The reason, for the user.
    public var description: String {
      switch self {
      case .locale(let unavailable): return unavailable.description
      case .libedit: return "libedit could not start"
      }
    }
  }

  /// A reader of standard input, which must be a terminal, keeping its history at
  /// `historyPath` (nil: in memory only) and completing with `complete`. It reads UTF-8
  /// whatever the locale (``TerminalLocale/useUTF8()``), and catches Ctrl-C
  /// (``Interruption``): at the prompt it cancels the line being typed.
  public init(historyPath: String?, complete: @escaping (String) -> Completion)
    throws(StartFailure)
  {
    self.historyPath = historyPath
    self.complete = complete
    do {
      try TerminalLocale.useUTF8()
    } catch {
      throw .locale(error)
    }
    Interruption.install()
    history = island_history_open(Int32(EditLineReader.historySize))
    // A history file made readable by others (by another tool, or an older island) is made
    // private at once, not when the first line is entered.
    if let historyPath { chmod(historyPath, 0o600) }
    if let history, let historyPath { _ = island_history_load(history, historyPath) }
    editor = island_editor_open(
      "island", history, EditLineReader.promptCallback,
      EditLineReader.completeCallback, Unmanaged.passUnretained(self).toOpaque())
    guard editor != nil else {
      if let history { island_history_close(history) }
      throw .libedit
    }
  }

  deinit {
    if let editor { island_editor_close(editor) }
    if let history { island_history_close(history) }
    free(prompt)
  }

  /// A person types the lines.
  public var isInteractive: Bool { true }

  /// Reads a line with `prompt`, adding it to the history (and its file) unless it is blank;
  /// nil at the end of input (Ctrl-D on an empty line, which ends the terminal's line). Ctrl-C
  /// cancels the line being typed: it is left on the screen, marked `^C`, and a new prompt
  /// reads another.
  public func readLine(prompt: String) -> String? {
    free(self.prompt)
    self.prompt = strdup(prompt)
    guard let editor else { return nil }
    while true {
      // A Ctrl-C pressed while the last command ran was for that command.
      Interruption.take()
      var count: Int32 = 0
      errno = 0
      if let line = el_gets(editor, &count) {
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        if !text.allSatisfy(\.isWhitespace) { remember(text) }
        return text
      }
      // libedit's handler saw SIGINT (read interrupted), then passed it on to ours.
      if count == -1 && (errno == EINTR || Interruption.take()) {
        island_editor_print(editor, EditLineReader.cancelledTail(editor) + "^C\n")
        continue
      }
      island_editor_print(editor, "\n")
      return nil
    }
  }

  /// The text after the cursor of a line being cancelled, written again so that `^C` lands
  /// at its end (control characters as libedit shows them, `^X`).
  private static func cancelledTail(_ editor: OpaquePointer) -> String {
    guard let info = el_line(editor) else { return "" }
    let line = info.pointee
    let count = line.lastchar - line.cursor
    guard count > 0 else { return "" }
    let tail = line.cursor.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
    return String(
      tail.unicodeScalars.flatMap { scalar -> [Character] in
        scalar.value < 0x20 || scalar.value == 0x7F
          ? ["^", Character(UnicodeScalar(UInt8((scalar.value + 0x40) & 0x7F)))]
          : [Character(scalar)]
      })
  }

  private func remember(_ line: String) {
    guard let history else { return }
    island_history_add(history, line)
    guard let historyPath else { return }
    // Create the file private before libedit writes it, and keep it private if it existed.
    let descriptor = open(historyPath, O_WRONLY | O_CREAT, 0o600)
    if descriptor >= 0 { close(descriptor) }
    _ = island_history_save(history, historyPath)
    chmod(historyPath, 0o600)
  }

  // MARK: - Callbacks

  private static func reader(of editor: OpaquePointer?) -> EditLineReader? {
    guard let editor, let client = island_editor_client(editor) else { return nil }
    return Unmanaged<EditLineReader>.fromOpaque(client).takeUnretainedValue()
  }

  private static let promptCallback: island_prompt_function = { editor in
    reader(of: editor)?.prompt
  }

  private static let completeCallback: island_complete_function = { editor, _ in
    guard let editor, let reader = reader(of: editor), let info = el_line(editor) else {
      return UInt8(CC_ERROR)
    }
    let line = info.pointee
    let length = line.cursor - line.buffer
    let before = line.buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
    return reader.insertCompletion(of: before, editor: editor)
  }

  /// Completes the word before the cursor: inserts what every candidate shares (and a space
  /// after a single whole word), or lists the candidates when they share nothing more.
  private func insertCompletion(of before: String, editor: OpaquePointer) -> UInt8 {
    let completion = complete(before)
    let typed = String(Array(before).dropFirst(completion.start))
    let candidates = completion.candidates.filter { $0.hasPrefix(typed) }
    guard let first = candidates.first else { return UInt8(CC_ERROR) }
    var shared = first
    for candidate in candidates.dropFirst() {
      shared = String(zip(shared, candidate).prefix { $0 == $1 }.map(\.0))
    }
    var insertion = String(shared.dropFirst(typed.count))
    // A whole word is followed by a space; a field's `=` and a directory's `/` are not.
    if candidates.count == 1 && !shared.hasSuffix("=") && !shared.hasSuffix("/") {
      insertion += " "
    }
    if !insertion.isEmpty {
      _ = el_insertstr(editor, insertion)
      return UInt8(CC_REFRESH)
    }
    island_editor_print(editor, "\n" + EditLineReader.columns(candidates) + "\n")
    return UInt8(CC_REDISPLAY)
  }

  /// The candidates in columns, as shells list them.
  static func columns(_ words: [String], width: Int = 80) -> String {
    let cell = (words.map(\.count).max() ?? 0) + 2
    let perLine = max(1, width / cell)
    var lines: [String] = []
    var line = ""
    for (index, word) in words.enumerated() {
      let last = index % perLine == perLine - 1 || index == words.count - 1
      line += last ? word : word + String(repeating: " ", count: cell - word.count)
      if index % perLine == perLine - 1 {
        lines.append(line)
        line = ""
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}
