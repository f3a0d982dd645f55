import IslandCore

/// Generates cases: event sequences that are mostly valid where they stand (a start before
/// its updates, taps on what is shown, time moving on by realistic steps and jumping to the
/// edges of the alert, stale, 4 h and 8 h timers), with a share made to break one rule each.
///
/// The generator is model-based: it is given the island folded so far and chooses each next
/// event from the island as it will be at that event's time (a copy with the timers due by
/// then fired), so that "valid" means valid where the event stands. Everything it draws comes
/// from one ``Xoshiro256StarStar`` seeded with the case's seed: the same seed and the same
/// prefix give the same case.
public struct EventGenerator {
  /// The island the case starts from.
  public let prefix: Prefix
  /// How many events the case has.
  public let length: Int
  private var random: Xoshiro256StarStar
  private let options: GenerationOptions
  /// The island at the time of the step being chosen.
  private var world: IslandState
  /// How many activities of each app were started, for fresh ids.
  private var started: [String: Int] = [:]
  private var ghosts = 0
  /// The eligible activities at the current step's time.
  private var live: [Activity] = []

  /// A generator for the case of seed `seed` after `prefix` (nil: an empty island, its
  /// configuration drawn when `options` vary it).
  public init(
    seed: UInt64, prefix: Prefix? = nil, options: GenerationOptions = GenerationOptions()
  ) {
    var random = Xoshiro256StarStar(seed: seed)
    if let prefix {
      self.prefix = prefix
    } else if options.variesConfiguration {
      let choices = GenerationOptions.configurations
      let index = random.index(weightedBy: choices.map(\.weight))
      self.prefix = Prefix(configuration: choices[index].configuration)
    } else {
      self.prefix = Prefix()
    }
    let longest = max(1, options.maximumLength)
    length = random.next(in: min(max(1, options.minimumLength), longest)...longest)
    self.random = random
    self.options = options
    world = self.prefix.state
  }

  /// Generates the case of seed `seed` after `prefix` (nil: an empty island, its
  /// configuration drawn when `options` vary it).
  public static func generate(
    seed: UInt64, prefix: Prefix? = nil, options: GenerationOptions = GenerationOptions()
  ) -> FuzzCase {
    var generator = EventGenerator(seed: seed, prefix: prefix, options: options)
    var state = generator.prefix.state
    var steps: [Step] = []
    steps.reserveCapacity(generator.length)
    for _ in 0..<generator.length {
      let step = generator.nextStep(after: state).step
      _ = try? state.apply(step.event, at: step.t)
      steps.append(step)
    }
    return FuzzCase(seed: seed, prefix: generator.prefix, steps: steps)
  }

  // MARK: - One step

  /// The next step after the island `state` (the case folded so far), and the island as it
  /// will be at the step's time, before the step (the view the step was chosen from).
  public mutating func nextStep(after state: IslandState) -> (step: Step, view: IslandState) {
    world = state
    let t = nextTime()
    if t > world.t { _ = try? world.apply(.tick, at: t) }
    live = world.activities.filter { $0.phase == .active || $0.phase == .stale }
    var step: Step?
    if random.chance(options.invalidShare) { step = invalidStep(at: t, now: state.t) }
    let chosen = step ?? validStep(at: t)
    // Let go of the state's storage, so that folding the step does not copy it.
    let view = world
    world = IslandState(configuration: state.configuration)
    return (chosen, view)
  }

  // MARK: - Time

  private mutating func nextTime() -> Milliseconds {
    let now = world.t
    let policy = world.configuration.policy
    let nudge = Milliseconds(random.next(in: -1...1))
    switch random.index(weightedBy: [8, 30, 12, 15, 8, 6, 6, 3, 4, 2, 1]) {
    case 0: return now
    case 1: return now + random.next(in: Int64(1)...Int64(1_500))
    case 2: return now + random.next(in: Int64(2_000)...Int64(2_400))
    case 3: return now + random.next(in: Int64(2_500)...Int64(60_000))
    case 4: return now + random.next(in: Int64(60_000)...Int64(1_800_000))
    case 5:
      let stale = world.activities.filter(\.isEligible).compactMap(\.staleAt).filter { $0 > now }
      return boundary(random.pick(stale), nudge: nudge, now: now)
    case 6: return boundary(world.expansion?.until, nudge: nudge, now: now)
    case 7:
      let ends = world.activities.filter(\.isEligible).map {
        $0.startedAt + policy.maximumActiveDuration
      }
      return boundary(random.pick(ends), nudge: nudge, now: now)
    case 8:
      let dismissals = world.activities.filter { $0.phase == .ended }.compactMap(\.dismissAt)
      return boundary(random.pick(dismissals), nudge: nudge, now: now)
    case 9: return now + policy.dismissalDelay + 1_000 * nudge
    default: return now + policy.maximumActiveDuration + 1_000 * nudge
    }
  }

  /// A millisecond either side of `target`, or a small step when there is none ahead.
  private mutating func boundary(
    _ target: Milliseconds?, nudge: Milliseconds, now: Milliseconds
  ) -> Milliseconds {
    guard let target, target + nudge >= now else {
      return now + random.next(in: Int64(1)...Int64(1_500))
    }
    return target + nudge
  }

  // MARK: - Valid events

  private mutating func validStep(at t: Milliseconds) -> Step {
    let live = self.live
    let policy = world.configuration.policy
    let startable = AppProfile.all.filter { app in
      live.count { $0.app == app.app } < policy.activitiesPerApp
    }
    let canStart = live.count < policy.activitiesPerDevice && !startable.isEmpty
    let targets = shownTapTargets()
    let canLongPress =
      world.configuration.device.hasIsland && world.expansion == nil
      && world.islandActivity != nil
    let weights = [
      canStart ? (live.isEmpty ? 60 : 20) : 0, live.isEmpty ? 0 : 35, live.isEmpty ? 0 : 10,
      targets.isEmpty ? 0 : 15, canLongPress ? 6 : 0, 5,
    ]
    let event: Event
    switch random.index(weightedBy: weights) {
    case 0: event = .start(makeStart(of: pickApp(startable, live: live), at: t))
    case 1: event = .update(makeUpdate(of: random.pick(live) ?? live[0], at: t))
    case 2: event = .end(makeEnd(of: random.pick(live) ?? live[0], at: t))
    case 3: event = .tap(random.pick(targets) ?? .outside)
    case 4:
      event = .longPress(world.detachedActivity != nil && random.chance(0.4) ? .detached : .island)
    default: event = .tick
    }
    return Step(t: t, event: event, intent: .valid)
  }

  /// Mostly an app that already has live activities, so that apps fill up and compete.
  private mutating func pickApp(_ startable: [AppProfile], live: [Activity]) -> AppProfile {
    let running = startable.filter { app in live.contains { $0.app == app.app } }
    if !running.isEmpty, random.chance(0.5) { return random.pick(running) ?? running[0] }
    return random.pick(startable) ?? AppProfile.all[0]
  }

  private mutating func freshID(for app: AppProfile) -> String {
    var id: String
    repeat {
      let count = (started[app.shortName] ?? 0) + 1
      started[app.shortName] = count
      id = "\(app.shortName)-\(count)"
    } while world.activity(id) != nil
    return id
  }

  private mutating func makeStart(of app: AppProfile, at t: Milliseconds) -> Start {
    let relevance: Double =
      random.pick([0, 0, 10, 25, 50, 50, 75, 100, 33.5])
      ?? 0
    var stale: Milliseconds?
    if random.chance(0.2) {
      stale =
        random.chance(0.15)
        ? max(0, t - random.next(in: Int64(0)...Int64(1_000)))
        : t + (random.pick([1_000, 2_200, 60_000, 600_000, 3_600_000]) ?? 1_000)
    }
    return Start(
      activity: freshID(for: app), app: app.app, relevance: relevance, stale: stale,
      state: app.startState(&random, now: t), layout: app.layout.map { .named($0) },
      url: random.chance(0.9) ? app.url : nil, links: random.chance(0.9) ? app.links : RegionLinks()
    )
  }

  private mutating func makeUpdate(of activity: Activity, at t: Milliseconds) -> Update {
    let app = AppProfile.all.first { $0.app == activity.app }
    var update = Update(
      activity: activity.id,
      state: app.map { $0.patch(&random, now: t) } ?? ContentState())
    if random.chance(0.15) {
      update.relevance = random.pick([0, 10, 50, 60, 90, 100]) ?? 0
    }
    if random.chance(0.1) {
      update.stale =
        random.chance(0.3)
        ? max(0, t - random.next(in: Int64(0)...Int64(5_000)))
        : t + (random.pick([1, 2_200, 30_000, 900_000]) ?? 1)
    }
    if random.chance(0.15) {
      update.alert = Alert(
        title: random.pick(["On its way", "Goal!", "Time's up"]) ?? "Alert",
        body: random.pick(["", "Tap to see more", "Ваш заказ в пути"]) ?? "",
        sound: random.chance(0.5) ? "default" : nil)
    }
    return update
  }

  private mutating func makeEnd(of activity: Activity, at t: Milliseconds) -> End {
    let app = AppProfile.all.first { $0.app == activity.app }
    let dismissal: Dismissal
    switch random.next(below: 4) {
    case 0: dismissal = .immediate
    case 1: dismissal = .after(t + random.next(in: Int64(0)...Int64(5 * 3_600_000)))
    default: dismissal = .default
    }
    let patch = random.chance(0.3) ? app.map { $0.patch(&random, now: t) } : nil
    return End(activity: activity.id, state: patch, dismissal: dismissal)
  }

  /// The tap targets on screen now, outside taps less often.
  private mutating func shownTapTargets() -> [TapTarget] {
    guard world.configuration.device.hasIsland else { return [] }
    if world.expansion != nil { return [.leading, .trailing, .center, .bottom, .outside] }
    var targets: [TapTarget] = []
    if world.islandActivity != nil { targets += [.island, .island, .island] }
    if world.detachedActivity != nil { targets += [.detached, .detached] }
    if targets.isEmpty || random.chance(0.2) { targets.append(.outside) }
    return targets
  }

  // MARK: - Invalid events

  /// An event made to break one rule, or nil when the rule it drew cannot be broken here.
  private mutating func invalidStep(at t: Milliseconds, now: Milliseconds) -> Step? {
    guard let defect = random.pick(Defect.allCases) else { return nil }
    let live = self.live
    let policy = world.configuration.policy
    let app = random.pick(AppProfile.all) ?? AppProfile.all[0]
    let event: Event
    var time = t
    switch defect {
    case .unknownActivity:
      ghosts += 1
      let id = "ghost-\(ghosts)"
      event =
        random.chance(0.5)
        ? .update(Update(activity: id, state: ["x": 1])) : .end(End(activity: id))
    case .endedActivity:
      let ended = world.activities.filter { !$0.isEligible }
      guard let activity = random.pick(ended) else { return nil }
      event =
        random.chance(0.6)
        ? .update(makeUpdate(of: activity, at: t)) : .end(End(activity: activity.id))
    case .duplicateStart:
      guard let activity = random.pick(world.activities) else { return nil }
      var start = makeStart(of: app, at: t)
      start.activity = activity.id
      event = .start(start)
    case .appLimit:
      let full = AppProfile.all.filter { app in
        live.count { $0.app == app.app } >= policy.activitiesPerApp
      }
      guard let app = random.pick(full) else { return nil }
      event = .start(makeStart(of: app, at: t))
    case .deviceLimit:
      guard live.count >= policy.activitiesPerDevice else { return nil }
      event = .start(makeStart(of: app, at: t))
    case .payloadTooLarge:
      let big = EventGenerator.oversized(policy.payloadLimit)
      if let activity = random.pick(live), random.chance(0.6) {
        event = .update(Update(activity: activity.id, state: ["note": big]))
      } else {
        var start = makeStart(of: app, at: t)
        start.state["note"] = big
        event = .start(start)
      }
    case .backwardsTime:
      guard now > 0 else { return nil }
      time = now - random.next(in: Int64(1)...min(now, 10_000))
      event = random.pick(live).map { .update(makeUpdate(of: $0, at: t)) } ?? .tick
    case .notShown:
      guard let event = random.pick(notShownEvents()) else { return nil }
      return Step(t: t, event: event, intent: .invalid(defect))
    case .invalidActivityID:
      var start = makeStart(of: app, at: t)
      start.activity =
        random.pick(["", "has space", "slash/id", String(repeating: "a", count: 65), "é"]) ?? ""
      event = .start(start)
    case .invalidApp:
      var start = makeStart(of: app, at: t)
      start.app = random.pick(["", "9lives", "com example", "com_example", "-app"]) ?? ""
      event = .start(start)
    case .malformedURL:
      var start = makeStart(of: app, at: t)
      let url =
        random.pick(["no-scheme", "food:", "food://has space", "9food://x", "://x", "food://<b>"])
        ?? ""
      if random.chance(0.5) { start.url = url } else { start.links.center = url }
      event = .start(start)
    case .negativeTime:
      let negative = -random.next(in: Int64(1)...Int64(60_000))
      if let activity = random.pick(live), random.chance(0.6) {
        event =
          random.chance(0.5)
          ? .update(Update(activity: activity.id, stale: negative))
          : .end(End(activity: activity.id, dismissal: .after(negative)))
      } else {
        var start = makeStart(of: app, at: t)
        start.stale = negative
        event = .start(start)
      }
    case .invalidFieldName:
      let name = random.pick(["2fast", "has space", "", "a-b", "dot.ted"]) ?? ""
      if let activity = random.pick(live), random.chance(0.6) {
        event = .update(Update(activity: activity.id, state: ContentState([(name, .number(1))])))
      } else {
        var start = makeStart(of: app, at: t)
        start.state[name] = .number(1)
        event = .start(start)
      }
    }
    return Step(t: time, event: event, intent: .invalid(defect))
  }

  /// Taps and long presses on something not on screen now.
  private func notShownEvents() -> [Event] {
    guard world.configuration.device.hasIsland else {
      return TapTarget.allCases.map { .tap($0) } + LongPressTarget.allCases.map { .longPress($0) }
    }
    if world.expansion != nil {
      return [.tap(.island), .tap(.detached), .longPress(.island), .longPress(.detached)]
    }
    var events: [Event] = [.tap(.leading), .tap(.trailing), .tap(.center), .tap(.bottom)]
    if world.islandActivity == nil { events += [.tap(.island), .longPress(.island)] }
    if world.detachedActivity == nil { events += [.tap(.detached), .longPress(.detached)] }
    return events
  }

  /// A string value over `limit` bytes (made once for the default limit).
  private static func oversized(_ limit: Int) -> ContentValue {
    limit == defaultOversized.count
      ? .string(defaultOversized) : .string(String(repeating: "x", count: limit))
  }

  private static let defaultOversized = String(repeating: "x", count: Policy().payloadLimit)
}
