import Foundation
import IslandCore
import IslandREPL
import Testing

@Suite struct REPLTests {
  @Test func anAcceptedEventPrintsTheIslandAndWhatItCaused() {
    let transcript = Transcript(deliveryStart + "\nupdate pizza minutesLeft=19 --after 1m\n")
    #expect(transcript.summary == REPL.Summary(failures: 0, stoppedAt: nil))
    #expect(transcript.lines[0] == "> " + deliveryStart)
    #expect(transcript.lines[1] == "#1 @0s: compact, island pizza")
    #expect(transcript.text.contains("animation: grow pizza"))
    #expect(transcript.text.contains("#2 @1m: compact, island pizza"))
    #expect(transcript.text.contains("transition: pizza compactTrailing 20м -> 19м (numericText)"))
  }

  @Test func aRejectedEventPrintsTheErrorAndItsHintAndChangesNothing() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute(deliveryStart)
    let before = repl.session
    output.lines = []
    #expect(repl.execute("update ghost minutesLeft=3") == .failed)
    #expect(
      output.lines == [
        "error: update rejected: activity \"ghost\" does not exist",
        "hint: start it first, or check the id (`explain` lists them)",
      ])
    #expect(repl.session == before)
  }

  /// Lines that must fail without changing anything, each with the part its error names.
  static let failing: [(line: String, names: String)] =
    CommandParserTests.malformed.filter { $0.line != "!" } + [
      ("update ghost n=1", "activity \"ghost\" does not exist"),
      ("start pizza com.example.other n=1", "activity \"pizza\" already exists"),
      ("tap detached", "detached is not on screen"),
      ("start x com.x --layout nowhere", "no layout named \"nowhere\""),
      ("start x com.x --url nope", "widget URL \"nope\" is not a valid URL"),
      ("start x com.x bad-name=1", "'bad-name=1' is not a state field name"),
      ("at 99", "there is no event 99"),
      ("diff 0 99", "there is no event 99"),
      ("run /nonexistent/script.island", "/nonexistent/script.island: cannot read it"),
      ("device iPhone 14", "event 2, tap rejected"),
    ]

  @Test(arguments: failing)
  func aFailingLineNamesTheBadPartAndChangesNothing(line: String, names: String) {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute(deliveryStart)
    repl.execute("tap island")
    let before = repl.session
    output.lines = []
    #expect(repl.execute(line) == .failed)
    #expect(output.lines.count == 2)
    #expect(output.lines.first?.hasPrefix("error: ") == true)
    #expect(output.lines.first?.contains(names) == true, "\(output.lines)")
    #expect(output.lines.last?.hasPrefix("hint: ") == true)
    #expect(repl.session == before)
  }

  @Test func aScriptStopsAtItsFirstFailingLine() {
    let transcript = Transcript(
      "start a com.x n=1\nupdate a --relevance high\nupdate a n=2\n", source: "s.island")
    #expect(transcript.summary == REPL.Summary(failures: 1, stoppedAt: 2))
    #expect(transcript.text.contains("error: s.island:2: --relevance: 'high' is not a number"))
    #expect(!transcript.text.contains("> update a n=2"))
    #expect(transcript.repl.session.seq == 1)
  }

  @Test func keepGoingRunsEveryLineAndCountsTheFailures() {
    let transcript = Transcript(
      "start a com.x n=1\nupdate a --relevance high\ntap sideways\nupdate a n=2\n",
      keepGoing: true)
    #expect(transcript.summary == REPL.Summary(failures: 2, stoppedAt: nil))
    #expect(transcript.repl.session.seq == 2)
  }

  @Test func aBangLineMustFailAndThenIsNoFailure() {
    let transcript = Transcript("start a com.x n=1\n! update ghost n=1\n! tap sideways\n")
    #expect(transcript.summary == REPL.Summary(failures: 0, stoppedAt: nil))
    #expect(transcript.text.contains("error (expected): test.island:2: update rejected"))
    #expect(transcript.text.contains("error (expected): test.island:3: tap: unknown target"))
  }

  @Test func aBangLineThatSucceedsFailsAndIsNotApplied() {
    let transcript = Transcript("start a com.x n=1\n! update a n=2\nshow\n")
    #expect(transcript.summary == REPL.Summary(failures: 1, stoppedAt: 2))
    #expect(transcript.text.contains("error: test.island:2: the line is marked with !"))
    #expect(transcript.repl.session.state.activity("a")?.content["n"] == 1)
  }

  @Test func aMistypedFieldIsAcceptedWithAWarningAndItsSuggestion() {
    let transcript = Transcript(deliveryStart + "\nupdate pizza minutesleft=3\n")
    #expect(transcript.summary.failures == 0)
    #expect(
      transcript.lines.contains(
        "warning: update of \"pizza\" adds field \"minutesleft\", which its layout does not "
          + "read: nothing shows it (did you mean \"minutesLeft\"?)"))
  }

  @Test func aLayoutIsReadFromAJSONFileAndTheJournalHoldsIt() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-layout-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try
      #"{"compactLeading":{"symbol":"timer"},"minimal":{"symbol":"timer"},"compactTrailing":{"text":"{left}s"}}"#
      .write(toFile: path, atomically: true, encoding: .utf8)
    let output = Output()
    let repl = makeREPL(output)
    #expect(repl.execute("start tea com.example.tea --layout @\(path) left=90") == .done)
    #expect(output.lines.contains { $0.contains("90s") }, "\(output.lines)")
    // The event holds the layout itself: the log replays without the file.
    let log = Report.log(of: repl.session)
    #expect(log.first?.contains("--layout '{") == true, "\(log)")
    #expect(repl.execute("start x com.x --layout @\(path).txt left=1") == .failed)
    #expect(output.lines.last?.hasPrefix("hint:") == true)
    #expect(output.lines.dropLast().last?.contains("a layout file is a .json file") == true)
    #expect(repl.execute("start y com.x --layout @/nonexistent.json") == .failed)
  }

  @Test func waitTakesAClockTimeAsTheHintOffers() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute("start a com.x n=1")
    #expect(repl.execute("wait @2h") == .done)
    #expect(repl.session.state.t == 2 * 3_600_000)
    #expect(repl.execute("wait @1h") == .failed)
    #expect(repl.session.state.t == 2 * 3_600_000)
  }

  @Test func withoutAnIslandThePromptSaysSoAndTheBannerIsPrintedOnce() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute("device iPhone 14")
    repl.execute("start a1 com.x n=1")
    #expect(repl.prompt == "island[1 no-island]> ")
    output.lines = []
    repl.execute("update a1 n=2 --alert Hi")
    #expect(output.lines.filter { $0.contains("banner") }.count == 1, "\(output.lines)")
  }

  @Test func theEightHourLimitIsNamedWhereItEndsAnActivity() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute("start a com.x n=1")
    repl.execute("wait 9h")
    #expect(output.lines.contains("#2 @9h: idle; ended by the 8h limit: a"), "\(output.lines)")
    #expect(
      output.lines.contains(
        "phase: a active -> ended by the 8h limit (on the Lock Screen until @12h)"))
    #expect(Explanation.text(of: repl.session.state).contains("ended at 8h by the 8h limit"))
  }

  @Test func quitEndsTheRun() {
    let transcript = Transcript("start a com.x n=1\nquit\nupdate a n=2\n")
    #expect(transcript.summary.failures == 0)
    #expect(transcript.repl.session.seq == 1)
  }

  @Test func commentsAndBlankLinesAreEchoedAsTheyAre() {
    let transcript = Transcript("# header\n\n  tap outside  # why\n")
    #expect(transcript.lines[0] == "# header")
    #expect(transcript.lines[1] == "")
    #expect(transcript.lines[2] == ">   tap outside  # why")
  }

  @Test func crlfScriptsRunLikeLFScripts() {
    let transcript = Transcript("start a com.x n=1\r\nupdate a n=2\r\n")
    #expect(transcript.summary.failures == 0)
    #expect(transcript.repl.session.seq == 2)
  }

  @Test func thePromptShowsTheSeqAndTheMode() {
    let repl = makeREPL(Output())
    #expect(repl.prompt == "island[0 idle]> ")
    repl.execute(deliveryStart)
    repl.execute("longpress island")
    #expect(repl.prompt == "island[2 expanded]> ")
  }

  // MARK: - Inspection

  @Test func logRunsAgainToTheSameState() {
    let script = """
      \(deliveryStart) --relevance 50 --link leading=food://map --stale 30m
      update pizza minutesLeft=19 note="two words" code="20" flag=true --after 1m
      start ride com.example.ride --layout ride minutesAway=5 driver=Ana car="Blue Prius" progress=0.2 --relevance 60.5 --after 1.5s
      update pizza statusText="On its way" --alert "On its way" --alert-body "it's near" --alert-sound default --stale @10m
      wait 2.2s
      longpress detached
      tap leading --after 500ms
      end ride --dismissal 30m --after 1h
      end pizza statusText=Delivered --dismissal @1h
      wait 8h
      """
    let first = Transcript(script + "\n")
    #expect(first.summary.failures == 0, "\(first.text)")
    first.output.lines = []
    first.repl.execute("log")
    let log = first.output.lines.joined(separator: "\n")
    let second = Transcript(log + "\n")
    #expect(second.summary.failures == 0, "\(second.text)")
    #expect(second.repl.session.state == first.repl.session.state)
    #expect(second.repl.session.entries == first.repl.session.entries)
  }

  @Test func logWritesEachEventWithItsNumberAndTime() {
    let transcript = Transcript("start a com.x n=1\nwait 2.5s\ntap island --after 1m\nlog\n")
    let log = transcript.lines.drop { $0 != "> log" }.dropFirst().prefix(3)
    #expect(
      Array(log) == [
        "start a com.x n=1  # 1 @0s", "wait 2.5s  # 2 @2.5s", "tap island --after 1m  # 3 @1m2.5s",
      ])
  }

  @Test func logStartsWithTheDeviceAndProfileWhenTheyAreNotTheDefaults() {
    let transcript = Transcript("device iPhone 16 Pro Max\nprofile tap-opens\nlog\n")
    #expect(
      transcript.text.hasSuffix(
        "> log\ndevice iPhone 16 Pro Max\nprofile tap-opens\n# no events yet\n"))
  }

  @Test func atDrawsThePastAndDiffSaysWhatChanged() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute(deliveryStart)
    repl.execute("start ride com.example.ride n=1 --relevance 10 --after 1m")
    repl.execute("end pizza --after 1m")
    output.lines = []
    repl.execute("at 2")
    #expect(output.lines.first == "#2 @1m: minimal, attached ride, detached pizza")
    output.lines = []
    repl.execute("diff 1 3")
    #expect(
      output.lines == [
        "diff #1 -> #3:", "  t: 0s -> 2m", "  island: pizza -> ride",
        "  pizza.phase: active -> ended", "  + ride (com.example.ride): active, relevance 10",
      ])
    output.lines = []
    repl.execute("diff 3 3")
    #expect(output.lines == ["diff #3 -> #3:", "  no change"])
  }

  @Test func explainGivesEachActivitysRankRelevanceStartAppPhaseAndPlace() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute("start a com.food n=1 --relevance 50")
    repl.execute("start b com.ride n=1 --relevance 40")
    repl.execute("start c com.food n=1 --relevance 45")
    repl.execute("start d com.music n=1")
    repl.execute("end d --dismissal immediate")
    output.lines = []
    repl.execute("explain")
    let lines = output.lines.joined(separator: "\n").split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("mode minimal: 2 apps have live activities; ranked by relevance"))
    #expect(lines[1].hasPrefix("rank  activity  app        relevance  start  phase"))
    #expect(lines[2].hasPrefix("1     a         com.food   50         #1     active"))
    #expect(lines[2].hasSuffix("attached: rank 1"))
    #expect(
      lines[3].hasSuffix(
        "hidden: its app already holds the island with a; detached is another app's"))
    #expect(lines[4].hasSuffix("detached: the best ranked of an app other than rank 1's"))
    #expect(lines[5].hasPrefix("-     d         com.music  0          #4     dismissed"))
  }

  @Test func helpListsEveryCommandAndShowsEachOnesSyntaxAndExample() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute("help")
    let overview = output.lines.joined(separator: "\n")
    for reference in CommandReference.all {
      #expect(overview.contains("  " + reference.synopsis), "\(reference.name)")
    }
    #expect(overview.contains("FIELD=VALUE"))
    #expect(overview.contains("--OPTION VALUE"))
    output.lines = []
    repl.execute("help update")
    #expect(output.lines.first == "update ID [FIELD=VALUE...] [OPTIONS]")
    #expect(
      output.lines.contains(
        "  --alert TITLE       an alert: the island expands for 2.2 s (a banner without one)"))
    #expect(output.lines.suffix(2).first == "example:")
    output.lines = []
    repl.execute("help layouts")
    #expect(output.lines.contains { $0.hasPrefix("  delivery: seed 000") })
  }

  // MARK: - Session

  @Test func deviceAndProfileFoldTheEventsAgain() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute(deliveryStart)
    repl.execute("update pizza minutesLeft=19 --alert Soon")
    #expect(repl.execute("device iPhone 14") == .done)
    #expect(repl.session.configuration.device.name == "iPhone 14")
    #expect(repl.session.seq == 2)
    #expect(repl.session.state.effects.count == 1)
    #expect(repl.execute("profile tap-opens") == .done)
    #expect(repl.session.configuration.profile == .tapOpens)
  }

  @Test func resetForgetsTheEventsButKeepsTheDevice() {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute("device iPhone 16 Pro Max")
    repl.execute(deliveryStart)
    repl.execute("reset")
    #expect(repl.session.seq == 0)
    #expect(repl.session.configuration.device.name == "iPhone 16 Pro Max")
  }

  @Test func runRunsAScriptInTheSessionAndStopsAtItsFirstError() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-repl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("s.island")
    try "start a com.x n=1\ntap sideways\nupdate a n=2\n".write(
      to: script, atomically: true, encoding: .utf8)
    let selfRunning = directory.appendingPathComponent("self.island")
    try "run \(selfRunning.path)\n".write(to: selfRunning, atomically: true, encoding: .utf8)

    let output = Output()
    let repl = makeREPL(output)
    #expect(repl.execute("run \(script.path)") == .failed)
    #expect(repl.session.seq == 1)
    #expect(output.lines.contains("error: \(script.path):2: tap: unknown target 'sideways'"))
    output.lines = []
    #expect(repl.execute("run \(selfRunning.path)") == .failed)
    #expect(
      output.lines.contains(
        "error: \(selfRunning.path):1: run: \(selfRunning.path) is already running"))
  }

  @Test func everyAcceptedEventIsRecordedBeforeItIsApplied() {
    let recorder = MemoryRecorder()
    let transcript = Transcript(
      "start a com.x n=1\n! update ghost n=1\nupdate a n=2\n", recorder: recorder)
    #expect(transcript.summary.failures == 0)
    #expect(recorder.entries == transcript.repl.session.entries)
    #expect(transcript.text.contains("error (expected)"))
  }

  @Test func anEventThatCannotBeRecordedIsNotApplied() {
    let recorder = MemoryRecorder()
    recorder.failing = true
    let transcript = Transcript("start a com.x n=1\n", recorder: recorder)
    #expect(transcript.summary.failures == 1)
    #expect(transcript.repl.session.seq == 0)
    #expect(
      transcript.text.contains("memory: could not record the event (disk full); it was not applied")
    )
  }

  @Test func whileRecordingTheDeviceProfileAndEventsStay() {
    let transcript = Transcript(
      "start a com.x n=1\n! device iPhone 14\n! profile tap-opens\n! reset\n! load x.jsonl\n",
      recorder: MemoryRecorder())
    #expect(transcript.summary.failures == 0)
    #expect(transcript.text.contains("device: the session is recording to memory"))
    #expect(transcript.repl.session.seq == 1)
  }
}

/// A recorder that keeps the entries in memory, or fails.
final class MemoryRecorder: EventRecorder {
  let path = "memory"
  var entries: [LogEntry] = []
  var failing = false

  func record(_ entry: LogEntry) throws(RecordingFailure) {
    if failing { throw RecordingFailure(message: "disk full") }
    entries.append(entry)
  }
}
