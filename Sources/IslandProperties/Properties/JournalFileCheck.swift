import Foundation
import IslandCore
import IslandJournal

/// The `journal-file` property: a case's log saved to a file as `save` writes it
/// (``Journal/write(header:entries:to:)``), then read back as `island check` reads it
/// (``Journal/replay(path:until:onEvent:)``), must fold to the same state, byte for byte; or
/// the writer must refuse it cleanly, naming the bound it would break, and leave no file.
///
/// Its cases sit at the edges of the journal's bounds, drawn from the case's seed: times at
/// the end of the clock (2^53 - 1 ms), policies of the largest numbers a header holds, the
/// fewest live activities, and a start whose line is within a few bytes of the longest a
/// reader takes (1 MiB).
enum JournalFileCheck {
  /// The case of `seed`: generated as every property's is, after an edge prefix (when the
  /// run has no prefix of its own) and with an edge event or two.
  static func makeCase(seed: UInt64, prefix: Prefix?, options: GenerationOptions) -> FuzzCase {
    var random = Xoshiro256StarStar(seed: SplitMix64.mix(seed ^ salt))
    let edge = prefix ?? edgePrefix(&random)
    var fuzzCase = EventGenerator.generate(seed: seed, prefix: edge, options: options)
    if random.chance(0.05) {
      let position = random.next(below: fuzzCase.steps.count + 1)
      let t = position < fuzzCase.steps.count ? fuzzCase.steps[position].t : edge.state.t
      let offset = Int(random.next(below: 9)) - 4
      fuzzCase.steps.insert(longLineStart(at: t, seq: position + 1, offset: offset), at: position)
    }
    return fuzzCase
  }

  private static let salt: UInt64 = 0x4A4F_5552_4E41_4C46

  /// An island to start from: empty, or at the end of the clock, under the default policy or
  /// one of the largest numbers, with the fewest activities or a payload limit that lets a
  /// line reach the reader's limit.
  private static func edgePrefix(_ random: inout Xoshiro256StarStar) -> Prefix {
    var policy = Policy()
    switch random.next(below: 5) {
    case 0:
      policy.maximumActiveDuration = EventBounds.largestTime
      policy.dismissalDelay = EventBounds.largestTime
      policy.alertDuration = EventBounds.largestTime
    case 1:
      policy.activitiesPerApp = 1
      policy.activitiesPerDevice = 1
    case 2:
      policy.payloadLimit = 2 * JournalFormat.maximumLineLength
    default:
      break
    }
    let configuration = Configuration(policy: policy)
    let offsets: [Milliseconds] = [0, 1, 2_200, 8 * 3_600_000, 12 * 3_600_000 + 1]
    guard random.chance(0.5), let offset = random.pick(offsets) else {
      return Prefix(configuration: configuration)
    }
    let tick = LogEntry(seq: 1, t: EventBounds.largestTime - offset, event: .tick)
    return (try? Prefix(entries: [tick], configuration: configuration))
      ?? Prefix(configuration: configuration)
  }

  /// A start whose journal line is `offset` bytes from the longest a reader takes.
  private static func longLineStart(at t: Milliseconds, seq: Int, offset: Int) -> Step {
    func start(_ padding: Int) -> Start {
      Start(
        activity: "long-line-\(seq)", app: "com.example.edge",
        state: ["pad": .string(String(repeating: "x", count: padding))])
    }
    let overhead = EventLine.encode(LogEntry(seq: seq, t: t, event: .start(start(0)))).utf8.count
    let padding = max(0, JournalFormat.maximumLineLength - overhead + offset)
    return Step(t: t, event: .start(start(padding)))
  }

  /// Checks the property on `fuzzCase`, folded as `run`.
  static func check(_ fuzzCase: FuzzCase, run: CaseRun) -> PropertyFailure? {
    func failure(_ kind: String, _ message: String) -> PropertyFailure {
      PropertyFailure(property: .journalFile, kind: kind, message: message)
    }
    let directory = FileManager.default.temporaryDirectory.path
    let path =
      directory + "/island-journal-file-\(getpid())-\(fuzzCase.seed)-"
      + "\(UInt64.random(in: 0...UInt64.max)).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let header = JournalHeader(configuration: fuzzCase.configuration)
    do {
      try Journal.write(header: header, entries: run.log.entries, to: path)
    } catch {
      switch error {
      case .outOfRange, .entryTooLong:
        // Refused, naming the bound: nothing may be left behind.
        guard !FileManager.default.fileExists(atPath: path) else {
          return failure("leftAFile", "the writer refused (\(error)) but left \(path)")
        }
        return nil
      default:
        return failure("unwritable", "the journal cannot be written: \(error)")
      }
    }
    let replay: JournalReplay
    do {
      replay = try Journal.replay(path: path)
    } catch {
      return failure("unreadable", "the journal saved cannot be checked: \(error)")
    }
    if !replay.warnings.isEmpty {
      return failure("warnings", "the journal saved reads with warnings: \(replay.warnings)")
    }
    if replay.state != run.log.state {
      return failure("statesDiffer", "the journal saved folds to another state")
    }
    if replay.state.json.compactText != run.log.state.json.compactText {
      return failure("jsonDiffers", "the journal saved folds to another state's JSON")
    }
    return nil
  }
}
