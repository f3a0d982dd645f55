/// A rule about the island that must hold after every event, whatever came before.
public enum Invariant: String, CaseIterable, Equatable, Hashable, Sendable {
  /// In minimal, the attached and detached activities are two different activities of two
  /// different apps; outside minimal there is no detached one.
  case attachedAndDetachedDiffer
  /// Beneath any expansion, no hidden activity outranks the one its slot shows: none
  /// outranks the island's, and none of another app than the island's outranks the
  /// detached one.
  case noHiddenOutranksShown
  /// Compact only when every eligible activity belongs to one app; minimal only when two or
  /// more apps have one; idle only when none is eligible.
  case modeMatchesApps
  /// Ended and dismissed activities are never shown: not in compact, minimal or expanded,
  /// and not among the hidden either.
  case onlyEligibleShown
  /// The shown activities plus the hidden ones are exactly the eligible set, each once, and
  /// the hidden ones come in rank order.
  case shownPlusHiddenIsEligible
  /// At most one expansion, on an island device, of an eligible activity; an alert's ends
  /// when its time is up.
  case atMostOneExpansion
  /// Every opened URL comes from a tap (and banners from alerts), carries its event's seq,
  /// and opens what the activity's links say.
  case effectsComeFromTaps
  /// Each accepted event's seq is one more than the last, and time never goes back.
  case seqAndTimeAdvance
  /// Timers fire on time: nothing eligible has outlived its 8 hours, an activity is stale
  /// exactly when its stale time has passed, and dismissals happen at their time.
  case timersFireOnTime

  /// The rule in words.
  public var summary: String {
    switch self {
    case .attachedAndDetachedDiffer:
      return "attached and detached are different activities of different apps"
    case .noHiddenOutranksShown: return "no hidden activity outranks a shown one"
    case .modeMatchesApps: return "compact only when every eligible activity shares one app"
    case .onlyEligibleShown: return "ended and dismissed activities are never shown"
    case .shownPlusHiddenIsEligible: return "shown plus hidden is exactly the eligible set"
    case .atMostOneExpansion: return "at most one expansion"
    case .effectsComeFromTaps: return "every opened URL comes from a tap"
    case .seqAndTimeAdvance: return "seq strictly increases and time never decreases"
    case .timersFireOnTime: return "timers fire on time"
    }
  }
}

/// An invariant found broken, and how.
public struct InvariantViolation: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The invariant, or nil for a rule a caller added (``IslandInvariants/Extra``).
  public var invariant: Invariant?
  /// The name of the rule broken: the invariant's raw value, or the caller's name.
  public var name: String
  /// What was found, naming the activities.
  public var detail: String

  /// A violation of `invariant`.
  public init(_ invariant: Invariant, _ detail: String) {
    self.invariant = invariant
    self.name = invariant.rawValue
    self.detail = detail
  }

  /// A violation of a rule the caller added, called `name`.
  public init(name: String, detail: String) {
    self.invariant = nil
    self.name = name
    self.detail = detail
  }

  /// `noHiddenOutranksShown: hidden "b" outranks ...`.
  public var description: String { "\(name): \(detail)" }
}
