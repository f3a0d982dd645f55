import Foundation
import IslandJournal
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
    let text: String
    do throws(JournalError) {
      guard let utf8 = String(validating: try RegularFile.contents(of: path), as: UTF8.self)
      else {
        StandardStream.report("island: \(path): it is not UTF-8 text")
        return ExitCode.dataError
      }
      text = utf8
    } catch {
      switch error {
      case .cannotOpen(_, let reason):
        StandardStream.report("island: \(path): cannot read it: \(reason)")
      default: StandardStream.report("island: \(error.description)")
      }
      return error.exitCode
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
    StandardStream.report("island: \(error.message)")
    StandardStream.report("usage: \(usage)")
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
    guard let journal else { return .success(REPL(write: { print($0) })) }
    do {
      let (session, recorder) = try JournalRecorder.open(journal)
      return .success(REPL(session: session, recorder: recorder, write: { print($0) }))
    } catch {
      StandardStream.report("island: \(error.message)")
      StandardStream.report("hint: \(error.hint)")
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
      StandardStream.report(
        "island: \(source):\(line): stopped at the first error (--keep-going runs on)")
    } else if summary.failures > 0 {
      let lines = summary.failures == 1 ? "line" : "lines"
      StandardStream.report("island: \(source): \(summary.failures) \(lines) failed")
    }
    return summary.failures == 0 ? ExitCode.ok : ExitCode.dataError
  }
}
