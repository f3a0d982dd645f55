import IslandCore

/// Generates cases: event sequences that are mostly valid where they stand (a start before
/// its updates, taps on what is shown, time moving on by realistic steps and jumping to the
/// edges of the alert, stale, 4 h and 8 h timers), with a share made to break one rule each.
///
/// The generator is model-based: it is given the island folded so far and chooses each next
/// event from the island as it will be at that event's time (with the timers due by then
/// fired), so that "valid" means valid where the event stands. Everything it draws comes
/// from one ``Xoshiro256StarStar`` seeded with the case's seed: the same seed and the same
/// prefix give the same case.
///
/// It is fast enough for fuzzing to cost little more than folding: a case generated whole
/// reads the island in place, working out what the timers due by each step's time change
/// of what it reads rather than ticking a copy (``nextStep(after:)`` still returns the
/// ticked view); the live activities are kept as positions, their apps counted only when a
/// choice needs them, and the small sets of choices held inline.
public struct EventGenerator {
  /// The island the case starts from.
  public let prefix: Prefix
  /// How many events the case has.
  public let length: Int
  private var random: Xoshiro256StarStar
  private let options: GenerationOptions
  /// How many activities of each app (by index in ``AppProfile/all``) were started, for
  /// fresh ids.
  private var started = InlineArray<8, Int>(repeating: 0)
  private var ghosts = 0
  /// The positions in the island's activity list of the eligible activities at the current
  /// step's time, in start order (kept from step to step for its storage).
  private var live: [Int] = []
  /// The number of live activities of each app of ``AppProfile/all``, once counted for the
  /// current step (``countApps(in:)``).
  private var liveOfApp = InlineArray<8, Int>(repeating: 0)
  private var appsCounted = false
  /// What the island shows at the current step's time.
  private var shown = Shown()
  /// The latest start of an activity that has reached its 8 h limit by the current step's
  /// time, when the timers due by then fire before the step (nil otherwise).
  private var limitTime: Milliseconds?
  /// The seq the current step takes once folded: the island's seq before it, plus one.
  private var stepSeq = 0
  /// The apps of the starts of this generator's steps, by their seqs.
  private var startedApps: StartedApps
  /// Whether every activity of the islands the steps are chosen from was started by this
  /// generator's own steps (the prefix had none): its ids are then fresh by construction,
  /// and need not be looked up.
  var startsAllActivities = false

  /// A generator for the case of seed `seed` after `prefix` (nil: an empty island, its
  /// configuration drawn when `options` vary it).
  public init(
    seed: UInt64, prefix: Prefix? = nil, options: GenerationOptions = GenerationOptions()
  ) {
    var random = Xoshiro256StarStar(seed: seed)
    if let prefix {
      self.prefix = prefix
    } else if options.variesConfiguration {
      let index = random.index(weightedBy: GenerationOptions.configurationWeights)
      self.prefix = GenerationOptions.emptyPrefixes[index]
    } else {
      self.prefix = GenerationOptions.emptyPrefixes[0]
    }
    let longest = max(1, options.maximumLength)
    length = random.next(in: min(max(1, options.minimumLength), longest)...longest)
    self.random = random
    self.options = options
    startedApps = StartedApps(after: self.prefix.state.seq, steps: length)
    // Room for the activities of most cases, so that the list does not grow step by step.
    live.reserveCapacity(16)
  }

  /// Generates the case of seed `seed` after `prefix` (nil: an empty island, its
  /// configuration drawn when `options` vary it).
  public static func generate(
    seed: UInt64, prefix: Prefix? = nil, options: GenerationOptions = GenerationOptions()
  ) -> FuzzCase {
    var generator = EventGenerator(seed: seed, prefix: prefix, options: options)
    var state = generator.prefix.state
    generator.startsAllActivities = state.activities.isEmpty
    var steps: [Step] = []
    steps.reserveCapacity(generator.length)
    for _ in 0..<generator.length {
      let step = generator.step(after: state)
      fold(step, into: &state)
      steps.append(step)
    }
    return FuzzCase(seed: seed, prefix: generator.prefix, steps: steps)
  }

  /// Folds `step` into `state`, borrowing it: a step folded where it is used is copied.
  @inline(never)
  private static func fold(_ step: borrowing Step, into state: inout IslandState) {
    _ = try? state.fold(step.event, at: step.t)
  }

  // MARK: - One step

  /// The next step after the island `state` (the case folded so far), and the island as it
  /// will be at the step's time, before the step (the view the step was chosen from).
  public mutating func nextStep(after state: IslandState) -> (step: Step, view: IslandState) {
    let t = nextTime(after: state)
    var view = state
    if t > state.t { _ = try? view.apply(.tick, at: t) }
    // The view's seq counts the tick, which the step is not folded after.
    stepSeq = state.seq + 1
    findLive(in: view, timersFiredBy: nil)
    shown = Shown(view)
    return (chooseStep(at: t, now: state.t, in: view), view)
  }

  /// The next step after the island `state`, as ``nextStep(after:)`` chooses it, without the
  /// view.
  ///
  /// The island is read in place, with what the timers due by the step's time do to what
  /// the generator reads worked out rather than done on a copy: an activity reaching its 8 h
  /// limit is no longer live, and an alert's expansion ends (see ``Shown``); a stale date or
  /// a dismissal only changes phases the generator does not tell apart (active from stale,
  /// ended from dismissed). Debug builds check this against a copy ticked for real.
  mutating func step(after state: IslandState) -> Step {
    let t = nextTime(after: state)
    // No timer is ever left due at the island's own time: they fire only if time moves on.
    let firing = t > state.t ? t : nil
    stepSeq = state.seq + 1
    let reachingLimit = findLive(in: state, timersFiredBy: firing)
    shown = Shown.after(state, live: live, timersFiredBy: firing, reachingLimit: reachingLimit)
    assert(firing == nil || shown.agrees(with: state, tickedAt: t, live: live))
    return chooseStep(at: t, now: state.t, in: state)
  }

  /// The step at `t` chosen from `world`, the island at `t` (before the step), whose live
  /// activities ``findLive(in:timersFiredBy:)`` has found and whose presentation ``shown``
  /// holds; `now` is the time of the last event.
  private mutating func chooseStep(
    at t: Milliseconds, now: Milliseconds, in world: IslandState
  ) -> Step {
    if random.chance(options.invalidShare), let step = invalidStep(at: t, now: now, in: world) {
      return step
    }
    return validStep(at: t, in: world)
  }

  /// Finds the activities of `world` live at the step's time: the active and stale ones, but
  /// for those reaching their 8 h limit by `t` when the timers due by then fire. Returns
  /// whether one does.
  ///
  /// They are read from the placement, which ranks every active and stale activity and no
  /// other: put back in position order, its activities are the live ones in start order, found
  /// without going over the ended and dismissed ones the list keeps. Debug builds check them
  /// against the list.
  @discardableResult
  private mutating func findLive(in world: IslandState, timersFiredBy t: Milliseconds?) -> Bool {
    appsCounted = false
    limitTime = t.map { $0 - world.configuration.policy.maximumActiveDuration }
    let ranked = world.placement.ranked
    // Most steps leave the live activities as they were, and the list is written only when
    // they change: a write checks that the list is not shared.
    if ranked.count != live.count || !ranked.allSatisfy(live.contains) {
      // Written over in place and cut back only when it shrinks, by its last elements one
      // at a time (most often one): emptying it first, or cutting a range off it, would go
      // through the general replacement of a range.
      var count = 0
      for position in ranked {
        if count == live.count { live.append(position) }
        // Sorted by insertion: the ranked activities are few, and often nearly in start order.
        var slot = count
        while slot > 0, live[slot - 1] > position {
          live[slot] = live[slot - 1]
          slot -= 1
        }
        live[slot] = position
        count += 1
      }
      while count < live.count { live.removeLast() }
    }
    let count = live.count
    // Activities are in start order and time never goes back: those reaching their limit
    // are the first.
    var reachingLimit = 0
    if let time = limitTime {
      while reachingLimit < count, world.activities[live[reachingLimit]].startedAt <= time {
        reachingLimit += 1
      }
      if reachingLimit > 0 { live.removeFirst(reachingLimit) }
    }
    assert(
      live
        == world.activities.indices.filter { position in
          world.activities[position].isEligible
            && !(limitTime.map { world.activities[position].startedAt <= $0 } ?? false)
        })
    return reachingLimit > 0
  }

  /// Counts the live activities of each app, once a step.
  private mutating func countApps(in world: IslandState) {
    guard !appsCounted else { return }
    for app in AppProfile.all.indices { liveOfApp[app] = 0 }
    for index in live.indices {
      if let app = appOfLive(index, in: world) { liveOfApp[app] += 1 }
    }
    appsCounted = true
  }

  /// The index in ``AppProfile/all`` of the app of live activity `index` (in ``live``); nil
  /// for another app, whose updates patch nothing.
  private mutating func appOfLive(_ index: Int, in world: IslandState) -> Int? {
    startedApps.app(at: live[index], in: world)
  }

  // MARK: - Time

  /// `time`, or the largest time a journal holds if it is later: a case that reaches the end
  /// of the clock (a `--prefix` ending there) stays at it, and every case can be written.
  static func bounded(_ time: Milliseconds) -> Milliseconds {
    min(time, EventBounds.largestTime)
  }

  /// The time of the next step, after the island `world` (before any timer fires), never
  /// beyond the largest time a journal holds.
  private mutating func nextTime(after world: IslandState) -> Milliseconds {
    EventGenerator.bounded(unboundedNextTime(after: world))
  }

  private mutating func unboundedNextTime(after world: IslandState) -> Milliseconds {
    let now = world.t
    let policy = world.configuration.policy
    let nudge = Milliseconds(random.next(in: -1...1))
    switch random.index(weightedBy: EventGenerator.timeWeights) {
    case 0: return now
    case 1: return now + random.next(in: Int64(1)...Int64(1_500))
    case 2: return now + random.next(in: Int64(2_000)...Int64(2_400))
    case 3: return now + random.next(in: Int64(2_500)...Int64(60_000))
    case 4: return now + random.next(in: Int64(60_000)...Int64(1_800_000))
    case 5:
      let stale = pickDeadline(in: world) { activities, position in
        guard activities[position].phase == .active || activities[position].phase == .stale,
          let staleAt = activities[position].staleAt, staleAt > now
        else { return nil }
        return staleAt
      }
      return boundary(stale, nudge: nudge, now: now)
    case 6: return boundary(world.expansion?.until, nudge: nudge, now: now)
    case 7:
      let end = pickDeadline(in: world) { activities, position in
        activities[position].phase == .active || activities[position].phase == .stale
          ? activities[position].startedAt + policy.maximumActiveDuration : nil
      }
      return boundary(end, nudge: nudge, now: now)
    case 8:
      let dismissal = pickDeadline(in: world) { activities, position in
        activities[position].phase == .ended ? activities[position].dismissAt : nil
      }
      return boundary(dismissal, nudge: nudge, now: now)
    case 9: return now + policy.dismissalDelay + 1_000 * nudge
    default: return now + policy.maximumActiveDuration + 1_000 * nudge
    }
  }

  /// The weights of the kinds of time steps: the same time, a small step, an alert's
  /// length, seconds, minutes, to a stale time, an alert's end, an 8 h limit, a dismissal,
  /// 4 h, 8 h.
  private static let timeWeights = FixedWeights<11>([8, 30, 12, 15, 8, 6, 6, 3, 4, 2, 1])

  /// One of the times `deadline` gives for the activities of `world` (by position; those it
  /// gives nil for left out), uniformly, as a pick from the list of them in start order
  /// would draw it.
  ///
  /// `deadline` reads the fields it needs in the list: an activity copied out of it costs a
  /// retain and a release for each of its references.
  private mutating func pickDeadline(
    in world: IslandState, _ deadline: (ActivityList, Int) -> Milliseconds?
  ) -> Milliseconds? {
    let activities = world.activities
    var count = 0
    for position in activities.indices where deadline(activities, position) != nil { count += 1 }
    guard count > 0 else { return nil }
    var skip = random.next(below: count)
    for position in activities.indices {
      guard let time = deadline(activities, position) else { continue }
      if skip == 0 { return time }
      skip -= 1
    }
    return nil
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

  private mutating func validStep(at t: Milliseconds, in world: IslandState) -> Step {
    let policy = world.configuration.policy
    var startable = InlineList<Int>()
    // Until there are as many live activities as one app may have, no app is full: their
    // apps are counted only when one may be, or when a start is chosen.
    if live.count >= policy.activitiesPerApp { countApps(in: world) }
    let perApp = policy.activitiesPerApp
    for app in AppProfile.all.indices where !appsCounted || liveOfApp[app] < perApp {
      startable.append(app)
    }
    let canStart = live.count < policy.activitiesPerDevice && !startable.isEmpty
    let targets = shownTapTargets(in: world)
    let canLongPress =
      world.configuration.device.hasIsland && !shown.expanded && shown.islandActivity
    let weights: InlineArray<6, Int> = [
      canStart ? (live.isEmpty ? 60 : 20) : 0, live.isEmpty ? 0 : 35, live.isEmpty ? 0 : 10,
      targets.isEmpty ? 0 : 15, canLongPress ? 6 : 0, 5,
    ]
    let event: Event
    switch random.index(weightedBy: weights) {
    case 0:
      countApps(in: world)
      var running = InlineList<Int>()
      for app in AppProfile.all.indices
      where liveOfApp[app] < policy.activitiesPerApp && liveOfApp[app] > 0 {
        running.append(app)
      }
      event = .start(makeStart(of: pickApp(startable, running: running), at: t, in: world))
    case 1:
      let index = pickLive() ?? 0
      let app = appOfLive(index, in: world)
      event = .update(makeUpdate(of: world.activities[live[index]].id, app: app, at: t))
    case 2:
      let index = pickLive() ?? 0
      let app = appOfLive(index, in: world)
      event = .end(makeEnd(of: world.activities[live[index]].id, app: app, at: t))
    case 3: event = .tap(random.pick(targets) ?? .outside)
    case 4:
      event = .longPress(
        shown.detachedActivity && random.chance(0.4) ? .detached : .island)
    default: event = .tick
    }
    return Step(t: t, event: event, intent: .valid)
  }

  /// The index in ``live`` of a live activity, uniformly; nil when there is none.
  private mutating func pickLive() -> Int? {
    live.isEmpty ? nil : random.next(below: live.count)
  }

  /// Mostly an app that already has live activities, so that apps fill up and compete.
  private mutating func pickApp(
    _ startable: borrowing InlineList<Int>, running: borrowing InlineList<Int>
  ) -> Int {
    if !running.isEmpty, random.chance(0.5), let app = random.pick(running) { return app }
    return random.pick(startable) ?? 0
  }

  /// The next id of `app` not used in `world`.
  ///
  /// The numbers of an app's ids only grow, and every start accepted has one of them: when
  /// ``startsAllActivities``, the next number is free.
  private mutating func freshID(for app: Int, in world: IslandState) -> String {
    let profile = AppProfile.all[app]
    var id: String
    repeat {
      started[app] += 1
      id = profile.activityID(started[app])
    } while !startsAllActivities && world.activity(id) != nil
    return id
  }

  private mutating func makeStart(of app: Int, at t: Milliseconds, in world: IslandState) -> Start {
    startFields(of: app, at: t, in: world).start()
  }

  /// The fields of a start of `app` at `t` in `world`, drawn as ``makeStart(of:at:in:)`` draws
  /// them, for a defect to change one before the start is made: a start's field set once it
  /// is made copies all its fields into a new box. Inlined, so that the fields of a start made
  /// at once go straight into its box rather than through a copy of them.
  @inline(__always)
  private mutating func startFields(
    of app: Int, at t: Milliseconds, in world: IslandState
  ) -> StartFields {
    let relevance = random.pick(EventGenerator.startRelevances) ?? 0
    var stale: Milliseconds?
    if random.chance(0.2) {
      stale =
        random.chance(0.15)
        ? max(0, t - random.next(in: Int64(0)...Int64(1_000)))
        : EventGenerator.bounded(t + (random.pick(EventGenerator.staleSteps) ?? 1_000))
    }
    let id = freshID(for: app, in: world)
    startedApps.note(app, startingAt: stepSeq)
    let profile = AppProfile.all[app]
    let state = profile.startState(&random, now: t)
    let url = random.chance(0.9) ? profile.url : nil
    let links = random.chance(0.9) ? profile.links : RegionLinks()
    return StartFields(
      activity: id, app: profile.app, relevance: relevance, stale: stale, state: state,
      layout: profile.layout.map { .named($0) }, url: url, links: links)
  }

  /// The fields of a start, before it is made (``startFields(of:at:in:)``).
  private struct StartFields {
    var activity: String
    var app: String
    var relevance: Double
    var stale: Milliseconds?
    var state: ContentState
    var layout: LayoutReference?
    var url: String?
    var links: RegionLinks

    /// The start of these fields, made of them.
    consuming func start() -> Start {
      Start(
        activity: activity, app: app, relevance: relevance, stale: stale, state: state,
        layout: layout, url: url, links: links)
    }
  }

  private static let startRelevances: [Double] = [0, 0, 10, 25, 50, 50, 75, 100, 33.5]
  private static let staleSteps: [Milliseconds] = [1_000, 2_200, 60_000, 600_000, 3_600_000]

  /// An update of the activity `id`, whose app is `app` (an index in ``AppProfile/all``; nil
  /// for another app, whose updates patch nothing).
  private mutating func makeUpdate(of id: String, app: Int?, at t: Milliseconds) -> Update {
    // Made whole at the end: an update changed field by field is copied on the way.
    let state = app.map { AppProfile.all[$0].patch(&random, now: t) } ?? ContentState()
    var relevance: Double?
    if random.chance(0.15) {
      relevance = random.pick(EventGenerator.updateRelevances) ?? 0
    }
    var stale: Milliseconds?
    if random.chance(0.1) {
      stale =
        random.chance(0.3)
        ? max(0, t - random.next(in: Int64(0)...Int64(5_000)))
        : EventGenerator.bounded(t + (random.pick(EventGenerator.updateStaleSteps) ?? 1))
    }
    var alert: Alert?
    if random.chance(0.15) {
      alert = Alert(
        title: random.pick(EventGenerator.alertTitles) ?? "Alert",
        body: random.pick(EventGenerator.alertBodies) ?? "",
        sound: random.chance(0.5) ? "default" : nil)
    }
    return Update(activity: id, state: state, relevance: relevance, stale: stale, alert: alert)
  }

  private static let alertTitles = ["On its way", "Goal!", "Time's up"]
  private static let alertBodies = ["", "Tap to see more", "Ваш заказ в пути"]
  private static let updateRelevances: [Double] = [0, 10, 50, 60, 90, 100]
  private static let updateStaleSteps: [Milliseconds] = [1, 2_200, 30_000, 900_000]

  /// An end of the activity `id`, whose app is `app` (as for ``makeUpdate(of:app:at:)``).
  private mutating func makeEnd(of id: String, app: Int?, at t: Milliseconds) -> End {
    let dismissal: Dismissal
    switch random.next(below: 4) {
    case 0: dismissal = .immediate
    case 1:
      dismissal = .after(
        EventGenerator.bounded(t + random.next(in: Int64(0)...Int64(5 * 3_600_000))))
    default: dismissal = .default
    }
    let patch = random.chance(0.3) ? app.map { AppProfile.all[$0].patch(&random, now: t) } : nil
    return End(activity: id, state: patch, dismissal: dismissal)
  }

  /// The tap targets on screen now, outside taps less often.
  private mutating func shownTapTargets(in world: IslandState) -> InlineList<TapTarget> {
    var targets = InlineList<TapTarget>()
    guard world.configuration.device.hasIsland else { return targets }
    if shown.expanded {
      for target in [TapTarget.leading, .trailing, .center, .bottom, .outside] {
        targets.append(target)
      }
      return targets
    }
    if shown.islandActivity {
      for _ in 0..<3 { targets.append(.island) }
    }
    if shown.detachedActivity {
      for _ in 0..<2 { targets.append(.detached) }
    }
    if targets.isEmpty || random.chance(0.2) { targets.append(.outside) }
    return targets
  }

  // MARK: - Invalid events

  /// An event made to break one rule, or nil when the rule it drew cannot be broken here.
  private mutating func invalidStep(
    at t: Milliseconds, now: Milliseconds, in world: IslandState
  ) -> Step? {
    guard let defect = random.pick(EventGenerator.defects) else { return nil }
    let policy = world.configuration.policy
    let app = random.next(below: AppProfile.all.count)
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
      let limitTime = self.limitTime
      let notLive = pickActivity(in: world) { activities, position in
        switch activities[position].phase {
        case .active, .stale: return limitTime.map { activities[position].startedAt <= $0 } ?? false
        case .ended, .dismissed: return true
        }
      }
      guard let position = notLive else { return nil }
      let activity = world.activities[position]
      event =
        random.chance(0.6)
        ? .update(
          makeUpdate(of: activity.id, app: startedApps.app(at: position, in: world), at: t))
        : .end(End(activity: activity.id))
    case .duplicateStart:
      guard let position = pickActivity(in: world, where: { _, _ in true }) else { return nil }
      var fields = startFields(of: app, at: t, in: world)
      fields.activity = world.activities[position].id
      event = .start(fields.start())
    case .appLimit:
      countApps(in: world)
      var full = InlineList<Int>()
      for app in AppProfile.all.indices where liveOfApp[app] >= policy.activitiesPerApp {
        full.append(app)
      }
      guard let app = random.pick(full) else { return nil }
      event = .start(makeStart(of: app, at: t, in: world))
    case .deviceLimit:
      guard live.count >= policy.activitiesPerDevice else { return nil }
      event = .start(makeStart(of: app, at: t, in: world))
    case .payloadTooLarge:
      let big = EventGenerator.oversized(policy.payloadLimit)
      if let index = pickLive(), random.chance(0.6) {
        event = .update(
          Update(activity: world.activities[live[index]].id, state: ["note": big]))
      } else {
        var fields = startFields(of: app, at: t, in: world)
        fields.state["note"] = big
        event = .start(fields.start())
      }
    case .backwardsTime:
      guard now > 0 else { return nil }
      time = now - random.next(in: Int64(1)...min(now, 10_000))
      event =
        pickLive().map {
          .update(
            makeUpdate(of: world.activities[live[$0]].id, app: appOfLive($0, in: world), at: t))
        } ?? .tick
    case .notShown:
      guard let event = random.pick(notShownEvents(in: world)) else { return nil }
      return Step(t: t, event: event, intent: .invalid(defect))
    case .invalidActivityID:
      var fields = startFields(of: app, at: t, in: world)
      fields.activity =
        random.pick(EventGenerator.invalidActivityIDs) ?? ""
      event = .start(fields.start())
    case .invalidApp:
      var fields = startFields(of: app, at: t, in: world)
      fields.app = random.pick(["", "9lives", "com example", "com_example", "-app"]) ?? ""
      startedApps.note(nil, startingAt: stepSeq)
      event = .start(fields.start())
    case .malformedURL:
      var fields = startFields(of: app, at: t, in: world)
      let url =
        random.pick(["no-scheme", "food:", "food://has space", "9food://x", "://x", "food://<b>"])
        ?? ""
      if random.chance(0.5) { fields.url = url } else { fields.links.center = url }
      event = .start(fields.start())
    case .negativeTime:
      let negative = -random.next(in: Int64(1)...Int64(60_000))
      if let index = pickLive(), random.chance(0.6) {
        let id = world.activities[live[index]].id
        event =
          random.chance(0.5)
          ? .update(Update(activity: id, stale: negative))
          : .end(End(activity: id, dismissal: .after(negative)))
      } else {
        var fields = startFields(of: app, at: t, in: world)
        fields.stale = negative
        event = .start(fields.start())
      }
    case .invalidFieldName:
      let name = random.pick(["2fast", "has space", "", "a-b", "dot.ted"]) ?? ""
      if let index = pickLive(), random.chance(0.6) {
        event = .update(
          Update(
            activity: world.activities[live[index]].id,
            state: ContentState([(name, .number(1))])))
      } else {
        var fields = startFields(of: app, at: t, in: world)
        fields.state[name] = .number(1)
        event = .start(fields.start())
      }
    }
    return Step(t: time, event: event, intent: .invalid(defect))
  }

  /// The position of one of the activities of `world` that pass `test` (given the list and
  /// a position, as ``pickDeadline(in:_:)``), uniformly, as a pick from the list of them in
  /// start order would draw it; nil when none does.
  private mutating func pickActivity(
    in world: IslandState, where test: (ActivityList, Int) -> Bool
  ) -> Int? {
    let activities = world.activities
    var count = 0
    for position in activities.indices where test(activities, position) { count += 1 }
    guard count > 0 else { return nil }
    var skip = random.next(below: count)
    for position in activities.indices where test(activities, position) {
      if skip == 0 { return position }
      skip -= 1
    }
    return nil
  }

  /// Taps and long presses on something not on screen now.
  private func notShownEvents(in world: IslandState) -> [Event] {
    guard world.configuration.device.hasIsland else {
      return TapTarget.allCases.filter { $0 != .outside }.map { .tap($0) }
        + LongPressTarget.allCases.map { .longPress($0) }
    }
    if shown.expanded {
      return [.tap(.island), .tap(.detached), .longPress(.island), .longPress(.detached)]
    }
    var events: [Event] = [.tap(.leading), .tap(.trailing), .tap(.center), .tap(.bottom)]
    if !shown.islandActivity { events += [.tap(.island), .longPress(.island)] }
    if !shown.detachedActivity { events += [.tap(.detached), .longPress(.detached)] }
    return events
  }

  /// A string value over `limit` bytes (made once for the default limit).
  private static func oversized(_ limit: Int) -> ContentValue {
    limit == defaultOversized.utf8.count
      ? .string(defaultOversized) : .string(String(repeating: "x", count: limit))
  }

  private static let defaultOversized = String(repeating: "x", count: Policy().payloadLimit)

  private static let invalidActivityIDs = [
    "", "has space", "slash/id", String(repeating: "a", count: 65), "é",
  ]
  private static let defects = Defect.allCases
}

/// The app of each activity a generator's steps started, known from the start that started it
/// rather than read from its bundle id.
///
/// An accepted start's activity has the start's seq, the island's seq before it plus one; a
/// rejected start leaves its seq to the next event, which writes over its app if it is a
/// start, and starts nothing otherwise.
private struct StartedApps {
  /// The seq of the first step after the prefix: the first of ``apps``.
  private let firstSeq: Int
  /// The app (by index in ``AppProfile/all``) of each start, by its seq less ``firstSeq``;
  /// nil for a start of an app the generator does not play (a defect's), or none.
  private var apps: [Int?] = []

  /// A record for the steps after an island of seq `seq`, with room for `steps` starts.
  init(after seq: Int, steps: Int) {
    firstSeq = seq + 1
    apps.reserveCapacity(steps)
  }

  /// Notes that the start that takes seq `seq` is of `app` (nil: of an app the generator
  /// does not play).
  mutating func note(_ app: Int?, startingAt seq: Int) {
    let slot = seq - firstSeq
    guard slot >= 0 else { return }
    while apps.count <= slot { apps.append(nil) }
    apps[slot] = app
  }

  /// The index in ``AppProfile/all`` of the app of the activity at `position` in `world`:
  /// that of its start when a step made it, else read from its bundle id (an activity of the
  /// prefix); nil for an app the generator does not play.
  func app(at position: Int, in world: IslandState) -> Int? {
    let slot = world.activities[position].startSeq - firstSeq
    guard slot >= 0, slot < apps.count else {
      return AppProfile.index(of: world.activities[position].app)
    }
    assert(apps[slot] == AppProfile.index(of: world.activities[position].app))
    return apps[slot]
  }
}

/// What the island shows at a step's time, once the timers due by then have fired: whether
/// it is expanded, whether an activity is on it, whether one is detached.
private struct Shown: Equatable {
  var expanded = false
  var islandActivity = false
  var detachedActivity = false

  init() {}

  /// What `state` shows.
  init(_ state: borrowing IslandState) {
    expanded = state.expansion != nil
    islandActivity = state.expansion != nil || state.placement.island != nil
    detachedActivity = state.expansion == nil && state.placement.detached != nil
    assert(islandActivity == (state.islandActivity != nil))
    assert(detachedActivity == (state.detachedActivity != nil))
  }

  /// What `state` shows once the timers due by `t` (if any) have fired, `live` being its
  /// activities live by then and `reachingLimit` whether some reach their 8 h limit.
  ///
  /// An alert's expansion ends at its time, and an expanded activity's at its limit. The
  /// placement stays as it is unless an activity reaches its limit; then it is ranked again,
  /// and follows from the live activities (Part 2, checked by ``IslandInvariants``): one on
  /// the island when any is live, one detached when they are of two apps or more.
  static func after(
    _ state: borrowing IslandState, live: [Int], timersFiredBy t: Milliseconds?,
    reachingLimit: Bool
  ) -> Shown {
    guard let t else { return Shown(state) }
    var expansion = state.expansion
    if let current = expansion {
      if current.reason == .alert, let until = current.until, until <= t {
        expansion = nil
      } else if reachingLimit, !live.contains(current.activity) {
        expansion = nil
      }
    }
    var shown = Shown()
    shown.expanded = expansion != nil
    guard reachingLimit else {
      shown.islandActivity = expansion != nil || state.placement.island != nil
      shown.detachedActivity = expansion == nil && state.placement.detached != nil
      return shown
    }
    let hasIsland = state.configuration.device.hasIsland
    var severalApps = false
    if let first = live.first {
      let app = state.activities[first].app
      severalApps = live.contains { state.activities[$0].app != app }
    }
    shown.islandActivity = expansion != nil || (hasIsland && !live.isEmpty)
    shown.detachedActivity = expansion == nil && hasIsland && severalApps
    return shown
  }

  /// Whether this is what `state` ticked at `t` shows, and `live` the positions of its live
  /// activities: the check, in debug builds, that reading the island in place chooses as the
  /// ticked copy would.
  func agrees(with state: IslandState, tickedAt t: Milliseconds, live: [Int]) -> Bool {
    var ticked = state
    _ = try? ticked.apply(.tick, at: t)
    return self == Shown(ticked)
      && live == ticked.activities.indices.filter { ticked.activities[$0].isEligible }
      && ticked.activities.map(\.id) == state.activities.map(\.id)
  }
}
