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
  let layoutName: String?
  /// The layout and what the reducer derives from it (shared by every activity of a
  /// built-in layout).
  let plan: LayoutPlan
  /// The bytes the attributes take (id, app, URL, links as JSON strings).
  let attributeBytes: Int

  /// The layout.
  var layout: Layout { plan.layout }

  init(
    id: String, app: String, startSeq: Int, startedAt: Milliseconds, url: String?,
    links: RegionLinks, plan: LayoutPlan, layoutName: String?
  ) {
    self.id = id
    self.app = app
    self.startSeq = startSeq
    self.startedAt = startedAt
    self.url = url
    self.links = links
    self.plan = plan
    self.layoutName = layoutName
    attributeBytes = Validation.attributeBytes(id: id, app: app, url: url, links: links)
  }

  static func == (left: ActivityProfile, right: ActivityProfile) -> Bool {
    left === right
      || (left.id == right.id && left.app == right.app && left.startSeq == right.startSeq
        && left.startedAt == right.startedAt && left.url == right.url
        && left.links == right.links && left.layout == right.layout
        && left.layoutName == right.layoutName)
  }
}

/// A layout, and what the reducer needs to know of it on every update: which zones read
/// which field, which fields must stay numbers or symbol names, which zones move with time.
final class LayoutPlan: Sendable {
  let layout: Layout
  /// Each zone's view, by ``Zone/ordinal``.
  let zoneViews: [ZoneView?]
  /// The zones (bits by ``Zone/ordinal``) that show a countdown: their text moves with time.
  let countdownZones: UInt8
  /// Every field the layout reads or pulses on, with what it does there.
  let roles: [FieldRole]

  /// What a layout does with one state field.
  struct FieldRole: Sendable {
    /// The field's name.
    let name: String
    /// The zones that read it (bits by ``Zone/ordinal``).
    var zones: UInt8 = 0
    /// Whether a progress bar or a countdown shows it: it must stay a number.
    var isNumeric = false
    /// Whether a symbol takes its name from it: it must stay a symbol name.
    var namesSymbol = false
    /// Whether a change of it pulses the leading icon.
    var pulses = false
  }

  init(_ layout: Layout) {
    self.layout = layout
    zoneViews = Zone.allCases.map { layout[$0] }
    var countdownZones: UInt8 = 0
    var roles: [FieldRole] = []
    func update(_ name: String, _ change: (inout FieldRole) -> Void) {
      if let index = roles.firstIndex(where: { $0.name == name }) {
        change(&roles[index])
      } else {
        var role = FieldRole(name: name)
        change(&role)
        roles.append(role)
      }
    }
    for zone in Zone.allCases {
      guard let view = layout[zone]?.view else { continue }
      if view.hasCountdown { countdownZones |= zone.bit }
      for field in view.fields { update(field) { $0.zones |= zone.bit } }
      for field in view.numericFields { update(field) { $0.isNumeric = true } }
      for field in view.symbolFields { update(field) { $0.namesSymbol = true } }
    }
    if let pulse = layout.pulse { update(pulse.field) { $0.pulses = true } }
    self.countdownZones = countdownZones
    self.roles = roles
  }

  /// What the layout does with field `name`, or nil when it does nothing with it.
  func role(of name: String) -> FieldRole? {
    for role in roles where role.name == name { return role }
    return nil
  }

  /// The plans of the built-in layouts, made once.
  private static let catalogue: [(name: String, plan: LayoutPlan)] = Layout.catalogue.map {
    ($0.name, LayoutPlan($0.layout))
  }

  /// The plan of the built-in layout called `name`.
  static func named(_ name: String) -> LayoutPlan? {
    for entry in catalogue where entry.name == name { return entry.plan }
    return nil
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
