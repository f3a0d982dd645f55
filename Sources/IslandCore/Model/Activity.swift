/// A Live Activity as the engine tracks it.
public struct Activity: Equatable, Sendable {
  /// What never changes after the start, shared by reference: copying an activity (the
  /// reducer does, to check before it changes) costs one retain, not one per string.
  let profile: ActivityProfile
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
  /// The last alert it received, if any.
  public internal(set) var lastAlert: Alert?
  /// The bytes its content state and attributes take (see the payload limit).
  var payloadBytes: Int
  /// Each zone's text as last rendered, by ``Zone/ordinal`` (zones with a countdown are
  /// rendered again each time: their text moves with time).
  var zoneTexts: [String]

  /// The activity's id.
  public var id: String { profile.id }
  /// The app's bundle id.
  public var app: String { profile.app }
  /// The sequence number of its start: the tie-break of the ranking (earlier first).
  public var startSeq: Int { profile.startSeq }
  /// When it started.
  public var startedAt: Milliseconds { profile.startedAt }
  /// Its layout, resolved (a named layout looked up, or the default one).
  public var layout: Layout { profile.layout }
  /// The name of the built-in layout it uses, or nil for one given inline or the default.
  public var layoutName: String? { profile.layoutName }
  /// Its widget URL, or nil for the app's default.
  public var url: String? { profile.url }
  /// Its per-region deep links.
  public var links: RegionLinks { profile.links }

  /// Whether the island may show it: active or stale.
  public var isEligible: Bool { phase == .active || phase == .stale }

  /// The URL a tap opens when nothing more specific applies: `<app>://`.
  public var appDefaultURL: String { profile.app + "://" }

  init(
    profile: ActivityProfile, relevance: Double, staleAt: Milliseconds?,
    content: ContentState, payloadBytes: Int, zoneTexts: [String]
  ) {
    self.profile = profile
    self.phase = .active
    self.relevance = relevance
    self.staleAt = staleAt
    self.content = content
    self.payloadBytes = payloadBytes
    self.zoneTexts = zoneTexts
  }
}

/// The parts of an activity fixed at its start, and what the reducer derives from its layout
/// once rather than on every update.
final class ActivityProfile: Equatable, Sendable {
  let id: String
  let app: String
  let startSeq: Int
  let startedAt: Milliseconds
  let url: String?
  let links: RegionLinks
  let layout: Layout
  let layoutName: String?
  /// Each zone's view, by ``Zone/ordinal``.
  let zoneViews: [ZoneView?]
  /// The fields each zone reads, by ``Zone/ordinal``.
  let zoneFields: [[String]]
  /// Whether each zone shows a countdown, by ``Zone/ordinal``.
  let zoneHasCountdown: [Bool]
  /// The fields shown as progress bars or countdowns: they must stay numbers.
  let numericFields: [String]
  /// The fields that name symbols: they must stay SF Symbol names.
  let symbolFields: [String]
  /// The bytes the attributes take (id, app, URL, links as JSON strings).
  let attributeBytes: Int

  init(
    id: String, app: String, startSeq: Int, startedAt: Milliseconds, url: String?,
    links: RegionLinks, layout: Layout, layoutName: String?
  ) {
    self.id = id
    self.app = app
    self.startSeq = startSeq
    self.startedAt = startedAt
    self.url = url
    self.links = links
    self.layout = layout
    self.layoutName = layoutName
    zoneViews = Zone.allCases.map { layout[$0] }
    zoneFields = Zone.allCases.map { layout[$0]?.view.fields ?? [] }
    zoneHasCountdown = Zone.allCases.map { layout[$0]?.view.hasCountdown ?? false }
    numericFields = Zone.allCases.flatMap { layout[$0]?.view.numericFields ?? [] }
    symbolFields = Zone.allCases.flatMap { layout[$0]?.view.symbolFields ?? [] }
    attributeBytes = Validation.attributeBytes(id: id, app: app, url: url, links: links)
  }

  /// Whether `zone` reads any of `fields`.
  func zone(_ zone: Zone, readsAnyOf fields: [String]) -> Bool {
    let read = zoneFields[zone.ordinal]
    return !read.isEmpty && fields.contains { read.contains($0) }
  }

  static func == (left: ActivityProfile, right: ActivityProfile) -> Bool {
    left === right
      || (left.id == right.id && left.app == right.app && left.startSeq == right.startSeq
        && left.startedAt == right.startedAt && left.url == right.url
        && left.links == right.links && left.layout == right.layout
        && left.layoutName == right.layoutName)
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
