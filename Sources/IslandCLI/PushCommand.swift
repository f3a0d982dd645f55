import Foundation
import IslandCore
import IslandJournal
import IslandPush

/// `island push import PUSHES.jsonl [-o JOURNAL] [--budget N] [--dates D]` and
/// `island push export JOURNAL [--token-for ID=TOKEN]... [--epoch UNIX] [--dates D] [--curl]
/// [-o PUSHES]`: ActivityKit push logs into journals and back (see `docs/pushes.md`).
enum PushCommand {
  static var usage: String {
    let reference = IslandCommandLine.subcommand("push")
    return (reference?.subcommands ?? []).map { $0.usageLine(parent: "push") }
      .joined(separator: "\n")
  }

  /// `--budget N|none`, which `replay` takes too.
  static let budget = OptionReference(
    name: "--budget", value: "N",
    summary: "a push log's priority-10 pushes per hour (none: no budget), over its header's")

  static let dates = OptionReference(
    name: "--dates", value: "DATES",
    summary: "how the app decodes content-state dates, over the header's (default reference)",
    values: .choices(ContentDates.allCases.map(\.rawValue)))

  static let output = OptionReference(
    name: "--output", short: "-o", value: "FILE", summary: "write to FILE, not standard output",
    values: .file(extensions: ["jsonl"]))

  /// `island push`, for help, the completions and the man page.
  static let reference = SubcommandReference(
    name: "push", summary: "ActivityKit push logs: import them as journals, export journals",
    description: """
      A push log is the pushes a server sent through APNs, one a line as the device got \
      them (docs/pushes.md). `import` writes the journal of the events the device applied; \
      `export` writes a journal as the pushes that drive a device the same way. `replay` \
      and `check` read push logs directly.
      """,
    examples: [
      ("island push import pushes.jsonl -o journal.jsonl", "the events the device applied"),
      ("island replay pushes.jsonl --budget 4", "what if the budget were 4 per hour"),
      ("island push export journal.jsonl --epoch 1700000000 --curl", "curl lines, not run"),
    ],
    subcommands: [
      SubcommandReference(
        name: "import", summary: "the journal of the events a push log's pushes make",
        description: """
          Reads the push log and prints (or writes with -o) the journal of the events the \
          device applied. Ignored and held-back pushes are warnings naming their line; a \
          malformed push is an error at FILE:LINE and nothing is written.
          """,
        arguments: [
          ArgumentReference(
            name: "PUSHES", summary: "the push log", values: .file(extensions: ["jsonl"]))
        ],
        options: [output, budget, dates],
        examples: [("island push import pushes.jsonl -o journal.jsonl", "import")],
        run: runImport),
      SubcommandReference(
        name: "export", summary: "a journal as the pushes that drive a device through it",
        description: """
          Prints the push log of the journal's starts, updates and ends; taps, long presses \
          and ticks are listed on standard error as what to do by hand. With --curl, the \
          curl --http2 command lines that send the pushes to a real device (never run).
          """,
        arguments: [
          ArgumentReference(
            name: "JOURNAL", summary: "the journal", values: .file(extensions: ["jsonl"]))
        ],
        options: [
          output,
          OptionReference(
            name: "--token-for", value: "ID=TOKEN",
            summary: "the push token of an activity (or an app's push-to-start token; repeat)"),
          OptionReference(
            name: "--epoch", value: "UNIX",
            summary: "the UNIX time of the journal's time 0 (default: now)"),
          dates,
          OptionReference(
            name: "--curl", value: nil, summary: "print curl --http2 lines for APNs instead"),
        ],
        examples: [("island push export journal.jsonl --epoch 1700000000", "the push log")],
        run: runExport),
    ],
    run: run)

  static func run(_ arguments: [String]) -> Int32 {
    guard let verb = arguments.first, verb == "import" || verb == "export" else {
      let what =
        arguments.first.map { "unknown push command '\($0)'" } ?? "expected import or export"
      StandardStream.report("island push: \(what)\n\(usage)")
      return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    return verb == "import" ? runImport(rest) : runExport(rest)
  }

  // MARK: - import

  static func runImport(_ arguments: [String]) -> Int32 {
    let path: String
    let output: String?
    let budget: Int??
    let dates: ContentDates?
    do throws(UsageError) {
      let list = try ArgumentList(arguments, valued: ["-o", "--output", "--budget", "--dates"])
      if let unknown = list.unknownOption(known: ["-o", "--output", "--budget", "--dates"]) {
        throw UsageError.unknownOption(unknown)
      }
      guard list.positional.count == 1 else {
        throw UsageError.arguments("expected one push log")
      }
      path = list.positional[0]
      output = list.value("-o") ?? list.value("--output")
      budget = try budgetOption(list)
      dates = try datesOption(list)
    } catch {
      StandardStream.report("island push import: \(error.message)\n\(usage)")
      return ExitCode.usage
    }
    let replay: PushReplay
    do throws(JournalError) {
      replay = try PushLog.replay(path: path, budget: budget, dates: dates)
    } catch {
      StandardStream.report(error.description)
      return error.exitCode
    }
    for warning in replay.warnings { StandardStream.report(warning.description) }
    guard let output else {
      var stream = StandardStream.output
      stream.line(replay.journalHeader.line)
      for entry in replay.entries { stream.line(EventLine.encode(entry)) }
      stream.flush()
      return ExitCode.ok
    }
    do throws(JournalError) {
      try Journal.write(header: replay.journalHeader, entries: replay.entries, to: output)
    } catch {
      StandardStream.report(error.description)
      return error.exitCode
    }
    return ExitCode.ok
  }

  /// `--budget N` (priority-10 pushes per hour) or `--budget none`; nil when not given.
  static func budgetOption(_ list: ArgumentList) throws(UsageError) -> Int?? {
    guard let text = list.value("--budget") else { return nil }
    if text == "none" { return .some(nil) }
    guard let budget = Int(text), budget >= 1, budget <= 1_000_000 else {
      throw UsageError.invalidValue(
        option: "--budget", value: text, expected: "priority-10 pushes per hour (1, 2, ...) or none"
      )
    }
    return .some(budget)
  }

  static func datesOption(_ list: ArgumentList) throws(UsageError) -> ContentDates? {
    guard let text = list.value("--dates") else { return nil }
    guard let dates = ContentDates(rawValue: text) else {
      throw UsageError.invalidValue(
        option: "--dates", value: text, expected: "reference, unix or iso8601")
    }
    return dates
  }

  // MARK: - export

  static func runExport(_ arguments: [String]) -> Int32 {
    let path: String
    let output: String?
    var tokens: [String: String] = [:]
    let epoch: Int64
    let dates: ContentDates
    let curl: Bool
    do throws(UsageError) {
      let valued: Set<String> = ["-o", "--output", "--token-for", "--epoch", "--dates"]
      let list = try ArgumentList(arguments, valued: valued)
      if let unknown = list.unknownOption(known: valued.union(["--curl"])) {
        throw UsageError.unknownOption(unknown)
      }
      guard list.positional.count == 1 else { throw UsageError.arguments("expected one journal") }
      path = list.positional[0]
      output = list.value("-o") ?? list.value("--output")
      for option in list.options where option.name == "--token-for" {
        let text = option.value ?? ""
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
          text.index(after: equals) != text.endIndex
        else {
          throw UsageError.invalidValue(
            option: "--token-for", value: text, expected: "ID=TOKEN (an activity id or bundle id)")
        }
        tokens[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      if let text = list.value("--epoch") {
        guard let value = Int64(text), value >= 0, value < 100_000_000_000 else {
          throw UsageError.invalidValue(option: "--epoch", value: text, expected: "UNIX seconds")
        }
        epoch = value
      } else {
        // The pushes are for a device that lives now: by default the journal starts now.
        epoch = Int64(Date().timeIntervalSince1970)
      }
      dates = try datesOption(list) ?? .reference
      curl = list.has("--curl")
    } catch {
      StandardStream.report("island push export: \(error.message)\n\(usage)")
      return ExitCode.usage
    }
    let journal: (header: JournalHeader, entries: [LogEntry], warnings: [JournalWarning])
    do throws(JournalError) {
      // Replayed first: only a journal the engine accepts is exported.
      _ = try Journal.replay(path: path)
      journal = try Journal.read(path: path)
    } catch {
      StandardStream.report(error.description)
      return error.exitCode
    }
    for warning in journal.warnings { StandardStream.report(warning.description) }
    let export = PushExport(
      header: journal.header, entries: journal.entries, epoch: epoch, tokens: tokens, dates: dates)
    for step in export.byHand { StandardStream.report("by hand: " + step) }
    let text = curl ? export.curlLines.map { $0 + "\n" }.joined() : export.text
    guard let output else {
      var stream = StandardStream.output
      stream.line(bytes: Array(text.utf8.dropLast()))
      stream.flush()
      return ExitCode.ok
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      StandardStream.report("\(output): cannot write: \(error.localizedDescription)")
      return ExitCode.ioError
    }
    return ExitCode.ok
  }
}

// MARK: - replay and check

extension PushCommand {
  /// Whether `path` is a push log rather than a journal (by its header's format).
  static func isPushLog(_ path: String) -> Bool { PushLogFormat.isPushLog(path: path) }

  /// A push log replayed as `island replay` and `island check` replay a journal: the state
  /// after the events the device applied (or after event `until`); ignored and held-back
  /// pushes are warnings.
  static func replay(
    _ path: String, until: Int?, budget: Int?? = nil,
    onEvent: ((LogEntry, Outcome, IslandState) -> Void)?
  ) throws(JournalError) -> JournalReplay {
    var folded: IslandState?
    let replay = try PushLog.replay(path: path, budget: budget) { entry, outcome, state in
      if let until, entry.seq > until { return }
      if until != nil { folded = state }
      onEvent?(entry, outcome, state)
    }
    var state = replay.state
    if let until, state.seq > until {
      state = folded ?? IslandState(configuration: replay.header.configuration)
    }
    return JournalReplay(header: replay.journalHeader, state: state, warnings: replay.warnings)
  }
}
