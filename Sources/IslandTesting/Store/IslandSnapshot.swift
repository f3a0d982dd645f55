import IslandCore

/// What a test can see of the island after an event, as a value the test can build and
/// change: the step-by-step store's expected state.
///
/// ``IslandState`` only changes through its reducer (its stored properties are
/// `internal(set)` and hold indices and timers that are the engine's business), so a test
/// cannot write "the state I expect" as an `IslandState`. This mirror holds everything the
/// island shows and every activity's life, each as a plain field a test mutates in the
/// closure of ``IslandTestStore/send(_:at:assert:fileID:filePath:line:column:)``:
///
/// ```swift
/// store.send(.update("pizza", state: ["minutesLeft": 19]), at: minute) {
///   $0.activities[id: "pizza"]?.content["minutesLeft"] = 19
///   $0.zones.compactTrailing = "19м"
///   $0.transitions = [
///     Transition(
///       activity: "pizza", zone: .compactTrailing, kind: .numericText, from: "20м",
///       to: "19м"),
///   ]
/// }
/// ```
///
/// Effects and warnings are not fields here: they are what the event emitted, and a test
/// receives them one by one, in TCA's way (`store.receive(...)`). The island's geometry is
/// left out too: it follows from the mode and the zones' widths by the presentation rules,
/// which have tests of their own, and restating HIG figures at every step would bury the
/// change that matters; the journal assertion, which compares the whole JSON state, checks
/// it.
public struct IslandSnapshot: Equatable, Sendable {
  /// The sequence number of the last event applied; the store sets it on each send.
  public var seq: Int
  /// The time of the last event applied; the store sets it on each send.
  public var t: Milliseconds
  /// The presentation: idle, compact, minimal or expanded.
  public var mode: Mode
  /// The id of the activity on the island: the compact one, the attached minimal one or the
  /// expanded one.
  public var island: String?
  /// The id of the detached minimal activity, in minimal only.
  public var detached: String?
  /// The ids of every other eligible activity, in rank order.
  public var hidden: [String]
  /// Why the island is expanded, when it is.
  public var expandedReason: Expansion.Reason?
  /// Every activity started, in start order (find one with `activities[id: "pizza"]`).
  public var activities: [ActivitySnapshot]
  /// What each shown zone displays.
  public var zones: ShownZones
  /// The content transitions the last event caused; the store empties the list before each
  /// send, so a test writes only those the event caused.
  public var transitions: [Transition]
  /// The animations the last event caused; emptied before each send, as ``transitions``.
  public var animations: [Animation]

  /// A snapshot with the fields given: by default an empty island before any event.
  public init(
    seq: Int = 0, t: Milliseconds = 0, mode: Mode = .idle, island: String? = nil,
    detached: String? = nil, hidden: [String] = [], expandedReason: Expansion.Reason? = nil,
    activities: [ActivitySnapshot] = [], zones: ShownZones = ShownZones(),
    transitions: [Transition] = [], animations: [Animation] = []
  ) {
    self.seq = seq
    self.t = t
    self.mode = mode
    self.island = island
    self.detached = detached
    self.hidden = hidden
    self.expandedReason = expandedReason
    self.activities = activities
    self.zones = zones
    self.transitions = transitions
    self.animations = animations
  }

  /// What a test can see of `state`.
  public init(_ state: IslandState) {
    self.init(
      seq: state.seq, t: state.t, mode: state.mode, island: state.islandActivity?.id,
      detached: state.detachedActivity?.id, hidden: state.hiddenActivities.map(\.id),
      expandedReason: state.expandedReason, activities: state.activities.map(ActivitySnapshot.init),
      zones: ShownZones(state), transitions: state.transitions, animations: state.animations)
  }
}

/// What a test can see of one activity: the parts of its life that events change.
///
/// The parts fixed at its start and never changed after (its widget URL, region links,
/// layout, start seq and time) are left out: they are the start event's own payload, and
/// what they cause shows in the zones and in the URLs a tap opens.
public struct ActivitySnapshot: Equatable, Sendable {
  /// The activity's id.
  public var id: String
  /// The app's bundle id.
  public var app: String
  /// Where it is in its life.
  public var phase: Phase
  /// Its relevance: higher ranks first.
  public var relevance: Double
  /// Its content state.
  public var content: ContentState
  /// When its content becomes stale, or nil for never.
  public var staleAt: Milliseconds?
  /// When it ended, once it has.
  public var endedAt: Milliseconds?
  /// When it leaves (or left) the Lock Screen, once it has ended.
  public var dismissAt: Milliseconds?
  /// The last alert it received, if any.
  public var lastAlert: Alert?

  /// An activity as a test expects it; by default as it is when it starts.
  public init(
    id: String, app: String, phase: Phase = .active, relevance: Double = 0,
    content: ContentState = ContentState(), staleAt: Milliseconds? = nil,
    endedAt: Milliseconds? = nil, dismissAt: Milliseconds? = nil, lastAlert: Alert? = nil
  ) {
    self.id = id
    self.app = app
    self.phase = phase
    self.relevance = relevance
    self.content = content
    self.staleAt = staleAt
    self.endedAt = endedAt
    self.dismissAt = dismissAt
    self.lastAlert = lastAlert
  }

  /// What a test can see of `activity`.
  public init(_ activity: Activity) {
    self.init(
      id: activity.id, app: activity.app, phase: activity.phase, relevance: activity.relevance,
      content: activity.content, staleAt: activity.staleAt, endedAt: activity.endedAt,
      dismissAt: activity.dismissAt, lastAlert: activity.lastAlert)
  }
}

extension Array where Element == ActivitySnapshot {
  /// The activity with id `id`; setting nil removes it, setting an activity that is not
  /// there yet appends it.
  public subscript(id id: String) -> ActivitySnapshot? {
    get { first { $0.id == id } }
    set {
      let index = firstIndex { $0.id == id }
      switch (index, newValue) {
      case (.some(let index), .some(let activity)): self[index] = activity
      case (.some(let index), .none): remove(at: index)
      case (.none, .some(let activity)): append(activity)
      case (.none, .none): break
      }
    }
  }
}

/// What each zone of the island shows now, as text: symbols as `[name]`, progress bars as
/// `[progress 40%]`, text as shown (cut with `…` when it did not fit). A zone the island
/// does not show now is nil.
public struct ShownZones: Equatable, Sendable {
  /// Compact, left of the camera.
  public var compactLeading: String?
  /// Compact, right of the camera.
  public var compactTrailing: String?
  /// The attached minimal view.
  public var minimal: String?
  /// The detached minimal bubble.
  public var detached: String?
  /// The expanded leading region.
  public var leading: String?
  /// The expanded trailing region.
  public var trailing: String?
  /// The expanded center region.
  public var center: String?
  /// The expanded bottom region.
  public var bottom: String?

  /// Zones showing the texts given; by default none (the idle island).
  public init(
    compactLeading: String? = nil, compactTrailing: String? = nil, minimal: String? = nil,
    detached: String? = nil, leading: String? = nil, trailing: String? = nil,
    center: String? = nil, bottom: String? = nil
  ) {
    self.compactLeading = compactLeading
    self.compactTrailing = compactTrailing
    self.minimal = minimal
    self.detached = detached
    self.leading = leading
    self.trailing = trailing
    self.center = center
    self.bottom = bottom
  }

  /// The zones `state` shows.
  public init(_ state: IslandState) {
    self.init()
    let detachedID = state.detachedActivity?.id
    for zone in state.presentation.zones {
      let text = zone.shownText
      switch zone.zone {
      case .compactLeading: compactLeading = text
      case .compactTrailing: compactTrailing = text
      case .minimal:
        if zone.activity == detachedID { detached = text } else { minimal = text }
      case .leading: leading = text
      case .trailing: trailing = text
      case .center: center = text
      case .bottom: bottom = text
      }
    }
  }
}
