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
