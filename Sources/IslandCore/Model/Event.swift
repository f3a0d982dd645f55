/// Milliseconds on the journal's clock: from the journal's start, never decreasing.
public typealias Milliseconds = Int64

/// Something that happened to the island, named for what happened.
///
/// An event carries no sequence number and no time: the log assigns the sequence number on
/// append, and the time travels beside it in a ``LogEntry``.
///
/// A start holds its fields in a box (``Start``): it carries a whole layout, and without the
/// box every event, log entry and outcome would be as large as a start, most of them several
/// times larger than they need. Updates and ends box what only some of them carry, for the
/// same reason: events are moved in and out of logs, batches and handlers one by one, and
/// each move costs what the event's room is.
public enum Event: Equatable, Hashable, Sendable {
  /// An app started a Live Activity.
  case start(Start)
  /// An app pushed new content to one of its activities.
  case update(Update)
  /// An app (or the system) ended an activity.
  case end(End)
  /// The user tapped something.
  case tap(TapTarget)
  /// The user long-pressed the island or the detached bubble.
  case longPress(LongPressTarget)
  /// Only time passed.
  case tick

  /// The event's name as the journal and the REPL spell it.
  public var name: String {
    switch self {
    case .start: return "start"
    case .update: return "update"
    case .end: return "end"
    case .tap: return "tap"
    case .longPress: return "longPress"
    case .tick: return "tick"
    }
  }

  /// When the event's data was generated (start, update, end), if it says.
  public var timestamp: Int64? {
    switch self {
    case .start(let start): return start.timestamp
    case .update(let update): return update.timestamp
    case .end(let end): return end.timestamp
    case .tap, .longPress, .tick: return nil
    }
  }

  /// When the event arrived, if it was held back and applied later.
  public var arrived: Milliseconds? {
    switch self {
    case .start(let start): return start.arrived
    case .update(let update): return update.arrived
    case .end(let end): return end.arrived
    case .tap, .longPress, .tick: return nil
    }
  }

  /// The activity the event is about, for start, update and end.
  public var activityID: String? {
    switch self {
    case .start(let start): return start.activity
    case .update(let update): return update.activity
    case .end(let end): return end.activity
    case .tap, .longPress, .tick: return nil
    }
  }
}

/// An event in the log: its sequence number, its time and the event.
public struct LogEntry: Equatable, Hashable, Sendable {
  /// The sequence number, assigned on append: 1 for the first event, then one more each.
  public var seq: Int
  /// When it happened, in milliseconds on the journal's clock.
  public var t: Milliseconds
  /// What happened.
  public var event: Event

  /// An entry for `event` at sequence number `seq` and time `t`.
  public init(seq: Int, t: Milliseconds, event: Event) {
    self.seq = seq
    self.t = t
    self.event = event
  }
}

/// The payload of a start: a new Live Activity and everything it is born with.
///
/// Its fields are held in one immutable box, shared by every copy: the reducer, the log and
/// the journal pass a start around (out of its event, into an outcome) by one reference, not
/// field by field. Changing a field makes a new box.
public struct Start: Hashable, Sendable {
  /// The fields.
  private var box: Frozen<Fields>

  /// The fields of a start, as one value: each is documented by its accessor below.
  private struct Fields: Hashable, Sendable {
    var activity: String
    var app: String
    var relevance: Double
    var stale: Milliseconds?
    var state: ContentState
    var layout: LayoutReference?
    var url: String?
    var links: RegionLinks
    var timestamp: Int64?
    var arrived: Milliseconds?
  }

  /// The activity's id, unique for the life of the log.
  public var activity: String {
    get { box.value.activity }
    set { change { $0.activity = newValue } }
  }
  /// The app's bundle id, such as `com.example.food`.
  public var app: String {
    get { box.value.app }
    set { change { $0.app = newValue } }
  }
  /// How relevant the activity is (ActivityKit's `relevanceScore`); higher ranks first.
  public var relevance: Double {
    get { box.value.relevance }
    set { change { $0.relevance = newValue } }
  }
  /// When the content becomes stale, on the journal's clock; nil for never.
  public var stale: Milliseconds? {
    get { box.value.stale }
    set { change { $0.stale = newValue } }
  }
  /// The content state.
  public var state: ContentState {
    get { box.value.state }
    set { change { $0.state = newValue } }
  }
  /// The layout of the activity's views: a built-in one by name or one given inline; nil for
  /// the default layout.
  public var layout: LayoutReference? {
    get { box.value.layout }
    set { change { $0.layout = newValue } }
  }
  /// The widget URL, the default deep link of every view; nil for the app's default.
  public var url: String? {
    get { box.value.url }
    set { change { $0.url = newValue } }
  }
  /// Deep links for single expanded regions, overriding the widget URL there.
  public var links: RegionLinks {
    get { box.value.links }
    set { change { $0.links = newValue } }
  }
  /// When the data was generated, on its source's clock (a push's UNIX seconds); nil for
  /// none. Only its order matters (Part 2, "Update order").
  public var timestamp: Int64? {
    get { box.value.timestamp }
    set { change { $0.timestamp = newValue } }
  }
  /// When it arrived, if it was held back and applied later (a push over the priority
  /// budget); nil for an event applied as it came.
  public var arrived: Milliseconds? {
    get { box.value.arrived }
    set { change { $0.arrived = newValue } }
  }

  /// A start of activity `activity` of app `app`.
  public init(
    activity: String, app: String, relevance: Double = 0, stale: Milliseconds? = nil,
    state: ContentState = ContentState(), layout: LayoutReference? = nil, url: String? = nil,
    links: RegionLinks = RegionLinks(), timestamp: Int64? = nil, arrived: Milliseconds? = nil
  ) {
    box = Frozen(
      Fields(
        activity: activity, app: app, relevance: relevance, stale: stale, state: state,
        layout: layout, url: url, links: links, timestamp: timestamp, arrived: arrived))
  }

  /// Changes the fields: in a new box, as others may share this one.
  private mutating func change(_ body: (inout Fields) -> Void) {
    var fields = box.value
    body(&fields)
    box = Frozen(fields)
  }

  /// Whether two starts carry the same fields.
  public static func == (left: Start, right: Start) -> Bool {
    left.box === right.box || left.box.value == right.box.value
  }

  /// Hashes the fields, as ``==`` compares them.
  public func hash(into hasher: inout Hasher) { box.value.hash(into: &hasher) }
}

extension Start: CustomReflectable {
  /// The fields, as a start's description shows them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "activity": activity, "app": app, "relevance": relevance, "stale": stale as Any,
        "state": state, "layout": layout as Any, "url": url as Any, "links": links,
        "timestamp": timestamp as Any, "arrived": arrived as Any,
      ], displayStyle: .struct)
  }
}

/// The payload of an update: a state patch and what else may change with it.
///
/// Most updates carry a patch alone. What else an update may carry (a relevance, a stale
/// time, an alert, when its data was generated and when it arrived) is held in a box only an
/// update that carries some of it has: without the box, every event and log entry would have
/// room for all of it.
public struct Update: Equatable, Hashable, Sendable {
  /// The activity to update.
  public var activity: String
  /// Fields merged into the content state.
  public var state: ContentState
  /// The rest, if the update carries any of it: no box for a patch alone.
  private var extras: RareExtras<Extras>

  /// What an update may carry besides its patch: each is documented by its accessor below.
  private struct Extras: EventExtras {
    var relevance: Double?
    var stale: Milliseconds?
    var alert: Alert?
    var timestamp: Int64?
    var arrived: Milliseconds?

    /// Whether the update carries none of them.
    var isEmpty: Bool {
      relevance == nil && stale == nil && alert == nil && timestamp == nil && arrived == nil
    }
  }

  /// A new relevance, or nil to keep the current one.
  public var relevance: Double? {
    get { extras.value?.relevance }
    set { extras.change { $0.relevance = newValue } }
  }
  /// A new stale time on the journal's clock, or nil to keep the current one.
  public var stale: Milliseconds? {
    get { extras.value?.stale }
    set { extras.change { $0.stale = newValue } }
  }
  /// An alert: the island expands briefly to show it (a banner on a device without one).
  public var alert: Alert? {
    get { extras.value?.alert }
    set { extras.change { $0.alert = newValue } }
  }
  /// When the data was generated, on its source's clock (a push's UNIX seconds); nil for
  /// none. An update older than the last one applied is ignored (Part 2, "Update order").
  public var timestamp: Int64? {
    get { extras.value?.timestamp }
    set { extras.change { $0.timestamp = newValue } }
  }
  /// When it arrived, if it was held back and applied later (a push over the priority
  /// budget); nil for an update applied as it came.
  public var arrived: Milliseconds? {
    get { extras.value?.arrived }
    set { extras.change { $0.arrived = newValue } }
  }

  /// An update of `activity`.
  public init(
    activity: String, state: ContentState = ContentState(), relevance: Double? = nil,
    stale: Milliseconds? = nil, alert: Alert? = nil, timestamp: Int64? = nil,
    arrived: Milliseconds? = nil
  ) {
    self.activity = activity
    self.state = state
    extras = RareExtras(
      Extras(
        relevance: relevance, stale: stale, alert: alert, timestamp: timestamp, arrived: arrived))
  }
}

extension Update: CustomReflectable {
  /// The fields, as an update's description shows them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "activity": activity, "state": state, "relevance": relevance as Any,
        "stale": stale as Any, "alert": alert as Any, "timestamp": timestamp as Any,
        "arrived": arrived as Any,
      ], displayStyle: .struct)
  }
}

/// An alert carried by an update (ActivityKit's `AlertConfiguration`).
public struct Alert: Equatable, Hashable, Sendable {
  /// The alert's title.
  public var title: String
  /// The alert's body.
  public var body: String
  /// The sound's name (`default` for the system sound); nil for none.
  public var sound: String?

  /// An alert with this title, body and sound.
  public init(title: String, body: String, sound: String? = nil) {
    self.title = title
    self.body = body
    self.sound = sound
  }
}

/// The payload of an end.
///
/// How the ended activity is dismissed and when the end was generated and arrived are held
/// in a box only an end that says any of them has (an end dismissed by default, as it came,
/// has none), for the same reason as an update's extras.
public struct End: Equatable, Hashable, Sendable {
  /// The activity to end.
  public var activity: String
  /// A final patch merged into the content state, or nil.
  public var state: ContentState?
  /// The rest, if the end says any of it: no box for a default dismissal, applied as it
  /// came.
  private var extras: RareExtras<Extras>

  /// What an end may say besides its activity and patch: each is documented by its accessor
  /// below.
  private struct Extras: EventExtras {
    var dismissal: Dismissal = .default
    var timestamp: Int64?
    var arrived: Milliseconds?

    /// Whether the end says none of them.
    var isEmpty: Bool { dismissal == .default && timestamp == nil && arrived == nil }
  }

  /// When the ended activity leaves the Lock Screen.
  public var dismissal: Dismissal {
    get { extras.value?.dismissal ?? .default }
    set { extras.change { $0.dismissal = newValue } }
  }
  /// When the data was generated, on its source's clock; nil for none. An end is applied
  /// whatever its timestamp (Part 2, "Update order").
  public var timestamp: Int64? {
    get { extras.value?.timestamp }
    set { extras.change { $0.timestamp = newValue } }
  }
  /// When it arrived, if it was held back and applied later (a push over the priority
  /// budget); nil for an end applied as it came.
  public var arrived: Milliseconds? {
    get { extras.value?.arrived }
    set { extras.change { $0.arrived = newValue } }
  }

  /// An end of `activity`.
  public init(
    activity: String, state: ContentState? = nil, dismissal: Dismissal = .default,
    timestamp: Int64? = nil, arrived: Milliseconds? = nil
  ) {
    self.activity = activity
    self.state = state
    extras = RareExtras(Extras(dismissal: dismissal, timestamp: timestamp, arrived: arrived))
  }
}

extension End: CustomReflectable {
  /// The fields, as an end's description shows them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "activity": activity, "state": state as Any, "dismissal": dismissal,
        "timestamp": timestamp as Any, "arrived": arrived as Any,
      ], displayStyle: .struct)
  }
}

/// When an ended activity is dismissed from the Lock Screen (`ActivityUIDismissalPolicy`).
public enum Dismissal: Equatable, Hashable, Sendable {
  /// After the policy's default delay (4 h).
  case `default`
  /// At once.
  case immediate
  /// At this time on the journal's clock, or the default delay after the end if that is
  /// sooner.
  case after(Milliseconds)
}

/// What a tap lands on.
public enum TapTarget: String, CaseIterable, Equatable, Hashable, Sendable {
  /// The island: compact, or the attached minimal view.
  case island
  /// The detached minimal bubble.
  case detached
  /// The expanded leading region.
  case leading
  /// The expanded trailing region.
  case trailing
  /// The expanded center region.
  case center
  /// The expanded bottom region.
  case bottom
  /// Anywhere outside the island.
  case outside

  /// The expanded region, when the target is one.
  public var region: Region? {
    switch self {
    case .leading: return .leading
    case .trailing: return .trailing
    case .center: return .center
    case .bottom: return .bottom
    case .island, .detached, .outside: return nil
    }
  }
}

/// What a long press lands on.
public enum LongPressTarget: String, CaseIterable, Equatable, Hashable, Sendable {
  /// The island: compact, or the attached minimal view.
  case island
  /// The detached minimal bubble.
  case detached
}

/// The four regions of the expanded presentation.
public enum Region: String, CaseIterable, Comparable, Equatable, Hashable, Sendable {
  /// Left of the camera.
  case leading
  /// Right of the camera.
  case trailing
  /// Below the camera, between leading and trailing.
  case center
  /// The full width below the others: the main content.
  case bottom

  /// Regions order as listed: leading, trailing, center, bottom.
  public static func < (left: Region, right: Region) -> Bool {
    allCases.firstIndex(of: left) ?? 0 < allCases.firstIndex(of: right) ?? 0
  }
}

/// Deep links for single expanded regions.
public struct RegionLinks: Equatable, Hashable, Sendable {
  /// The link of each region that has one.
  public var leading: String?
  /// The trailing region's link.
  public var trailing: String?
  /// The center region's link.
  public var center: String?
  /// The bottom region's link.
  public var bottom: String?

  /// Links for the regions given.
  public init(
    leading: String? = nil, trailing: String? = nil, center: String? = nil,
    bottom: String? = nil
  ) {
    self.leading = leading
    self.trailing = trailing
    self.center = center
    self.bottom = bottom
  }

  /// Whether no region has a link.
  public var isEmpty: Bool { leading == nil && trailing == nil && center == nil && bottom == nil }

  /// The link of `region`.
  public subscript(region: Region) -> String? {
    get {
      switch region {
      case .leading: return leading
      case .trailing: return trailing
      case .center: return center
      case .bottom: return bottom
      }
    }
    set {
      switch region {
      case .leading: leading = newValue
      case .trailing: trailing = newValue
      case .center: center = newValue
      case .bottom: bottom = newValue
      }
    }
  }
}
