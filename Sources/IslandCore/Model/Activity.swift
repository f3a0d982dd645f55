/// A Live Activity as the engine tracks it.
public struct Activity: Equatable, Sendable {
  /// What never changes after the start, shared by reference: every copy of an activity
  /// shares one.
  @usableFromInline let attributes: ActivityAttributes
  /// Its relevance: higher ranks first.
  public internal(set) var relevance: Double
  /// When its content becomes stale, or nil for never.
  public internal(set) var staleAt: Milliseconds?
  /// Where it is in its life (after an optional, in the room it leaves).
  public internal(set) var phase: Phase
  /// When it ended, once it has.
  public internal(set) var endedAt: Milliseconds?
  /// When it leaves (or left) the Lock Screen, once it has ended.
  public internal(set) var dismissAt: Milliseconds?
  /// Its content state.
  public internal(set) var content: ContentState
  /// The last alert it received, if any.
  public internal(set) var lastAlert: Alert? {
    get { alertBox?.value }
    set { alertBox = newValue.map(Frozen.init) }
  }
  /// The last alert, boxed: most activities never get one, and every activity would
  /// otherwise carry room for one for the whole replay.
  private var alertBox: Frozen<Alert>?
  /// The newest data timestamp applied to it (Part 2, "Update order"), if any.
  public internal(set) var newestTimestamp: Int64?
  /// What the fast path derives from the content and keeps up to date with it (payload
  /// size, where the layout's fields are, their measures). Derived, so outside `==`.
  package var derived: ContentMeasures

  // The four read most often from other modules (the invariants, the generator) are
  // inlinable: a call would be handed a copy of the whole activity.
  /// The activity's id.
  @inlinable public var id: String { attributes.hashedID.id }
  /// The app's bundle id.
  @inlinable public var app: String { attributes.hashedApp.id }
  /// The sequence number of its start: the tie-break of the ranking (earlier first).
  @inlinable public var startSeq: Int { attributes.startSeq }
  /// When it started.
  @inlinable public var startedAt: Milliseconds { attributes.startedAt }
  /// Its layout, resolved (a named layout looked up, or the default one).
  public var layout: Layout { attributes.layout }
  /// The name of the built-in layout it uses, or nil for one given inline or the default.
  public var layoutName: String? { attributes.layoutName }
  /// Its widget URL, or nil for the app's default.
  public var url: String? { attributes.url }
  /// Its per-region deep links.
  public var links: RegionLinks { attributes.links }

  /// Whether the island may show it: active or stale.
  public var isEligible: Bool { phase == .active || phase == .stale }

  /// The URL a tap opens when nothing more specific applies: `<app>://`.
  public var appDefaultURL: String { attributes.app + "://" }

  init(
    attributes: ActivityAttributes, relevance: Double, staleAt: Milliseconds?,
    content: ContentState, derived: ContentMeasures
  ) {
    self.attributes = attributes
    self.phase = .active
    self.relevance = relevance
    self.staleAt = staleAt
    self.content = content
    self.derived = derived
  }

  /// Its content's fields, numbered as its layout plan's roles.
  var fields: LayoutFields {
    LayoutFields(plan: attributes.plan, content: content, slots: derived.fieldSlots)
  }

  /// Equal when every part of the activity is: ``derived`` follows from them.
  public static func == (left: Activity, right: Activity) -> Bool {
    left.attributes == right.attributes && left.phase == right.phase
      && left.relevance == right.relevance && left.staleAt == right.staleAt
      && left.endedAt == right.endedAt && left.dismissAt == right.dismissAt
      && left.content == right.content && left.lastAlert == right.lastAlert
      && left.newestTimestamp == right.newestTimestamp
  }
}
