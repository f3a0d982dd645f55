import IslandCore
import IslandProperties
import Testing

/// Every property, on 2,000 generated cases of up to 60 events each, with a fixed seed: the
/// same cases in every run. A failure prints the shrunk case as a journal.
@Suite struct PropertyTests {
  static let seed: UInt64 = 20_260_601
  static let runs = 2_000

  @Test(arguments: Property.allCases)
  func propertyHolds(_ property: Property) {
    let runner = PropertyRunner(
      property: property, options: GenerationOptions(maximumLength: 60))
    // `journal-file` writes, syncs and reads a file per case: fewer cases, the same seed.
    let runs = property == .journalFile ? 200 : Self.runs
    let result = runner.run(seed: Self.seed, runs: runs)
    #expect(result.cases == runs)
    #expect(result.events > runs * 20)
    if let counterexample = result.counterexample {
      Issue.record(
        """
        \(counterexample.failure)
        case seed \(counterexample.caseSeed), shrunk to \(counterexample.shrunk.steps.count) events:
        \(counterexample.journalText)
        """)
    }
  }

  /// The properties hold from a user's island too: a prefix the cases continue.
  @Test(arguments: [Property.rules, .invariants, .snapshot, .roundTrip, .eventOrder])
  func propertyHoldsAfterAPrefix(_ property: Property) throws {
    let food = Layout.catalogue[0].sampleState
    let prefix = try Prefix(
      entries: [
        LogEntry(
          seq: 1, t: 0,
          event: .start(
            Start(
              activity: "pizza", app: "com.example.food", relevance: 50, state: food,
              layout: .named("delivery")))),
        LogEntry(
          seq: 2, t: 60_000,
          event: .update(Update(activity: "pizza", alert: Alert(title: "Cooking", body: "")))),
      ], configuration: Configuration())
    let result = PropertyRunner(property: property, prefix: prefix).run(seed: 77, runs: 100)
    #expect(result.counterexample == nil, "\(String(describing: result.counterexample?.failure))")
  }
}
