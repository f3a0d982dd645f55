/// The view of one zone, with what the zone adds to it.
public struct ZoneView: Equatable, Hashable, Sendable {
  /// What the zone shows.
  public var view: View
  /// How a change of the zone's text animates: automatically (numeric text when only
  /// digits changed, else a crossfade) or with no animation (`.identity`).
  public var transition: TransitionChoice
  /// The deep link of an expanded region (a `Link` around the region); nil elsewhere.
  public var link: String?
  /// Whether the zone pads its content on both sides (`.padding(.horizontal)`).
  public var horizontalPadding: Bool
  /// The priority an expanded region is given (`DynamicIslandExpandedRegion(_:priority:)`),
  /// kept as written; nil elsewhere, and where none is given.
  public var priority: Double?

  /// A zone showing `view`.
  public init(
    _ view: View, transition: TransitionChoice = .automatic, link: String? = nil,
    horizontalPadding: Bool = false, priority: Double? = nil
  ) {
    self.view = view
    self.transition = transition
    self.link = link
    self.horizontalPadding = horizontalPadding
    self.priority = priority
  }
}

/// What a layout asks of a zone's content transition.
public enum TransitionChoice: String, Equatable, Hashable, Sendable {
  /// `numericText` when only digits changed, otherwise `crossfade`.
  case automatic
  /// `.contentTransition(.identity)`: the new text replaces the old with no animation.
  case identity
}
