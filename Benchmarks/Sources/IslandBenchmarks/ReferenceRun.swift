import Foundation
import IslandProperties

/// `island-bench reference [N]`: the reducer against the reference (``ReferenceCheck``) on N
/// generated cases (2,000 by default) of up to 400 events, a longer run than `swift test`'s.
/// Exits 1 at the first difference.
func referenceRun(_ arguments: [String]) {
  let count = arguments.first.flatMap { Int($0) } ?? 2_000
  var events = 0
  let options = GenerationOptions(maximumLength: 400, invalidShare: 0.15)
  let started = Date()
  for seed in 0..<UInt64(count) {
    let fuzzCase = EventGenerator.generate(seed: seed &+ 1_000_000, options: options)
    if let difference = ReferenceCheck.firstDifference(in: fuzzCase) {
      print("the reducer and the reference differ: \(difference)")
      exit(1)
    }
    events += fuzzCase.steps.count
  }
  let seconds = Date().timeIntervalSince(started)
  print(
    "\(count) cases, \(events) events: the reducer folds as the reference after every event"
      + " (\(String(format: "%.1f", seconds)) s)")
}
