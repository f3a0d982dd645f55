import Foundation
import Testing

@Suite struct RunCommandTests {
  private func transcript(_ name: String) throws -> String {
    try String(
      contentsOf: Executable.packageRoot.appendingPathComponent(
        "Tests/IslandREPLTests/Transcripts/\(name).transcript"), encoding: .utf8)
  }

  @Test(arguments: ["delivery", "limits"])
  func runPrintsThePlaygroundTranscript(name: String) throws {
    let result = try Executable.run(["run", "Playground/\(name).island"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == (try transcript(name)))
  }

  @Test func runStopsAtTheFirstFailingLineWithExit65() throws {
    let directory = try Executable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("s.island")
    try "start a com.x n=1\nupdate ghost n=2\nupdate a n=3\n".write(
      to: script, atomically: true, encoding: .utf8)

    let stopped = try Executable.run(["run", script.path])
    #expect(stopped.status == 65)
    #expect(
      stopped.standardOutput.contains(
        "error: \(script.path):2: update rejected: activity \"ghost\" does not exist"))
    #expect(!stopped.standardOutput.contains("> update a n=3"))
    #expect(
      stopped.standardError
        == "island: \(script.path):2: stopped at the first error (--keep-going runs on)\n")

    let kept = try Executable.run(["run", script.path, "--keep-going"])
    #expect(kept.status == 65)
    #expect(kept.standardOutput.contains("> update a n=3\n#2 @0s: compact, island a"))
    #expect(kept.standardError == "island: \(script.path): 1 line failed\n")
  }

  @Test func aPipedScriptRunsLikeRunWithoutPromptOrGreeting() throws {
    let script = try String(
      contentsOf: Executable.packageRoot.appendingPathComponent("Playground/score.island"),
      encoding: .utf8)
    let result = try Executable.run([], input: Data(script.utf8))
    #expect(result.status == 0)
    #expect(result.standardOutput == (try transcript("score")))
    #expect(!result.standardOutput.contains("island["))

    let failing = try Executable.run([], input: Data("tap sideways\nshow\n".utf8))
    #expect(failing.status == 65)
    #expect(
      failing.standardOutput.hasPrefix("> tap sideways\nerror: <stdin>:1: tap: unknown target"))
    #expect(failing.standardError.contains("<stdin>:1: stopped at the first error"))
  }

  @Test func ctrlCStopsAScriptBetweenTwoLinesWithExit130() throws {
    let scratch = Scratch()
    let script = scratch.write("long.island", String(repeating: "wait 1s\n", count: 200_000))
    let running = try IslandProcess.Running(["run", script])
    // Once it runs, Ctrl-C.
    #expect(running.readLine() == "> wait 1s")
    kill(running.process.processIdentifier, SIGINT)
    var last = ""
    while let line = running.readLine() { last = line }
    let (status, _) = running.wait()
    #expect(status == 130)
    #expect(last.hasPrefix("interrupted: \(script) stopped before line "), "\(last)")
  }

  @Test func deviceAndProfileConfigureTheSessionAndANewJournal() throws {
    let scratch = Scratch()
    let script = "start a com.x n=1\nupdate a n=2 --alert Hi\n"
    let run = try IslandProcess.run(
      ["--device", "iPhone 14", "--profile", "tap-opens"], input: Data(script.utf8))
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("#1 @0s: no island on iPhone 14; live: a"))
    let journal = scratch.path + "/j.jsonl"
    let recorded = try IslandProcess.run(
      ["--device", "iPhone 14", "--journal", journal], input: Data(script.utf8))
    #expect(recorded.status == 0, "\(recorded.error)")
    #expect(
      scratch.read("j.jsonl").hasPrefix(
        #"{"format":"island-journal","version":2,"device":"iPhone 14""#))
    // An existing journal keeps its device.
    let refused = try IslandProcess.run(
      ["--device", "iPhone 16 Pro", "--journal", journal], input: Data())
    #expect(refused.status != 0)
    #expect(refused.error.contains("a journal keeps its device and profile"), "\(refused.error)")
    let unknown = try IslandProcess.run(["--device", "Nokia 3310"], input: Data())
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("island: --device: unknown device 'Nokia 3310'"))
  }

  @Test func usageErrorsExit64AndAMissingScript66() throws {
    #expect(try Executable.run(["run"]).status == 64)
    #expect(try Executable.run(["run", "a", "b"]).status == 64)
    #expect(try Executable.run(["--frobnicate"]).status == 64)
    let missing = try Executable.run(["run", "/nonexistent/script.island"])
    #expect(missing.status == 66)
    // As `island check` says it.
    #expect(
      missing.standardError
        == "/nonexistent/script.island: cannot open: no such file or directory\n")
    #expect(
      try Executable.run(["check", "/nonexistent/script.island"]).standardError.hasPrefix(
        missing.standardError))
  }
}

@Suite struct JournalOptionTests {
  @Test func aJournalRecordsAScriptAndASecondRunResumesIt() throws {
    let directory = try Executable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let journal = directory.appendingPathComponent("session.jsonl").path
    let first = try Executable.run(
      ["--journal", journal], input: Data("start a com.x n=1\nwait 1s\n".utf8))
    #expect(first.status == 0)
    let second = try Executable.run(
      ["--journal", journal], input: Data("update a n=2\nlog\n".utf8))
    #expect(second.status == 0)
    #expect(
      second.standardOutput.hasSuffix(
        "> log\nstart a com.x n=1  # 1 @0s\nwait 1s  # 2 @1s\nupdate a n=2  # 3 @1s\n"))
    let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[3] == #"{"seq":3,"t":1000,"event":"update","activity":"a","state":{"n":2}}"#)
  }

  @Test func aJournalThatCannotBeRecordedExitsWithItsError() throws {
    let directory = try Executable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.jsonl").path
    try "not a journal\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let result = try Executable.run(["--journal", bad], input: Data())
    #expect(result.status == 65)
    #expect(result.standardError.hasPrefix("island: \(bad):1: "))
    let missingDirectory = try Executable.run(
      ["run", "Playground/score.island", "--journal", "/nonexistent/dir/j.jsonl"])
    #expect(missingDirectory.status == 74)
    #expect(
      missingDirectory.standardError
        == "island: /nonexistent/dir/j.jsonl: cannot create: no such file or directory\n"
        + "hint: check the path and its permissions\n")
    #expect(missingDirectory.standardOutput == "")
  }
}
