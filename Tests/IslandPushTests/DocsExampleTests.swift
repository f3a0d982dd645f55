import Foundation
import IslandCore
import IslandJournal
import IslandPush
import Testing

/// The example push log of `docs/pushes.md` replays as the page says.
@Suite struct DocsExampleTests {
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/pushes.md").path

  @Test func theFormatsExampleReplays() throws {
    let text = try String(contentsOfFile: Self.page, encoding: .utf8)
    let blocks = text.components(separatedBy: "```")
    let example = try #require(blocks.first { $0.hasPrefix("\n{\"format\":\"island-pushes\"") })
    let directory = TemporaryDirectory()
    let path = directory.write("example.jsonl", String(example.dropFirst()))
    let replay = try PushLog.replay(path: path)
    #expect(replay.warnings.isEmpty)
    #expect(replay.entries.map(\.event.name) == ["start", "update", "update"])
    let panda = try #require(replay.state.activity("panda"))
    #expect(panda.app == "com.example.apple-samplecode.Emoji-Rangers")
    #expect(panda.lastAlert?.title == "Power Panda is on an adventure!")
    #expect(panda.content["currentHealthLevel"] == .number(0.941))
  }

  @Test func localizedAlertsShowTheirKeyWithTheArgumentsInPlace() {
    #expect(PushFields.localized("%@ found %@!", ["Panda", "a sword"]) == "Panda found a sword!")
    #expect(PushFields.localized("%2$@ by %1$@", ["Panda", "a sword"]) == "a sword by Panda")
    #expect(PushFields.localized("100%% sure, %@", ["Panda"]) == "100% sure, Panda")
    #expect(PushFields.localized("%@ and %@", ["one"]) == "one and ")
    #expect(PushFields.localized("50% off", []) == "50% off")
  }

  @Test func iso8601DatesReadAndWriteBack() {
    #expect(ISO8601.unixSeconds("2023-06-05T08:00:00Z") == 1_685_952_000)
    #expect(ISO8601.unixSeconds("2023-06-05T10:00:00+02:00") == 1_685_952_000)
    #expect(ISO8601.unixSeconds("2023-06-05T08:00:00.25Z") == 1_685_952_000.25)
    #expect(ISO8601.unixSeconds("2023-06-05 08:00:00Z") == nil)
    #expect(ISO8601.unixSeconds("2023-13-05T08:00:00Z") == nil)
    #expect(ISO8601.unixSeconds("2023-06-05T08:00:00") == nil)
    #expect(ISO8601.text(unix: 1_685_952_000) == "2023-06-05T08:00:00Z")
    #expect(ISO8601.text(unix: 1_685_952_000.5) == "2023-06-05T08:00:00.500Z")
    #expect(ISO8601.text(unix: 0) == "1970-01-01T00:00:00Z")
  }
}

@Suite struct ExportEdgeTests {
  @Test func countdownTimesNoDateHoldsStayNumbers() throws {
    let start = LogEntry(
      seq: 1, t: 0,
      event: .start(
        Start(
          activity: "tea", app: "com.example.tea", state: ["endsAt": 1e300, "title": "x"],
          layout: .named("timer"))))
    let export = PushExport(
      header: JournalHeader(), entries: [start], epoch: 1_700_000_000, dates: .iso8601)
    #expect(export.lines[1].contains(#""endsAt":1e+300"#))
    let fine = LogEntry(
      seq: 1, t: 0,
      event: .start(
        Start(
          activity: "tea", app: "com.example.tea", state: ["endsAt": 90_500, "title": "x"],
          layout: .named("timer"))))
    let dated = PushExport(
      header: JournalHeader(), entries: [fine], epoch: 1_700_000_000, dates: .iso8601)
    #expect(dated.lines[1].contains(#""endsAt":"2023-11-14T22:14:50.500Z""#))
  }
}
