import Foundation
import IslandCore
import IslandJournal
import IslandPush
import IslandTesting
import Testing

/// Every journal in `Journals/` replays to its expected output: `NAME.jsonl` to
/// `NAME.expected.json` (the final state, as `island replay --format json` prints it) and,
/// when `NAME.expected.jsonl` exists, to that timeline (one state per event, as
/// `--format jsonl` prints it). Adding a journal is all it takes; `ISLAND_RECORD=1`
/// records the expected files (create an empty `NAME.expected.jsonl` to ask for a timeline).
@Suite struct RecordedJournalTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Journals").path

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
      .map { String($0.dropLast(".jsonl".count)) }.sorted()
  }

  @Test func thereAreAtLeastTenJournals() {
    #expect(Self.names.count >= 10)
  }

  @Test(arguments: names)
  func replaysAsRecorded(name: String) throws {
    let base = Self.directory + "/" + name
    let wantsTimeline = FileManager.default.fileExists(atPath: base + ".expected.jsonl")
    var timeline = ""
    let replay = try Journal.replay(path: base + ".jsonl") { _, _, state in
      guard wantsTimeline else { return }
      timeline += state.json.compactText + "\n"
    }
    #expect(replay.warnings.isEmpty)
    Golden.check(replay.state.json.indentedText + "\n", against: base + ".expected.json")
    if wantsTimeline { Golden.check(timeline, against: base + ".expected.jsonl") }
  }

  static var pushDirectory: String { directory + "/pushes" }

  static var pushLogNames: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: pushDirectory)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
      .map { String($0.dropLast(".jsonl".count)) }.sorted()
  }

  /// Every push log in `Journals/pushes/` replays to its expected state (`NAME.expected.json`),
  /// timeline (`NAME.expected.jsonl`) and the journal it imports to with its warnings
  /// (`NAME.expected.import`: what `island push import` prints, stderr first).
  @Test(arguments: pushLogNames)
  func pushLogsReplayAsRecorded(name: String) throws {
    let base = Self.pushDirectory + "/" + name
    var timeline = ""
    let replay = try PushLog.replay(path: base + ".jsonl") { _, _, state in
      timeline += state.json.compactText + "\n"
    }
    Golden.check(replay.state.json.indentedText + "\n", against: base + ".expected.json")
    Golden.check(timeline, against: base + ".expected.jsonl")
    let warnings = replay.warnings.map { $0.description + "\n" }.joined()
    let journal = JournalFormat.encode(header: replay.journalHeader, entries: replay.entries)
    Golden.check(
      warnings.replacingOccurrences(of: Self.pushDirectory + "/", with: "") + journal,
      against: base + ".expected.import")
  }

  @Test func thereArePushLogsOfEveryKind() {
    #expect(Self.pushLogNames.count >= 6)
  }

  @Test func theDiffShowsWhatChanged() {
    #expect(
      TextDiff.lines("a\nb\nc\nd\ne\nf\ng", "a\nb\nc\nD\ne\nf\ng")
        == "  2: b\n  3: c\n- 4: d\n+ 4: D\n  5: e\n  6: f")
  }
}
