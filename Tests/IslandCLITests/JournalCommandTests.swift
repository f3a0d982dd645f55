import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Durability, end to end: a writer process (the hidden `island journal test-writer`)
/// appends events and prints `accepted SEQ` after each is synced.
@Suite struct JournalCommandTests {
  @Test func everyAcceptedEventSurvivesSIGKILL() throws {
    let scratch = Scratch()
    let journal = scratch.path + "/killed.jsonl"
    let writer = try IslandProcess.Running(["journal", "test-writer", journal, "--events", "0"])
    var accepted = 0
    while accepted < 200, let line = writer.readLine() {
      accepted = Int(line.dropFirst("accepted ".count)) ?? accepted
    }
    #expect(accepted == 200)
    kill(writer.process.processIdentifier, SIGKILL)
    // Lines it printed before it died were reported accepted too.
    while let line = writer.readLine() {
      if let seq = Int(line.dropFirst("accepted ".count)) { accepted = seq }
    }
    let ended = writer.wait()
    #expect(ended.status == SIGKILL)
    #expect(writer.process.terminationReason == .uncaughtSignal)

    let replay = try IslandProcess.run(["replay", journal, "--format", "json"])
    #expect(replay.status == 0, "\(replay.error)")
    let state = try #require(
      try JSONSerialization.jsonObject(with: replay.outputBytes) as? [String: Any])
    let seq = try #require(state["seq"] as? Int)
    // Seqs are checked to run 1, 2, 3, ... on replay: every accepted event is there.
    #expect(seq >= accepted)
    // At most the one event being written when the signal came is beyond them.
    #expect(seq <= accepted + 1)
    let check = try IslandProcess.run(["check", journal])
    #expect(check.status == 0)
  }

  @Test func aSecondWriterGetsTheLockError() throws {
    let scratch = Scratch()
    let journal = scratch.path + "/locked.jsonl"
    let first = try IslandProcess.Running(
      ["journal", "test-writer", journal, "--events", "2", "--hold"])
    #expect(first.readLine() == "accepted 1")
    #expect(first.readLine() == "accepted 2")
    #expect(first.readLine() == "holding")

    let second = try IslandProcess.run(["journal", "test-writer", journal, "--events", "1"])
    #expect(second.status == 74)
    #expect(
      second.error == "\(journal): journal is locked by another writer (one writer at a time)\n")
    #expect(second.output == "")
    let repair = try IslandProcess.run(["journal", "repair", journal])
    #expect(repair.status == 74)

    first.closeInput()
    #expect(first.wait().status == 0)
    let third = try IslandProcess.run(["journal", "test-writer", journal, "--events", "1"])
    #expect(third.status == 0)
    #expect(third.output == "accepted 3\n")
    #expect(scratch.read("locked.jsonl").split(separator: "\n").count == 4)
  }

  @Test func repairCutsATornLineAndKeepsABackup() throws {
    let scratch = Scratch()
    let torn = sampleJournal + #"{"seq":6,"t":8"#
    scratch.write("torn.jsonl", torn)
    let repair = try IslandProcess.run(["journal", "repair", "torn.jsonl"], in: scratch.path)
    #expect(repair.status == 0)
    #expect(
      repair.output
        == "torn.jsonl:7: cut a torn last line (14 bytes); the journal as it was is in "
        + "torn.jsonl.bak\n")
    #expect(scratch.read("torn.jsonl") == sampleJournal)
    #expect(scratch.read("torn.jsonl.bak") == torn)
    let again = try IslandProcess.run(["journal", "repair", "torn.jsonl"], in: scratch.path)
    #expect(again.output == "torn.jsonl: nothing to repair: the journal ends in a newline\n")
    let appended = try IslandProcess.run(
      ["journal", "test-writer", "torn.jsonl", "--events", "1"], in: scratch.path)
    #expect(appended.output == "accepted 6\n")
  }

  @Test func appendingToATornJournalIsRefused() throws {
    let scratch = Scratch()
    scratch.write("torn.jsonl", sampleJournal + #"{"seq":6"#)
    let run = try IslandProcess.run(
      ["journal", "test-writer", "torn.jsonl", "--events", "1"], in: scratch.path)
    #expect(run.status == 65)
    #expect(
      run.error
        == "torn.jsonl:7: the journal ends in a torn line; run `island journal repair "
        + "torn.jsonl` before appending\n")
  }

  @Test(
    arguments: [
      (["journal"], 64), (["journal", "mend", "x"], 64), (["journal", "repair"], 64),
      (["journal", "repair", "missing.jsonl"], 66),
    ] as [([String], Int32)])
  func usage(arguments: [String], status: Int32) throws {
    let scratch = Scratch()
    #expect(try IslandProcess.run(arguments, in: scratch.path).status == status)
  }
}
