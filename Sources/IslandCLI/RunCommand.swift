import Foundation
import IslandREPL

/// `island run FILE [--keep-going] [--journal FILE]`: runs a REPL script, echoing each line
/// and printing what it did; stops at the first line that fails (exit 65) unless
/// `--keep-going`, which runs every line and still exits 65 if any failed.
enum RunCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let usage = "island run FILE [--keep-going] [--journal FILE]"
    let options: ScriptOptions
    do {
      options = try ScriptOptions(arguments, positionals: 1)
    } catch {
      return ScriptOptions.usageError(error, usage: usage)
    }
    let path = options.positionals[0]
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      FileHandle.standardError.write(Data("island: \(path): cannot read it\n".utf8))
      return ExitCode.noInput
    }
    let repl: REPL
    switch options.makeREPL() {
    case .success(let made): repl = made
    case .failure(let failure): return failure.status
    }
    if options.wantsColor { repl.drawingOptions = .colored }
    var reader = ScriptLineReader(text: text)
    let summary = repl.run(&reader, source: path, keepGoing: options.keepGoing)
    return ScriptOptions.exitCode(of: summary, source: path)
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
  /// `--color`: draw in colour (never when `NO_COLOR` is set).
  var color = false

  init(_ arguments: [String], positionals count: Int) throws(UsageError) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--keep-going": keepGoing = true
      case "--color": color = true
      case "--journal":
        guard let path = iterator.next() else {
          throw UsageError(message: "--journal needs a file name")
        }
        journal = path
      default:
        guard !argument.hasPrefix("-") else {
          throw UsageError(message: "unknown option '\(argument)'")
        }
        positionals.append(argument)
      }
    }
    guard positionals.count == count else {
      throw UsageError(
        message: positionals.count < count
          ? "missing the script file" : "unexpected argument '\(positionals[count])'")
    }
  }

  static func usageError(_ error: UsageError, usage: String) -> Int32 {
    FileHandle.standardError.write(Data("island: \(error.message)\nusage: \(usage)\n".utf8))
    return ExitCode.usage
  }

  /// An exit status, as an error.
  struct Failure: Error {
    var status: Int32
  }

  /// A REPL printing to standard output, recording to the journal if one was given (and
  /// resuming the events already in it); when it cannot, the error is printed and the exit
  /// status returned: 65 for a journal whose content is wrong, 66 for one that cannot be
  /// opened, 74 for one locked by another writer or another failure.
  /// Whether the drawing is in colour: asked for with `--color`, and `NO_COLOR` not set.
  var wantsColor: Bool { color && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

  func makeREPL() -> Result<REPL, Failure> {
    guard let journal else { return .success(LayoutFile.reading(REPL(write: { print($0) }))) }
    do {
      let (session, recorder) = try JournalRecorder.open(journal)
      return .success(
        LayoutFile.reading(REPL(session: session, recorder: recorder, write: { print($0) })))
    } catch {
      FileHandle.standardError.write(
        Data("island: \(error.message)\nhint: \(error.hint)\n".utf8))
      switch error {
      case .journal(.badLine), .journal(.empty), .journal(.tornTail), .refoldFailed:
        return .failure(Failure(status: ExitCode.dataError))
      case .journal(.cannotOpen): return .failure(Failure(status: ExitCode.noInput))
      default: return .failure(Failure(status: ExitCode.ioError))
      }
    }
  }

  /// 0 when every line ran, 65 when one failed; says on standard error where a run stopped.
  static func exitCode(of summary: REPL.Summary, source: String) -> Int32 {
    if let line = summary.stoppedAt {
      FileHandle.standardError.write(
        Data("island: \(source):\(line): stopped at the first error (--keep-going runs on)\n".utf8))
    } else if summary.failures > 0 {
      FileHandle.standardError.write(
        Data("island: \(source): \(summary.failures) lines failed\n".utf8))
    }
    return summary.failures == 0 ? ExitCode.ok : ExitCode.dataError
  }
}
