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
}
