import IslandCore
import IslandREPL
import Testing

/// Lines the libFuzzer target `Fuzz/run.sh repl-command` once failed on, each checked the way
/// the target checks every line: it parses or fails with a parse error, and an event it
/// parses to reads back as the same event once written by ``EventSyntax``.
@Suite struct FuzzRegressionTests {
  static let now: Milliseconds = 60_000

  @Test(arguments: [
    // A positional argument holding a `=` was written unquoted, and read back as a field.
    #"update pizzapdate"symbol":"bag.fill"}}t=09 --after 2m"#,
    #"start "a=b" com.example.food n=1"#,
    // A word starting with a combining mark: written after a space, the mark joined the
    // space into one character, which the tokenizer did not see as a space.
    "start\t\u{064E}\t\0",
    "start a \"\u{0301}x y\" n=1",
    // `wait @TIME` before the session's clock was written back as a negative duration.
    "wait  @4.874s",
  ])
  func eventsReadBackAsWritten(line: String) throws {
    guard case .event(let event, let t) = try CommandParser.parse(line, now: Self.now).command
    else {
      Issue.record("\(line) is not an event")
      return
    }
    let written = EventSyntax.command(
      for: LogEntry(seq: 1, t: t, event: event), previous: Self.now)
    #expect(try CommandParser.parse(written, now: Self.now).command == .event(event, at: t))
  }
}
