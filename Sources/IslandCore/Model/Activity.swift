/// A Live Activity as the engine tracks it.
public struct Activity: Equatable, Hashable, Sendable {
  /// The activity's id.
  public let id: String
  /// The app's bundle id.
  public let app: String
  /// The sequence number of its start: the tie-break of the ranking (earlier first).
  public let startSeq: Int
  /// When it started.
  public let startedAt: Milliseconds
  /// Where it is in its life.
  public internal(set) var phase: Phase
  /// Its relevance: higher ranks first.
  public internal(set) var relevance: Double
  /// When its content becomes stale, or nil for never.
  public internal(set) var staleAt: Milliseconds?
  /// When it ended, once it has.
  public internal(set) var endedAt: Milliseconds?
  /// When it leaves (or left) the Lock Screen, once it has ended.
  public internal(set) var dismissAt: Milliseconds?
  /// Its content state.
  public internal(set) var content: ContentState
  /// Its layout, resolved (a named layout looked up, or the default one).
  public let layout: Layout
  /// The name of the built-in layout it uses, or nil for one given inline.
  public let layoutName: String?
  /// Its widget URL, or nil for the app's default.
  public let url: String?
  /// Its per-region deep links.
  public let links: RegionLinks
  /// The last alert it received, if any.
  public internal(set) var lastAlert: Alert?

  /// Whether the island may show it: active or stale.
  public var isEligible: Bool { phase == .active || phase == .stale }

  /// The URL a tap opens when nothing more specific applies: `<app>://`.
  public var appDefaultURL: String { app + "://" }

  /// An activity as it is when it starts.
  public init(
    id: String, app: String, startSeq: Int, startedAt: Milliseconds, relevance: Double,
    staleAt: Milliseconds?, content: ContentState, layout: Layout, layoutName: String?,
    url: String?, links: RegionLinks
  ) {
    self.id = id
    self.app = app
    self.startSeq = startSeq
    self.startedAt = startedAt
    self.phase = .active
    self.relevance = relevance
    self.staleAt = staleAt
    self.content = content
    self.layout = layout
    self.layoutName = layoutName
    self.url = url
    self.links = links
  }
}

/// Where an activity is in its life (ActivityKit's `ActivityState`).
public enum Phase: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Running and current.
  case active
  /// Running, but its stale date has passed.
  case stale
  /// Ended: no more updates; it may stay on the Lock Screen until dismissed.
  case ended
  /// Gone.
  case dismissed
}
