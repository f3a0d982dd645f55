import Foundation
import IslandCore
import IslandJournal
import IslandPush
import Testing

/// The reducer and the plain reference (`ReferenceIsland`) agree on the events push logs
/// make: timestamps out of order, throttled events.
@Suite struct ReferenceAgreementTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Journals/pushes").path

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.sorted()
  }

  @Test(arguments: names)
  func theReferenceFoldsThePushesToTheSameState(name: String) throws {
    let replay = try PushLog.replay(path: Self.directory + "/" + name)
    var reference = ReferenceIsland(configuration: replay.header.configuration)
    var engine = IslandState(configuration: replay.header.configuration)
    for entry in replay.entries {
      try reference.apply(entry.event, at: entry.t)
      try engine.apply(entry.event, at: entry.t)
      #expect(reference.json == engine.json, "\(name): seq \(entry.seq)")
    }
  }
}
