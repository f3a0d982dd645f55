import Foundation
import IslandCore
import IslandREPL
import Testing

/// The REPL's `push FILE`.
@Suite struct PushTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Journals/pushes").path

  @Test func pushAppliesALogFromTheSessionsClock() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute("wait 1m")
    output.lines = []
    let path = Self.directory + "/out-of-order.jsonl"
    #expect(repl.execute("push " + path) == .done)
    #expect(output.lines.first?.hasPrefix(path + ":4: warning: push ignored") == true)
    #expect(output.lines.last == "pushed 6 events from " + path)
    let panda = repl.session.state.activity("panda")
    #expect(panda?.startedAt == 60_000)
    #expect(panda?.phase == .ended)
    #expect(panda?.newestTimestamp == 1_685_952_120)
    #expect(panda?.content["eventDescription"] == .string("An old end still ends it"))
  }

  @Test func aMalformedLogAppliesNothing() throws {
    let file = NSTemporaryDirectory() + "island-repl-push-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: file) }
    let good = try String(contentsOfFile: Self.directory + "/push-to-start.jsonl", encoding: .utf8)
    try (good + #"{"at":99999,"apns-priority":5,"apns-topic":"x","token":"p","payload":{}}"# + "\n")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let output = Output()
    let repl = makeREPL(output)
    let before = repl.session
    #expect(repl.execute("push " + file) == .failed)
    #expect(output.lines.first?.hasPrefix("error: " + file + ":5: field \"apns-topic\"") == true)
    #expect(repl.session == before)
  }
}
