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
