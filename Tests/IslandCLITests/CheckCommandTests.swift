import Foundation
import Testing

@Suite struct CheckCommandTests {
  @Test func validJournalsPass() throws {
    let scratch = Scratch()
    scratch.write("one.jsonl", sampleJournal)
    scratch.write("two.jsonl", sampleJournal)
    let run = try IslandProcess.run(["check", "one.jsonl", "two.jsonl"], in: scratch.path)
    #expect(run.status == 0)
    #expect(run.output == "checked 2 journals: all valid\n")
    #expect(run.error == "")
  }

  @Test func aDirectoryMeansItsJournalsButNotExpectedTimelines() throws {
    let scratch = Scratch()
    try FileManager.default.createDirectory(
      atPath: scratch.path + "/nested", withIntermediateDirectories: true)
    scratch.write("a.jsonl", sampleJournal)
    scratch.write("nested/b.jsonl", sampleJournal)
    scratch.write("a.expected.jsonl", "{\"seq\":1}\n")
    scratch.write("notes.txt", "not a journal")
    let run = try IslandProcess.run(["check", "."], in: scratch.path)
    #expect(run.status == 0)
    #expect(run.output == "checked 2 journals: all valid\n")
  }

  @Test func everyErrorIsReportedInArgumentOrderAndTheFirstSetsTheStatus() throws {
    let scratch = Scratch()
    let header = sampleJournal.split(separator: "\n")[0]
    scratch.write("good.jsonl", sampleJournal)
    scratch.write("gap.jsonl", header + "\n" + #"{"seq":2,"t":0,"event":"tick"}"# + "\n")
    scratch.write("type.jsonl", header + "\n" + #"{"seq":1,"t":"soon","event":"tick"}"# + "\n")
    let run = try IslandProcess.run(
      ["check", "gap.jsonl", "missing.jsonl", "good.jsonl", "type.jsonl"], in: scratch.path)
    #expect(run.status == 65)
    #expect(
      run.error == """
        gap.jsonl:2: seq 2 skips ahead: expected 1
        missing.jsonl: cannot open: no such file or directory
        type.jsonl:2: field "t" must be an integer, not a string

        """)
    #expect(run.output == "checked 4 journals: 3 failed\n")
    let missingFirst = try IslandProcess.run(
      ["check", "missing.jsonl", "gap.jsonl"], in: scratch.path)
    #expect(missingFirst.status == 66)
  }

  @Test func usage() throws {
    let run = try IslandProcess.run(["check"])
    #expect(run.status == 64)
    #expect(run.error.hasPrefix("island check: expected journals\nusage: island check FILE|DIR..."))
    let empty = Scratch()
    let none = try IslandProcess.run(["check", empty.path])
    #expect(none.status == 66)
    #expect(none.error == "\(empty.path): no journals (*.jsonl) in this directory\n")
  }
}

@Suite struct RecordedJournalCommandTests {
  @Test func theRecordedJournalsAllCheck() throws {
    let run = try IslandProcess.run(["check", RecordedJournals.directory])
    #expect(run.status == 0, "\(run.error)")
    // The push logs under Journals/pushes are checked with the journals.
    let count = RecordedJournals.all.count + RecordedJournals.pushLogs.count
    #expect(run.output == "checked \(count) journals: all valid\n")
  }

  @Test func replayPrintsEachExpectedFile() throws {
    #expect(RecordedJournals.all.count >= 10)
    for journal in RecordedJournals.all {
      let base = journal.deletingPathExtension().path
      let run = try IslandProcess.run(["replay", journal.path, "--format", "json"])
      let expected = try String(contentsOfFile: base + ".expected.json", encoding: .utf8)
      #expect(run.output == expected, "\(journal.lastPathComponent)")
      guard let timeline = try? String(contentsOfFile: base + ".expected.jsonl", encoding: .utf8)
      else { continue }
      let jsonl = try IslandProcess.run(["replay", journal.path, "--format", "jsonl"])
      #expect(jsonl.output == timeline, "\(journal.lastPathComponent)")
    }
  }
}
