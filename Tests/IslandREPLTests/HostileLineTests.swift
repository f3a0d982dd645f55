import IslandCore
import IslandREPL
import Testing

/// Issue 13's reproducers for the REPL: `log` writes what its parser reads (defect 4), times
/// stay within what a journal holds (3), errors never carry control characters (9).
@Suite struct HostileLineTests {
  static let edges: [Milliseconds] = [
    0, 1, 999, 1_000, 1_001, 59_999, 60_000, 3_599_999, 3_600_000, 3_600_001,
    999_999_999_999_999, 1_000_000_000_000_000, 1_000_000_000_000_001,
    EventBounds.largestTime - 1, EventBounds.largestTime,
  ]

  @Test func everyDurationLogWritesReadsBack() {
    var random = UInt64(0x9E37_79B9_7F4A_7C15)
    var durations = Self.edges
    for _ in 0..<5_000 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      durations.append(Milliseconds(random >> 11) % (EventBounds.largestTime + 1))
    }
    for duration in durations {
      let text = ValueSyntax.write(duration: duration)
      #expect(ValueSyntax.duration(text) == duration, "\(text)")
      #expect(ValueSyntax.moment("@" + text, now: 0) == duration)
    }
    #expect(ValueSyntax.duration("2501999792h59m0.991s") == EventBounds.largestTime)
    #expect(ValueSyntax.duration("2501999792h59m0.992s") == nil)
  }

  @Test func aLogWithGapsBeyondTenToTheFifteenRunsAgainToTheSameState() {
    let script = """
      wait 1000000000000001ms
      start a com.a n=1 --stale 1000000000000001ms
      update a n=2 --after 1h
      start b com.b n=1 --after 2000000000h
      end b --dismissal @2501999792h59m0.991s

      """
    let first = Transcript(script)
    #expect(first.summary == REPL.Summary(failures: 0, stoppedAt: nil), "\(first.text)")
    let log = Report.log(of: first.repl.session).joined(separator: "\n") + "\n"
    let again = Transcript(log)
    #expect(again.summary == REPL.Summary(failures: 0, stoppedAt: nil), "\(log)\n\(again.text)")
    #expect(again.repl.session.state == first.repl.session.state)
  }

  @Test(arguments: [
    "wait 9007199254740992ms", "start a com.a --after 9007199254740992ms",
    "start a com.a --stale @9007199254740992ms",
  ])
  func aTimeBeyondTheLargestIsRefusedAndChangesNothing(line: String) {
    let output = Output()
    let repl = makeREPL(output)
    repl.execute("wait 1ms")
    let before = repl.session
    #expect(repl.execute(line) == .failed)
    #expect(repl.session == before)
  }

  @Test func theLastMomentIsRefusedOneMillisecondOn() {
    let output = Output()
    let repl = makeREPL(output)
    #expect(repl.execute("wait 9007199254740991ms") == .done)
    #expect(repl.execute("start a com.a") == .done)
    output.lines = []
    #expect(repl.execute("update a --stale 1ms") == .failed)
    #expect(
      output.lines.first
        == "error: --stale: '1ms' would be at 9007199254740992 ms, beyond the largest time a "
        + "journal holds (9007199254740991 ms, @2501999792h59m0.991s)")
  }

  @Test(arguments: [
    "update \"\u{1B}]0;title\u{07}\u{1B}[31mRED\" n=1", "frob\u{1B}[2J", "tap \u{9B}31m",
    "start a com.a --layout \u{1B}", "start a\u{202E}b com.a", "load /nonexistent/\u{1B}x",
  ])
  func errorsNeverCarryControlCharacters(line: String) {
    let transcript = Transcript(line + "\n", keepGoing: true)
    #expect(transcript.summary.failures == 1)
    for written in transcript.output.lines {
      #expect(
        !written.unicodeScalars.contains {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            || $0 == "\u{202E}"
        },
        "\(written.debugDescription)")
    }
  }
}
