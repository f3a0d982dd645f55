/// A warning: the event was accepted, but something in it will not show as written.
public struct Warning: Equatable, Hashable, Sendable {
  /// The sequence number of the event that raised it.
  public var seq: Int
  /// What happened.
  public var kind: Kind

  /// The kinds of warning.
  public enum Kind: Equatable, Hashable, Sendable {
    /// A zone's content is wider than its budget and was cut with an ellipsis.
    case truncated(activity: String, zone: Zone, needed: Double, budget: Double)
    /// An animation asked for longer than the policy's maximum and was shortened to it.
    case animationClamped(
      activity: String, animation: String, requested: Milliseconds,
      maximum: Milliseconds)
  }

  /// A warning of `kind` raised by event `seq`.
  public init(seq: Int, kind: Kind) {
    self.seq = seq
    self.kind = kind
  }

  /// The warning as a sentence.
  public var message: String {
    switch kind {
    case .truncated(let activity, let zone, let needed, let budget):
      return "\(zone.rawValue) of \"\(activity)\" needs \(Points.format(needed)) pt but has "
        + "\(Points.format(budget)) pt: truncated with an ellipsis"
    case .animationClamped(let activity, let animation, let requested, let maximum):
      return "\(animation) animation of \"\(activity)\" lasts \(requested) ms, over the "
        + "\(maximum) ms limit: clamped to \(maximum) ms"
    }
  }
}
