import Foundation
import IslandCore
import IslandDrawing
import IslandJournal
import IslandPictures
import IslandREPL

/// `island replay FILE... [--format text|json|jsonl|svg|png] [--until SEQ] [--color[=WHEN]]
/// [--columns N] [--scale N] [--dark]`: folds a journal and prints the state after its last
/// event (or after event SEQ): `text` draws the island, `json` is the state's JSON contract
/// (indented), `jsonl` one compact state per event (a timeline), `svg` and `png` a picture
/// (one journal; `--scale N`, `--dark`). `-` reads a journal from standard input. Several
/// journals are replayed in parallel, on every core, and printed in the order given: as text
/// each after a `==> FILE <==` line; as JSON one document per journal, `{"file": ...,
/// "state": ...}` (or `"error"`), so that `jq` reads the stream. Expected timelines
/// (`*.expected.jsonl`) are skipped, as `island check DIR` skips them.
enum ReplayCommand {
  static var usage: String { IslandCommandLine.subcommand("replay")?.usageLine() ?? "" }

  /// From this size on, a replay on a terminal shows its progress.
  static let progressFrom = 32 << 20

  /// How the state is printed.
  enum Format: String, CaseIterable {
    /// The drawing of the island.
    case text
    /// The final state as indented JSON.
    case json
    /// One compact JSON state per event.
    case jsonl
    /// A picture of the state, as SVG.
    case svg
    /// A picture of the state, as PNG (through librsvg).
    case png
  }

  static func run(_ arguments: [String]) -> Int32 {
    let reference = IslandCommandLine.subcommand("replay")
    var paths: [String]
    let format: Format
    let until: Int?
    let colorChoice: ColorChoice
    let forcedColumns: Int?
    let picture: PictureOptions
    let budget: Int??
    do throws(UsageError) {
      let list = try ArgumentList(
        arguments, valued: reference?.valuedOptions ?? [],
        optionalValue: reference?.optionalValueOptions ?? [])
      if let unknown = list.unknownOption(known: reference?.optionNames ?? []) {
        throw UsageError.unknownOption(
          unknown, suggestion: reference?.suggestion(forOption: unknown))
      }
      guard !list.positional.isEmpty else {
        throw UsageError.arguments("expected a journal")
      }
      paths = list.positional
      let formatName = list.value("--format") ?? Format.text.rawValue
      guard let parsed = Format(rawValue: formatName) else {
        throw UsageError.invalidValue(
          option: "--format", value: formatName, expected: "text, json, jsonl, svg or png")
      }
      format = parsed
      picture = try PictureSupport.options(list)
      if format == .svg || format == .png, paths.count > 1 {
        throw UsageError.arguments("--format \(format.rawValue) pictures one journal at a time")
      }
      if format == .png, PictureSupport.outputIsTerminal {
        throw UsageError.arguments(
          "--format png writes binary data: redirect it to a file (> island.png)")
      }
      until = try list.value("--until").map { (text) throws(UsageError) -> Int in
        guard let seq = Int(text), seq >= 0 else {
          throw UsageError.invalidValue(
            option: "--until", value: text, expected: "a seq (0, 1, 2, ...)")
        }
        return seq
      }
      colorChoice = try ColorChoice.parse(list)
      forcedColumns = try list.columns()
      // A push log's priority budget ("what if my budget were N").
      budget = try PushCommand.budgetOption(list)
    } catch {
      StandardStream.report("island replay: \(error.message)\n\(usage)")
      return ExitCode.usage
    }
    // A shell's `Journals/*.jsonl` names the expected timelines too: they are not journals.
    let expected = paths.filter { $0.hasSuffix(".expected.jsonl") }
    if !expected.isEmpty {
      paths.removeAll { $0.hasSuffix(".expected.jsonl") }
      let noun =
        expected.count == 1 ? "an expected timeline" : "\(expected.count) expected timelines"
      StandardStream.report(
        "island replay: skipped \(noun) (*.expected.jsonl: the states a journal must give, "
          + "not a journal)")
      if paths.isEmpty { return ExitCode.usage }
    }
    var standardInput: StandardInputFile?
    if paths.contains("-") {
      do {
        standardInput = try StandardInputFile()
      } catch {
        StandardStream.report("island replay: \(error)")
        return ExitCode.ioError
      }
    }
    defer { standardInput?.remove() }
    let sources = paths.map { path in
      JournalSource(
        name: path == "-" ? "<stdin>" : path,
        path: path == "-" ? standardInput?.path ?? path : path,
        budget: budget)
    }
    let look = Look(
      color: colorChoice.wanted(isTerminal: isatty(STDOUT_FILENO) == 1),
      columns: forcedColumns ?? TerminalWidth.columns())
    let wrapped = paths.count > 1 && format != .text
    guard sources.count > 1 else {
      let source = sources[0]
      // A long replay on a terminal shows how far it has read, on standard error; what it
      // prints is held until the progress line is gone (a timeline to the terminal is not).
      let size = FileSystemSize.of(source.path)
      guard isatty(STDERR_FILENO) == 1, size >= ReplayCommand.progressFrom,
        format != .jsonl || isatty(STDOUT_FILENO) == 0
      else {
        var output = StandardStream.output
        var errors = StandardStream.error
        return replay(
          source, format: format, until: until, look: look, wrapped: wrapped, picture: picture,
          to: &output, &errors)
      }
      let held = format != .jsonl
      let (collected, status) = ReadProgress.showing(source.name, path: source.path, size: size) {
        var output = held ? StandardStream.buffer() : StandardStream.output
        var errors = StandardStream.buffer()
        let status = replay(
          source, format: format, until: until, look: look, wrapped: wrapped, picture: picture,
          to: &output, &errors)
        return ((output, errors), status)
      }
      var output = StandardStream.output
      var errors = StandardStream.error
      output.append(collected.0)
      output.flush()
      errors.append(collected.1)
      errors.flush()
      return status
    }
    // Each journal into buffers of its own, on every core; then printed in order.
    let results = ReplayResults(count: sources.count)
    let progress = isatty(STDERR_FILENO) == 1 && sources.count >= 8 ? Progress() : nil
    let started = ContinuousClock.now
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: sources.count) { index in
        var output = StandardStream.buffer()
        var errors = StandardStream.buffer()
        let status = replay(
          sources[index], format: format, until: until, look: look, wrapped: wrapped,
          picture: picture, to: &output, &errors)
        results.set(index, (output, errors, status))
      }
      finished.signal()
    }
    while finished.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
      progress?.show("replay", done: results.count, of: sources.count, since: started)
    }
    progress?.clear()
    var status = ExitCode.ok
    var output = StandardStream.output
    var errors = StandardStream.error
    for (index, source) in sources.enumerated() {
      guard let result = results.get(index) else { continue }
      if format == .text { output.line("==> \(TerminalText.quoted(source.name)) <==") }
      output.append(result.output)
      output.flush()
      errors.append(result.errors)
      errors.flush()
      if status == ExitCode.ok { status = result.status }
    }
    return status
  }

  /// A journal to replay: the name it is reported by, and where it is read from.
  struct JournalSource: Sendable {
    var name: String
    var path: String
    /// For a push log: the priority budget that overrides its header's, if given.
    var budget: Int?? = nil
  }

  /// How a drawing looks: colour, and the columns it must fit.
  struct Look: Sendable {
    var color: Bool
    var columns: Int?

    func options(for state: IslandState) -> DrawingOptions {
      var options = color ? DrawingOptions.colored : .plain
      if let columns {
        options.pointsPerColumn = Report.pointsPerColumn(
          fitting: columns, device: state.configuration.device, atLeast: 4)
      }
      return options
    }
  }

  /// Replays the journal at `path`, writing what it prints to `output` and its errors and
  /// warnings to `errors`; returns the exit code.
  static func replay(
    _ source: JournalSource, format: Format, until: Int?, look: Look, wrapped: Bool,
    picture: PictureOptions, to output: inout StandardStream, _ errors: inout StandardStream
  ) -> Int32 {
    let path = source.path
    let replay: JournalReplay
    do throws(JournalError) {
      // Only the timeline looks at every event: without it, replay makes no outcomes.
      var lines = output
      defer { output = lines }
      let timeline: ((LogEntry, Outcome, IslandState) -> Void)? =
        format != .jsonl
        ? nil
        : { _, _, state in
          var writer = JSONWriter()
          writer.write(wrapped ? ["file": .string(source.name), "state": state.json] : state.json)
          lines.line(bytes: writer.bytes)
        }
      replay =
        try PushCommand.isPushLog(path)
        ? PushCommand.replay(path, until: until, budget: source.budget, onEvent: timeline)
        : Journal.replay(path: path, until: until, onEvent: timeline)
    } catch {
      let message =
        source.path == source.name
        ? error.description
        : error.description.replacingOccurrences(of: source.path, with: source.name)
      if wrapped {
        var writer = JSONWriter()
        writer.write(["file": .string(source.name), "error": .string(message)])
        output.line(bytes: writer.bytes)
      }
      output.flush()
      errors.line(message)
      errors.flush()
      return error.exitCode
    }
    for warning in replay.warnings {
      errors.line(warning.description.replacingOccurrences(of: source.path, with: source.name))
    }
    errors.flush()
    if let until, replay.state.seq < until {
      output.flush()
      errors.line(
        "island replay: --until \(until) is past the last event of \(source.name) "
          + "(seq \(replay.state.seq))")
      errors.flush()
      return ExitCode.usage
    }
    switch format {
    case .text:
      output.line(IslandDrawing.draw(replay.state, options: look.options(for: replay.state)))
    case .json:
      let state = replay.state.json
      output.line(
        wrapped
          ? JSONValue.object([("file", .string(source.name)), ("state", state)]).indentedText
          : state.indentedText)
    case .jsonl:
      break
    case .svg:
      output.line(String(IslandPicture.svg(replay.state, options: picture).dropLast()))
    case .png:
      do throws(PictureSupport.Failure) {
        output.bytes(
          try PictureSupport.png(fromSVG: IslandPicture.svg(replay.state, options: picture)))
      } catch {
        errors.line("island replay: \(error.message)")
        errors.flush()
        return error.exitCode
      }
    }
    output.flush()
    return ExitCode.ok
  }
}

/// The results of replays run in parallel, each set once from its own thread.
private final class ReplayResults: @unchecked Sendable {
  typealias Result = (output: StandardStream, errors: StandardStream, status: Int32)
  private let lock = NSLock()
  private var results: [Result?]

  init(count: Int) { results = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: Result) {
    lock.withLock {
      results[index] = result
      finished += 1
    }
  }
  /// How many are set.
  var count: Int { lock.withLock { finished } }
  private var finished = 0
  func get(_ index: Int) -> Result? { lock.withLock { results[index] } }
}
