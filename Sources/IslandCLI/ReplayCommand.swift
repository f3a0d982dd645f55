import Foundation
import IslandCore
import IslandDrawing
import IslandJournal

/// `island replay FILE [--format text|json|jsonl] [--until SEQ]`: folds a journal and prints
/// the state after its last event (or after event SEQ): `text` draws the island, `json` is
/// the state's JSON contract (indented), `jsonl` one compact state per event (a timeline).
enum ReplayCommand {
  static let usage = "usage: island replay FILE [--format text|json|jsonl] [--until SEQ]"

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
    let path: String
    let format: Format
    let until: Int?
    do throws(UsageError) {
      let list = try ArgumentList(arguments, valued: ["--format", "--until"])
      if list.has("--help") || list.has("-h") {
        print(usage)
        return ExitCode.ok
      }
      if let unknown = list.unknownOption(known: ["--format", "--until"]) {
        throw UsageError.unknownOption(unknown)
      }
      guard list.positional.count == 1 else {
        throw UsageError.arguments("expected one journal, got \(list.positional.count)")
      }
      path = list.positional[0]
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

    var output = StandardStream.output
    let replay: JournalReplay
    do throws(JournalError) {
      // Only the timeline looks at every event: without it, replay makes no outcomes.
      let timeline: ((LogEntry, Outcome, IslandState) -> Void)? =
        format != .jsonl
        ? nil
        : { _, _, state in
          var writer = JSONWriter()
          writer.write(state.json)
          output.line(bytes: writer.bytes)
        }
      replay = try Journal.replay(path: path, until: until, onEvent: timeline)
    } catch {
      output.flush()
      StandardStream.report(error.description)
      return error.exitCode
    }
    for warning in replay.warnings { StandardStream.report(warning.description) }
    if let until, replay.state.seq < until {
      output.flush()
      StandardStream.report(
        "island replay: --until \(until) is past the last event of \(path) "
          + "(seq \(replay.state.seq))")
      return ExitCode.usage
    }
    switch format {
    case .text:
      let color = isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
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
