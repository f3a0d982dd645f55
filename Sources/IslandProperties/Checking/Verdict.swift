import IslandCore

/// What the rules say of one event where it stands: accept it, or reject it for one of the
/// reasons listed.
public enum Verdict: Equatable, Sendable {
  /// Every rule allows the event.
  case accept
  /// The event breaks each of these rules; the engine may name any one of them (it stops at
  /// the first it checks).
  case reject([Rejection.Reason])

  /// Whether the rules allow the event.
  public var isAccept: Bool { self == .accept }

  /// Whether `rejection` names one of the broken rules (``RuleModel/sameRule(_:_:)``).
  public func admits(_ rejection: Rejection) -> Bool {
    guard case .reject(let reasons) = self else { return false }
    return reasons.contains { RuleModel.sameRule($0, rejection.reason) }
  }

  /// The reasons, in words, for a failure report.
  public var summary: String {
    switch self {
    case .accept: return "accept"
    case .reject(let reasons):
      return "reject (" + reasons.map(\.message).joined(separator: "; ") + ")"
    }
  }
}
