import Foundation
import IslandCore
import IslandJournal

/// Replays the journal at `journal` and checks that every state of the replay (one per
/// event) is the one recorded in its expected file; fails with the first seq where they part,
/// the activities that moved and every differing field.
///
/// The expected file is the replay's timeline, a state's JSON a line, as
/// `island replay --format jsonl` prints it; by default it sits beside the journal, named
/// after it: `delivery.jsonl` expects `delivery.expected.jsonl`. Relative paths are taken
/// from the directory of the test file that calls this.
///
/// A missing expected file is recorded, and the test fails so that it is looked at and
/// committed. With `record` true, or `ISLAND_RECORD=1` in the environment when `record` is
/// nil, the expected file is written again from the replay and the test passes.
public func assertJournal(
  _ journal: String, expected: String? = nil, record: Bool? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let journalURL = JournalAssertion.resolve(journal, from: filePath)
  let expectedURL =
    expected.map { JournalAssertion.resolve($0, from: filePath) }
    ?? JournalAssertion.expectedFile(of: journalURL)
  let failure = JournalAssertion.check(
    journalURL, expected: expectedURL, record: record ?? JournalAssertion.recordingRequested)
  if let failure { FailureReporter.fail(failure, at: site) }
}

/// Runs ``assertJournal(_:expected:record:fileID:filePath:line:column:)`` on every journal
/// in `directory` (files ending in `.<journalExtension>`, in name order), each against the
/// expected file beside it. Adding a journal file is all it takes to add a test.
public func assertJournals(
  in directory: String, journalExtension: String = JournalAssertion.journalExtension,
  record: Bool? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let directoryURL = JournalAssertion.resolve(directory, from: filePath)
  let journals: [URL]
  do {
    journals = try JournalAssertion.journals(in: directoryURL, extension: journalExtension)
  } catch {
    FailureReporter.fail("\(directory): cannot list the directory: \(error)", at: site)
    return
  }
  guard !journals.isEmpty else {
    FailureReporter.fail("\(directory): no journal (*.\(journalExtension)) found", at: site)
    return
  }
  for journal in journals {
    let failure = JournalAssertion.check(
      journal, expected: JournalAssertion.expectedFile(of: journal),
      record: record ?? JournalAssertion.recordingRequested)
    if let failure { FailureReporter.fail(failure, at: site) }
  }
}

/// The workings of the journal assertions: files, recording and messages.
public enum JournalAssertion {
  /// The extension of journal files (JSON Lines): `delivery.jsonl`.
  public static let journalExtension = "jsonl"
  /// What an expected file's name adds to its journal's name, the extension replaced:
  /// `delivery.expected.jsonl`.
  public static let expectedSuffix = ".expected.jsonl"
  /// The environment variable that asks for expected files to be written again.
  public static let recordVariable = "ISLAND_RECORD"

  /// Whether `ISLAND_RECORD=1` is set.
  static var recordingRequested: Bool {
    ProcessInfo.processInfo.environment[recordVariable] == "1"
  }

  /// `path` as is when absolute, else from the directory of the test file `filePath`.
  static func resolve(_ path: String, from filePath: StaticString) -> URL {
    if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
    let testFile = URL(fileURLWithPath: String(describing: filePath))
    return testFile.deletingLastPathComponent().appendingPathComponent(path).standardized
  }

  /// The expected file of `journal`: its name with the extension replaced by
  /// ``expectedSuffix``.
  static func expectedFile(of journal: URL) -> URL {
    let base = journal.deletingPathExtension().lastPathComponent
    return journal.deletingLastPathComponent().appendingPathComponent(base + expectedSuffix)
  }

  /// The journals in `directory`, in name order.
  static func journals(in directory: URL, extension fileExtension: String) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix("." + fileExtension) && !$0.hasSuffix(expectedSuffix) }
      .sorted()
      .map { directory.appendingPathComponent($0) }
  }

  /// Replays `journal` and compares its timeline with `expected`, recording it when asked
  /// or missing. Returns the failure's message, or nil when the check passes.
  static func check(_ journal: URL, expected: URL, record: Bool) -> String? {
    let name = journal.lastPathComponent
    let (configuration, entries): (Configuration, [LogEntry])
    do {
      (configuration, entries) = try readJournal(journal)
    } catch {
      return error.description
    }
    let timeline: StateTimeline
    switch StateTimeline.replay(entries, configuration: configuration) {
    case .success(let replayed): timeline = replayed
    case .failure(let failure):
      let entry = failure.entry
      return "\(name): seq \(entry.seq) (\(describe(entry.event)) at t=\(entry.t)) is rejected "
        + "by the engine: \(failure.rejection.reason.message)"
    }
    let expectedName = expected.lastPathComponent
    guard FileManager.default.fileExists(atPath: expected.path) else {
      if let failure = write(timeline, to: expected) { return failure }
      return "\(name): no expected file; recorded \(expectedName) "
        + "(\(count(timeline.states.count, "state"))): check it and run the test again"
    }
    if record {
      return write(timeline, to: expected)
    }
    let recorded: StateTimeline
    do {
      recorded = try StateTimeline.parse(String(contentsOf: expected, encoding: .utf8))
    } catch let error as TimelineError {
      switch error {
      case .badLine(let line, let why): return "\(expectedName):\(line): \(why)"
      }
    } catch {
      return "\(expectedName): cannot read the expected file: \(error)"
    }
    guard let divergence = timeline.firstDivergence(from: recorded) else { return nil }
    return message(
      divergence, journal: name, expected: expectedName, entries: entries,
      expectedCount: recorded.states.count)
  }

  private static func write(_ timeline: StateTimeline, to url: URL) -> String? {
    do {
      try Data(timeline.text.utf8).write(to: url, options: .atomic)
      return nil
    } catch {
      return "\(url.lastPathComponent): cannot write the expected file: \(error)"
    }
  }

  // MARK: - Messages

  private static func message(
    _ divergence: StateTimeline.Divergence, journal: String, expected: String,
    entries: [LogEntry], expectedCount: Int
  ) -> String {
    let rerecord = "(\(recordVariable)=1 records the replay as the new expectation)"
    func event(_ index: Int) -> String {
      guard index < entries.count else { return "" }
      let entry = entries[index]
      return "seq \(entry.seq) (\(describe(entry.event)) at t=\(entry.t))"
    }
    switch divergence {
    case .state(let index, let differences, let moves):
      var lines = [
        "\(journal): the replay departs from \(expected) at \(event(index)): "
          + "\(count(differences.count, "field")) "
          + (differences.count == 1 ? "differs" : "differ")
      ]
      lines += moves.map { "  moved: " + $0.line }
      lines += differences.flatMap(\.lines).map { "  " + $0 }
      lines.append(rerecord)
      return lines.joined(separator: "\n")
    case .extraStates(let index):
      return "\(journal): the journal has \(count(entries.count, "event")) but \(expected) "
        + "holds \(count(expectedCount, "state")); the first without one is \(event(index)) "
        + rerecord
    case .missingStates(let index):
      return "\(journal): \(expected) holds \(count(expectedCount, "state")) but the journal "
        + "has only \(count(index, "event")) " + rerecord
    }
  }
}
