import IslandCore
import IslandProperties
import Testing

/// The reducer, fast path and all, against the rules folded the plain way: the same verdict
/// and the same state JSON after every event of generated cases.
@Suite struct ReferenceCheckTests {
  // A longer run: `island-bench reference` in Benchmarks/.
  @Test(arguments: [
    (GenerationOptions(), 40),
    (GenerationOptions(maximumLength: 120, invalidShare: 0.3), 12),
    (GenerationOptions(maximumLength: 200, invalidShare: 0.05, variesConfiguration: false), 6),
  ])
  func theReducerFoldsAsTheReference(options: GenerationOptions, cases: Int) {
    for seed in 0..<UInt64(cases) {
      let fuzzCase = EventGenerator.generate(seed: seed, options: options)
      if let difference = ReferenceCheck.firstDifference(in: fuzzCase) {
        Issue.record("\(difference)")
        return
      }
    }
  }

  /// Activities of twelve fields in the default layout (its bottom region shows every field,
  /// so it reads fields numbered past the fast path's first ones), whose updates change the
  /// later fields to texts short and long, so that the region is now within its budget, now
  /// over it, and add fields past the first twelve.
  @Test func updatesOfALayoutsLaterFieldsFoldAsTheReference() {
    let words = ["a", "to", "bread", "nearby", "vegetables", "🍕", "два", "x"]
    var steps: [Step] = []
    var t: Milliseconds = 0
    for activity in 0..<3 {
      var state = ContentState()
      for field in 0..<12 { state["f\(field + 10)"] = .string(words[field % 2]) }
      t += 1_000
      steps.append(
        Step(
          t: t, event: .start(Start(activity: "a\(activity)", app: "com.a", state: state)),
          intent: .valid))
    }
    for update in 0..<240 {
      var patch = ContentState()
      let first = 6 + update % 10
      for field in first..<min(16, first + 1 + update % 3) {
        let text = (0..<(update * 7 + field) % 4).map { words[($0 + update + field) % 8] }
        patch["f\(field + 10)"] = .string(text.joined(separator: " "))
      }
      t += 1_000
      steps.append(
        Step(
          t: t, event: .update(Update(activity: "a\(update % 3)", state: patch)),
          intent: .valid))
    }
    let fuzzCase = FuzzCase(seed: 0, prefix: Prefix(), steps: steps)
    #expect(ReferenceCheck.firstDifference(in: fuzzCase) == nil)
    // The bottom region is over its budget after some updates, within it after others.
    var state = Prefix().state
    for step in steps { _ = try? state.apply(step.event, at: step.t) }
    let truncations = state.warnings.filter {
      if case .truncated(_, .bottom, _, _) = $0.kind { true } else { false }
    }.count
    #expect(truncations > 20 && truncations < 200, "\(truncations) truncations")
  }
}
