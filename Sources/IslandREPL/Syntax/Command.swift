import IslandCore

/// One line of the REPL, parsed.
public enum Command: Equatable, Sendable {
  /// An event for the engine, at time `t` on the session's clock.
  case event(Event, at: Milliseconds)
  /// Draw the island.
  case show
  /// Write a picture of the island, as SVG, to a file.
  case showSVG(path: String)
  /// Print the state as JSON.
  case state
  /// Print the session's events, in this syntax.
  case log
  /// Draw the island as it was after event `seq`.
  case at(seq: Int)
  /// What changed from after event `from` to after event `to` (nil: the last one).
  case diff(from: Int, to: Int?)
  /// Why each activity is where it is.
  case explain
  /// Help on every command, or on one.
  case help(topic: String?)
  /// Write the session's events to a journal.
  case save(path: String)
  /// Replace the session with a journal's events.
  case load(path: String)
  /// Run a script's commands in this session.
  case run(path: String)
  /// Apply a push log's pushes to the session (`docs/pushes.md`).
  case push(path: String)
  /// Forget every event.
  case reset
  /// Show the device, or switch to another and fold the events again.
  case device(Device?)
  /// Show the interaction profile, or switch to another and fold the events again.
  case profile(InteractionProfile?)
  /// Leave the REPL.
  case quit
  /// Nothing: a blank line or a comment.
  case nothing
}

/// A parsed line: its command, and whether the line is expected to fail (`!` before it).
public struct ParsedLine: Equatable, Sendable {
  /// The command.
  public var command: Command
  /// Whether the line was marked with `!`: it must fail, and its failure is no error.
  public var expectsFailure: Bool

  /// A line holding `command`.
  public init(_ command: Command, expectsFailure: Bool = false) {
    self.command = command
    self.expectsFailure = expectsFailure
  }
}
