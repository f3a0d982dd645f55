import Foundation
import IslandCore
import IslandJournal
import IslandTerminal
import Synchronization

/// `island check FILE|DIR... [--format text|json]`: validates journals (format, seq order,
/// and every event against the engine), on every core. A directory stands for every `*.jsonl`
/// under it, but for expected timelines (`*.expected.jsonl`); `-` is standard input. Errors
/// go to stderr as `FILE:LINE: message`; `--format json` prints one JSON document per journal
/// on standard output instead of the summary.
enum CheckCommand {
  static var usage: String { IslandCommandLine.subcommand("check")?.usageLine() ?? "" }

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
    let reference = IslandCommandLine.subcommand("check")
    let list: ArgumentList
    let json: Bool
    do throws(UsageError) {
      list = try ArgumentList(arguments, valued: reference?.valuedOptions ?? [])
      if let unknown = list.unknownOption(known: reference?.optionNames ?? []) {
        throw UsageError.unknownOption(
          unknown, suggestion: reference?.suggestion(forOption: unknown))
      }
      guard !list.positional.isEmpty else { throw UsageError.arguments("expected journals") }
      let format = list.value("--format") ?? "text"
      guard format == "text" || format == "json" else {
        throw UsageError.invalidValue(option: "--format", value: format, expected: "text or json")
      }
      json = format == "json"
    } catch {
      StandardStream.report("island check: \(error.message)\n\(usage)")
      return ExitCode.usage
    }

    var standardInput: StandardInputFile?
    if list.positional.contains("-") {
      do {
        standardInput = try StandardInputFile()
      } catch {
        StandardStream.report("island check: \(error)")
        return ExitCode.ioError
      }
    }
    defer { standardInput?.remove() }
    var targets: [(path: String, finding: Finding?)] = []
    for argument in list.positional {
      if argument == "-", let standardInput {
        targets.append((standardInput.path, nil))
        continue
      }
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
    /// The name a journal is reported by: `<stdin>` for `-`.
    func name(_ path: String) -> String {
      path == standardInput?.path ? "<stdin>" : path
    }
    Interruption.install()
    let done = Atomic<Int>(0)
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      check(paths, into: findings, done: done)
      finished.signal()
    }
    let progress = isatty(STDERR_FILENO) == 1 && paths.count >= 8 ? Progress() : nil
    let started = ContinuousClock.now
    while finished.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
      progress?.show("check", done: done.load(ordering: .relaxed), of: paths.count, since: started)
    }
    progress?.clear()
    return report(
      findings.withLock { $0 }, paths: paths, name: name, json: json,
      interrupted: Interruption.isPending)
  }

  /// Checks every journal of `paths` whose finding is not known yet, on every core, until
  /// Ctrl-C.
  private static func check(
    _ paths: [String], into findings: borrowing Mutex<[Finding?]>, done: borrowing Atomic<Int>
  ) {
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      defer { done.add(1, ordering: .relaxed) }
      guard !Interruption.isPending, findings.withLock({ $0[index] }) == nil else { return }
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

  }

  /// Prints what was found: errors and warnings on standard error, then the summary (or one
  /// JSON document per journal); returns the exit code.
  private static func report(
    _ findings: [Finding?], paths: [String], name: (String) -> String, json: Bool,
    interrupted: Bool
  ) -> Int32 {
    var exitCode = ExitCode.ok
    var failed = 0
    var checked = 0
    var output = StandardStream.output
    for (index, finding) in findings.enumerated() {
      let file = name(paths[index])
      func shown(_ message: String) -> String {
        file == paths[index] ? message : message.replacingOccurrences(of: paths[index], with: file)
      }
      var document: [(String, JSONValue)] = [("file", .string(file))]
      switch finding {
      case .valid(let events, let warnings):
        checked += 1
        for warning in warnings { StandardStream.report(shown(warning.description)) }
        document += [
          ("valid", true), ("events", .number(Double(events))),
          ("warnings", .array(warnings.map { .string(shown($0.description)) })),
        ]
      case .invalid(let error):
        checked += 1
        StandardStream.report(shown(error.description))
        failed += 1
        if exitCode == ExitCode.ok { exitCode = error.exitCode }
        document += [("valid", false), ("error", .string(shown(error.description)))]
      case .noJournals(let directory):
        checked += 1
        StandardStream.report("\(directory): no journals (*.jsonl) in this directory")
        failed += 1
        if exitCode == ExitCode.ok { exitCode = ExitCode.noInput }
        document += [("valid", false), ("error", "no journals (*.jsonl) in this directory")]
      case nil:
        continue
      }
      if json {
        var writer = JSONWriter()
        writer.write(.object(document))
        output.line(bytes: writer.bytes)
      }
    }
    output.flush()
    let count = paths.count
    let noun = count == 1 ? "journal" : "journals"
    if interrupted {
      StandardStream.report(
        "island check: interrupted: checked \(checked) of \(count) \(noun), \(failed) failed")
      return ExitCode.interrupted
    }
    if !json {
      print(
        failed == 0
          ? "checked \(count) \(noun): all valid" : "checked \(count) \(noun): \(failed) failed")
    }
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
