import IslandCore

/// One case folded, with what every step did: the engine's part of each property.
struct CaseRun {
  /// The accepted events (the prefix's first) and the state after the last step.
  var log: EventLog
  /// For each step, the index of its entry in ``log``, or nil when it was rejected.
  var entryOfStep: [Int?]
  /// The first failure found, if any.
  var failure: PropertyFailure?

  /// The checks made after each step.
  struct Checks: OptionSet {
    let rawValue: Int
    /// The engine accepts an event exactly when ``RuleModel`` does, and rejects an event
    /// generated to break a rule.
    static let rules = Checks(rawValue: 1)
    /// A rejected event leaves the state and the log as they were.
    static let rejection = Checks(rawValue: 2)
    /// The invariants hold after each accepted event.
    static let invariants = Checks(rawValue: 4)
    /// Everything.
    static let all: Checks = [.rules, .rejection, .invariants]
  }

  /// Folds `steps` from `start` with `checks` after each, stopping at the first failure
  /// (reported as one of `property`).
  static func fold(
    _ steps: some Collection<Step>, from start: EventLog, checks: Checks = [],
    extras: [IslandInvariants.Extra] = [], property: Property
  ) -> CaseRun {
    var run = CaseRun(log: start, entryOfStep: [], failure: nil)
    run.entryOfStep.reserveCapacity(steps.count)
    for (index, step) in steps.enumerated() {
      run.step(step, index: index, checks: checks, extras: extras, property: property)
      if run.failure != nil { break }
    }
    return run
  }

  /// Generates a case with `generator` and checks it as it goes: each step is chosen from
  /// the island the fold has reached, and the generator's view of it serves the rules too.
  /// Stops at the first failure; the case then ends at the failing step.
  static func generateAndFold(
    _ generator: inout EventGenerator, checks: Checks, extras: [IslandInvariants.Extra],
    property: Property
  ) -> (steps: [Step], run: CaseRun) {
    var run = CaseRun(log: generator.prefix.log, entryOfStep: [], failure: nil)
    // Every island the steps are chosen from is the prefix's, folded with this run's steps.
    generator.startsAllActivities = run.log.state.activities.isEmpty
    var steps: [Step] = []
    steps.reserveCapacity(generator.length)
    for index in 0..<generator.length {
      var verdict: Verdict?
      let step: Step
      if checks.contains(.rules) {
        let next = generator.nextStep(after: run.log.state)
        step = next.step
        verdict = RuleModel.verdict(
          for: step.event, at: step.t, in: run.log.state, view: next.view)
      } else {
        // The view is the rules' alone: without them the island is read in place.
        step = generator.step(after: run.log.state)
      }
      run.step(
        step, index: index, checks: checks, extras: extras, property: property, verdict: verdict)
      // Appended once folded, so that the step moves into the list rather than being copied.
      steps.append(consume step)
      if run.failure != nil { break }
    }
    return (steps, run)
  }

  private mutating func step(
    _ step: Step, index: Int, checks: Checks, extras: [IslandInvariants.Extra],
    property: Property, verdict given: Verdict?? = .none
  ) {
    func fail(_ kind: String, _ message: String) {
      failure = PropertyFailure(property: property, kind: kind, message: message, stepIndex: index)
    }
    let verdict: Verdict? =
      given
      ?? (checks.contains(.rules)
        ? RuleModel.verdict(for: step.event, at: step.t, in: log.state) : nil)
    // A whole copy of the state only when a rejection must be shown to change nothing: the
    // copy makes the reducer copy what it changes.
    let before = checks.contains(.rejection) ? log.state : nil
    let seq = log.state.seq
    let time = log.state.t
    let effectCount = log.state.effects.endIndex
    let entryCount = log.entries.count
    do {
      let outcome = try log.append(step.event, at: step.t)
      entryOfStep.append(entryCount)
      if let verdict, !verdict.isAccept {
        return fail(
          "acceptedAgainstRules",
          "\(describe(step)) was accepted, but the rules say \(verdict.summary)")
      }
      if checks.contains(.rules), case .invalid(let defect) = step.intent {
        return fail(
          "acceptedDefect",
          "\(describe(step)) was made to break \(defect.rawValue) but was accepted")
      }
      if checks.contains(.invariants) {
        if let violation = IslandInvariants.check(
          step: outcome, event: step.event, seq: seq, t: time, effectCount: effectCount,
          to: log.state)
        {
          return fail(violation.name, "after \(describe(step)): \(violation.detail)")
        }
        for extra in extras {
          if let problem = extra.check(log.state) {
            return fail(extra.name, "after \(describe(step)): \(problem)")
          }
        }
      }
    } catch {
      entryOfStep.append(nil)
      if let before, log.entries.count != entryCount || log.state != before {
        let what = log.entries.count != entryCount ? "the log" : "the state"
        return fail(
          "rejectionChangedState",
          "\(describe(step)) was rejected (\(error.reason.message)) but \(what) changed")
      }
      if let verdict {
        if verdict.isAccept {
          return fail(
            "rejectedAgainstRules",
            "\(describe(step)) was rejected (\(error.reason.message)), but the rules allow it")
        }
        if !verdict.admits(error) {
          return fail(
            "wrongReason",
            "\(describe(step)) was rejected because \(error.reason.message), but the rules say "
              + verdict.summary)
        }
      }
    }
  }

  /// `update "food-1" at t=2200`.
  func describe(_ step: Step) -> String {
    let subject = step.event.activityID.map { " \"\($0)\"" } ?? ""
    let target: String
    switch step.event {
    case .tap(let tapTarget): target = " " + tapTarget.rawValue
    case .longPress(let pressTarget): target = " " + pressTarget.rawValue
    default: target = ""
    }
    return "\(step.event.name)\(subject)\(target) at t=\(step.t)"
  }
}
