import Foundation
import IslandCore
import IslandJournal
import IslandProperties

/// The whole benchmark: generates the synthetic journals, measures, prints the table and the
/// targets of issue 7.
struct Benchmark {
  /// Journal sizes, in events.
  private var sizes = [10_000, 100_000, 1_000_000]
  /// Runs per measure (the median is reported).
  private var runs = 5
  /// The `island` executable measured as a child process.
  private var island = "../.build/release/island"
  /// Where the synthetic journals go.
  private var directory = ".build/bench-journals"

  private var results = Results()

  var resultsForReport: Results { results }
  var runsForReport: Int { runs }

  init(arguments: [String]) throws {
    var list = arguments[...]
    while let argument = list.popFirst() {
      switch argument {
      case "--quick":
        sizes = [10_000, 100_000]
        runs = 3
      case "--runs":
        guard let value = list.popFirst().flatMap({ Int($0) }), value > 0 else {
          throw ChildError(description: "--runs needs a positive number")
        }
        runs = value
      case "--island":
        guard let value = list.popFirst() else { throw ChildError(description: "--island PATH") }
        island = value
      case "--dir":
        guard let value = list.popFirst() else { throw ChildError(description: "--dir DIR") }
        directory = value
      default:
        throw ChildError(
          description: "unknown argument \(argument)\n"
            + "usage: island-bench [--quick] [--runs N] [--island PATH] [--dir DIR]")
      }
    }
    guard access(island, X_OK) == 0 else {
      throw ChildError(description: "no island executable at \(island) (build it: make release)")
    }
  }

  mutating func run() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    log("generating the synthetic workload (seed 42)")
    var workload = Workload(seed: 42)
    let all = workload.generate(sizes.max() ?? 0)
    var journals: [Int: String] = [:]
    for size in sizes + [10] {
      let path = "\(directory)/synthetic-\(Benchmark.label(size)).jsonl"
      try JournalFiles.write(Array(all.prefix(size)), to: path)
      journals[size] = path
    }

    for size in sizes {
      log("reducer in memory, \(Benchmark.label(size)) events")
      let entries = Array(all.prefix(size))
      // Folded and applied in turn, run by run, so that a change of load falls on both.
      var folded: [Double] = []
      var applied: [Double] = []
      for _ in 0..<runs {
        folded.append(time { _ = foldAll(entries) })
        applied.append(time { _ = applyAll(entries) })
      }
      results.reducer[size] = median(folded) / Double(size)
      results.apply[size] = median(applied) / Double(size)
    }

    log("cost of one event with 1 to 10 live activities")
    for live in [1, 2, 4, 6, 8, 10] {
      var steady = SteadyWorkload(live: live, seed: UInt64(live))
      let entries = steady.generate(200_000)
      let seconds = median((0..<runs).map { _ in time { _ = foldAll(entries) } })
      results.perLive.append((live, seconds / Double(entries.count)))
    }

    for size in sizes {
      guard let path = journals[size] else { continue }
      log("replay in process, \(Benchmark.label(size)) events")
      let seconds = try median(
        (0..<runs).map { _ in try time { _ = try Journal.replay(path: path) } })
      results.replay[size] = (seconds, JournalFiles.size(of: path))
    }

    for size in sizes {
      guard let path = journals[size], size != sizes.max() else { continue }
      log("island replay (cold process), \(Benchmark.label(size)) events")
      let children = try (0..<runs).map { _ in try runChild([island, "replay", path]) }
      try Benchmark.checkExit(children, "island replay \(path)")
      results.cold[size] = (
        median(children.map(\.seconds)), children.map(\.peakBytes).max() ?? 0
      )
    }

    if let largest = sizes.max(), let path = journals[largest] {
      try sideBySide(path: path, size: largest)
    }

    if let small = journals[10] {
      log("island replay start-up, 10 events")
      let children = try (0..<20).map { _ in try runChild([island, "replay", small]) }
      try Benchmark.checkExit(children, "island replay \(small)")
      results.startup = median(children.map(\.seconds))
    }

    log("fuzzing throughput")
    results.fuzz = fuzzing()

    print(report(journals: journals))
  }

  /// `island replay`, jq and a Python loop on the same journal, taking turns run by run so
  /// that a change of load on the machine falls on all three alike.
  private mutating func sideBySide(path: String, size: Int) throws {
    log("side by side on \(Benchmark.label(size)) events: island replay, jq, python3")
    var tools: [(name: String, arguments: [String])] = [
      ("island replay", [island, "replay", path])
    ]
    if commandExists("jq") { tools.append(("jq -c .", ["jq", "-c", ".", path])) }
    if commandExists("python3") {
      let loop = "import json,sys\nfor line in open(sys.argv[1]): json.loads(line)"
      tools.append(("python3 json.loads loop", ["python3", "-c", loop, path]))
    }
    var times = Array(repeating: [Double](), count: tools.count)
    var peak = 0
    for _ in 0..<runs {
      for (index, tool) in tools.enumerated() {
        let child = try runChild(tool.arguments)
        try Benchmark.checkExit([child], tool.arguments.joined(separator: " "))
        times[index].append(child.seconds)
        if index == 0 { peak = max(peak, child.peakBytes) }
      }
    }
    results.cold[size] = (median(times[0]), peak)
    results.tools = zip(tools, times).map { ($0.name, median($1)) }
  }

  /// Cases of exactly 50 events from IslandProperties' generator, per second on this
  /// thread: generated and folded, then also checked for the invariants after every event.
  private func fuzzing() -> (generated: Double, checked: Double) {
    var options = GenerationOptions(maximumLength: 50)
    options.minimumLength = 50
    func rate(_ body: (UInt64) -> Void) -> Double {
      var count: UInt64 = 0
      let start = monotonicSeconds()
      while monotonicSeconds() - start < 2 {
        for _ in 0..<100 {
          body(count)
          count += 1
        }
      }
      return Double(count) / (monotonicSeconds() - start)
    }
    let generated = rate { seed in
      _ = EventGenerator.generate(seed: seed, options: options)
    }
    // As `island fuzz` runs them: generated, folded once with the invariants checked after
    // every event, 100 cases a batch.
    let runner = PropertyRunner(property: .invariants, options: options)
    let checked = rate { seed in
      guard seed % 100 == 0 else { return }
      if let failure = runner.run(seed: seed, runs: 100).counterexample {
        FileHandle.standardError.write(Data("island-bench: fuzz case failed: \(failure)\n".utf8))
      }
    }
    return (generated, checked)
  }

  private static func checkExit(_ children: [ChildRun], _ command: String) throws {
    if let failed = children.first(where: { $0.status != 0 }) {
      throw ChildError(description: "\(command) exited with status \(failed.status)")
    }
  }

  private func log(_ message: String) {
    FileHandle.standardError.write(Data("· \(message)\n".utf8))
  }

  static func label(_ size: Int) -> String {
    size >= 1_000_000 && size % 1_000_000 == 0
      ? "\(size / 1_000_000)M" : size >= 1_000 && size % 1_000 == 0 ? "\(size / 1_000)k" : "\(size)"
  }
}

/// What the benchmark measured.
struct Results {
  /// Seconds per event of the reducer in memory (``IslandState/fold(_:at:)``), by journal
  /// size.
  var reducer: [Int: Double] = [:]
  /// Seconds per event of ``IslandState/apply(_:at:)`` (the reducer and each event's
  /// outcome), by journal size.
  var apply: [Int: Double] = [:]
  /// Seconds per event with so many live activities.
  var perLive: [(live: Int, seconds: Double)] = []
  /// In-process replay: seconds and file bytes, by journal size.
  var replay: [Int: (seconds: Double, bytes: Int)] = [:]
  /// `island replay` as a child process: seconds and peak memory in bytes, by journal size.
  var cold: [Int: (seconds: Double, peak: Int)] = [:]
  /// The side-by-side tools on the largest journal (the first is `island replay`).
  var tools: [(name: String, seconds: Double)] = []
  /// `island replay` of a 10-event journal, in seconds.
  var startup = Double.nan
  /// 50-event fuzz cases per second: generated and folded; and with invariants checked.
  var fuzz = (generated: Double.nan, checked: Double.nan)
}
