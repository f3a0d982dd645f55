import Foundation
import IslandCore
import IslandJournal
import IslandProperties

/// The whole benchmark: writes the set of workloads (``WorkloadKind``), measures each side
/// by side with jq and Python, prints the table and the targets of issue 12.
struct Benchmark {
  /// The events of each workload's journal (cold replay, reducer, peak memory).
  private(set) var size = 1_000_000
  /// The events of each workload's long journal (peak memory only).
  private var longSize = 5_000_000
  /// The events of the timeline (`--format jsonl`) whose peak memory is measured: a
  /// timeline prints the whole state after every event, so one of a million events is
  /// hundreds of gigabytes.
  private var timelineSize = 2_000
  /// Runs per measure (the median is reported).
  private var runs = 5
  /// Runs of the side-by-side comparison (each a cold process per tool).
  private var sideBySideRuns = 3
  /// The REPL scripts' lengths, in commands.
  private var scriptLengths = (short: 1_000, long: 20_000)
  var scriptLengthsForReport: (short: Int, long: Int) { scriptLengths }
  /// The numbers of activities waiting for dismissal the cost of an event is measured at.
  private var waitingCounts = [0, 5_000, 10_000, 20_000]
  /// The workloads measured.
  private var kinds = WorkloadKind.allCases
  /// The `island` executable measured as a child process.
  private var island = "../.build/release/island"
  /// Where the journals go.
  private var directory = ".build/bench-journals"

  private(set) var results = Results()

  init(arguments: [String]) throws {
    var list = arguments[...]
    while let argument = list.popFirst() {
      switch argument {
      case "--quick":
        size = 100_000
        longSize = 500_000
        runs = 3
        sideBySideRuns = 3
        scriptLengths = (1_000, 5_000)
        waitingCounts = [0, 5_000]
      case "--runs":
        guard let value = list.popFirst().flatMap({ Int($0) }), value > 0 else {
          throw ChildError(description: "--runs needs a positive number")
        }
        runs = value
        sideBySideRuns = value
      case "--workload":
        guard let value = list.popFirst(), let kind = WorkloadKind(rawValue: value) else {
          throw ChildError(
            description: "--workload needs one of "
              + WorkloadKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        kinds = kinds == WorkloadKind.allCases ? [kind] : kinds + [kind]
      case "--island":
        guard let value = list.popFirst() else { throw ChildError(description: "--island PATH") }
        island = value
      case "--dir":
        guard let value = list.popFirst() else { throw ChildError(description: "--dir DIR") }
        directory = value
      default:
        throw ChildError(
          description: "unknown argument \(argument)\n"
            + "usage: island-bench [--quick] [--runs N] [--workload NAME]... [--island PATH]"
            + " [--dir DIR]")
      }
    }
    guard access(island, X_OK) == 0 else {
      throw ChildError(description: "no island executable at \(island) (build it: make release)")
    }
  }

  var labels: (size: String, long: String, timeline: String) {
    (Benchmark.label(size), Benchmark.label(longSize), Benchmark.label(timelineSize))
  }

  mutating func run() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for kind in kinds {
      log("\(kind.rawValue): writing \(labels.size) and \(labels.long) events")
      var files = try JournalFiles.writeWorkload(
        kind, sizes: (size, longSize), directory: directory)
      var result = WorkloadResult(kind: kind, bytes: JournalFiles.size(of: files.short))
      result.waitingAtEnd = files.waiting

      log("\(kind.rawValue): the reducer (fold), \(labels.size) events")
      result.foldSeconds = median((0..<runs).map { _ in time { _ = foldAll(&files.entries) } })
      files.entries = []

      log("\(kind.rawValue): island replay, jq, python3 json and orjson, runs interleaved")
      result.tools = try sideBySide(path: files.short)

      log("\(kind.rawValue): peak memory, every format")
      for format in ["text", "json"] {
        for (label, path) in [(labels.size, files.short), (labels.long, files.long)] {
          let child = try runChild([island, "replay", path, "--format", format])
          try Benchmark.checkExit([child], "island replay \(path) --format \(format)")
          result.peaks.append(("\(format) \(label)", child.peakBytes))
        }
      }
      let timeline = try runChild([
        island, "replay", files.short, "--format", "jsonl", "--until", "\(timelineSize)",
      ])
      try Benchmark.checkExit([timeline], "island replay \(files.short) --format jsonl")
      result.peaks.append(("jsonl \(labels.timeline)", timeline.peakBytes))
      results.workloads.append(result)
    }

    log("the cost of an event with activities waiting for dismissal")
    // The counts in turns, a round of each after the other, so that a change of load on the
    // machine falls on every count alike, not on whichever was measured in its minute.
    var journals = waitingCounts.map { waiting in
      var workload = WaitingWorkload(waiting: waiting, seed: 1)
      return workload.generate(100_000)
    }
    var seconds = Array(repeating: [Double](), count: journals.count)
    for _ in 0..<(runs * 3) {
      for index in journals.indices {
        let prefix = journals[index].prefix
        seconds[index].append(secondsPerEvent(&journals[index].events, from: prefix))
      }
    }
    for (waiting, measured) in zip(waitingCounts, seconds) {
      results.perWaiting.append((waiting, median(measured)))
    }

    log("fuzzing throughput")
    results.fuzz = try fuzzing()

    log("the REPL: island run, \(scriptLengths.short) and \(scriptLengths.long) commands")
    results.repl = try repl()

    print(report())
  }

  /// `island replay`, jq and two Python loops on the same journal, taking turns run by run
  /// so that a change of load on the machine falls on all alike: each tool's median time.
  private func sideBySide(path: String) throws -> [(name: String, seconds: Double)] {
    var tools: [(name: String, arguments: [String])] = [
      ("island replay", [island, "replay", path])
    ]
    if commandExists("jq") { tools.append(("jq -c .", ["jq", "-c", ".", path])) }
    if commandExists("python3") {
      let loop = "import json,sys\nfor line in open(sys.argv[1],'rb'): json.loads(line)"
      tools.append(("python3 json.loads loop", ["python3", "-c", loop, path]))
      if pythonHasOrjson() {
        let orjson = "import orjson,sys\nfor line in open(sys.argv[1],'rb'): orjson.loads(line)"
        tools.append(("python3 orjson.loads loop", ["python3", "-c", orjson, path]))
      }
    }
    var times = Array(repeating: [Double](), count: tools.count)
    for _ in 0..<sideBySideRuns {
      for (index, tool) in tools.enumerated() {
        let child = try runChild(tool.arguments)
        try Benchmark.checkExit([child], tool.arguments.joined(separator: " "))
        times[index].append(child.seconds)
      }
    }
    return zip(tools, times).map { ($0.name, median($1)) }
  }

  /// Cases of exactly 50 events from IslandProperties' generator, per second on one thread:
  /// generated and folded, then also checked for the invariants after every event. Each
  /// measured in a fresh copy of this program (``fuzzingRates(seconds:)``), as `island fuzz`
  /// runs in a process of its own, not in this one after it folded millions of events; the
  /// median of ``runs``.
  private func fuzzing() throws -> (generated: Double, checked: Double) {
    var generated: [Double] = []
    var checked: [Double] = []
    for _ in 0..<runs {
      let output = try outputOfFreshCopy(["fuzz-rates"])
      let rates = output.split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      guard rates.count == 2 else {
        throw ChildError(description: "fuzz-rates printed \(output.debugDescription)")
      }
      generated.append(rates[0])
      checked.append(rates[1])
    }
    return (median(generated), median(checked))
  }

  /// `island run` of a short and a long REPL script, in turns: the median time per command
  /// of each.
  private func repl() throws -> (short: Double, long: Double) {
    let lengths = [scriptLengths.short, scriptLengths.long]
    var paths: [String] = []
    for length in lengths {
      let path = "\(directory)/repl-\(Benchmark.label(length)).island"
      try REPLScript.write(commands: length, to: path)
      paths.append(path)
    }
    var times: [[Double]] = [[], []]
    for _ in 0..<3 {
      for index in paths.indices {
        let child = try runChild([island, "run", paths[index]])
        try Benchmark.checkExit([child], "island run \(paths[index])")
        times[index].append(child.seconds / Double(lengths[index]))
      }
    }
    return (median(times[0]), median(times[1]))
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

/// Whether `python3` can import orjson (`pip install orjson`).
private func pythonHasOrjson() -> Bool {
  (try? spawnAndWait(["python3", "-c", "import orjson"]).status) == 0
}

/// What the benchmark measured on one workload.
struct WorkloadResult {
  var kind: WorkloadKind
  /// The size of its journal.
  var bytes: Int
  /// The activities waiting for dismissal at the end of the journal.
  var waitingAtEnd = 0
  /// The reducer's time for the whole journal, in memory.
  var foldSeconds = Double.nan
  /// The side-by-side tools, `island replay` first: median seconds of a cold process.
  var tools: [(name: String, seconds: Double)] = []
  /// Peak memory of `island replay`, by format and journal length.
  var peaks: [(name: String, bytes: Int)] = []
}

/// What the benchmark measured.
struct Results {
  /// Per workload.
  var workloads: [WorkloadResult] = []
  /// Seconds per event with so many activities waiting for dismissal.
  var perWaiting: [(waiting: Int, seconds: Double)] = []
  /// 50-event fuzz cases per second: generated and folded; and with invariants checked.
  var fuzz = (generated: Double.nan, checked: Double.nan)
  /// `island run`: seconds per command of the short and the long script.
  var repl = (short: Double.nan, long: Double.nan)
}

/// REPL scripts for `island run`: three deliveries updated every second, one of them ended
/// and another started now and then.
enum REPLScript {
  static func write(commands: Int, to path: String) throws {
    var lines: [String] = []
    var live: [Int] = []
    var started = 0
    func start() -> String {
      started += 1
      live.append(started)
      return "start d\(started) com.example.app\(started % 3) --layout delivery"
        + " orderStatusIcon=flame.fill minutesLeft=20 restaurantName=\"Pizza Roma\""
        + " deliveryProgress=0.1 statusText=Cooking --after 1s"
    }
    while lines.count < commands {
      if live.count < 3 {
        lines.append(start())
      } else if lines.count % 50 == 49 {
        lines.append("end d\(live.removeFirst()) --dismissal immediate --after 1s")
      } else {
        let id = live[lines.count % live.count]
        lines.append("update d\(id) minutesLeft=\(1 + lines.count % 30) --after 1s")
      }
    }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
  }
}
