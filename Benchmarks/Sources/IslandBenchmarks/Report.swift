import Foundation

extension Benchmark {
  /// The table, then each target of issue 7 met or not.
  func report(journals: [Int: String]) -> String {
    let results = resultsForReport
    let sizes = results.reducer.keys.sorted()
    var lines: [String] = []
    var load = [0.0, 0.0, 0.0]
    getloadavg(&load, 3)
    lines.append(
      "island-bench: release build, seed 42, \(ProcessInfo.processInfo.activeProcessorCount) "
        + "cores, load \(format(load[0], 2)); medians of \(runsForReport) runs")
    lines.append(
      "journals: "
        + sizes.map {
          "\(Benchmark.label($0)) events \(megabytes(JournalFiles.size(of: journals[$0] ?? "")))"
        }.joined(separator: ", "))
    lines.append("")

    func row(_ name: String, _ unit: String, _ value: (Int) -> String?) -> String {
      let cells = sizes.map { pad(value($0) ?? "-", 11) }.joined()
      return pad(name, 34) + pad(unit, 12) + cells
    }
    lines.append(pad("", 46) + sizes.map { pad(Benchmark.label($0), 11) }.joined())
    lines.append(
      row("reducer in memory (fold)", "M events/s") {
        results.reducer[$0].map { format(1e-6 / $0, 2) }
      })
    lines.append(
      row("  one event", "ns") { results.reducer[$0].map { format($0 * 1e9, 0) } })
    lines.append(
      row("apply (fold and outcome)", "M events/s") {
        results.apply[$0].map { format(1e-6 / $0, 2) }
      })
    lines.append(
      row("replay in process (Journal.replay)", "M events/s") { size in
        results.replay[size].map { format(Double(size) / $0.seconds / 1e6, 2) }
      })
    lines.append(
      row("", "MB/s") { size in
        results.replay[size].map { format(Double($0.bytes) / $0.seconds / 1e6, 0) }
      })
    lines.append(
      row("island replay, cold process", "s") { results.cold[$0].map { format($0.seconds, 3) } })
    lines.append(
      row("  peak memory (ru_maxrss)", "MB") {
        results.cold[$0].map { format(Double($0.peak) / 1e6, 1) }
      })
    lines.append("")

    lines.append(
      pad("live activities", 46) + results.perLive.map { pad("\($0.live)", 7) }.joined())
    lines.append(
      pad("  one event", 34) + pad("ns", 12)
        + results.perLive.map { pad(format($0.seconds * 1e9, 0), 7) }.joined())
    lines.append("")

    if let size = sizes.max(), let island = results.tools.first {
      lines.append(
        "side by side on the \(Benchmark.label(size))-event journal "
          + "(\(megabytes(JournalFiles.size(of: journals[size] ?? "")))), runs interleaved:")
      for tool in results.tools {
        let ratio =
          tool.name == island.name
          ? "" : "  (island replay \(format(tool.seconds / island.seconds, 1))x faster)"
        lines.append("  " + pad(tool.name, 32) + pad(format(tool.seconds, 3) + " s", 10) + ratio)
      }
      lines.append("")
    }
    lines.append(
      "island replay start-up, 10-event journal: \(format(results.startup * 1e3, 1)) ms "
        + "(median of 20)")
    lines.append(
      "fuzzing, 50-event cases on one thread (IslandProperties' generator): "
        + "\(format(results.fuzz.generated, 0))/s generated and folded, "
        + "\(format(results.fuzz.checked, 0))/s with the invariants checked after every event "
        + "(PropertyRunner, as island fuzz runs them)")
    lines.append("")
    lines.append(contentsOf: targets(results, sizes: sizes))
    return lines.joined(separator: "\n")
  }

  private func targets(_ results: Results, sizes: [Int]) -> [String] {
    var lines = ["targets (issue 7):"]
    func check(_ met: Bool, _ text: String) {
      lines.append("  [\(met ? "met" : "NOT met")] \(text)")
    }
    if let size = sizes.max(), let cold = results.cold[size] {
      check(
        size >= 1_000_000 && cold.seconds <= 1,
        "replay \(Benchmark.label(size)) events from a cold process in at most 1 s: "
          + "\(format(cold.seconds, 3)) s")
      let island = cold.seconds
      for tool in results.tools.dropFirst() {
        let factor = tool.name.hasPrefix("jq") ? 5.0 : 3.0
        check(
          tool.seconds / island >= factor,
          "at least \(Int(factor))x faster than \(tool.name): "
            + "\(format(tool.seconds / island, 2))x")
      }
    }
    let peak = results.cold.values.map(\.peak).max() ?? 0
    check(
      peak < 64_000_000,
      "peak memory under 64 MB: \(format(Double(peak) / 1e6, 1)) MB at most "
        + "(over \(results.cold.keys.sorted().map { Benchmark.label($0) }.joined(separator: ", ")))"
    )
    if let size = sizes.max(), let perEvent = results.reducer[size] {
      check(
        1 / perEvent >= 5e6,
        "reducer at least 5 M events/s in memory: \(format(1e-6 / perEvent, 2)) M events/s "
          + "(fold; apply, which also makes each event's outcome: "
          + "\(results.apply[size].map { format(1e-6 / $0, 2) } ?? "-") M events/s)")
    }
    check(
      results.fuzz.generated >= 20_000,
      "fuzzing at least 20k 50-event sequences/s on one core: "
        + "\(format(results.fuzz.generated, 0))/s")
    if let first = sizes.first, let last = sizes.last, let small = results.reducer[first],
      let large = results.reducer[last]
    {
      check(
        large / small <= 1.5,
        "one event costs the same at any log length: \(format(large / small, 2))x from "
          + "\(Benchmark.label(first)) to \(Benchmark.label(last)) events")
    }
    if let one = results.perLive.first, let most = results.perLive.last {
      check(
        most.seconds / one.seconds <= Double(most.live) / Double(one.live),
        "one event grows at most linearly with live activities: "
          + "\(format(most.seconds / one.seconds, 2))x from \(one.live) to \(most.live)")
    }
    return lines
  }

  private func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1e6, 1) + " MB" }
}

func format(_ value: Double, _ decimals: Int) -> String {
  value.isFinite ? String(format: "%.\(decimals)f", value) : "-"
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
