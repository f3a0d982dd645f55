import Foundation
import Testing

@Suite struct PushCommandTests {
  @Test func replayOfEveryPushLogPrintsItsExpectedState() throws {
    #expect(RecordedJournals.pushLogs.count >= 6)
    for log in RecordedJournals.pushLogs {
      let base = log.deletingPathExtension().path
      let run = try IslandProcess.run(["replay", log.path, "--format", "json"])
      #expect(run.status == 0, "\(run.error)")
      let expected = try String(contentsOfFile: base + ".expected.json", encoding: .utf8)
      #expect(run.output == expected, "\(log.lastPathComponent)")
    }
  }

  @Test func importWritesTheJournalOfWhatTheDeviceApplied() throws {
    let scratch = Scratch()
    let log = RecordedJournals.directory + "/pushes/out-of-order.jsonl"
    let journal = scratch.path + "/out-of-order.jsonl"
    let run = try IslandProcess.run(["push", "import", log, "-o", journal])
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(
      run.error.components(separatedBy: "\n").filter { !$0.isEmpty }.map {
        $0.replacingOccurrences(of: log, with: "LOG")
      } == [
        "LOG:4: warning: push ignored: update of \"panda\" generated at timestamp 1685952060 is "
          + "older than the update applied at timestamp 1685952120: ignored",
        "LOG:6: warning: push ignored: update of \"panda\" generated at timestamp 1685952090 is "
          + "older than the update applied at timestamp 1685952120: ignored",
      ])
    // The journal replays to the state the push log replays to.
    let fromJournal = try IslandProcess.run(["replay", journal, "--format", "json"])
    let fromPushes = try IslandProcess.run(["replay", log, "--format", "json"])
    #expect(fromJournal.status == 0, "\(fromJournal.error)")
    #expect(fromJournal.output == fromPushes.output)
    let check = try IslandProcess.run(["check", journal, log])
    #expect(check.status == 0)
    #expect(check.output == "checked 2 journals: all valid\n")
  }

  @Test func aMalformedPushIsAnErrorAtItsLineAndNothingIsWritten() throws {
    let scratch = Scratch()
    let log = scratch.write(
      "bad.jsonl",
      #"{"format":"island-pushes","version":1,"epoch":0}"# + "\n"
        + #"{"at":0,"apns-priority":10,"apns-topic":"com.a","token":"t","payload":{"aps":{}}}"#
        + "\n")
    let journal = scratch.path + "/out.jsonl"
    let run = try IslandProcess.run(["push", "import", log, "-o", journal])
    #expect(run.status == 65)
    #expect(
      run.error
        == log + #":2: field "apns-topic" must be <bundle id>.push-type.liveactivity (a Live "#
        + #"Activity push's topic), not "com.a""# + "\n")
    #expect(!FileManager.default.fileExists(atPath: journal))
  }

  @Test func theBudgetCanBeAskedOnReplay() throws {
    let log = RecordedJournals.directory + "/pushes/priority-budget.jsonl"
    let none = try IslandProcess.run(["replay", log, "--budget", "none", "--format", "json"])
    #expect(none.status == 0)
    #expect(!none.output.contains("throttled"))
    let one = try IslandProcess.run(["replay", log, "--budget", "1", "--format", "json"])
    #expect(one.error.contains("over the budget of 1 per hour"))
    let bad = try IslandProcess.run(["replay", log, "--budget", "0"])
    #expect(bad.status == 64)
  }

  @Test func exportThenImportGivesBackTheEventsAndListsWhatToDoByHand() throws {
    let scratch = Scratch()
    let journal = RecordedJournals.directory + "/seed-000-delivery.jsonl"
    let pushes = scratch.path + "/pushes.jsonl"
    let export = try IslandProcess.run([
      "push", "export", journal, "--epoch", "1700000000", "--token-for", "pizza=80f2aa", "-o",
      pushes,
    ])
    #expect(export.status == 0, "\(export.error)")
    #expect(export.error.contains("by hand: seq "))
    #expect(export.error.contains(": tap "))
    let text = try String(contentsOfFile: pushes, encoding: .utf8)
    #expect(text.hasPrefix(#"{"format":"island-pushes","version":1,"#))
    #expect(text.contains(#""epoch":1700000000"#))
    #expect(text.contains(#""activity-token":"80f2aa""#))
    let imported = try IslandProcess.run(["push", "import", pushes])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.contains(#""activity":"80f2aa""#))
  }

  @Test func curlLinesAreAShellScriptThatIsNeverRun() throws {
    let journal = RecordedJournals.directory + "/seed-001-alert.jsonl"
    let run = try IslandProcess.run([
      "push", "export", journal, "--epoch", "1700000000", "--curl",
    ])
    #expect(run.status == 0, "\(run.error)")
    let curls = run.output.components(separatedBy: "\n").filter { $0.hasPrefix("curl ") }
    #expect(!curls.isEmpty)
    for line in curls {
      #expect(line.hasPrefix("curl --http2 --header 'apns-topic: "))
      #expect(line.contains(".push-type.liveactivity'"))
      #expect(line.contains("--header 'apns-push-type: liveactivity'"))
      #expect(line.contains("--header 'apns-priority: "))
      #expect(line.contains("authorization: bearer $AUTHENTICATION_TOKEN"))
      #expect(line.contains("/3/device/"))
    }
    // The script parses as shell (bash -n reads without running anything).
    let scratch = Scratch()
    let script = scratch.write("send.sh", run.output)
    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = ["-n", script]
    try bash.run()
    bash.waitUntilExit()
    #expect(bash.terminationStatus == 0)
  }

  @Test func usage() throws {
    let run = try IslandProcess.run(["push"])
    #expect(run.status == 64)
    #expect(run.error.hasPrefix("island push: expected import or export\nusage: island push"))
    let unknown = try IslandProcess.run(["push", "import", "a.jsonl", "--colour"])
    #expect(unknown.status == 64)
  }
}
