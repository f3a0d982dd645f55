import Foundation
import Testing

/// Issue 13's reproducers, run as a user runs them: the `island` executable on hostile files,
/// full disks (a file-size limit), FIFOs and competing writers. Each test is named for the
/// defect it pins.
@Suite struct HostileInputTests {
  /// Runs `script` in bash in `directory`, `$ISLAND` naming the executable, under a 60 s
  /// watchdog so that a hang fails the test instead of stopping the suite (status 124).
  static func shell(_ script: String, in directory: String) throws -> (
    status: Int32, output: String, error: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", "timeout -s KILL 60 bash -c " + quoted(script)]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment["ISLAND"] = IslandProcess.executable
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let (status, output, error) = try IslandProcess.runToTheEnd(process)
    return (status, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  static let header =
    #"{"format":"island-journal","version":1,"device":"iPhone 15 Pro","profile":"tap-expands"}"#

  /// The names in `directory`, sorted.
  static func names(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  // MARK: - 1: time linear in the input

  /// A start of thousands of state fields took time in the cube of their number (2,000: 43 s)
  /// in the default layout's plan; an update of as many, their square. Under the watchdog
  /// (60 s), 20,000 fields in a start, an update of them all and the expanded island drawn.
  @Test func defect1_aStartAndAnUpdateOfManyFieldsAreReadInLinearTime() throws {
    let scratch = Scratch()
    let count = 20_000
    let start = (0..<count).map { "\"k\($0)\":0" }.joined(separator: ",")
    let update = (0..<count).map { "\"k\($0)\":1" }.joined(separator: ",")
    scratch.write(
      "fields.jsonl",
      #"{"format":"island-journal","version":1,"policy":{"payloadLimit":100000000}}"# + "\n"
        + #"{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a","state":{"#
        + start + "}}\n"
        + #"{"seq":2,"t":5,"event":"update","activity":"a","state":{"# + update + "}}\n"
        + #"{"seq":3,"t":6,"event":"longPress","target":"island"}"# + "\n")
    let run = try Self.shell(
      "$ISLAND check fields.jsonl && $ISLAND replay fields.jsonl --format jsonl | wc -l",
      in: scratch.path)
    #expect(run.status == 0, "\(run.status) \(run.error)")
    #expect(run.output.hasSuffix("3\n"), "\(run.output)")
  }

  // MARK: - 3: one bound, enforced where events are made

  @Test func defect3_theREPLRefusesATimeNoReaderCanReadBack() throws {
    let scratch = Scratch()
    let waits = String(repeating: "wait 1000000000000000ms\n", count: 10)
    scratch.write("b.island", waits + "start a com.a\n")
    let run = try Self.shell(
      "$ISLAND run b.island --journal b.jsonl; echo \"status $?\"; $ISLAND check b.jsonl",
      in: scratch.path)
    // The tenth wait would pass 2^53 - 1: refused, naming its argument; nothing after it runs.
    #expect(run.output.contains("status 65"))
    #expect(run.output.contains("error: b.island:10: wait: '1000000000000000ms' would be at"))
    #expect(run.output.contains("beyond the largest time a journal holds (9007199254740991 ms"))
    // Everything acknowledged reads back.
    #expect(run.output.contains("checked 1 journal: all valid"), "\(run.output)")
  }

  @Test func defect3_theREPLAcceptsTheLastTimeAndRefusesEveryMomentBeyond() throws {
    let scratch = Scratch()
    scratch.write(
      "edge.island",
      """
      wait 9007199254740990ms
      start a com.a --stale 1ms
      ! start b com.a --stale 2ms
      ! update a --stale 2ms
      ! end a --dismissal 2ms
      ! update a --after 2ms
      end a --after 1ms --dismissal 0s
      save saved.jsonl

      """)
    let run = try Self.shell(
      "$ISLAND run edge.island --journal edge.jsonl; echo \"status $?\";"
        + " $ISLAND check edge.jsonl saved.jsonl",
      in: scratch.path)
    #expect(run.output.contains("status 0"), "\(run.output)")
    #expect(run.output.contains("checked 2 journals: all valid"), "\(run.output)")
  }

  @Test func defect3_fuzzingFromAPrefixAtTheLastTimeHolds() throws {
    let scratch = Scratch()
    scratch.write(
      "prefix.jsonl",
      Self.header + "\n" + #"{"seq":1,"t":9007199254740991,"event":"tick"}"# + "\n")
    let run = try IslandProcess.run(
      [
        "fuzz", "--prefix", "prefix.jsonl", "--seed", "7", "--runs", "60", "--length", "30",
        "--journal-out", "failures",
      ], in: scratch.path)
    #expect(run.status == 0, "\(run.output)\(run.error)")
    #expect(run.output.contains("every property held"), "\(run.output)")
  }

  // MARK: - 5: save never replaces a journal another writer holds

  @Test func defect5_saveRefusesAJournalAnotherWriterHolds() throws {
    let scratch = Scratch()
    let journal = scratch.path + "/rep.jsonl"
    let writer = try IslandProcess.Running([
      "journal", "test-writer", journal, "--events", "3", "--hold",
    ])
    for seq in 1...3 { #expect(writer.readLine() == "accepted \(seq)") }
    #expect(writer.readLine() == "holding")
    scratch.write("other.island", "start x com.x\nsave rep.jsonl\n")
    let save = try IslandProcess.run(["run", "other.island"], in: scratch.path)
    #expect(save.status == 65)
    #expect(
      save.output.contains("rep.jsonl: journal is locked by another writer"), "\(save.output)")
    // A third writer still gets the lock error: the journal was not renamed away.
    let third = try IslandProcess.run(["--journal", "rep.jsonl"], in: scratch.path, input: Data())
    #expect(third.status == 74)
    #expect(third.error.contains("journal is locked by another writer"))
    writer.closeInput()
    #expect(writer.wait().status == 0)
    let check = try IslandProcess.run(
      ["replay", "rep.jsonl", "--format", "json"], in: scratch.path)
    #expect(check.output.contains(#""seq": 3"#), "\(check.output)")
  }

  // MARK: - 7 and 8: atomic creation, full disks

  @Test func defect7_aJournalThatCannotBeWrittenIsNeverLeftEmpty() throws {
    let scratch = Scratch()
    // A file-size limit of 0: creating works, every write fails (EFBIG), as on a full disk.
    let run = try Self.shell(
      "trap '' XFSZ; ulimit -f 0; $ISLAND journal test-writer j.jsonl --events 1",
      in: scratch.path)
    #expect(run.status == 74, "\(run.error)")
    #expect(Self.names(in: scratch.path) == [], "left behind: \(Self.names(in: scratch.path))")
  }

  @Test func defect7_anEmptyJournalIsRepairedAndThenResumes() throws {
    let scratch = Scratch()
    scratch.write("empty.jsonl", "")
    let refused = try IslandProcess.run(
      ["--journal", "empty.jsonl"], in: scratch.path, input: Data())
    #expect(refused.status == 65)
    #expect(refused.error.contains("island journal repair empty.jsonl"), "\(refused.error)")
    let repair = try IslandProcess.run(["journal", "repair", "empty.jsonl"], in: scratch.path)
    #expect(repair.status == 0)
    #expect(
      repair.output
        == "empty.jsonl:1: the journal was empty; wrote the default header (iPhone 15 Pro, "
        + "tap-expands)\n")
    let resumed = try IslandProcess.run(
      ["--journal", "empty.jsonl"], in: scratch.path, input: Data("start a com.a\n".utf8))
    #expect(resumed.status == 0, "\(resumed.error)")
    #expect(try IslandProcess.run(["check", "empty.jsonl"], in: scratch.path).status == 0)
  }

  @Test func defect8_saveOnAFullDiskLeavesNoTemporaryFileAndTheOldJournal() throws {
    let scratch = Scratch()
    let old = Self.header + "\n"
    scratch.write("S.jsonl", old)
    let text = String(repeating: "x", count: 100)
    let events = (1...10).map { "start a\($0) com.a\($0) n=\($0) text=\(text)\n" }.joined()
    scratch.write("s.island", events + "save S.jsonl\n")
    // A journal of about 2 KB, on a disk that takes 1 KB.
    let run = try Self.shell(
      "trap '' XFSZ; ulimit -f 1; $ISLAND run s.island --keep-going", in: scratch.path)
    #expect(run.output.contains("error: s.island:11: S.jsonl:"), "\(run.output)")
    #expect(Self.names(in: scratch.path) == ["S.jsonl", "s.island"])
    #expect(scratch.read("S.jsonl") == old)
  }

  @Test func defect8_repairOnAFullDiskKeepsTheOldBackup() throws {
    let scratch = Scratch()
    let line = #"{"seq":1,"t":0,"event":"tick"}"#
    let big = Self.header + "\n" + String(repeating: "x", count: 3_000)
    scratch.write("J.jsonl", big)
    scratch.write("J.jsonl.bak", Self.header + "\n" + line + "\n")
    let run = try Self.shell(
      "trap '' XFSZ; ulimit -f 1; $ISLAND journal repair J.jsonl", in: scratch.path)
    #expect(run.status == 74, "\(run.output)\(run.error)")
    #expect(scratch.read("J.jsonl.bak") == Self.header + "\n" + line + "\n")
    #expect(scratch.read("J.jsonl") == big)
    #expect(Self.names(in: scratch.path) == ["J.jsonl", "J.jsonl.bak"])
  }

  // MARK: - 9: control characters from input are escaped in every message

  static let hostileID = "\u{1B}]0;title\u{07}\u{1B}[31mRED"

  @Test func defect9_checkReplayAndTheREPLEscapeControlCharacters() throws {
    let scratch = Scratch()
    let id = #"\u001b]0;title\u0007\u001b[31mRED"#
    scratch.write(
      "evil.jsonl",
      Self.header + "\n" + #"{"seq":1,"t":0,"event":"update","activity":""# + id + "\"}\n")
    scratch.write("evil.island", "update \"" + Self.hostileID + "\" n=1\n")
    scratch.write("evil\u{1B}[2J.island", "tap island\n")
    let runs = [
      try IslandProcess.run(["check", "evil.jsonl"], in: scratch.path),
      try IslandProcess.run(["replay", "evil.jsonl"], in: scratch.path),
      try IslandProcess.run(["run", "evil.island"], in: scratch.path),
      try IslandProcess.run(["run", "evil\u{1B}[2J.island"], in: scratch.path),
      try IslandProcess.run(["replay", "no\u{1B}[2Jsuch.jsonl"], in: scratch.path),
    ]
    for run in runs {
      let text = run.output + run.error
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text)")
      #expect(text.contains(#"\u001b"#), "\(text)")
    }
    #expect(runs[0].error.contains(#"activity "\u001b]0;title\u0007\u001b[31mRED" does not exist"#))
  }

  // MARK: - 11: FIFOs and other files that are not regular

  @Test func defect11_FIFOsAreRefusedAtOnceEverywhere() throws {
    let scratch = Scratch()
    #expect(mkfifo(scratch.path + "/pipe.jsonl", 0o644) == 0)
    try FileManager.default.createDirectory(
      atPath: scratch.path + "/dir", withIntermediateDirectories: true)
    #expect(mkfifo(scratch.path + "/dir/pipe.jsonl", 0o644) == 0)
    scratch.write("load.island", "load pipe.jsonl\n")
    scratch.write("run.island", "run pipe.jsonl\n")
    let fifo = "pipe.jsonl: cannot open: it is a FIFO (named pipe), not a regular file"
    let check = try IslandProcess.run(["check", "dir"], in: scratch.path)
    #expect(check.status == 66)
    #expect(check.error.contains("dir/" + fifo), "\(check.error)")
    let replay = try IslandProcess.run(["replay", "pipe.jsonl"], in: scratch.path)
    #expect(replay.status == 66)
    #expect(replay.error.contains(fifo), "\(replay.error)")
    let journal = try IslandProcess.run(
      ["--journal", "pipe.jsonl"], in: scratch.path, input: Data())
    #expect(journal.status == 66)
    #expect(journal.error.contains(fifo), "\(journal.error)")
    let run = try IslandProcess.run(["run", "pipe.jsonl"], in: scratch.path)
    #expect(run.status == 66)
    #expect(run.error.contains("it is a FIFO (named pipe), not a regular file"), "\(run.error)")
    for script in ["load.island", "run.island"] {
      let inside = try IslandProcess.run(["run", script], in: scratch.path)
      #expect(inside.status == 65)
      #expect(inside.output.contains("it is a FIFO (named pipe), not a regular file"))
    }
  }

  // MARK: - 14: small ones

  @Test func defect14_saveWithAnEmptyNameIsAUsageError() throws {
    let scratch = Scratch()
    scratch.write("s.island", "save \"\"\n")
    let run = try IslandProcess.run(["run", "s.island"], in: scratch.path)
    #expect(run.status == 65)
    #expect(run.output.contains("error: s.island:1: save: missing a file name"), "\(run.output)")
  }
}
