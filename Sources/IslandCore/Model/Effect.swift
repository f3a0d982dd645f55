/// Something the island asked the outside world to do. Nothing is ever done for real: the
/// effect is recorded in the state, with the sequence number of the event that caused it.
public struct Effect: Equatable, Hashable, Sendable {
  /// The sequence number of the event that caused it.
  public var seq: Int
  /// What was asked.
  public var kind: Kind

  /// The kinds of effect.
  public enum Kind: Equatable, Hashable, Sendable {
    /// Open a deep link (a tap), chosen by `rule`.
    case openURL(url: String, rule: LinkRule, activity: String)
    /// Show a banner for an alert, on a device without an island.
    case banner(activity: String, alert: Alert)
  }

  /// An effect of `kind` caused by event `seq`.
  public init(seq: Int, kind: Kind) {
    self.seq = seq
    self.kind = kind
  }
}

/// Which rule chose the URL a tap opened.
public enum LinkRule: String, Equatable, Hashable, Sendable {
  /// The tapped expanded region's own link.
  case regionLink
  /// The activity's widget URL.
  case widgetURL
  /// The app's default, `<app>://`, for an activity without a widget URL.
  case appDefault
}

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
    /// (``Event`` timestamps: Part 2, "Update order").
    case olderUpdateIgnored(activity: String, timestamp: Int64, newest: Int64)
    /// An event that arrived at `arrived` was held back and applied at the event's time (a
    /// push over the priority budget: Part 2, "Priority budget").
    case deferred(activity: String, event: String, arrived: Milliseconds)
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
    }
  }
}

/// Formatting of point values: at most two decimals, no trailing zeros.
public enum Points {
  /// `52.33`, `126`, `36.67`.
  public static func format(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    let whole = Int64(hundredths) / 100
    let fraction = abs(Int64(hundredths) % 100)
    let sign = hundredths < 0 && whole == 0 ? "-" : ""
    if fraction == 0 { return sign + String(whole) }
    if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
    return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
  }
}

/// A content transition of one zone, caused by an update.
public struct Transition: Equatable, Hashable, Sendable {
  /// The activity whose zone changed.
  public var activity: String
  /// The zone.
  public var zone: Zone
  /// How it animates.
  public var kind: Kind
  /// The zone's text before.
  public var from: String
  /// The zone's text after.
  public var to: String

  /// The content transitions of WidgetKit.
  public enum Kind: String, Equatable, Hashable, Sendable {
    /// `.numericText()`: only digits changed.
    case numericText
    /// `.identity`: the layout asked for no animation.
    case identity
    /// The default crossfade.
    case crossfade
  }

  /// A transition of `zone` of `activity`.
  public init(activity: String, zone: Zone, kind: Kind, from: String, to: String) {
    self.activity = activity
    self.zone = zone
    self.kind = kind
    self.from = from
    self.to = to
  }
}

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
