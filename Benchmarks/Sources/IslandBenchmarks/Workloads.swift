import IslandCore
import IslandProperties

/// The benchmark's set of workloads: journals of very different shapes, each written by a
/// generator of its own, so that a speed measured on one is not mistaken for the engine's.
enum WorkloadKind: String, CaseIterable {
  /// ``Workload``: a day of push traffic from eight apps over the catalogue's layouts.
  case mixed
  /// Starts with no layout (the default layouts) and updates of a fractional `progress`
  /// and an integer `minutesLeft`.
  case defaultLayout = "default-layout"
  /// 8 to 12 fields, most of them long strings.
  case wideContent = "wide-content"
  /// Cyrillic, CJK and emoji text in every string field.
  case scripts
  /// A long day of short activities ended with the default (4 h) dismissal: thousands wait
  /// on the Lock Screen at once.
  case lockScreen = "lock-screen"
  /// Starts only, each of a new activity id: a million ids in a million events (the 8-hour
  /// limit ends each batch of ten).
  case distinctIDs = "distinct-ids"

  /// A short name for the table's columns.
  var column: String {
    switch self {
    case .mixed: return "mixed"
    case .defaultLayout: return "default"
    case .wideContent: return "wide"
    case .scripts: return "scripts"
    case .lockScreen: return "lock"
    case .distinctIDs: return "ids"
    }
  }

  /// What the workload is, in a line.
  var summary: String {
    switch self {
    case .mixed: return "a day of push traffic from 8 apps, the catalogue's layouts"
    case .defaultLayout: return "default layouts; updates of a fractional and an integer field"
    case .wideContent: return "8 to 12 fields, long strings"
    case .scripts: return "Cyrillic, CJK and emoji text"
    case .lockScreen: return "many ended activities waiting on the Lock Screen (4 h)"
    case .distinctIDs: return "a new activity id every event"
    }
  }

  /// A new generator of this workload.
  func generator(seed: UInt64) -> any JournalGenerator {
    switch self {
    case .mixed: return Workload(seed: seed)
    case .defaultLayout: return DefaultLayoutWorkload(seed: seed)
    case .wideContent: return WideContentWorkload(seed: seed)
    case .scripts: return ScriptsWorkload(seed: seed)
    case .lockScreen: return LockScreenWorkload(seed: seed)
    case .distinctIDs: return DistinctIDsWorkload(seed: seed)
    }
  }
}

/// Something that writes a journal event by event, each accepted by the reducer where it
/// stands.
protocol JournalGenerator {
  /// The next accepted entry.
  mutating func nextEntry() -> LogEntry
}

extension JournalGenerator {
  /// The next `count` accepted entries.
  mutating func generate(_ count: Int) -> [LogEntry] {
    var entries: [LogEntry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count { entries.append(nextEntry()) }
    return entries
  }
}

/// The island a generator proposes its events to, and its clock.
struct ProposedIsland {
  private(set) var state = IslandState()
  private(set) var now: Milliseconds = 0

  /// Proposes `event` after `step` milliseconds; its entry if the reducer accepts it (the
  /// clock moves on either way).
  mutating func propose(_ event: Event, after step: Milliseconds) -> LogEntry? {
    now += step
    return (try? state.apply(event, at: now))?.entry
  }

  /// The live (active or stale) activities, in rank order.
  var live: [Activity] { state.rankedActivities }
}

extension SplitMix64 {
  /// One of `choices`.
  mutating func pick<Element>(_ choices: [Element]) -> Element {
    choices[next(below: choices.count)]
  }

  /// A fraction with a few random digits, as apps compute them (`0.37000000000000005`).
  mutating func fraction() -> Double { Double(next(below: 1_000)) / 1_000 * 0.7 + 0.01 }
}

/// Starts with no layout, so every activity gets the default layouts, and updates that
/// change a fractional `progress` and an integer `minutesLeft`, as many apps push them.
struct DefaultLayoutWorkload: JournalGenerator {
  private var random: SplitMix64
  private var island = ProposedIsland()
  private var started = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed &+ 1_000) }

  mutating func nextEntry() -> LogEntry {
    while true {
      let step = Milliseconds(200 + random.next(below: 20_000))
      if let entry = island.propose(nextEvent(), after: step) { return entry }
    }
  }

  private mutating func nextEvent() -> Event {
    let live = island.live
    let roll = random.next(below: 100)
    if live.count < 4 || roll < 2 {
      started += 1
      return .start(
        Start(
          activity: "order-\(started)", app: "com.example.shop\(started % 7)",
          relevance: Double(random.next(below: 100)),
          state: [
            "title": .string(random.pick(["Order #\(started)", "Your groceries", "Parcel"])),
            "status": .string(random.pick(["Preparing", "Packed", "Out for delivery"])),
            "progress": .number(random.fraction() / 10), "minutesLeft": .number(45),
          ]))
    }
    let pick = random.pick(live)
    switch roll {
    case 2..<4: return .end(End(activity: pick.id, dismissal: .immediate))
    case 4..<7: return .tick
    case 7..<9: return .longPress(.island)
    case 9..<11: return .tap(.outside)
    default:
      let progress = pick.content["progress"]?.numberValue ?? 0
      let minutes = pick.content["minutesLeft"]?.numberValue ?? 45
      var patch: ContentState = [
        "progress": .number(progress > 0.95 ? random.fraction() / 10 : progress + 0.0137),
        "minutesLeft": .number(minutes > 1 ? minutes - 1 : 45),
      ]
      if random.next(below: 15) == 0 {
        patch["status"] = .string(random.pick(["Preparing", "Packed", "Out for delivery"]))
      }
      return .update(Update(activity: pick.id, state: patch))
    }
  }
}

/// Activities with 8 to 12 fields, most of them long strings, on the delivery layout or the
/// default one; updates replace a few long strings and a number.
struct WideContentWorkload: JournalGenerator {
  private var random: SplitMix64
  private var island = ProposedIsland()
  private var started = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed &+ 2_000) }

  private static let words = [
    "courier", "is", "two", "streets", "away", "from", "your", "door", "please", "keep",
    "the", "phone", "nearby", "order", "contains", "fresh", "bread", "and", "seasonal",
    "vegetables", "delivered", "by", "bicycle", "to", "building", "entrance", "B",
  ]

  private mutating func sentence() -> String {
    (0..<(6 + random.next(below: 12))).map { _ in random.pick(WideContentWorkload.words) }
      .joined(separator: " ")
  }

  mutating func nextEntry() -> LogEntry {
    while true {
      let step = Milliseconds(100 + random.next(below: 10_000))
      if let entry = island.propose(nextEvent(), after: step) { return entry }
    }
  }

  private mutating func nextEvent() -> Event {
    let live = island.live
    let roll = random.next(below: 100)
    if live.count < 5 || roll < 2 {
      started += 1
      let named = random.next(below: 2) == 0
      var state = named ? Layout.catalogue[0].sampleState : ContentState()
      state["restaurantName"] = .string(sentence())
      state["statusText"] = .string(sentence())
      if !named { state["minutesLeft"] = .number(30) }
      for index in 0..<(8 + random.next(below: 5) - state.fields.count + 2) {
        state["note\(index)"] = .string(sentence())
      }
      return .start(
        Start(
          activity: "wide\(started)", app: "com.example.wide\(started % 9)",
          relevance: Double(random.next(below: 100)), state: state,
          layout: named ? .named("delivery") : nil))
    }
    let pick = random.pick(live)
    switch roll {
    case 2..<4: return .end(End(activity: pick.id, dismissal: .immediate))
    case 4..<6: return .tick
    case 6..<8: return .longPress(.island)
    case 8..<10: return .tap(.outside)
    default:
      let minutes = pick.content["minutesLeft"]?.numberValue ?? 30
      var patch: ContentState = ["minutesLeft": .number(minutes > 1 ? minutes - 1 : 30)]
      let strings = pick.content.fields.filter {
        if case .string = $0.value { return $0.name != "orderStatusIcon" }
        return false
      }
      for _ in 0..<(1 + random.next(below: 3)) {
        patch[random.pick(strings).name] = .string(sentence())
      }
      return .update(Update(activity: pick.id, state: patch))
    }
  }
}

/// Every string field in Cyrillic, CJK or emoji text, on the catalogue's layouts and the
/// default one.
struct ScriptsWorkload: JournalGenerator {
  private var random: SplitMix64
  private var island = ProposedIsland()
  private var started = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed &+ 3_000) }

  private static let names = [
    "Пицца Рома", "Суши Гинза", "寿司 銀座", "北京烤鸭", "김밥천국", "🍕 Pizza Napoli 🍕",
    "Café Déjà Vu", "Пекарня «Хлеб»", "ラーメン一番", "🌮🌯 Taquería",
  ]
  private static let statuses = [
    "Готовится", "В пути 🚗", "Почти у вас", "調理中", "配達中 🛵", "まもなく到着", "准备中",
    "배달 중", "🔥 Cooking", "✅ Доставлено",
  ]
  private static let drivers = ["Анна", "Дмитрий", "田中 太郎", "李娜", "김민수", "José 👋"]

  mutating func nextEntry() -> LogEntry {
    while true {
      let step = Milliseconds(100 + random.next(below: 15_000))
      if let entry = island.propose(nextEvent(), after: step) { return entry }
    }
  }

  private mutating func nextEvent() -> Event {
    let live = island.live
    let roll = random.next(below: 100)
    if live.count < 4 || roll < 2 {
      started += 1
      let layout = random.next(below: 3)
      let state: ContentState
      switch layout {
      case 0:
        state = [
          "orderStatusIcon": "flame.fill", "minutesLeft": 25,
          "restaurantName": .string(random.pick(ScriptsWorkload.names)),
          "deliveryProgress": 0.1, "statusText": .string(random.pick(ScriptsWorkload.statuses)),
        ]
      case 1:
        state = [
          "minutesAway": 9, "driver": .string(random.pick(ScriptsWorkload.drivers)),
          "car": .string(random.pick(["Синяя Приус", "白いプリウス", "🚕 Taxi", "黑色 特斯拉"])),
          "progress": 0.2,
        ]
      default:
        state = [
          "shop": .string(random.pick(ScriptsWorkload.names)),
          "status": .string(random.pick(ScriptsWorkload.statuses)), "minutesLeft": 30,
        ]
      }
      return .start(
        Start(
          activity: "order-\(started)", app: "com.example.world\(started % 6)",
          relevance: Double(random.next(below: 100)), state: state,
          layout: [LayoutReference.named("delivery"), .named("ride"), nil][layout]))
    }
    let pick = random.pick(live)
    switch roll {
    case 2..<4: return .end(End(activity: pick.id, dismissal: .immediate))
    case 4..<6: return .tick
    case 6..<8: return .longPress(.island)
    case 8..<10: return .tap(.outside)
    default:
      var patch = ContentState()
      for field in pick.content.fields {
        switch (field.name, field.value) {
        case ("orderStatusIcon", _): continue
        case (_, .string):
          if random.next(below: 3) == 0 {
            patch[field.name] = .string(
              random.pick(ScriptsWorkload.statuses + ScriptsWorkload.drivers))
          }
        case (_, .number(let value)):
          patch[field.name] =
            .number(value < 1 ? min(1, value + 0.05) : value > 1 ? value - 1 : 30)
        case (_, .bool): continue
        }
      }
      return .update(Update(activity: pick.id, state: patch))
    }
  }
}

/// A long day of short activities from forty apps, each ended with the default dismissal:
/// ended activities wait 4 h on the Lock Screen, thousands of them at once.
struct LockScreenWorkload: JournalGenerator {
  private var random: SplitMix64
  private var island = ProposedIsland()
  private var started = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed &+ 4_000) }

  mutating func nextEntry() -> LogEntry {
    while true {
      let step = Milliseconds(20 + random.next(below: 120))
      if let entry = island.propose(nextEvent(), after: step) { return entry }
    }
  }

  private mutating func nextEvent() -> Event {
    let live = island.live
    let roll = random.next(below: 100)
    if live.count < 6 {
      started += 1
      let named = random.pick(Layout.catalogue)
      var state = named.sampleState
      if named.name == "timer" { state["endsAt"] = .number(Double(island.now + 600_000)) }
      return .start(
        Start(
          activity: "a\(started)", app: "com.example.app\(random.next(below: 40))",
          relevance: Double(random.next(below: 100)), state: state,
          layout: .named(named.name)))
    }
    let pick = random.pick(live)
    switch roll {
    case 0..<8: return .end(End(activity: pick.id, dismissal: .default))
    case 8..<10: return .tick
    default:
      var patch = ContentState()
      for field in pick.content.fields.prefix(2) {
        if case .number(let value) = field.value, field.name != "endsAt" {
          patch[field.name] = .number(value < 1 ? min(1, value + 0.05) : value + 1)
        }
      }
      return .update(Update(activity: pick.id, state: patch))
    }
  }
}

/// Starts only, each with an id never seen before: batches of ten, eight hours apart, so
/// that the 8-hour limit ends a batch (and its dismissal follows) before the next begins.
struct DistinctIDsWorkload: JournalGenerator {
  private var random: SplitMix64
  private var island = ProposedIsland()
  private var started = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed &+ 5_000) }

  mutating func nextEntry() -> LogEntry {
    while true {
      let step: Milliseconds = started % 10 == 0 ? 8 * 3_600_000 + 1_000 : 1_000
      started += 1
      let hex = String(random.next(), radix: 16)
      let named = random.pick(Layout.catalogue)
      var state = named.sampleState
      if named.name == "timer" {
        state["endsAt"] = .number(Double(island.now + step + 600_000))
      }
      let start = Start(
        activity: "order-\(hex)-\(started)", app: "com.example.app\(started % 10)",
        relevance: Double(random.next(below: 100)), state: state,
        layout: .named(named.name))
      if let entry = island.propose(.start(start), after: step) { return entry }
    }
  }
}

/// `waiting` ended activities waiting for dismissal (default 4 h), then events among three
/// live ones: mostly updates, a start and an end (default dismissal) now and then. Every
/// step is 10 ms, so that none of the waiting ones is dismissed while the events are timed.
struct WaitingWorkload {
  private var random: SplitMix64
  private var island = ProposedIsland()
  private var started = 0
  private let waiting: Int

  init(waiting: Int, seed: UInt64) {
    self.waiting = waiting
    random = SplitMix64(seed: seed &+ 6_000)
  }

  /// The island with the waiting activities (and three live ones), and `count` events
  /// after it.
  mutating func generate(_ count: Int) -> (prefix: IslandState, events: [LogEntry]) {
    for _ in 0..<waiting {
      let id = start()
      _ = island.propose(.end(End(activity: id, dismissal: .default)), after: 10)
    }
    while island.live.count < 3 { _ = start() }
    let prefix = island.state
    var events: [LogEntry] = []
    events.reserveCapacity(count)
    while events.count < count {
      let live = island.live
      let roll = random.next(below: 100)
      let event: Event
      if live.count < 3 || roll < 3 {
        event = .start(newStart())
      } else if roll < 6 {
        event = .end(End(activity: random.pick(live).id, dismissal: .default))
      } else {
        let pick = random.pick(live)
        let minutes = pick.content["minutesLeft"]?.numberValue ?? 20
        event = .update(
          Update(
            activity: pick.id,
            state: ["minutesLeft": .number(minutes > 1 ? minutes - 1 : 30)]))
      }
      if let entry = island.propose(event, after: 10) { events.append(entry) }
    }
    return (prefix, events)
  }

  private mutating func newStart() -> Start {
    started += 1
    return Start(
      activity: "w\(started)", app: "com.example.app\(started % 100)",
      relevance: Double(random.next(below: 100)), state: Layout.catalogue[0].sampleState,
      layout: .named("delivery"))
  }

  private mutating func start() -> String {
    let start = newStart()
    _ = island.propose(.start(start), after: 10)
    return start.activity
  }
}
