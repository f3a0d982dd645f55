import Foundation

extension Benchmark {
  /// The table, a column per workload, then each target of issue 12 met or not.
  func report() -> String {
    let workloads = results.workloads
    var lines: [String] = []
    var load = [0.0, 0.0, 0.0]
    getloadavg(&load, 3)
    lines.append(
      "island-bench: release build, seed 42, \(ProcessInfo.processInfo.activeProcessorCount) "
        + "cores, load \(format(load[0], 2)); medians, tools side by side in turns")
    for workload in workloads {
      lines.append("  \(pad(workload.kind.column, 9))\(workload.kind.summary)")
    }
    lines.append("")

    func row(_ name: String, _ unit: String, _ value: (WorkloadResult) -> String?) {
      lines.append(
        pad(name, 30) + pad(unit, 8) + workloads.map { pad(value($0) ?? "-", 9) }.joined())
    }
    func seconds(_ workload: WorkloadResult, _ prefix: String) -> Double? {
      workload.tools.first { $0.name.hasPrefix(prefix) }?.seconds
    }
    func ratio(_ workload: WorkloadResult, _ prefix: String) -> String? {
      guard let island = seconds(workload, "island"), let other = seconds(workload, prefix)
      else { return nil }
      return format(other / island, 2) + "x"
    }
    lines.append(pad("", 38) + workloads.map { pad($0.kind.column, 9) }.joined())
    row("journal, \(labels.size) events", "MB") { format(Double($0.bytes) / 1e6, 1) }
    row("  waiting at the end", "") { "\($0.waitingAtEnd)" }
    row("island replay, cold process", "s") { seconds($0, "island").map { format($0, 3) } }
    row("jq -c .", "s") { seconds($0, "jq").map { format($0, 3) } }
    row("  island replay faster by", "") { ratio($0, "jq") }
    row("python3 json.loads loop", "s") { seconds($0, "python3 json").map { format($0, 3) } }
    row("  island replay faster by", "") { ratio($0, "python3 json") }
    row("python3 orjson.loads loop", "s") { seconds($0, "python3 orjson").map { format($0, 3) } }
    row("  island replay faster by", "") { ratio($0, "python3 orjson") }
    row("reducer (fold)", "M ev/s") { format(Double(size) / $0.foldSeconds / 1e6, 2) }
    let peakNames = workloads.first?.peaks.map(\.name) ?? []
    for name in peakNames {
      row("peak memory, --format \(name)", "MB") { workload in
        workload.peaks.first { $0.name == name }.map { format(Double($0.bytes) / 1e6, 1) }
      }
    }
    lines.append("")

    lines.append(
      pad("activities waiting for dismissal", 38)
        + results.perWaiting.map { pad(Benchmark.label($0.waiting), 8) }.joined())
    lines.append(
      pad("  one event", 30) + pad("ns", 8)
        + results.perWaiting.map { pad(format($0.seconds * 1e9, 0), 8) }.joined())
    lines.append(
      "fuzzing, 50-event cases on one thread: \(format(results.fuzz.generated, 0))/s "
        + "generated and folded, \(format(results.fuzz.checked, 0))/s with the invariants "
        + "checked after every event (as island fuzz runs them); medians, each run in a "
        + "fresh process")
    lines.append(
      "REPL, island run: \(format(results.repl.short * 1e6, 0)) µs a command in a "
        + "\(Benchmark.label(scriptLengthsForReport.short))-command script, "
        + "\(format(results.repl.long * 1e6, 0)) µs in a "
        + "\(Benchmark.label(scriptLengthsForReport.long))-command one "
        + "(\(format(results.repl.long / results.repl.short, 2))x)")
    lines.append("")
    lines.append(contentsOf: targets())
    return lines.joined(separator: "\n")
  }

  private func targets() -> [String] {
    var lines = ["targets (issue 12), on every workload:"]
    func check(_ met: Bool, _ text: String) {
      lines.append("  [\(met ? "met" : "NOT met")] \(text)")
    }
    let workloads = results.workloads
    func worst(_ prefix: String) -> (ratio: Double, kind: String) {
      var worst = (ratio: Double.infinity, kind: "-")
      for workload in workloads {
        guard let island = workload.tools.first?.seconds,
          let other = workload.tools.first(where: { $0.name.hasPrefix(prefix) })?.seconds
        else { continue }
        if other / island < worst.ratio { worst = (other / island, workload.kind.rawValue) }
      }
      return worst
    }
    for (prefix, factor, name) in [
      ("jq", 5.0, "jq -c ."), ("python3 json", 3.0, "the json.loads loop"),
      ("python3 orjson", 1.0, "the orjson.loads loop"),
    ] {
      let found = worst(prefix)
      check(
        found.ratio >= factor,
        "cold replay of \(labels.size) events at least \(format(factor, 0))x as fast as \(name): "
          + "\(format(found.ratio, 2))x at worst (\(found.kind))")
    }
    var peak = (bytes: 0, name: "-")
    for workload in workloads {
      for measured in workload.peaks where measured.bytes > peak.bytes {
        peak = (measured.bytes, "\(workload.kind.rawValue), --format \(measured.name)")
      }
    }
    check(
      peak.bytes < 64_000_000,
      "peak memory under 64 MB: \(format(Double(peak.bytes) / 1e6, 1)) MB at most (\(peak.name))")
    let slowest = workloads.max { $0.foldSeconds < $1.foldSeconds }
    if let slowest {
      let rate = Double(size) / slowest.foldSeconds
      check(
        rate >= 5e6,
        "reducer at least 5 M events/s: \(format(rate / 1e6, 2)) M events/s at worst "
          + "(\(slowest.kind.rawValue))")
    }
    if let none = results.perWaiting.first, let most = results.perWaiting.last {
      check(
        most.seconds / none.seconds <= 1.2,
        "one event costs the same however many activities wait for dismissal: "
          + "\(format(most.seconds / none.seconds, 2))x from \(none.waiting) to \(most.waiting)")
    }
    check(
      results.fuzz.generated >= 20_000,
      "fuzzing at least 20k 50-event cases/s on one core: \(format(results.fuzz.generated, 0))/s")
    check(
      results.repl.long / results.repl.short <= 1.2,
      "REPL time per command flat: \(format(results.repl.long / results.repl.short, 2))x from "
        + "\(Benchmark.label(scriptLengthsForReport.short)) to "
        + "\(Benchmark.label(scriptLengthsForReport.long)) commands")
    return lines
  }
}

func format(_ value: Double, _ decimals: Int) -> String {
  value.isFinite ? String(format: "%.\(decimals)f", value) : "-"
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
