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

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "digest" {
  let count = Int(arguments.dropFirst().first ?? "") ?? 100_000
  var workload = Workload(seed: 7)
  let entries = workload.generate(count)
  var stress = StressWorkload(seed: 8)
  let random = stress.generate(count)
  var results = [Digest.of(entries), Digest.of(random)]
  for device in ["iPhone 16 Pro Max", "iPhone SE"] {
    for profile in [InteractionProfile.tapExpands, .tapOpens] {
      guard let device = Device.named(device) else { continue }
      results.append(Digest.of(random, configuration: Configuration(device: device, profile: profile)))
    }
  }
  print(results.joined(separator: " "))
  var state = IslandState()
  var rejected: [String: Int] = [:]
  var transitions = 0
  var kinds: [String: Int] = [:]
  for entry in random {
    do {
      try state.apply(entry.event, at: entry.t)
      transitions += state.transitions.count
      for transition in state.transitions { kinds["\(transition.kind)", default: 0] += 1 }
      for animation in state.animations { kinds["\(animation.kind)", default: 0] += 1 }
    } catch {
      rejected["\(error.reason)".prefix(while: { $0 != "(" }).description, default: 0] += 1
    }
  }
  print(state.seq, state.warnings.count, state.effects.count, transitions, kinds, rejected.sorted { $0.key < $1.key })
  exit(0)
}
let count = Int(arguments.first ?? "") ?? 1_000_000
let repeats = Int(arguments.dropFirst().first ?? "") ?? 5
let generateStart = now()
var workload = Workload(seed: 42)
let entries = workload.generate(count)
print("generated \(entries.count) events in \(String(format: "%.2f", now() - generateStart)) s")

var timings: [Double] = []
var final = IslandState()
for _ in 0..<repeats {
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
