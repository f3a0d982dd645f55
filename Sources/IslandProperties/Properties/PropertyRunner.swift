import IslandCore

/// Runs a property on many generated cases; on the first failure, shrinks it.
///
/// Case `i` of a run with seed `S` has its own seed: `S` itself for the first case, then the
/// outputs of ``SplitMix64`` seeded with `S`. So a failure's case seed, given back as the
/// run's seed with one run, generates the same case again.
public struct PropertyRunner: Sendable {
  /// The property.
  public var property: Property
  /// How cases are generated.
  public var options: GenerationOptions
  /// The island the cases start from (nil: an empty one).
  public var prefix: Prefix?
  /// Invariants of the caller's own, checked after every event with the built-in ones.
  public var extras: [IslandInvariants.Extra]

  /// A runner of `property`.
  public init(
    property: Property, options: GenerationOptions = GenerationOptions(), prefix: Prefix? = nil,
    extras: [IslandInvariants.Extra] = []
  ) {
    self.property = property
    self.options = options
    self.prefix = prefix
    self.extras = extras
  }

  /// The seed of case `index` of a run seeded with `seed`.
  public static func caseSeed(run seed: UInt64, index: Int) -> UInt64 {
    index == 0 ? seed : SplitMix64.mix(seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
  }

  /// Checks `runs` cases of the run seeded with `seed`, stopping at the first failure.
  public func run(seed: UInt64, runs: Int) -> PropertyResult {
    var events = 0
    for index in 0..<max(0, runs) {
      let caseSeed = PropertyRunner.caseSeed(run: seed, index: index)
      let fuzzCase: FuzzCase
      let found: PropertyFailure?
      if let checks = property.stepChecks {
        // Generated and checked in one pass; a failing case is generated again in full.
        var generator = EventGenerator(seed: caseSeed, prefix: prefix, options: options)
        let (steps, run) = CaseRun.generateAndFold(
          &generator, checks: checks, extras: extras, property: property)
        events += steps.count
        if checks.isEmpty {
          fuzzCase = FuzzCase(seed: caseSeed, prefix: generator.prefix, steps: steps)
          found = property.check(fuzzCase, extras: extras, folded: run)
        } else {
          guard run.failure != nil else { continue }
          fuzzCase = property.makeCase(seed: caseSeed, prefix: prefix, options: options)
          found = property.check(fuzzCase, extras: extras) ?? run.failure
        }
      } else {
        fuzzCase = property.makeCase(seed: caseSeed, prefix: prefix, options: options)
        events += fuzzCase.steps.count
        found = property.check(fuzzCase, extras: extras)
      }
      if let failure = found {
        let shrinker = Shrinker(property: property, extras: extras)
        let shrunk = shrinker.shrink(fuzzCase, failure: failure)
        let counterexample = Counterexample(
          property: property, runSeed: seed, caseIndex: index, original: fuzzCase,
          originalFailure: failure, shrunk: shrunk.fuzzCase, failure: shrunk.failure,
          shrinkChecks: shrunk.checks)
        return PropertyResult(
          property: property, cases: index + 1, events: events, counterexample: counterexample)
      }
    }
    return PropertyResult(
      property: property, cases: max(0, runs), events: events, counterexample: nil)
  }
}

/// What a run of one property found.
public struct PropertyResult: Equatable, Sendable {
  /// The property.
  public var property: Property
  /// The cases checked (up to and including a failing one).
  public var cases: Int
  /// The events in those cases.
  public var events: Int
  /// The first failure, shrunk; nil when every case passed.
  public var counterexample: Counterexample?
}
