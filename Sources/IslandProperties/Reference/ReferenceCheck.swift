import IslandCore

/// The reducer checked against the reference (``ReferenceIsland``, the rules folded the plain
/// way, without the fast path): a case is folded through both, and after every event both
/// must accept it or reject it with the same reason, and leave the same state JSON.
public enum ReferenceCheck {
  /// Where the two folds of a case first differ.
  public struct Difference: Error, Equatable, Sendable, CustomStringConvertible {
    /// The seed of the case.
    public var seed: UInt64
    /// The index of the step (among the case's steps; -1 for its prefix).
    public var step: Int
    /// What differs.
    public var what: String

    /// `seed 7, step 12: ...`.
    public var description: String { "seed \(seed), step \(step): \(what)" }
  }

  /// Folds `fuzzCase` through the reducer and the reference; the first difference, or nil
  /// when they agree after every event.
  public static func firstDifference(in fuzzCase: FuzzCase) -> Difference? {
    var state = fuzzCase.prefix.state
    var reference = ReferenceIsland(configuration: fuzzCase.configuration)
    for entry in fuzzCase.prefix.entries {
      do {
        try reference.apply(entry.event, at: entry.t)
      } catch {
        return Difference(
          seed: fuzzCase.seed, step: -1, what: "the reference rejects prefix entry: \(error)")
      }
    }
    if let what = difference(state, reference) {
      return Difference(seed: fuzzCase.seed, step: -1, what: what)
    }
    for (index, step) in fuzzCase.steps.enumerated() {
      var rejection: Rejection?
      var referenceRejection: Rejection?
      do { try state.fold(step.event, at: step.t) } catch { rejection = error }
      do { try reference.apply(step.event, at: step.t) } catch { referenceRejection = error }
      if rejection != referenceRejection {
        let said = { (rejection: Rejection?) in rejection.map { "\($0)" } ?? "accepted" }
        return Difference(
          seed: fuzzCase.seed, step: index,
          what: "the reducer: \(said(rejection)); the reference: \(said(referenceRejection))")
      }
      if let what = difference(state, reference) {
        return Difference(seed: fuzzCase.seed, step: index, what: what)
      }
    }
    return nil
  }

  /// The first member of the state JSON that differs, described; nil when none does.
  private static func difference(_ state: IslandState, _ reference: ReferenceIsland) -> String? {
    guard case .object(let members) = state.json, case .object(let expected) = reference.json
    else { return "the state JSON is not an object" }
    for (member, other) in zip(members, expected) where member.0 != other.0 {
      return "member \(member.0) where the reference has \(other.0)"
    }
    for (member, other) in zip(members, expected) {
      let (text, expectedText) = (member.1.compactText, other.1.compactText)
      if text != expectedText {
        return "\(member.0) is \(text), the reference has \(expectedText)"
      }
    }
    return members.count == expected.count ? nil : "the state JSON has other members"
  }
}
