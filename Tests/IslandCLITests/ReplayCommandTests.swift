import Foundation
import Testing

/// A small journal: a delivery, a ride from another app, an alert, a tap into a region.
let sampleJournal = """
  {"format":"island-journal","version":1,"device":"iPhone 15 Pro","profile":"tap-expands"}
  {"seq":1,"t":0,"event":"start","activity":"pizza","app":"com.example.food","relevance":50,"state":{"orderStatusIcon":"flame.fill","minutesLeft":20,"restaurantName":"Pizza Roma","deliveryProgress":0.1,"statusText":"Cooking"},"layout":"delivery","url":"food://order/42","links":{"leading":"food://map"}}
  {"seq":2,"t":1000,"event":"start","activity":"ride","app":"com.example.ride","relevance":10,"state":{"minutesAway":5,"driver":"Ana","car":"Blue Prius","progress":0.2},"layout":"ride"}
  {"seq":3,"t":60000,"event":"update","activity":"pizza","state":{"minutesLeft":19},"alert":{"title":"On its way","body":"Courier picked it up","sound":"default"}}
  {"seq":4,"t":70000,"event":"longPress","target":"detached"}
  {"seq":5,"t":71000,"event":"tap","target":"bottom"}

  """

@Suite struct ReplayCommandTests {
  @Test func severalJournalsAsTextPrintEachInOrderAsAloneAfterItsName() throws {
    let journals = RecordedJournals.all.map(\.path)
    var expected = ""
    for journal in journals {
      let alone = try IslandProcess.run(["replay", journal])
      #expect(alone.status == 0)
      expected += "==> \(journal) <==\n" + alone.output
    }
    let together = try IslandProcess.run(["replay"] + journals)
    #expect(together.status == 0, "\(together.error)")
    #expect(together.output == expected)
  }

  /// As JSON, one document per journal naming its file, which jq reads as a stream.
  @Test(arguments: ["json", "jsonl"])
  func severalJournalsAsJSONAreAStreamJqReads(format: String) throws {
    let journals = RecordedJournals.all.map(\.path)
    let together = try IslandProcess.run(["replay"] + journals + ["--format", format])
    #expect(together.status == 0, "\(together.error)")
    let jq = Process()
    jq.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    jq.arguments = ["jq", "-c", "[.file, .state.seq]"]
    let input = Pipe()
    let output = Pipe()
    jq.standardInput = input
    jq.standardOutput = output
    try jq.run()
    input.fileHandleForWriting.write(Data(together.output.utf8))
    try input.fileHandleForWriting.close()
    let read = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    jq.waitUntilExit()
    #expect(jq.terminationStatus == 0)
    var expected: [String] = []
    for journal in journals {
      // Each journal's state (json), or each of its states (jsonl), in the order given.
      let alone = try IslandProcess.run(["replay", journal, "--format", "jsonl"])
      let count = alone.output.split(separator: "\n").count
      let seqs = format == "json" ? [count] : Array(1...count)
      // The paths hold nothing JSON escapes.
      expected += seqs.map { "[\"\(journal)\",\($0)]" }
    }
    #expect(read.split(separator: "\n").map(String.init) == expected)
  }

  @Test func expectedTimelinesAreSkippedAndTheSkipIsSaid() throws {
    let directory = RecordedJournals.directory
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    let run = try IslandProcess.run(
      ["replay", "--format", "json"] + names.map { directory + "/" + $0 })
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.hasPrefix("island replay: skipped 8 expected timelines (*.expected.jsonl"))
    #expect(!run.output.contains(".expected.jsonl"))
    #expect(
      run.output.components(separatedBy: "\"file\": ").count - 1 == RecordedJournals.all.count)
  }

  @Test func dashReadsAJournalFromStandardInput() throws {
    let journal = try #require(RecordedJournals.all.first)
    let data = try Data(contentsOf: journal)
    let piped = try IslandProcess.run(["replay", "-", "--format", "json"], input: data)
    let named = try IslandProcess.run(["replay", journal.path, "--format", "json"])
    #expect(piped.status == 0, "\(piped.error)")
    #expect(piped.output == named.output)
    let checked = try IslandProcess.run(["check", "-"], input: data)
    #expect(checked.output == "checked 1 journal: all valid\n")
    let broken = try IslandProcess.run(["check", "-"], input: Data("{}\n".utf8))
    #expect(broken.status == 65)
    #expect(broken.error.hasPrefix("<stdin>:1: "), "\(broken.error)")
  }

  @Test func checkAsJSONIsOneDocumentPerJournal() throws {
    let journals = RecordedJournals.all.prefix(2).map(\.path)
    let run = try IslandProcess.run(
      ["check", "--format", "json"] + journals + ["/nonexistent.jsonl"])
    #expect(run.status == 66)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("{\"file\":\"\(journals[0])\",\"valid\":true,\"events\":"))
    #expect(lines[2].hasPrefix("{\"file\":\"/nonexistent.jsonl\",\"valid\":false,\"error\":"))
  }

  @Test func colourOnlyWithColorAndNeverWithNoColor() throws {
    let journal = try #require(RecordedJournals.all.first).path
    let escape = "\u{1B}["
    let plain = try IslandProcess.run(["replay", journal], noColor: false)
    #expect(plain.status == 0)
    #expect(!plain.output.contains(escape))
    let colored = try IslandProcess.run(["replay", journal, "--color"], noColor: false)
    #expect(colored.output.contains(escape))
    let refused = try IslandProcess.run(["replay", journal, "--color"], noColor: true)
    #expect(!refused.output.contains(escape))
  }

  @Test func aMissingJournalAmongSeveralExitsWithItsCodeAndTheOthersStillPrint() throws {
    let journal = try #require(RecordedJournals.all.first).path
    let run = try IslandProcess.run(["replay", "/nonexistent.jsonl", journal])
    #expect(run.status == 66)
    #expect(run.error.contains("/nonexistent.jsonl"))
    #expect(run.output.contains("==> \(journal) <==\n"))
  }

  @Test(arguments: ["text", "json", "jsonl"])
  func twoProcessesPrintIdenticalBytes(format: String) throws {
    let scratch = Scratch()
    var journals = [scratch.write("sample.jsonl", sampleJournal)]
    journals += RecordedJournals.all.map(\.path)
    for journal in journals {
      let first = try IslandProcess.run(["replay", journal, "--format", format])
      let second = try IslandProcess.run(["replay", journal, "--format", format])
      #expect(first.status == 0, "\(journal): \(first.error)")
      #expect(!first.outputBytes.isEmpty)
      #expect(first.outputBytes == second.outputBytes, "\(journal)")
    }
  }

  @Test func jsonIsTheStateAfterTheLastEventOrAfterUntil() throws {
    let scratch = Scratch()
    let journal = scratch.write("sample.jsonl", sampleJournal)
    let whole = try IslandProcess.run(["replay", journal, "--format=json"])
    #expect(whole.status == 0)
    let state = try #require(
      try JSONSerialization.jsonObject(with: whole.outputBytes) as? [String: Any])
    #expect(state["seq"] as? Int == 5)
    #expect(state["mode"] as? String == "minimal")
    let effects = try #require(state["effects"] as? [[String: Any]])
    #expect(effects.count == 1)
    #expect(effects.first?["url"] as? String == "com.example.ride://")
    #expect(
      whole.output.hasPrefix("{\n  \"seq\": 5,\n  \"t\": 71000,\n  \"device\": \"iPhone 15 Pro\""))

    let until = try IslandProcess.run(["replay", journal, "--format", "json", "--until", "3"])
    let early = try #require(
      try JSONSerialization.jsonObject(with: until.outputBytes) as? [String: Any])
    #expect(early["seq"] as? Int == 3)
    #expect(early["mode"] as? String == "expanded")
    #expect(early["expandedReason"] as? String == "alert")
  }

  @Test func jsonlIsOneCompactStatePerEvent() throws {
    let scratch = Scratch()
    let journal = scratch.write("sample.jsonl", sampleJournal)
    let run = try IslandProcess.run(["replay", journal, "--format", "jsonl", "--until", "4"])
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 4)
    for (index, line) in lines.enumerated() {
      #expect(line.hasPrefix("{\"seq\":\(index + 1),\"t\":"))
    }
    #expect(lines.last?.contains(#""mode":"expanded","island":"ride""#) == true)
  }

  @Test func textDrawsTheIsland() throws {
    let scratch = Scratch()
    let journal = scratch.write("sample.jsonl", sampleJournal)
    let run = try IslandProcess.run(["replay", journal])
    #expect(run.status == 0)
    #expect(run.output.contains("minimal · iPhone 15 Pro"))
    #expect(run.output.contains("╭"))
  }

  static let failures: [(arguments: [String], status: Int32, message: String)] = [
    (["replay"], 64, "island replay: expected a journal"),
    (["replay", "--until", "1"], 64, "island replay: expected a journal"),
    (
      ["replay", "sample.jsonl", "--format", "yaml"], 64,
      "island replay: --format yaml: expected text, json, jsonl, svg or png"
    ),
    (
      ["replay", "sample.jsonl", "--until", "-1"], 64,
      "island replay: --until -1: expected a seq (0, 1, 2, ...)"
    ),
    (
      ["replay", "sample.jsonl", "--colour"], 64,
      "island replay: unknown option --colour; did you mean --color?"
    ),
    (["replay", "sample.jsonl", "--until"], 64, "island replay: --until needs a value"),
    (
      ["replay", "sample.jsonl", "--until", "9"], 64,
      "island replay: --until 9 is past the last event of sample.jsonl (seq 5)"
    ),
    (["replay", "missing.jsonl"], 66, "missing.jsonl: cannot open: no such file or directory"),
    (
      ["replay", "bad.jsonl"], 65,
      #"bad.jsonl:2: unknown event "jump" (expected start, update, end, tap, longPress or tick)"#
    ),
    (
      ["replay", "rejected.jsonl"], 65,
      #"rejected.jsonl:2: tap rejected: island is not on screen: the island is idle: no "#
        + "activity is shown"
    ),
  ]

  @Test(arguments: failures)
  func errorsAndExitCodes(arguments: [String], status: Int32, message: String) throws {
    let scratch = Scratch()
    scratch.write("sample.jsonl", sampleJournal)
    let header = sampleJournal.split(separator: "\n")[0]
    scratch.write("bad.jsonl", header + "\n" + #"{"seq":1,"t":0,"event":"jump"}"# + "\n")
    scratch.write(
      "rejected.jsonl", header + "\n" + #"{"seq":1,"t":0,"event":"tap","target":"island"}"# + "\n")
    let run = try IslandProcess.run(arguments, in: scratch.path)
    #expect(run.status == status)
    #expect(run.error.split(separator: "\n").first.map(String.init) == message)
  }

  @Test func aTornLastLineIsAWarningOnStandardError() throws {
    let scratch = Scratch()
    scratch.write("torn.jsonl", sampleJournal + #"{"seq":6,"t":8"#)
    let run = try IslandProcess.run(["replay", "torn.jsonl", "--format", "json"], in: scratch.path)
    #expect(run.status == 0)
    #expect(
      run.error
        == "torn.jsonl:7: warning: torn last line (14 bytes without a newline) ignored; "
        + "`island journal repair torn.jsonl` cuts it off\n")
    #expect(run.output.hasPrefix("{\n  \"seq\": 5,"))
  }
}
