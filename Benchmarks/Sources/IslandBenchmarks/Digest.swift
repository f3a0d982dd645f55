import IslandCore
import IslandProperties

/// A fingerprint of everything a fold makes observable, event by event: outcomes, the
/// transitions and animations of each event, placement, and every activity's public fields
/// at the end. Two reducers that agree on it behave the same on the workload.
struct Digest {
  private var value: UInt64 = 0xCBF2_9CE4_8422_2325

  mutating func add(_ text: String) {
    for byte in text.utf8 {
      value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    value = (value ^ 0xFF) &* 0x0000_0100_0000_01B3
  }

  var hex: String { String(value, radix: 16) }

  /// The digests of the realistic workload and of the random stress workload under five
  /// configurations, `count` events each.
  static func report(count: Int) -> String {
    var workload = Workload(seed: 7)
    let entries = workload.generate(count)
    var stress = StressWorkload(seed: 8)
    let random = stress.generate(count)
    var results = [Digest.of(entries), Digest.of(random)]
    for name in ["iPhone 16 Pro Max", "iPhone SE"] {
      for profile in [InteractionProfile.tapExpands, .tapOpens] {
        guard let device = Device.named(name) else { continue }
        results.append(
          Digest.of(random, configuration: Configuration(device: device, profile: profile)))
      }
    }
    results.append(renderings(count: count / 10))
    return results.joined(separator: " ")
  }

  /// A digest of `count` zones rendered with random texts and budgets (truncation included),
  /// and of the presentation of every 97th state of a random fold.
  static func renderings(count: Int) -> String {
    var digest = Digest()
    var random = SplitMix64(seed: 9)
    let words = ["Pizza", "Roma", "é", "配達", "iiii", "WWWW", "12", " ", "🍕", "Cooking"]
    for _ in 0..<count {
      let named = Layout.catalogue[random.next(below: Layout.catalogue.count)]
      var content = named.sampleState
      for field in content.fields {
        guard case .string = field.value else { continue }
        var text = ""
        for _ in 0..<random.next(below: 30) { text += words[random.next(below: words.count)] }
        content[field.name] = .string(text)
      }
      for zone in Zone.allCases {
        let budget = Double(1 + random.next(below: 400)) / 3
        let rendered = ZoneRenderer.render(
          zone, of: named.layout, activity: "a", content: content, now: 0, budget: budget)
        digest.add("\(rendered as Any)")
      }
    }
    var stress = StressWorkload(seed: 10)
    var state = IslandState()
    for (index, entry) in stress.generate(count).enumerated() {
      _ = try? state.apply(entry.event, at: entry.t)
      if index % 97 == 0 { digest.add("\(state.presentation)") }
    }
    return digest.hex
  }

  /// Folds `entries` and digests every observable result.
  static func of(_ entries: [LogEntry], configuration: Configuration = Configuration()) -> String {
    var digest = Digest()
    var state = IslandState(configuration: configuration)
    // Every effect and warning of the fold, from the outcomes: the state keeps only the
    // most recent.
    var effects: [Effect] = []
    var warnings: [Warning] = []
    for entry in entries {
      do {
        let outcome = try state.apply(entry.event, at: entry.t)
        effects += outcome.effects
        warnings += outcome.warnings
        digest.add("\(outcome)")
      } catch {
        digest.add("\(error)")
      }
      digest.add("\(state.transitions)\(state.animations)\(state.mode)")
      digest.add("\(state.islandActivity?.id ?? "-") \(state.detachedActivity?.id ?? "-")")
      digest.add("\(state.hiddenActivities.map(\.id))\(state.expandedReason as Any)")
    }
    for activity in state.activities {
      digest.add(
        "\(activity.id) \(activity.app) \(activity.phase) \(activity.relevance) "
          + "\(activity.staleAt as Any) \(activity.endedAt as Any) \(activity.dismissAt as Any) "
          + "\(activity.content) \(activity.lastAlert as Any) \(activity.layoutName as Any)")
    }
    // What the state keeps must be the last of them, at their places: else the digest
    // differs.
    if state.effects.endIndex != effects.count || state.warnings.endIndex != warnings.count
      || !state.effects.elementsEqual(effects.suffix(state.effects.count))
      || !state.warnings.elementsEqual(warnings.suffix(state.warnings.count))
    {
      digest.add("the recent effects or warnings are not the last ones")
    }
    digest.add("\(effects)\(warnings)\(state.seq) \(state.t)")
    return digest.hex
  }
}

/// Random events, valid or not, to cover what the realistic workload never does: rejections
/// of every kind, long texts that truncate, default and inline layouts, new fields, stale
/// dates, end patches, alerts on devices without an island.
struct StressWorkload {
  private var random: SplitMix64
  private var now: Milliseconds = 0
  private var started = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func generate(_ count: Int) -> [LogEntry] {
    var entries: [LogEntry] = []
    for seq in 1...count {
      let roll = random.next(below: 100)
      if roll < 3 {
        now -= 10  // time going backwards
      } else {
        now += Milliseconds([10, 500, 3_000, 120_000, 3_600_000][random.next(below: 5)])
      }
      entries.append(LogEntry(seq: seq, t: now, event: event()))
    }
    return entries
  }

  /// The score layout with no animation in compact trailing and a pulse on `clock`.
  static let identityScore: Layout = {
    var layout = Layout.score
    layout.compactTrailing?.transition = .identity
    layout.pulse = Pulse(
      field: "clock", keyframes: [Keyframe(scale: 1.2, duration: 2_500, curve: .linear)])
    return layout
  }()

  private mutating func id() -> String {
    random.next(below: 20) == 0
      ? "s\(random.next(below: started + 2))" : "s\(max(0, started - random.next(below: 14)))"
  }

  private mutating func value() -> ContentValue {
    switch random.next(below: 8) {
    case 0: return .bool(random.next(below: 2) == 0)
    case 1: return .number(Double(random.next(below: 100)) / 10)
    case 2: return .number(Double(random.next(below: 100)))
    case 3: return .string(String(repeating: "Long text ", count: random.next(below: 6)))
    case 4: return .string(["flame.fill", "bag", "Bad Name", ""][random.next(below: 4)])
    case 5: return .number(Double(now + Milliseconds(random.next(below: 7_200_000))))
    case 6: return .string("déjà vu \(random.next(below: 10))м 配達")
    default: return .number(Double(random.next(below: 3)) / 2)
    }
  }

  private mutating func state() -> ContentState {
    let names = [
      "minutesLeft", "statusText", "deliveryProgress", "orderStatusIcon", "restaurantName",
      "home", "away", "homeTeam", "awayTeam", "clock", "endsAt", "title", "extra",
    ]
    var state = ContentState()
    for _ in 0..<random.next(below: 6) {
      state[names[random.next(below: names.count)]] = value()
    }
    if random.next(below: 60) == 0 { state["bad name"] = .bool(true) }
    return state
  }

  private mutating func event() -> Event {
    switch random.next(below: 20) {
    case 0..<4:
      started += 1
      let layouts: [LayoutReference?] = [
        nil, .named("delivery"), .named("score"), .named("timer"), .named("ride"),
        .named("nope"), .inline(.delivery), .inline(StressWorkload.identityScore),
      ]
      let catalogue = Layout.catalogue[random.next(below: Layout.catalogue.count)]
      var content = random.next(below: 3) == 0 ? state() : catalogue.sampleState
      if random.next(below: 2) == 0 { content.merge(state()) }
      return .start(
        Start(
          activity: random.next(below: 10) == 0 ? id() : "s\(started)",
          app: ["com.a", "com.b", "com.c", "com.d", "com.e", "9bad"][random.next(below: 6)],
          relevance: Double(random.next(below: 5)),
          stale: random.next(below: 3) == 0 ? now + Milliseconds(random.next(below: 9_000)) : nil,
          state: content,
          layout: random.next(below: 2) == 0
            ? .named(catalogue.name) : layouts[random.next(below: layouts.count)],
          url: ["a://x", nil, "b://y/1", "bad url"][random.next(below: 4)],
          links: RegionLinks(leading: random.next(below: 4) == 0 ? "a://lead" : nil)))
    case 4..<13:
      return .update(
        Update(
          activity: id(), state: state(),
          relevance: random.next(below: 4) == 0 ? Double(random.next(below: 5)) : nil,
          stale: random.next(below: 6) == 0 ? now + Milliseconds(random.next(below: 9_000)) : nil,
          alert: random.next(below: 5) == 0 ? Alert(title: "T", body: "B", sound: nil) : nil))
    case 13..<15:
      let dismissals: [Dismissal] = [.default, .immediate, .after(now + 60_000), .after(0)]
      return .end(
        End(
          activity: id(), state: random.next(below: 3) == 0 ? state() : nil,
          dismissal: dismissals[random.next(below: dismissals.count)]))
    case 15..<18:
      return .tap(TapTarget.allCases[random.next(below: TapTarget.allCases.count)])
    case 18:
      return .longPress(
        LongPressTarget.allCases[random.next(below: LongPressTarget.allCases.count)])
    default:
      return .tick
    }
  }
}
