import IslandCore
import IslandProperties

/// A deterministic synthetic workload: a day of push traffic from many apps.
///
/// The mix: starts (relevance 0-100, a layout from the catalogue, a stale date now and
/// then), frequent updates (a few fields each, an alert one time in forty, a relevance change
/// one time in ten), taps and long presses on what is shown, taps on expanded regions and
/// outside, ends with each dismissal policy, and ticks, at time steps of 50 ms to a few
/// minutes. Every event is valid where it stands: the generator asks the reducer.
struct Workload: JournalGenerator {
  private var random: SplitMix64
  private var state = IslandState()
  private var nextID = 0
  private var now: Milliseconds = 0

  static let apps = [
    "com.example.food", "com.example.ride", "com.example.sports", "com.example.music",
    "com.example.flight", "com.example.timer", "com.example.parcel", "com.example.news",
  ]

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func nextEntry() -> LogEntry {
    while true {
      now += step()
      let event = nextEvent()
      if let outcome = try? state.apply(event, at: now) { return outcome.entry }
    }
  }

  private mutating func step() -> Milliseconds {
    switch random.next(below: 100) {
    case 0..<60: return Milliseconds(50 + random.next(below: 950))
    case 60..<95: return Milliseconds(1_000 + random.next(below: 29_000))
    default: return Milliseconds(60_000 + random.next(below: 240_000))
    }
  }

  private mutating func nextEvent() -> Event {
    let live = state.rankedActivities
    let roll = random.next(below: 1_000)
    if live.count < 3 || roll < 60 { return makeStart() }
    let pick = live[random.next(below: live.count)]
    switch roll {
    case 60..<110: return endEvent(pick)
    case 110..<160: return interaction()
    case 160..<200: return .tick
    default: return updateEvent(pick)
    }
  }

  private mutating func makeStart() -> Event {
    nextID += 1
    let app = Workload.apps[random.next(below: Workload.apps.count)]
    let layout = Layout.catalogue[random.next(below: Layout.catalogue.count)]
    var state = layout.sampleState
    if layout.name == "timer" { state["endsAt"] = .number(Double(now + 600_000)) }
    return .start(
      Start(
        activity: "act\(nextID)", app: app, relevance: Double(random.next(below: 100)),
        stale: random.next(below: 4) == 0 ? now + 1_800_000 : nil, state: state,
        layout: .named(layout.name), url: "app\(random.next(below: 9))://open/\(nextID)"))
  }

  private mutating func updateEvent(_ activity: Activity) -> Event {
    var patch = ContentState()
    for field in activity.content.fields.prefix(2) {
      switch field.value {
      case .number(let value):
        let next =
          field.name.hasSuffix("rogress")
          ? (value >= 1 ? 0 : min(1, value + 0.05))
          : max(0, value + Double(random.next(below: 3)) - 1)
        patch[field.name] = .number(next)
      case .string(let text):
        patch[field.name] = .string(text.hasSuffix("!") ? String(text.dropLast()) : text + "!")
      case .bool(let flag): patch[field.name] = .bool(!flag)
      }
    }
    let alert =
      random.next(below: 40) == 0 ? Alert(title: "Update", body: "Something changed") : nil
    let relevance: Double? =
      random.next(below: 10) == 0 ? Double(random.next(below: 100)) : nil
    return .update(
      Update(activity: activity.id, state: patch, relevance: relevance, alert: alert))
  }

  private mutating func endEvent(_ activity: Activity) -> Event {
    let dismissal: Dismissal
    switch random.next(below: 3) {
    case 0: dismissal = .default
    case 1: dismissal = .immediate
    default: dismissal = .after(now + Milliseconds(random.next(below: 3_600_000)))
    }
    return .end(End(activity: activity.id, dismissal: dismissal))
  }

  private mutating func interaction() -> Event {
    switch state.mode {
    case .idle: return .tick
    case .expanded:
      let targets: [TapTarget] = [.leading, .trailing, .center, .bottom, .outside]
      return .tap(targets[random.next(below: targets.count)])
    case .compact: return random.next(below: 2) == 0 ? .tap(.island) : .longPress(.island)
    case .minimal:
      return random.next(below: 2) == 0 ? .tap(.detached) : .longPress(.island)
    }
  }
}

extension SplitMix64 {
  /// A number in `0..<bound`.
  mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// A workload that keeps exactly `live` activities running (1 to 10: the device's limit),
/// each of its own app: starts up to `live`, then mostly updates of one of them, with taps,
/// ticks, and now and then one ending and another taking its place. What changes from one
/// `live` to another is only how many activities the island arbitrates between.
struct SteadyWorkload {
  private var random: SplitMix64
  private var state = IslandState()
  private var now: Milliseconds = 0
  private var nextID = 0
  private let live: Int

  init(live: Int, seed: UInt64) {
    self.live = live
    random = SplitMix64(seed: seed)
  }

  /// Generates `count` accepted events.
  mutating func generate(_ count: Int) -> [LogEntry] {
    var entries: [LogEntry] = []
    entries.reserveCapacity(count)
    while entries.count < count {
      now += Milliseconds(100 + random.next(below: 2_000))
      if let outcome = try? state.apply(nextEvent(), at: now) { entries.append(outcome.entry) }
    }
    return entries
  }

  private mutating func nextEvent() -> Event {
    let ranked = state.placement.ranked
    if ranked.count < live { return start() }
    let roll = random.next(below: 100)
    let pick = state.activities[ranked[random.next(below: ranked.count)]]
    switch roll {
    case 0..<3: return .end(End(activity: pick.id, dismissal: .immediate))
    case 3..<6: return .tick
    case 6..<9:
      switch state.mode {
      case .expanded: return .tap(.outside)
      case .idle: return .tick
      case .compact, .minimal: return .longPress(.island)
      }
    default:
      let minutes = pick.content["minutesLeft"]?.numberValue ?? 20
      let progress = pick.content["deliveryProgress"]?.numberValue ?? 0
      var patch: ContentState = [
        "minutesLeft": .number(minutes > 1 ? minutes - 1 : 30),
        "deliveryProgress": .number(progress >= 1 ? 0 : min(1, progress + 0.05)),
      ]
      if random.next(below: 10) == 0 {
        patch["statusText"] = .string(["Cooking", "On its way", "Nearby"][random.next(below: 3)])
      }
      let relevance: Double? =
        random.next(below: 10) == 0 ? Double(random.next(below: 100)) : nil
      return .update(Update(activity: pick.id, state: patch, relevance: relevance))
    }
  }

  private mutating func start() -> Event {
    nextID += 1
    // One app per slot: never over the per-app limit, and minimal mode from two on.
    let used = Set(state.placement.ranked.map { state.activities[$0].app })
    let app = (0..<10).map { "com.example.app\($0)" }.first { !used.contains($0) } ?? "com.x"
    return .start(
      Start(
        activity: "live\(nextID)", app: app, relevance: Double(random.next(below: 100)),
        state: Layout.catalogue[0].sampleState, layout: .named("delivery"),
        url: "food://order/\(nextID)"))
  }
}
