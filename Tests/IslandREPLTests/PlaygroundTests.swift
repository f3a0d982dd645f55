import Foundation
import IslandREPL
import Testing

/// Every script in `Playground/` runs without a failure, and its transcript is a golden file in
/// `Transcripts/` (`ISLAND_RECORD=1` re-records).
@Suite struct PlaygroundTests {
  static let directory = Golden.packageRoot.appendingPathComponent("Playground")

  static var scripts: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".island") }.sorted()
  }

  @Test func thereAreAtLeastSixScriptsEachWithACommentHeader() throws {
    #expect(PlaygroundTests.scripts.count >= 6)
    for name in PlaygroundTests.scripts {
      let text = try String(
        contentsOf: PlaygroundTests.directory.appendingPathComponent(name), encoding: .utf8)
      #expect(text.hasPrefix("# "), "\(name) has no comment header")
      #expect(text.contains("island run Playground/\(name)"), "\(name) does not say how to run it")
    }
  }

  @Test(arguments: scripts)
  func transcript(name: String) throws {
    let script = try String(
      contentsOf: PlaygroundTests.directory.appendingPathComponent(name), encoding: .utf8)
    let transcript = Transcript(script, source: "Playground/" + name)
    #expect(transcript.summary == REPL.Summary(failures: 0, stoppedAt: nil), "\(transcript.text)")
    let golden = Golden.packageRoot.appendingPathComponent(
      "Tests/IslandREPLTests/Transcripts/"
        + name.replacingOccurrences(of: ".island", with: ".transcript"))
    Golden.check(transcript.text, against: golden)
  }
}
