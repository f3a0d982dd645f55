import IslandCore
import IslandDrawing
import IslandJournal
import IslandPictures
import IslandPush

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
  /// The columns the drawing must fit (the terminal's width, or `--columns N`), asked at
  /// each drawing; nil keeps ``drawingOptions``' scale.
  public var columns: () -> Int? = { nil }
  /// Asked before each line of a script (`run FILE` in the session, or the lines `island
  /// run` reads): true stops the script there, keeping the events before it. The terminal
  /// answers whether Ctrl-C was pressed.
  public var isInterrupted: () -> Bool = { false }
  /// Reads the layout file of `start --layout @FILE`, and the warnings to show. The `island`
  /// command sets one that reads SwiftUI (`.swift`) and JSON; by default, JSON only
  /// (``LayoutFile/read(_:)``).
  public var layoutFiles: (String) throws(SessionError) -> (layout: Layout, warnings: [String]) = {
    path throws(SessionError) in (try LayoutFile.read(path), [])
  }
  private let write: (String) -> Void
  private var runningScripts: [String] = []
  /// Whether events were accepted (or the session reconfigured) since the last `save`,
  /// `load` or `reset`: what leaving would lose, when no journal records them.
  private var hasUnsavedChanges = false
  private var warnedAboutUnsavedChanges = false

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
  /// On a device without an island, the mode is `no-island` (an idle island would say there
  /// is nothing live).
  public var prompt: String {
    let mode =
      session.configuration.device.hasIsland ? session.state.mode.rawValue : "no-island"
    return "island[\(session.seq) \(mode)]> "
  }

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
  /// failure unless `keepGoing`, or when ``isInterrupted`` says so. When a person types them,
  /// the first `quit` (or end of input) with events that are neither saved nor recorded
  /// says so and stays; the next one leaves.
  public func run(_ reader: inout some LineReader, source: String, keepGoing: Bool) -> Summary {
    var summary = Summary(failures: 0, stoppedAt: nil)
    var number = 0
    let interactive = reader.isInteractive
    while true {
      if !interactive && isInterrupted() {
        write(
          "interrupted: \(source) stopped before line \(number + 1); the events before it are kept")
        summary.failures += 1
        summary.stoppedAt = number + 1
        break
      }
      guard let line = reader.readLine(prompt: prompt) else {
        if interactive && warnAboutUnsavedChanges() { continue }
        break
      }
      number += 1
      if !interactive { echo(line) }
      let result = execute(line, location: interactive ? nil : "\(source):\(number)")
      if result == .quit {
        if interactive && warnAboutUnsavedChanges() { continue }
        break
      }
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

  /// Says, once, that leaving loses the session's events; whether it did.
  private func warnAboutUnsavedChanges() -> Bool {
    guard recorder == nil, hasUnsavedChanges, session.seq > 0, !warnedAboutUnsavedChanges
    else { return false }
    warnedAboutUnsavedChanges = true
    let events = session.seq == 1 ? "1 event is" : "\(session.seq) events are"
    write(
      "\(events) not saved: `save FILE` writes them as a journal (or start with "
        + "`island --journal FILE`); quit again, or Ctrl-D, to leave without them")
    return true
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

  /// ``drawingOptions``, at the scale that fits ``columns`` on `state`'s device.
  private func options(for state: IslandState) -> DrawingOptions {
    guard let columns = columns() else { return drawingOptions }
    var options = drawingOptions
    options.pointsPerColumn = Report.pointsPerColumn(
      fitting: columns, device: state.configuration.device,
      atLeast: drawingOptions.pointsPerColumn)
    return options
  }

  /// `event` with a start's `--layout @FILE` replaced by the layout the file holds (read by
  /// ``layoutFiles``, its warnings shown), so that the journal records the layout itself and
  /// replays without the file.
  private func resolvingLayoutFile(_ event: Event) throws(SessionError) -> Event {
    guard case .start(var start) = event, case .named(let name)? = start.layout,
      let path = LayoutFile.path(of: name)
    else { return event }
    let loaded = try layoutFiles(path)
    writeLines(loaded.warnings)
    start.layout = .inline(loaded.layout)
    return .start(start)
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
      do {
        return apply(try resolvingLayoutFile(event), at: t, location: location, dryRun: expected)
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .show:
      write(Report.headline(of: session.state))
      write(Report.drawing(of: session.state, options: options(for: session.state)))
    case .showSVG(let path):
      do {
        try TextFile.write(IslandPicture.svg(session.state), to: path)
        write("wrote \(path): " + IslandPicture.caption(of: session.state))
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .state:
      write(Report.json(of: session.state))
    case .log:
      writeLines(Report.log(of: session))
    case .at(let seq):
      do {
        let state = try session.state(after: seq)
        write(Report.headline(of: state))
        write(Report.drawing(of: state, options: options(for: state)))
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
        hasUnsavedChanges = false
        warnedAboutUnsavedChanges = false
        write("saved \(session.seq) events to \(path)".escapingControlCharacters())
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .load(let path):
      do {
        try refuseWhileRecording("load")
        let (loaded, warnings) = try Journals.load(path)
        session = loaded
        hasUnsavedChanges = false
        writeLines(warnings.map { "warning: \($0)".escapingControlCharacters() })
        write("loaded \(session.seq) events from \(path)".escapingControlCharacters())
        write(Report.headline(of: session.state))
        write(Report.drawing(of: session.state, options: options(for: session.state)))
      } catch {
        return fail(error, location: location, expected: expected)
      }
    case .run(let path):
      return runScript(path, location: location)
    case .push(let path):
      return applyPushes(path, location: location, expected: expected)
    case .reset:
      do {
        try refuseWhileRecording("reset")
        session.reset()
        hasUnsavedChanges = false
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
    // Applied to the session in place, in time independent of its length: a rejected event
    // changes nothing, and the rare accepted one that must not stay (a line that had to
    // fail, a journal that cannot be written) is taken back by folding the others again.
    let phasesBefore = Report.phases(of: session.state)
    let outcome: Outcome
    do {
      outcome = try session.apply(event, at: t)
    } catch {
      return fail(
        error.description, hint: error.reason.hint, location: location, expected: dryRun)
    }
    if dryRun {
      session.removeLast()
      return .done
    }
    if let recorder {
      do {
        try recorder.record(outcome.entry)
      } catch {
        session.removeLast()
        return fail(
          .journalWrite(path: recorder.path, why: error.message), location: location,
          expected: false)
      }
    }
    hasUnsavedChanges = true
    writeLines(
      Report.event(
        outcome, phasesBefore: phasesBefore, after: session.state,
        options: options(for: session.state)))
    return .done
  }

  /// `push FILE`: the push log's events, read and applied on a copy first (an error applies
  /// nothing), then applied (and recorded) one by one.
  private func applyPushes(_ path: String, location: String?, expected: Bool) -> LineResult {
    let pushed: (entries: [LogEntry], state: IslandState, warnings: [JournalWarning])
    do {
      pushed = try PushLog.apply(path: path, to: session.state, offset: session.state.t)
    } catch {
      return fail(.journal(error), location: location, expected: expected)
    }
    if expected { return .done }
    writeLines(pushed.warnings.map(\.description))
    for entry in pushed.entries {
      if case .failed = apply(entry.event, at: entry.t, location: location, dryRun: false) {
        return .failed
      }
    }
    write("pushed \(pushed.entries.count) events from \(path)")
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
    hasUnsavedChanges = hasUnsavedChanges || session.seq > 0
    write(
      "\(configuration.device.name), \(configuration.profile.rawValue): "
        + "\(session.seq) events folded again")
    write(Report.headline(of: session.state))
    write(Report.drawing(of: session.state, options: options(for: session.state)))
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
