import Foundation
import IslandJournal
import Synchronization

/// `island check FILE|DIR...`: validates journals (format, seq order, and every event
/// against the engine), on every core. A directory stands for every `*.jsonl` under it, but
/// for expected timelines (`*.expected.jsonl`). Errors go to stderr as `FILE:LINE: message`.
enum CheckCommand {
  static let usage = "usage: island check FILE|DIR..."

  /// What checking one file found.
  enum Finding: Sendable {
    /// The journal replays: its events and warnings.
    case valid(events: Int, warnings: [JournalWarning])
    /// It does not.
    case invalid(JournalError)
    /// A directory with no journal in it.
    case noJournals(directory: String)
  }

  static func run(_ arguments: [String]) -> Int32 {
    let list: ArgumentList
    do throws(UsageError) {
      list = try ArgumentList(arguments, valued: [])
      if list.has("--help") || list.has("-h") {
        print(usage)
        return ExitCode.ok
      }
      if let unknown = list.unknownOption(known: []) { throw UsageError.unknownOption(unknown) }
      guard !list.positional.isEmpty else { throw UsageError.arguments("expected journals") }
    } catch {
      StandardStream.report("island check: \(error.message)\n\(usage)")
      return ExitCode.usage
    }

    var targets: [(path: String, finding: Finding?)] = []
    for argument in list.positional {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        let journals = journals(in: argument)
        if journals.isEmpty { targets.append((argument, .noJournals(directory: argument))) }
        targets += journals.map { ($0, nil) }
      } else {
        targets.append((argument, nil))
      }
    }

    let findings = Mutex<[Finding?]>(targets.map(\.finding))
    let paths = targets.map(\.path)
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      guard findings.withLock({ $0[index] }) == nil else { return }
      let finding: Finding
      do throws(JournalError) {
        let replay =
          try PushCommand.isPushLog(paths[index])
          ? PushCommand.replay(paths[index], until: nil, onEvent: nil)
          : Journal.replay(path: paths[index])
        finding = .valid(events: replay.state.seq, warnings: replay.warnings)
      } catch {
        finding = .invalid(error)
      }
      findings.withLock { $0[index] = finding }
    }

    var exitCode = ExitCode.ok
    var failed = 0
    for finding in findings.withLock({ $0 }) {
      switch finding {
      case .valid(_, let warnings):
        for warning in warnings { StandardStream.report(warning.description) }
      case .invalid(let error):
        StandardStream.report(error.description)
        failed += 1
        if exitCode == ExitCode.ok { exitCode = error.exitCode }
      case .noJournals(let directory):
        StandardStream.report("\(directory): no journals (*.jsonl) in this directory")
        failed += 1
        if exitCode == ExitCode.ok { exitCode = ExitCode.noInput }
      case nil:
        break
      }
    }
    let count = paths.count
    let noun = count == 1 ? "journal" : "journals"
    print(
      failed == 0
        ? "checked \(count) \(noun): all valid" : "checked \(count) \(noun): \(failed) failed")
    return exitCode
  }

  /// The journals under `directory`, sorted: `*.jsonl` files but `*.expected.jsonl`.
  static func journals(in directory: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var found: [String] = []
    while let relative = enumerator.nextObject() as? String {
      guard relative.hasSuffix(".jsonl"), !relative.hasSuffix(".expected.jsonl") else { continue }
      let path = directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        found.append(path)
      }
    }
    return found.sorted()
  }
}
