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
    /// An update generated before the newest one applied to its activity was ignored
    /// (Part 2, "Update order (timestamps)": ``UpdateOrder``).
    case olderUpdateIgnored(activity: String, timestamp: Int64, newest: Int64)
    /// An event that arrived at `arrived` was held back and applied at its own time (a push
    /// over the priority budget: Part 2, "Priority budget").
    case deferred(activity: String, event: String, arrived: Milliseconds)
    /// An update added a state field that the activity's layout does not read: nothing
    /// shows it. `suggestion` is the layout's field it is closest to, if any.
    case unreadField(activity: String, field: String, suggestion: String?)
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
    case .olderUpdateIgnored(let activity, let timestamp, let newest):
      return "update of \"\(activity)\" generated at timestamp \(timestamp) is older than the "
        + "update applied at timestamp \(newest): ignored"
    case .deferred(let activity, let event, let arrived):
      return "\(event) of \"\(activity)\" arrived at \(arrived) ms over the priority budget: "
        + "throttled, applied later"
    case .unreadField(let activity, let field, let suggestion):
      return "update of \"\(activity)\" adds field \"\(field)\", which its layout does not "
        + "read: nothing shows it"
        + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    }
  }
}
