/// An animation the island plays after an event.
public struct Animation: Equatable, Hashable, Sendable {
  /// The activity it belongs to.
  public var activity: String
  /// What animates.
  public var kind: Kind
  /// How it moves.
  public var timing: Timing
  /// How long it lasts, in milliseconds, after any clamping.
  public var duration: Milliseconds
  /// Whether it was shortened to the policy's maximum.
  public var clamped: Bool

  /// What animates.
  public enum Kind: String, Equatable, Hashable, Sendable {
    /// The island grows in to show a newly started activity (seed 000).
    case grow
    /// The island expands (seed 001's spring).
    case expand
    /// The island collapses back (seed 001's spring).
    case collapse
    /// The leading icon pulses on a change of the layout's pulse field (seed 000).
    case pulse
  }

  /// How an animation moves.
  public enum Timing: Equatable, Hashable, Sendable {
    /// A spring with this response (milliseconds) and damping fraction.
    case spring(response: Milliseconds, damping: Double)
    /// Keyframes on the icon's scale, in zone `zone`.
    case keyframes([Keyframe], zone: Zone)
  }

  /// An animation of `kind` for `activity`.
  public init(
    activity: String, kind: Kind, timing: Timing, duration: Milliseconds, clamped: Bool
  ) {
    self.activity = activity
    self.kind = kind
    self.timing = timing
    self.duration = duration
    self.clamped = clamped
  }
}
