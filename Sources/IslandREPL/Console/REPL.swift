import IslandCore
import IslandDrawing

/// The REPL: reads lines, runs them against a ``Session``, and writes what happened.
///
/// Everything it prints goes through `write`, one call per line, so that a test can collect a
/// transcript and the terminal can print as it goes. It never reads a terminal itself: its
/// lines come from a ``LineReader``.
public final class REPL {
  /// The session the lines run in.
  public private(set) var session: Session
  /// Where every accepted event is appended, if anywhere.
  public private(set) var recorder: (any EventRecorder)?
  /// How the island is drawn: plain for scripts and tests, in colour on a terminal.
  public var drawingOptions = DrawingOptions.plain
  private let write: (String) -> Void
  private var runningScripts: [String] = []

  /// A REPL on `session`, recording accepted events to `recorder`, writing lines to `write`.
  public init(
    session: Session = Session(), recorder: (any EventRecorder)? = nil,
    write: @escaping (String) -> Void
  ) {
    self.session = session
    self.recorder = recorder
    self.write = write
  }

  /// The greeting of an interactive session.
  public static let welcome =
    "Island, a Dynamic Island simulator. `help` lists commands; Playground/ has scenarios."

  /// The prompt: the last event's number and the island's mode, as in `island[3 compact]> `.
  public var prompt: String { "island[\(session.seq) \(session.state.mode.rawValue)]> " }

  /// What became of one line.
  public enum LineResult: Equatable, Sendable {
    /// It ran (or failed, as a `!` line must).
    case done
    /// It failed: malformed, rejected, or a `!` line that did not fail.
    case failed
    /// It asked to leave.
    case quit
  }

  /// How a run of lines ended.
  public struct Summary: Equatable, Sendable {
    /// How many lines failed.
    public var failures: Int
    /// The line the run stopped at, when it stopped at a failure.
    public var stoppedAt: Int?

    /// A run with `failures` failed lines, stopped at line `stoppedAt`.
    public init(failures: Int, stoppedAt: Int?) {
      self.failures = failures
      self.stoppedAt = stoppedAt
    }
  }

  /// Runs every line of `reader` until its end or `quit`. When no person types the lines,
  /// each is echoed after `> `, an error names `source:LINE`, and the run stops at the first
  /// failure unless `keepGoing`.
  public func run(_ reader: inout some LineReader, source: String, keepGoing: Bool) -> Summary {
    var summary = Summary(failures: 0, stoppedAt: nil)
    var number = 0
    let interactive = reader.isInteractive
    while let line = reader.readLine(prompt: prompt) {
      number += 1
      if !interactive { echo(line) }
      let result = execute(line, location: interactive ? nil : "\(source):\(number)")
      if result == .quit { break }
      if result == .failed {
        summary.failures += 1
        if !interactive && !keepGoing {
          summary.stoppedAt = number
          break
        }
      }
    }
    return summary
  }

  private func echo(_ line: String) {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    if trimmed.isEmpty || trimmed.hasPrefix("#") {
      write(String(trimmed).escapingControlCharacters())
    } else {
      write("> " + line.escapingControlCharacters())
    }
  }

  /// Runs one line; `location` (`FILE:LINE`) prefixes its errors.
  @discardableResult
  public func execute(_ line: String, location: String? = nil) -> LineResult {
    let marked = CommandParser.isMarkedToFail(line)
    let parsed: ParsedLine
    do {
      parsed = try CommandParser.parse(line, now: session.now)
    } catch {
      _ = fail(error.message, hint: error.hint, location: location, expected: marked)
      return marked ? .done : .failed
    }
    let result = perform(parsed, location: location)
    guard parsed.expectsFailure else { return result }
    switch result {
    case .failed: return .done
    case .quit: return .quit
    case .done:
      return fail(
        "the line is marked with ! but did not fail (an event marked so is not applied)",
        hint: "remove the ! or fix the line", location: location, expected: false)
    }
  }

  private func writeLines(_ lines: [String]) {
    for line in lines { write(line) }
  }

  private func fail(_ message: String, hint: String, location: String?, expected: Bool)
    -> LineResult
  {
    let label = expected ? "error (expected): " : "error: "
    // Every part may quote input (a file name, a word of the line): escaped as one.
    write((label + (location.map { $0 + ": " } ?? "") + message).escapingControlCharacters())
    write(("hint: " + hint).escapingControlCharacters())
    return .failed
  }

  private func fail(_ error: SessionError, location: String?, expected: Bool) -> LineResult {
    fail(error.message, hint: error.hint, location: location, expected: expected)
  }

  // MARK: - Commands

  private func perform(_ parsed: ParsedLine, location: String?) -> LineResult {
    let expected = parsed.expectsFailure
    switch parsed.command {
    case .event(let event, let t):
      return apply(event, at: t, location: location, dryRun: expected)
    case .show:
      write(Report.headline(of: session.state))
      write(Report.drawing(of: session.state, options: drawingOptions))
    case .state:
      write(Report.json(of: session.state))
    case .log:
      writeLines(Report.log(of: session))
    case .at(let seq):
      do {
        let state = try session.state(after: seq)
        write(Report.headline(of: state))
        write(Report.drawing(of: state, options: drawingOptions))
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .diff(let from, let to):
      do {
        let to = to ?? session.seq
        let before = try session.state(after: from)
        let after = try session.state(after: to)
        write("diff #\(from) -> #\(to):")
        writeLines(StateDiff.lines(from: before, to: after).map { "  " + $0 })
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .explain:
      write(Explanation.text(of: session.state))
    case .help(let topic):
      writeLines(Help.lines(topic: topic))
    case .save(let path):
      do {
        try refuseSavingOverRecording(path)
        try Journals.save(session, to: path)
        write("saved \(session.seq) events to \(path)".escapingControlCharacters())
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .load(let path):
      do {
        try refuseWhileRecording("load")
        let (loaded, warnings) = try Journals.load(path)
        session = loaded
        writeLines(warnings.map { "warning: \($0)".escapingControlCharacters() })
        write("loaded \(session.seq) events from \(path)".escapingControlCharacters())
        write(Report.headline(of: session.state))
        write(Report.drawing(of: session.state, options: drawingOptions))
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .run(let path):
      return runScript(path, location: location)
    case .reset:
      do {
        try refuseWhileRecording("reset")
        session.reset()
        write(
          "reset: no events; \(session.configuration.device.name), "
            + session.configuration.profile.rawValue)
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .device(let device):
      guard let device else {
        writeLines(Help.devices(current: session.configuration.device))
        return .done
      }
      return reconfigure("device", location: location, expected: expected) { $0.device = device }
    case .profile(let profile):
      guard let profile else {
        writeLines(Help.profiles(current: session.configuration.profile))
        return .done
      }
      return reconfigure("profile", location: location, expected: expected) {
        $0.profile = profile
      }
    case .quit:
      return .quit
    case .nothing:
      break
    }
    return .done
  }

  private func apply(_ event: Event, at t: Milliseconds, location: String?, dryRun: Bool)
    -> LineResult
  {
    var next = session
    let outcome: Outcome
    do {
      outcome = try next.apply(event, at: t)
    } catch {
      return fail(
        error.description, hint: error.reason.hint, location: location, expected: dryRun)
    }
    if dryRun { return .done }
    if let recorder {
      do {
        try recorder.record(outcome.entry)
      } catch {
        return fail(
          .journalWrite(path: recorder.path, why: error.message), location: location,
          expected: false)
      }
    }
    let before = session.state
    session = next
    writeLines(
      Report.event(
        outcome, before: before, after: session.state, options: drawingOptions))
    return .done
  }

  /// Folds the events again under the configuration `change` makes.
  private func reconfigure(
    _ command: String, location: String?, expected: Bool,
    change: (inout Configuration) -> Void
  ) -> LineResult {
    var configuration = session.configuration
    change(&configuration)
    do {
      try refuseWhileRecording(command)
      try session.reconfigure(configuration)
    } catch {
      return fail(error, location: location, expected: expected)
    }
    write(
      "\(configuration.device.name), \(configuration.profile.rawValue): "
        + "\(session.seq) events folded again")
    write(Report.headline(of: session.state))
    write(Report.drawing(of: session.state, options: drawingOptions))
    return .done
  }

  private func refuseSavingOverRecording(_ path: String) throws(SessionError) {
    if let recorder, TextFile.isSameFile(path, recorder.path) {
      throw .saveOverRecording(path: path)
    }
  }

  private func refuseWhileRecording(_ command: String) throws(SessionError) {
    if let recorder { throw .recording(path: recorder.path, command: command) }
  }

  private func runScript(_ path: String, location: String?) -> LineResult {
    guard !runningScripts.contains(path) else {
      return fail(.nestedRun(path: path), location: location, expected: false)
    }
    let text: String
    do {
      text = try TextFile.read(path)
    } catch {
      return fail(error, location: location, expected: false)
    }
    runningScripts.append(path)
    defer { runningScripts.removeLast() }
    var reader = ScriptLineReader(text: text)
    let summary = run(&reader, source: path, keepGoing: false)
    return summary.failures == 0 ? .done : .failed
  }

  /// The completions of `line` (the text before the cursor) in the current session.
  public func completions(for line: String) -> Completion {
    Completion.of(line, in: session)
  }
}
