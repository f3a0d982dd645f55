import IslandCore

/// Reduces a failing case to a small one that fails the same way.
///
/// Greedy, in passes until a pass changes nothing (or the budget of checks runs out): cut
/// everything after the failing step; remove chunks of steps, halving the chunk size down to
/// single steps; simplify each step's payload (drop the optional parts, empty the state,
/// turn the event into a tick); and close the gaps in time. A candidate is kept only if it
/// still fails the same property with the same kind of failure (``PropertyFailure/kind``).
///
/// After each change the preconditions are checked again (``normalized(_:)``): a step
/// generated as valid that no longer is (its activity's start was removed) is dropped, and
/// so is a step generated to break a rule that no longer breaks one, so that a shrunk case
/// still means what its steps were generated to mean.
public struct Shrinker {
  /// The property that failed.
  public let property: Property
  /// The caller's own invariants, checked with the built-in ones.
  public let extras: [IslandInvariants.Extra]
  /// The most property checks the shrinker spends.
  public let budget: Int

  /// A shrinker for failures of `property`.
  public init(property: Property, extras: [IslandInvariants.Extra] = [], budget: Int = 20_000) {
    self.property = property
    self.extras = extras
    self.budget = budget
  }

  /// The smallest case found that fails as `failure` does, with its failure, and the number
  /// of checks spent.
  public func shrink(_ fuzzCase: FuzzCase, failure: PropertyFailure) -> (
    fuzzCase: FuzzCase, failure: PropertyFailure, checks: Int
  ) {
    var search = Search(shrinker: self, best: fuzzCase, failure: failure)
    if let index = failure.stepIndex {
      var cut = fuzzCase
      cut.steps = Array(fuzzCase.steps.prefix(index + 1))
      search.attempt(cut)
    }
    search.attempt(search.best)
    var progress = true
    while progress, search.checks < budget {
      progress = false
      progress = search.removeChunks() || progress
      progress = search.simplifySteps() || progress
      progress = search.closeGaps() || progress
    }
    return (search.best, search.failure, search.checks)
  }

  /// `fuzzCase` with its preconditions checked again: each step is judged by
  /// ``RuleModel`` where it now stands, and a step whose intent the verdict contradicts
  /// (valid but now refused, or made to break a rule but now allowed) is dropped.
  public static func normalized(_ fuzzCase: FuzzCase) -> FuzzCase {
    var state = fuzzCase.prefix.state
    var kept: [Step] = []
    kept.reserveCapacity(fuzzCase.steps.count)
    for step in fuzzCase.steps {
      let verdict = RuleModel.verdict(for: step.event, at: step.t, in: state)
      switch step.intent {
      case .valid where !verdict.isAccept: continue
      case .invalid where verdict.isAccept: continue
      default: break
      }
      _ = try? state.apply(step.event, at: step.t)
      kept.append(step)
    }
    var result = fuzzCase
    result.steps = kept
    return result
  }

  // MARK: - The search

  private struct Search {
    let shrinker: Shrinker
    var best: FuzzCase
    var failure: PropertyFailure
    var checks = 0

    /// Keeps `candidate` (normalized) if it is smaller or simpler and fails the same way.
    @discardableResult
    mutating func attempt(_ candidate: FuzzCase) -> Bool {
      guard checks < shrinker.budget else { return false }
      let normalized = Shrinker.normalized(candidate)
      guard normalized.steps != best.steps else { return false }
      checks += 1
      guard let found = shrinker.property.check(normalized, extras: shrinker.extras),
        found.kind == failure.kind
      else { return false }
      best = normalized
      failure = found
      return true
    }

    /// Removes chunks of steps, from half the case down to single steps.
    mutating func removeChunks() -> Bool {
      var progress = false
      var size = max(1, best.steps.count / 2)
      while size >= 1 {
        var start = 0
        while start < best.steps.count {
          var candidate = best
          candidate.steps.removeSubrange(start..<min(start + size, best.steps.count))
          if attempt(candidate) {
            progress = true
          } else {
            start += size
          }
        }
        if size == 1 { break }
        size /= 2
      }
      return progress
    }

    /// Tries the simpler forms of each step, simplest first.
    mutating func simplifySteps() -> Bool {
      var progress = false
      var index = 0
      while index < best.steps.count {
        for simpler in Simplification.candidates(for: best.steps[index]) {
          guard index < best.steps.count else { break }
          var candidate = best
          candidate.steps[index] = simpler
          if attempt(candidate) {
            progress = true
            break
          }
        }
        index += 1
      }
      return progress
    }

    /// Moves each step, and every later one with it, back to the time of the step before, or
    /// by the largest of a half, a quarter, ... of the gap that keeps the failure (the times
    /// the steps carry, stale and dismissal times, move too).
    mutating func closeGaps() -> Bool {
      var progress = false
      var index = 0
      while index < best.steps.count {
        let previous = index == 0 ? best.prefix.state.t : best.steps[index - 1].t
        let gap = best.steps[index].t - previous
        if gap > 0 {
          for shift in sequence(first: gap, next: { $0 > 1 ? $0 / 2 : nil }) {
            var candidate = best
            for later in index..<candidate.steps.count {
              candidate.steps[later] = candidate.steps[later].shifted(by: -shift)
            }
            if attempt(candidate) {
              progress = true
              break
            }
          }
        }
        index += 1
      }
      return progress
    }
  }
}

/// The simpler forms of one step, simplest first.
enum Simplification {
  static func candidates(for step: Step) -> [Step] {
    var events: [Event] = []
    switch step.event {
    case .start(let start):
      var bare = start
      bare.relevance = 0
      bare.stale = nil
      bare.url = nil
      bare.links = RegionLinks()
      if bare != start { events.append(.start(bare)) }
      if start.relevance != 0 { events.append(.start(with(start) { $0.relevance = 0 })) }
      if start.stale != nil { events.append(.start(with(start) { $0.stale = nil })) }
      if start.url != nil { events.append(.start(with(start) { $0.url = nil })) }
      if !start.links.isEmpty { events.append(.start(with(start) { $0.links = RegionLinks() })) }
      if start.layout != nil || start.state.fields.count > 1 {
        events.append(
          .start(
            with(start) {
              $0.layout = nil
              $0.state = ContentState(start.state.fields.prefix(1).map { ($0.name, $0.value) })
            }))
      }
    case .update(let update):
      if update != Update(activity: update.activity) {
        events.append(.update(Update(activity: update.activity)))
      }
      if update.alert != nil { events.append(.update(with(update) { $0.alert = nil })) }
      if update.relevance != nil { events.append(.update(with(update) { $0.relevance = nil })) }
      if update.stale != nil { events.append(.update(with(update) { $0.stale = nil })) }
      if !update.state.isEmpty {
        events.append(.update(with(update) { $0.state = ContentState() }))
      }
      if let alert = update.alert, alert != Alert(title: "a", body: "") {
        events.append(.update(with(update) { $0.alert = Alert(title: "a", body: "") }))
      }
    case .end(let end):
      if end != End(activity: end.activity) { events.append(.end(End(activity: end.activity))) }
      if end.state != nil { events.append(.end(with(end) { $0.state = nil })) }
    case .tap, .longPress, .tick: break
    }
    if step.event != .tick { events.append(.tick) }
    return events.map { Step(t: step.t, event: $0, intent: simplifiedIntent(step, $0)) }
  }

  /// A simplified step keeps its intent, except that a tick promises nothing.
  private static func simplifiedIntent(_ step: Step, _ event: Event) -> Intent {
    event == .tick ? .unconstrained : step.intent
  }

  private static func with<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
    var copy = value
    change(&copy)
    return copy
  }
}

extension Step {
  /// The step moved by `offset` in time, with the times it carries (a stale time, a
  /// dismissal time) moved along, so that they stay as far from it as they were.
  func shifted(by offset: Milliseconds) -> Step {
    var step = self
    step.t += offset
    switch event {
    case .start(var start):
      start.stale = start.stale.map { $0 < 0 ? $0 : max(0, $0 + offset) }
      step.event = .start(start)
    case .update(var update):
      update.stale = update.stale.map { $0 < 0 ? $0 : max(0, $0 + offset) }
      step.event = .update(update)
    case .end(var end):
      if case .after(let time) = end.dismissal, time >= 0 {
        end.dismissal = .after(max(0, time + offset))
      }
      step.event = .end(end)
    case .tap, .longPress, .tick: break
    }
    return step
  }
}
