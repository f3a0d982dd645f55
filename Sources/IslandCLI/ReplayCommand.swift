import Foundation
import IslandCore
import IslandDrawing
import IslandJournal

/// `island replay FILE... [--format text|json|jsonl] [--until SEQ] [--color]`: folds a journal and prints
/// the state after its last event (or after event SEQ): `text` draws the island, `json` is
/// the state's JSON contract (indented), `jsonl` one compact state per event (a timeline).
/// Several journals are replayed in parallel, on every core, and printed in the order given,
/// each after a `==> FILE <==` line.
enum ReplayCommand {
  static let usage =
    "usage: island replay FILE... [--format text|json|jsonl] [--until SEQ] [--color]"

  /// How the state is printed.
  enum Format: String, CaseIterable {
    /// The drawing of the island.
    case text
    /// The final state as indented JSON.
    case json
    /// One compact JSON state per event.
    case jsonl
  }

  static func run(_ arguments: [String]) -> Int32 {
    let paths: [String]
    let format: Format
    let until: Int?
    do throws(UsageError) {
      let list = try ArgumentList(arguments, valued: ["--format", "--until"])
      if list.has("--help") || list.has("-h") {
        print(usage)
        return ExitCode.ok
      }
      if let unknown = list.unknownOption(known: ["--format", "--until", "--color"]) {
        throw UsageError.unknownOption(unknown)
      }
      guard !list.positional.isEmpty else {
        throw UsageError.arguments("expected a journal")
      }
      paths = list.positional
      let formatName = list.value("--format") ?? Format.text.rawValue
      guard let parsed = Format(rawValue: formatName) else {
        throw UsageError.invalidValue(
          option: "--format", value: formatName, expected: "text, json or jsonl")
      }
      format = parsed
      until = try list.value("--until").map { (text) throws(UsageError) -> Int in
        guard let seq = Int(text), seq >= 0 else {
          throw UsageError.invalidValue(
            option: "--until", value: text, expected: "a seq (0, 1, 2, ...)")
        }
        return seq
      }
    } catch {
      StandardStream.report("island replay: \(error.message)\n\(usage)")
      return ExitCode.usage
    }

    // Colour only when asked for, and never when NO_COLOR is set.
    let color =
      arguments.contains("--color") && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    guard paths.count > 1 else {
      var output = StandardStream.output
      var errors = StandardStream.error
      return replay(paths[0], format: format, until: until, color: color, to: &output, &errors)
    }
    // Each journal into buffers of its own, on every core; then printed in order.
    let results = ReplayResults(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      var output = StandardStream.buffer()
      var errors = StandardStream.buffer()
      let status = replay(
        paths[index], format: format, until: until, color: color, to: &output, &errors)
      results.set(index, (output, errors, status))
    }
    var status = ExitCode.ok
    var output = StandardStream.output
    var errors = StandardStream.error
    for (index, path) in paths.enumerated() {
      guard let result = results.get(index) else { continue }
      output.line("==> \(path.escapingControlCharacters()) <==")
      output.append(result.output)
      output.flush()
      errors.append(result.errors)
      errors.flush()
      if status == ExitCode.ok { status = result.status }
    }
    return status
  }

  /// Replays the journal at `path`, writing what it prints to `output` and its errors and
  /// warnings to `errors`; returns the exit code.
  static func replay(
    _ path: String, format: Format, until: Int?, color: Bool, to output: inout StandardStream,
    _ errors: inout StandardStream
  ) -> Int32 {
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
          writer.write(state.json)
          lines.line(bytes: writer.bytes)
        }
      replay = try Journal.replay(path: path, until: until, onEvent: timeline)
    } catch {
      output.flush()
      errors.line(error.description)
      errors.flush()
      return error.exitCode
    }
    for warning in replay.warnings { errors.line(warning.description) }
    errors.flush()
    if let until, replay.state.seq < until {
      output.flush()
      errors.line(
        ("island replay: --until \(until) is past the last event of \(path) "
          + "(seq \(replay.state.seq))").escapingControlCharacters())
      errors.flush()
      return ExitCode.usage
    }
    switch format {
    case .text:
      output.line(IslandDrawing.draw(replay.state, options: color ? .colored : .plain))
    case .json:
      output.line(replay.state.json.indentedText)
    case .jsonl:
      break
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

  func set(_ index: Int, _ result: Result) { lock.withLock { results[index] = result } }
  func get(_ index: Int) -> Result? { lock.withLock { results[index] } }
}
