import Foundation
import IslandCore

/// Monotonic seconds.
func now() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
let generateStart = now()
var workload = Workload(seed: 42)
let entries = workload.generate(count)
print("generated \(entries.count) events in \(String(format: "%.2f", now() - generateStart)) s")

var timings: [Double] = []
var final = IslandState()
for _ in 0..<5 {
  let begin = now()
  var state = IslandState()
  for entry in entries { _ = try? state.apply(entry.event, at: entry.t) }
  timings.append(now() - begin)
  final = state
}
let seconds = median(timings)
print(
  "reducer: \(String(format: "%.2f", Double(entries.count) / seconds / 1e6)) M events/s "
    + "(median of 5: \(String(format: "%.3f", seconds)) s), final seq \(final.seq), "
    + "\(final.activities.count) activities, \(final.effects.count) effects, "
    + "\(final.warnings.count) warnings")
