import Foundation
import IslandCore
import IslandJournal
import IslandProperties

// island-bench: the benchmarks of issue 12, on a release build.
//
//   island-bench [--quick] [--runs N] [--workload NAME]... [--island PATH] [--dir DIR]
//       the whole benchmark: a table per workload, and each target met or not
//   island-bench digest [N]     a fingerprint of every observable result of folding N
//                               generated events (to check that optimisations change nothing)
//   island-bench gen-digest [N] a fingerprint of the fuzz cases of seeds 0..<N (3000) under
//                               several options (to check that the generator is unchanged)
//   island-bench fuzz [N] [--all] 50-event fuzz cases per second: generated and folded (and
//                               with --all: folded alone, with the invariants checked, and
//                               checked by PropertyRunner, which generates and checks at once)
//   island-bench fuzz-rates     the same, each over a second, as two numbers (what the
//                               whole benchmark runs in a fresh copy of itself)
//   island-bench fold N [R] [WORKLOAD]
//                               folds N generated events R times (for profilers)
//   island-bench waiting W [N] [R]
//                               folds N events (100k) R times (5) after W ended activities
//                               were left waiting for dismissal (for profilers: the cost of an
//                               event against the activities waiting)
//   island-bench replay-parts FILE [WORKLOAD]
//                               a replay of FILE (written by WORKLOAD) against its parts: its
//                               decoding, the fold of its decoded entries and of generated ones
//   island-bench write N FILE [WORKLOAD]
//                               writes the first N events of a workload (mixed, default-layout,
//                               wide-content, scripts, lock-screen, distinct-ids)

let arguments = Array(CommandLine.arguments.dropFirst())

// An error (a journal that cannot be read, a bad argument) is told on standard error, with
// exit status 1, not left to the runtime, which would report it as a crash.
do {
  switch arguments.first {
  case "measure-child":
    measureChild(Array(arguments.dropFirst()))
  case "digest":
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
    print(Digest.report(count: count))
  case "reference": referenceRun(Array(arguments.dropFirst()))
  case "gen-digest":
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 3_000
    print(GenerationDigest.report(count: count))
  case "fold":
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
    let repeats = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5
    let kind = arguments.dropFirst(3).first.flatMap { WorkloadKind(rawValue: $0) } ?? .mixed
    var generator = kind.generator(seed: 42)
    var entries = generator.generate(count)
    var seconds: [Double] = []
    var applied: [Double] = []
    var folded = IslandState()
    for _ in 0..<repeats {
      seconds.append(time { folded = foldAll(&entries) })
      applied.append(time { _ = applyAll(entries) })
    }
    print(
      "folded \(count) events: \(String(format: "%.2f", Double(count) / median(seconds) / 1e6))"
        + " M events/s, applied with outcomes:"
        + " \(String(format: "%.2f", Double(count) / median(applied) / 1e6)) M events/s"
        + " (median of \(repeats)); \(folded.warnings.count) warnings,"
        + " \(folded.effects.count) effects, \(folded.activities.count) activities kept")
  case "decode":
    for _ in 0..<3 {
      let seconds = try time { _ = try decodeAll(arguments[1]) }
      print("decoded in \(String(format: "%.3f", seconds)) s")
    }
  case "fuzz-rates":
    let rates = fuzzingRates(seconds: 1)
    print("\(rates.generated) \(rates.checked)")
  case "fuzz":
    let options = GenerationOptions.fiftyEvents
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 5_000
    let seconds = time {
      for seed in 0..<UInt64(count) { _ = EventGenerator.generate(seed: seed, options: options) }
    }
    print("\(Int(Double(count) / seconds)) cases of 50 events/s generated and folded")
    if arguments.dropFirst(2).first == "--all" {
      // Each case folded again right after it is generated, both timed case by case so that a
      // change of load on the machine falls on both alike: the difference is the generator's
      // own cost.
      var generating = 0.0
      var folding = 0.0
      for seed in 0..<UInt64(count) {
        var fuzzCase: FuzzCase?
        generating += time { fuzzCase = EventGenerator.generate(seed: seed, options: options) }
        if let fuzzCase { folding += time { _ = foldCase(fuzzCase) } }
      }
      print("\(Int(Double(count) / folding)) cases of 50 events/s folded alone")
      let own = (generating - folding) / Double(count * 50) * 1e9
      print("\(Int(own)) ns of the generator's own per event")
      let checking = time {
        for seed in 0..<UInt64(count) {
          let fuzzCase = Property.invariants.makeCase(seed: seed, options: options)
          _ = Property.invariants.check(fuzzCase)
        }
      }
      print("\(Int(Double(count) / checking)) cases of 50 events/s with invariants checked")
      let runner = PropertyRunner(property: .invariants, options: options)
      let running = time { _ = runner.run(seed: 1, runs: count) }
      print("\(Int(Double(count) / running)) cases of 50 events/s checked by the runner (one pass)")
    }
  case "waiting":
    guard let waiting = arguments.dropFirst().first.flatMap({ Int($0) }) else {
      print("usage: island-bench waiting W [N] [R]")
      exit(64)
    }
    let count = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100_000
    let repeats = arguments.dropFirst(3).first.flatMap { Int($0) } ?? 5
    var workload = WaitingWorkload(waiting: waiting, seed: 1)
    let (prefix, generated) = workload.generate(count)
    var events = consume generated
    let seconds = median((0..<repeats).map { _ in secondsPerEvent(&events, from: prefix) })
    print(
      "folded \(events.count) events after \(waiting) waiting:"
        + " \(String(format: "%.0f", seconds * 1e9)) ns an event"
        + " (median of \(repeats))")
  case "replay-parts":
    guard (2...3).contains(arguments.count) else {
      print("usage: island-bench replay-parts FILE [WORKLOAD]")
      exit(64)
    }
    let kind = arguments.dropFirst(2).first.flatMap { WorkloadKind(rawValue: $0) } ?? .mixed
    try replayParts(arguments[1], kind: kind)
  case "write":
    guard (3...4).contains(arguments.count), let count = Int(arguments[1]) else {
      print("usage: island-bench write N FILE [WORKLOAD]")
      exit(64)
    }
    let kind = arguments.dropFirst(3).first.flatMap { WorkloadKind(rawValue: $0) } ?? .mixed
    var generator = kind.generator(seed: 42)
    try JournalFiles.write(generator.generate(count), to: arguments[2])
  default:
    var benchmark = try Benchmark(arguments: arguments)
    try benchmark.run()
  }
} catch {
  FileHandle.standardError.write(Data("island-bench: \(error)\n".utf8))
  exit(1)
}

/// Folds `entries` through the reducer (``IslandState/fold(_:at:)``), as a replay does, from
/// `start` (an empty island unless given).
@inline(never)
func foldAll(_ entries: inout [LogEntry], from start: IslandState = IslandState()) -> IslandState {
  var state = start
  fold(&entries, entries.indices, into: &state)
  return state
}

/// Folds `entries[range]` into `state`.
@inline(__always)
func fold(_ entries: inout [LogEntry], _ range: Range<Int>, into state: inout IslandState) {
  // Each entry is moved out of the array for its fold and back after it, as `island replay`
  // does with its batches: what is timed is the reducer, not a copy of every entry (reading
  // an entry in place for a call that may change memory copies it whole).
  var entry = LogEntry(seq: 0, t: 0, event: .tick)
  for index in range {
    swap(&entry, &entries[index])
    try? state.fold(entry.event, at: entry.t)
    swap(&entry, &entries[index])
  }
}

/// Seconds an event of `entries` takes to fold from `start` once the state is its own: the
/// first `warming` entries are folded untimed, so that the copies a state still shared with
/// `start` makes on its first changes (every waiting activity, the id index, the timers, each
/// copied once) are not charged to the events timed. A replay never shares its state so; a
/// measurement that repeats from one prefix does, once a repeat.
@inline(never)
func secondsPerEvent(
  _ entries: inout [LogEntry], from start: IslandState, warming: Int = 1_000
) -> Double {
  var state = start
  let warmed = min(warming, entries.count)
  fold(&entries, 0..<warmed, into: &state)
  let seconds = time { fold(&entries, warmed..<entries.count, into: &state) }
  return seconds / Double(max(1, entries.count - warmed))
}

/// Applies `entries` with ``IslandState/apply(_:at:)``, which also makes each event's
/// outcome (a copy of the event, its effects and warnings), from an empty island.
@inline(never)
func applyAll(_ entries: [LogEntry]) -> IslandState {
  var state = IslandState()
  entries.withUnsafeBufferPointer { entries in
    for index in entries.indices {
      _ = try? state.apply(entries[index].event, at: entries[index].t)
    }
  }
  return state
}

/// Folds the steps of `fuzzCase` from its prefix, as the generator does: with
/// ``IslandState/fold(_:at:)``, which makes no outcome, so that the rest of the time generating
/// a case takes is the generator's own.
@inline(never)
func foldCase(_ fuzzCase: FuzzCase) -> IslandState {
  var state = fuzzCase.prefix.state
  for step in fuzzCase.steps { try? state.fold(step.event, at: step.t) }
  return state
}

/// Reads every entry of the journal at `path` without folding: the decoder alone.
@inline(never)
func decodeAll(_ path: String) throws -> Int {
  let reader = try JournalReader(path: path)
  var count = 0
  while let entry = try reader.next() { count &+= entry.seq & 1 }
  return count
}

/// The parts of a replay of the journal at `path`, a workload's (`kind`, seed 42), timed in
/// turns: decoding every entry into memory (once), folding those entries, folding the same
/// events as the generator makes them, and the whole replay (decoding on a second thread).
/// Whether the fold is slower on decoded entries, and what the replay costs beyond its halves.
func replayParts(_ path: String, kind: WorkloadKind) throws {
  let reader = try JournalReader(path: path)
  var decoded: [LogEntry] = []
  let decoding = try time { while let entry = try reader.next() { decoded.append(entry) } }
  var generator = kind.generator(seed: 42)
  var generated = generator.generate(decoded.count)
  print("decoded \(decoded.count) entries into memory in \(String(format: "%.3f", decoding)) s")
  for _ in 0..<3 {
    let foldDecoded = time {
      _ = foldAll(&decoded, from: IslandState(configuration: reader.header.configuration))
    }
    let foldGenerated = time { _ = foldAll(&generated) }
    let replay = try time { _ = try Journal.replay(path: path) }
    print(
      "fold of the decoded entries \(String(format: "%.3f", foldDecoded)) s, of the generated "
        + "\(String(format: "%.3f", foldGenerated)) s, replay \(String(format: "%.3f", replay)) s")
  }
}
