import Foundation
import IslandCore
import IslandJournal
import Testing

/// The journal shown in the README's Journals section replays as the README says.
@Suite struct ReadmeJournalTests {
  @Test func theReadmeJournalReplays() throws {
    let readme = try String(
      contentsOfFile: RecordedJournalTests.directory + "/../README.md", encoding: .utf8)
    let section = try #require(readme.range(of: "## Journals\n"))
    let rest = readme[section.upperBound...]
    let open = try #require(rest.range(of: "```\n"))
    let close = try #require(rest[open.upperBound...].range(of: "```\n"))
    let journal = String(rest[open.upperBound..<close.lowerBound])
    let directory = TemporaryDirectory()
    let replay = try Journal.replay(path: directory.write("readme.jsonl", journal))
    #expect(replay.state.seq == 6)
    #expect(
      replay.state.effects == [
        Effect(seq: 4, kind: .openURL(url: "food://map", rule: .regionLink, activity: "pizza"))
      ])
    #expect(replay.state.activity("pizza")?.dismissAt == 100_000)
  }
}
