/// The island after a run of events: which activity is shown where, every activity's life,
/// and what the last event caused.
///
/// A value: folding the same events from the same configuration always gives an equal
/// state. Only the reducer (``apply(_:at:)``) changes it.
public struct IslandState: Equatable, Sendable {
  /// The device, interaction profile and policy this state simulates.
  public let configuration: Configuration
  /// The sequence number of the last event applied (0 before any).
  public internal(set) var seq = 0
  /// The time of the last event applied.
  public internal(set) var t: Milliseconds = 0
  /// Every activity started, in start order, ended and dismissed ones too.
  public internal(set) var activities = ActivityList()
  /// Where the ranked, eligible activities are placed (under any expansion).
  public internal(set) var placement = Placement()
  /// The expansion on top of the placement, if any.
  public internal(set) var expansion: Expansion?
  /// The most recent effects (at most ``RecentWindow/capacity``), in order; each keeps its
  /// position among every effect so far.
  public internal(set) var effects = RecentWindow<Effect>()
  /// The most recent warnings (at most ``RecentWindow/capacity``), in order.
  public internal(set) var warnings = RecentWindow<Warning>()
  /// The animations the last event caused (timers that fired before it included).
  public internal(set) var animations: [Animation] = []

  /// What the last event changed in an activity's content (``transitions`` are rendered
  /// from it).
  var contentChange = ContentChange()
  /// The index of each activity id in ``activities``.
  var activityIndex = ActivityIndex()
  /// The indices of the eligible (active or stale) activities, in rank order once placed
  /// (``placeActivities()``).
  var eligible: [Int] = []
  /// Pending timers.
  var timers = TimerQueue()
  /// The ids of dismissed activities the state no longer keeps (see
  /// ``retainedDismissedActivities``).
  var forgottenIDs = ForgottenIDs()
  /// The start seqs of the dismissed activities the state keeps, in the order they were
  /// dismissed: the first is forgotten when one more is dismissed than are kept.
  var dismissalOrder: [Int] = []
  /// What the fast path keeps between events to spare work: no result depends on it.
  package var caches = Caches()

  /// What the fast path keeps between events to spare work. Outside equality: two states
  /// are equal whatever their caches hold. A value like the rest of the state: a state made
  /// with another's caches (``EventLog/init(configuration:caches:)``) shares what it had
  /// made so far, and nothing after.
  package struct Caches: Sendable {
    /// The plans of the default layouts made so far.
    var defaultPlans = DefaultPlans()
    /// The storage of the record of what fired timers changed (``IslandState/FiredTimers``),
    /// empty between events: a batch of timers records into the room earlier batches made.
    var firedTimerChanges: [FiredTimers.Change] = []

    package init() {}

    /// Makes the plan of the default layout for the field names of `content` ahead of use.
    package mutating func prepareDefaultPlan(for content: ContentState) {
      _ = defaultPlans.plan(for: content)
    }
  }

  /// An empty island for `configuration`.
  ///
  /// Its lists start with room for a short run's live activities, dismissals and animations:
  /// an empty island is most often made once and copied (every generated case starts from a
  /// copy of one), and a copy's first change to a list then makes room for the run at once
  /// instead of growing it one doubling at a time.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    eligible.reserveCapacity(IslandState.initialRoom)
    dismissalOrder.reserveCapacity(IslandState.initialRoom)
    animations.reserveCapacity(IslandState.initialRoom)
  }

  /// The room an empty island's lists start with.
  private static let initialRoom = 8

  /// Whether two states are the same island: every part equal. The id index, the timer
  /// queue and the eligible list are left out: they follow from the activities and the
  /// expansion (each is an index kept to spare a scan). So are the ``caches``.
  public static func == (left: IslandState, right: IslandState) -> Bool {
    left.configuration == right.configuration && left.seq == right.seq && left.t == right.t
      && left.activities == right.activities && left.placement == right.placement
      && left.expansion == right.expansion && left.effects == right.effects
      && left.warnings == right.warnings && left.animations == right.animations
      && left.contentChange == right.contentChange && left.forgottenIDs == right.forgottenIDs
      && left.dismissalOrder == right.dismissalOrder
  }

  /// The activity with id `id`.
  public func activity(_ id: String) -> Activity? {
    activityIndex.position(of: id, in: activities).map { activities[$0] }
  }

  /// The presentation: idle, compact, minimal or expanded.
  public var mode: Mode { expansion == nil ? placement.mode : .expanded }

  /// The activity on the island: the compact one, the attached minimal one, or the expanded
  /// one.
  public var islandActivity: Activity? {
    if let expansion { return activities[expansion.activity] }
    return placement.island.map { activities[$0] }
  }

  /// The detached minimal activity, in minimal only.
  public var detachedActivity: Activity? {
    expansion == nil ? placement.detached.map { activities[$0] } : nil
  }

  /// Every other eligible activity, in rank order.
  public var hiddenActivities: [Activity] {
    guard let expansion else { return placement.hidden.map { activities[$0] } }
    return placement.ranked.filter { $0 != expansion.activity }.map { activities[$0] }
  }

  /// Why the island is expanded, when it is.
  public var expandedReason: Expansion.Reason? { expansion?.reason }

  /// The eligible activities, in rank order.
  public var rankedActivities: [Activity] { placement.ranked.map { activities[$0] } }

  /// The number of live (active or stale) activities of `app`.
  public func liveCount(of app: String) -> Int {
    eligible.reduce(0) { $0 + (activities[$1].app == app ? 1 : 0) }
  }
}

/// The island's presentation.
public enum Mode: String, CaseIterable, Equatable, Hashable, Sendable {
  /// No activity: the resting pill.
  case idle
  /// One app: its top activity, leading and trailing around the camera.
  case compact
  /// Two or more apps: one activity attached, one of another app detached.
  case minimal
  /// One activity expanded, by the user or by an alert.
  case expanded
}

/// The island expanded over its placement.
public struct Expansion: Equatable, Hashable, Sendable {
  /// The index of the expanded activity.
  public var activity: Int
  /// Why.
  public var reason: Reason
  /// When an alert's expansion ends; nil for the user's, which lasts until a tap.
  public var until: Milliseconds?

  /// Why the island expanded.
  public enum Reason: String, Equatable, Hashable, Sendable {
    /// A tap or long press.
    case user
    /// An update's alert.
    case alert
  }
}
