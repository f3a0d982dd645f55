import Foundation
import IslandCore
import IslandJournal
import IslandREPL
import IslandTerminal

/// `island run FILE [OPTIONS]`: runs a REPL script, echoing each line and printing what it
/// did; stops at the first line that fails (exit 65) unless `--keep-going`, which runs every
/// line and still exits 65 if any failed. `-` reads the script from standard input.
enum RunCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let reference = IslandCommandLine.subcommand("run") ?? IslandCommandLine.repl
    let options: ScriptOptions
    do {
      options = try ScriptOptions(arguments, positionals: 1, reference: reference)
    } catch {
      return ScriptOptions.usageError(error, usage: reference.usageLine())
    }
    let path = options.positionals[0]
    let source = path == "-" ? "<stdin>" : path
    let text: String
    switch ScriptOptions.read(path) {
    case .success(let read): text = read
    case .failure(let failure): return failure.status
    }
    let repl: REPL
    switch options.makeREPL() {
    case .success(let made): repl = made
    case .failure(let failure): return failure.status
    }
    var reader = ScriptLineReader(text: text)
    return ScriptOptions.runInterruptibly(repl, &reader, source: source, options: options)
  }
}

/// The options `island` and `island run` share.
struct ScriptOptions {
  /// A command line the options do not fit.
  struct UsageError: Error {
    var message: String
  }

  var positionals: [String] = []
  var journal: String?
  var keepGoing = false
  /// `--color[=WHEN]`: whether to colour the drawing.
  var color = ColorChoice.never
  /// `--columns N`: the width the drawing fits.
  var columns: Int?
  /// `--device NAME`, `--profile NAME`: the session's configuration.
  var device: Device?
  var profile: InteractionProfile?

  init(_ arguments: [String], positionals count: Int, reference: SubcommandReference)
    throws(UsageError)
  {
    let list: ArgumentList
    do throws(IslandCLI.UsageError) {
      list = try ArgumentList(
        arguments, valued: reference.valuedOptions, optionalValue: reference.optionalValueOptions)
    } catch {
      throw UsageError(message: error.message)
    }
    if let unknown = list.unknownOption(known: reference.optionNames) {
      let guess = reference.suggestion(forOption: unknown)
      throw UsageError(
        message: "unknown option '\(TerminalText.quoted(unknown))'"
          + (guess.map { "; did you mean \($0)?" } ?? ""))
    }
    keepGoing = list.has("--keep-going")
    journal = list.value("--journal")
    if list.has("--color") {
      let value = list.value("--color") ?? "always"
      guard let choice = ColorChoice(rawValue: value) else {
        throw UsageError(
          message: "--color=\(TerminalText.quoted(value)): expected auto, always or never")
      }
      color = choice
    }
    if let text = list.value("--columns") {
      guard let number = Int(text), number >= 20 else {
        throw UsageError(
          message: "--columns \(TerminalText.quoted(text)): expected a width from 20 columns")
      }
      columns = number
    }
    if let name = list.value("--device") {
      guard let named = Device.named(name) else {
        throw UsageError(
          message: "--device: unknown device '\(TerminalText.quoted(name))' (known: "
            + Device.all.map(\.name).joined(separator: ", ") + ")")
      }
      device = named
    }
    if let name = list.value("--profile") {
      guard let named = InteractionProfile(rawValue: name) else {
        throw UsageError(
          message: "--profile: unknown profile '\(TerminalText.quoted(name))' (known: "
            + InteractionProfile.allCases.map(\.rawValue).joined(separator: ", ") + ")")
      }
      profile = named
    }
    positionals = list.positional
    guard positionals.count == count else {
      throw UsageError(
        message: positionals.count < count
          ? "missing the script file"
          : "unexpected argument '\(TerminalText.quoted(positionals[count]))'")
    }
  }

  static func usageError(_ error: UsageError, usage: String) -> Int32 {
    StandardStream.report("island: \(error.message)\n\(usage)")
    return ExitCode.usage
  }

  /// An exit status, as an error.
  struct Failure: Error {
    var status: Int32
  }

  /// The text of the script at `path` (`-`: standard input); a file that cannot be read is
  /// reported as `island check` reports it (exit 66), text that is not UTF-8 as bad data.
  static func read(_ path: String) -> Result<String, Failure> {
    let data: Data
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      // Only a regular file: a FIFO or a device is refused, never waited on.
      do throws(JournalError) {
        data = Data(try RegularFile.contents(of: path))
      } catch {
        StandardStream.report(error.description)
        return .failure(Failure(status: error.exitCode))
      }
    }
    guard let text = String(data: data, encoding: .utf8) else {
      StandardStream.report("\(TerminalText.quoted(path)): not UTF-8 text")
      return .failure(Failure(status: ExitCode.dataError))
    }
    return .success(text)
  }

  /// The session's configuration: the defaults, with `--device` and `--profile`.
  var configuration: Configuration? {
    guard device != nil || profile != nil else { return nil }
    var configuration = Configuration()
    if let device { configuration.device = device }
    if let profile { configuration.profile = profile }
    return configuration
  }

  /// Whether the drawing is in colour: `--color` (always), or `--color=auto` on a terminal;
  /// never when `NO_COLOR` is set.
  var wantsColor: Bool {
    color.wanted(isTerminal: isatty(STDOUT_FILENO) == 1)
  }

  /// A REPL printing to standard output, recording to the journal if one was given (and
  /// resuming the events already in it), drawing as the options say; when it cannot, the
  /// error is printed and the exit status returned: 65 for a journal whose content is wrong,
  /// 66 for one that cannot be opened, 74 for one locked by another writer or another
  /// failure.
  func makeREPL() -> Result<REPL, Failure> {
    let repl: REPL
    if let journal {
      do {
        let (session, recorder) = try JournalRecorder.open(journal, configuration: configuration)
        repl = REPL(session: session, recorder: recorder, write: { print($0) })
      } catch {
        StandardStream.report("island: \(error.message)\nhint: \(error.hint)")
        switch error {
        case .journal(.badLine), .journal(.empty), .journal(.tornTail), .refoldFailed:
          return .failure(Failure(status: ExitCode.dataError))
        case .journal(.cannotOpen): return .failure(Failure(status: ExitCode.noInput))
        default: return .failure(Failure(status: ExitCode.ioError))
        }
      }
    } else {
      repl = REPL(
        session: Session(configuration: configuration ?? Configuration()), write: { print($0) })
    }
    LayoutSource.reading(repl)
    if wantsColor { repl.drawingOptions = .colored }
    let columns = self.columns
    repl.columns = { columns ?? TerminalWidth.columns() }
    return .success(repl)
  }

  /// Runs `reader`'s lines as a script that Ctrl-C stops between two lines (the events
  /// before stay, and are in the journal if one records them): exit 130 then.
  static func runInterruptibly(
    _ repl: REPL, _ reader: inout some LineReader, source: String, options: ScriptOptions
  ) -> Int32 {
    Interruption.install()
    repl.isInterrupted = { Interruption.isPending }
    let summary = repl.run(&reader, source: source, keepGoing: options.keepGoing)
    if Interruption.isPending { return ExitCode.interrupted }
    return exitCode(of: summary, source: source)
  }

  /// 0 when every line ran, 65 when one failed; says on standard error where a run stopped.
  static func exitCode(of summary: REPL.Summary, source: String) -> Int32 {
    if let line = summary.stoppedAt {
      StandardStream.report(
        "island: \(source):\(line): stopped at the first error (--keep-going runs on)")
    } else if summary.failures > 0 {
      let lines = summary.failures == 1 ? "1 line" : "\(summary.failures) lines"
      StandardStream.report("island: \(source): \(lines) failed")
    }
    return summary.failures == 0 ? ExitCode.ok : ExitCode.dataError
  }
}

/// `--color=auto|always|never`.
enum ColorChoice: String, Sendable {
  /// On a terminal.
  case auto
  /// Always (`--color` alone).
  case always
  /// Never (the default).
  case never

  /// Whether to colour output going to a terminal or not; never when `NO_COLOR` is set.
  func wanted(isTerminal: Bool) -> Bool {
    guard ProcessInfo.processInfo.environment["NO_COLOR"] == nil else { return false }
    switch self {
    case .auto: return isTerminal
    case .always: return true
    case .never: return false
    }
  }
}

/// The width of the terminal standard output goes to.
enum TerminalWidth {
  /// `$COLUMNS` or the terminal's size when standard output is a terminal; nil when it is
  /// not (a pipe or a file keeps the drawing's own scale).
  static func columns() -> Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text),
      columns > 0
    {
      return columns
    }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return Int(size.ws_col)
  }
}
