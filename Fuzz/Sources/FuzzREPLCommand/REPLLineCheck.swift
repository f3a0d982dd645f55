import IslandCore
import IslandREPL

/// The check on one line: it must parse or fail with a ``ParseError`` (never crash), and a
/// line that parses to an event must read back, written in the REPL's syntax by
/// ``EventSyntax``, as the same event at the same time.
enum REPLLineCheck {
  static let now: Milliseconds = 60_000

  static func check(_ line: String) -> String? {
    guard let parsed = try? CommandParser.parse(line, now: now),
      case .event(let event, let t) = parsed.command
    else { return nil }
    let written = EventSyntax.command(for: LogEntry(seq: 1, t: t, event: event), previous: now)
    let again: ParsedLine
    do {
      again = try CommandParser.parse(written, now: now)
    } catch {
      return "\(line.debugDescription) reads as an event written back as "
        + "\(written.debugDescription), which does not parse: \(error)"
    }
    guard again.command == .event(event, at: t) else {
      return "\(line.debugDescription) reads as \(parsed.command), written back as "
        + "\(written.debugDescription), which reads as \(again.command)"
    }
    return nil
  }
}
