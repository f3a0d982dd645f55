import Foundation
import IslandCore
import IslandJournal

/// `island journal repair FILE`: cuts a torn last line off a journal, keeping the file as it
/// was in `FILE.bak`.
///
/// `island journal test-writer FILE [--events N] [--hold]` is hidden, for the end-to-end
/// tests of durability: it appends events to FILE (creating it if need be) and prints
/// `accepted SEQ` after each one is synced, forever when N is 0; with `--hold` it then keeps
/// the journal locked until its standard input closes.
enum JournalCommand {
  /// Its usage lines, from the subcommand table's entries for `journal`.
  static var usage: String {
    (IslandCommandLine.subcommand("journal")?.subcommands ?? []).map {
      $0.usageLine(parent: "journal")
    }.joined(separator: "\n")
  }

  static func run(_ arguments: [String]) -> Int32 {
    switch arguments.first {
    case "repair": return repair(Array(arguments.dropFirst()))
    case "test-writer": return testWriter(Array(arguments.dropFirst()))
    case "--help", "-h":
      print(usage)
      return ExitCode.ok
    default:
      let what = arguments.first.map { "unknown journal command '\($0)'" } ?? "expected a command"
      StandardStream.report("island journal: \(what)\n\(usage)")
      return ExitCode.usage
    }
  }

  static func repair(_ arguments: [String]) -> Int32 {
    guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
      StandardStream.report("island journal repair: expected one journal\n\(usage)")
      return ExitCode.usage
    }
    do throws(JournalError) {
      switch try Journal.repair(path: path) {
      case .nothingToRepair:
        print(
          "\(path): nothing to repair: the journal ends in a newline".escapingControlCharacters())
      case .wroteHeader(let header, let cutBytes, let backup):
        let what =
          backup.map { "cut a torn header (\(cutBytes) bytes; the file as it was is in \($0))" }
          ?? "the journal was empty"
        print(
          ("\(path):1: \(what); wrote the default header (\(header.configuration.device.name), "
            + "\(header.configuration.profile.rawValue))").escapingControlCharacters())
      case .cutTornLine(let bytes, let line, let backup):
        print(
          ("\(path):\(line): cut a torn last line (\(bytes) bytes); the journal as it was is "
            + "in \(backup)").escapingControlCharacters())
      }
      return ExitCode.ok
    } catch {
      StandardStream.report(error.description)
      return error.exitCode
    }
  }

  static func testWriter(_ arguments: [String]) -> Int32 {
    let path: String
    let count: Int
    let hold: Bool
    do throws(UsageError) {
      let list = try ArgumentList(arguments, valued: ["--events"])
      if let unknown = list.unknownOption(known: ["--events", "--hold"]) {
        throw UsageError.unknownOption(unknown)
      }
      guard list.positional.count == 1 else { throw UsageError.arguments("expected one journal") }
      path = list.positional[0]
      let text = list.value("--events") ?? "0"
      guard let parsed = Int(text), parsed >= 0 else {
        throw UsageError.invalidValue(option: "--events", value: text, expected: "0, 1, 2, ...")
      }
      count = parsed
      hold = list.has("--hold")
    } catch {
      StandardStream.report("island journal test-writer: \(error.message)")
      return ExitCode.usage
    }
    do throws(JournalError) {
      let writer: JournalWriter
      if FileManager.default.fileExists(atPath: path) {
        writer = try JournalWriter(appendingTo: path)
      } else {
        writer = try JournalWriter(creating: path, header: JournalHeader())
      }
      var state = writer.initialState
      var output = StandardStream.output
      var written = 0
      while count == 0 || written < count {
        let t = state.t + 1_000
        let event: Event =
          state.activity("counter") == nil
          ? .start(Start(activity: "counter", app: "com.example.counter", state: ["n": 0]))
          : .update(Update(activity: "counter", state: ["n": .number(Double(state.seq))]))
        let outcome: Outcome
        do {
          outcome = try state.apply(event, at: t)
        } catch {
          StandardStream.report("\(path): \(error)")
          return ExitCode.dataError
        }
        try writer.append(outcome.entry)
        output.line("accepted \(outcome.entry.seq)")
        output.flush()
        written += 1
      }
      if hold {
        output.line("holding")
        output.flush()
        while readLine() != nil {}
      }
      writer.close()
      return ExitCode.ok
    } catch {
      StandardStream.report(error.description)
      return error.exitCode
    }
  }
}
