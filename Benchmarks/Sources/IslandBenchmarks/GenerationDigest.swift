import IslandCore
import IslandProperties

/// Fingerprints of the fuzz case generator's output: every step of the cases of seeds
/// 0..<count under several options, and the views `nextStep(after:)` returns, so that an
/// optimisation of the generator can be shown to change no case.
enum GenerationDigest {
  /// One digest per set of options, then one of the views, separated by spaces.
  static func report(count: Int) -> String {
    let sets: [(GenerationOptions, Prefix?)] = [
      (GenerationOptions(), nil),
      (GenerationOptions.fiftyEvents, nil),
      (GenerationOptions(variesConfiguration: false), nil),
      (GenerationOptions(maximumLength: 80, invalidShare: 0.6), nil),
      (GenerationOptions(invalidShare: 0), nil),
      (GenerationOptions(maximumLength: 40), prefix(seed: 12_345, configuration: Configuration())),
      (GenerationOptions(maximumLength: 40, invalidShare: 0.3), tightPrefix()),
    ]
    var results: [String] = []
    for (options, prefix) in sets {
      var digest = Digest()
      for seed in 0..<UInt64(count) {
        let fuzzCase = EventGenerator.generate(seed: seed, prefix: prefix, options: options)
        digest.add("\(fuzzCase.seed) \(fuzzCase.configuration) \(fuzzCase.steps)")
      }
      results.append(digest.hex)
    }
    results.append(views(count: count / 10))
    return results.joined(separator: " ")
  }

  /// The steps and the whole views of `nextStep(after:)`, folding as a checked run does.
  static func views(count: Int) -> String {
    var digest = Digest()
    let sets: [(GenerationOptions, Prefix?)] = [
      (GenerationOptions(invalidShare: 0.3), nil),
      (GenerationOptions(maximumLength: 30), prefix(seed: 777, configuration: Configuration())),
    ]
    for (options, prefix) in sets {
      for seed in 0..<UInt64(count) {
        var generator = EventGenerator(seed: seed, prefix: prefix, options: options)
        var state = generator.prefix.state
        for _ in 0..<generator.length {
          let (step, view) = generator.nextStep(after: state)
          digest.add("\(step) \(describe(view))")
          _ = try? state.apply(step.event, at: step.t)
        }
      }
    }
    return digest.hex
  }

  /// Every public field of `state` (not its private indices, whose description is not
  /// stable from run to run).
  static func describe(_ state: IslandState) -> String {
    let activities = state.activities.map { activity in
      "\(activity.id) \(activity.app) \(activity.phase) \(activity.relevance) "
        + "\(activity.staleAt as Any) \(activity.endedAt as Any) \(activity.dismissAt as Any) "
        + "\(activity.content) \(activity.lastAlert as Any) \(activity.startSeq) "
        + "\(activity.startedAt) \(activity.layoutName as Any) \(activity.url as Any) "
        + "\(activity.links)"
    }
    return "\(state.configuration) \(state.seq) \(state.t) \(activities) \(state.placement) "
      + "\(state.expansion as Any) \(state.effects) \(state.warnings) \(state.transitions) "
      + "\(state.animations)"
  }

  /// The accepted events of a generated case, folded into a prefix.
  private static func prefix(seed: UInt64, configuration: Configuration) -> Prefix? {
    let options = GenerationOptions(maximumLength: 60, variesConfiguration: false)
    let fuzzCase = EventGenerator.generate(seed: seed, options: options)
    var log = EventLog(configuration: configuration)
    for step in fuzzCase.steps { _ = try? log.append(step.event, at: step.t) }
    return try? Prefix(entries: log.entries, configuration: configuration)
  }

  /// A prefix under limits small enough to be reached.
  private static func tightPrefix() -> Prefix? {
    var policy = Policy()
    policy.activitiesPerApp = 2
    policy.activitiesPerDevice = 3
    return prefix(seed: 4_242, configuration: Configuration(policy: policy))
  }
}
