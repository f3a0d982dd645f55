/// What one accepted event did.
public struct Outcome: Equatable, Sendable {
  /// The event as the log holds it, with its sequence number and time.
  public var entry: LogEntry
  /// The effects it caused.
  public var effects: [Effect]
  /// The warnings it raised.
  public var warnings: [Warning]
}

extension IslandState {
  /// The reducer: fires every timer due at or before `t`, in time order, then applies
  /// `event`, and places the activities again.
  ///
  /// A rejected event throws and leaves the state exactly as it was: timers that came due
  /// are fired again, the same way, before the next accepted event.
  @discardableResult
  public mutating func apply(_ event: Event, at t: Milliseconds) throws(Rejection) -> Outcome {
    guard t >= self.t else {
      throw Rejection(event: event.name, reason: .timeWentBackwards(t: t, now: self.t))
    }
    let seq = self.seq + 1
    let effectCount = effects.count
    let warningCount = warnings.count
    let saved = SavedParts(
      placement: placement, expansion: expansion, eligible: eligible, timers: timers,
      transitions: transitions, animations: animations)
    var touched: [(index: Int, activity: Activity)] = []
    transitions = []
    animations = []
    var rankingChanged = false
    // An activity a timer ended leaves its slot before the event sees the island: a tap
    // must land on what is shown at `t`, not on what was shown before the timers fired.
    if let next = timers.first, next.due <= t, fireTimers(until: t, seq: seq, touched: &touched) {
      placeActivities()
    }
    do {
      switch event {
      case .start(let start):
        try self.start(start, seq: seq, t: t)
        rankingChanged = true
      case .update(let update):
        rankingChanged = try self.update(update, seq: seq, t: t) || rankingChanged
      case .end(let end):
        try self.end(end, seq: seq, t: t)
        rankingChanged = true
      case .tap(let target):
        try tap(target, seq: seq)
      case .longPress(let target):
        try longPress(target, seq: seq)
      case .tick:
        break
      }
    } catch {
      for (index, activity) in touched.reversed() { activities[index] = activity }
      placement = saved.placement
      expansion = saved.expansion
      eligible = saved.eligible
      timers = saved.timers
      transitions = saved.transitions
      animations = saved.animations
      effects.removeLast(effects.count - effectCount)
      warnings.removeLast(warnings.count - warningCount)
      throw Rejection(event: event.name, reason: error)
    }
    self.seq = seq
    self.t = t
    if rankingChanged { placeActivities() }
    if case .start(let start) = event, let index = indexByID[start.activity],
      expansion == nil, placement.island == index || placement.detached == index
    {
      animate(.grow, index: index, timing: springTiming, seq: seq)
    }
    return Outcome(
      entry: LogEntry(seq: seq, t: t, event: event),
      effects: effectCount == effects.count ? [] : Array(effects[effectCount...]),
      warnings: warningCount == warnings.count ? [] : Array(warnings[warningCount...]))
  }

  private struct SavedParts {
    var placement: Placement
    var expansion: Expansion?
    var eligible: [Int]
    var timers: TimerQueue
    var transitions: [Transition]
    var animations: [Animation]
  }

  private var policy: Policy { configuration.policy }
  private var device: Device { configuration.device }

  // MARK: - Start, update, end

  private mutating func start(_ start: Start, seq: Int, t: Milliseconds) throws(Rejection.Reason) {
    try Validation.checkActivityID(start.activity)
    guard indexByID[start.activity] == nil else { throw .duplicateActivity(start.activity) }
    try Validation.checkApp(start.app)
    try Validation.checkRelevance(start.relevance)
    try Validation.checkTime(start.stale, field: "stale time")
    if let url = start.url { try Validation.checkURL(url, field: "widget URL") }
    try Validation.checkLinks(start.links)
    for field in start.state.fields { try Validation.checkFieldName(field.name) }
    let layout: Layout
    let layoutName: String?
    switch start.layout {
    case .none:
      layout = .default(for: start.state)
      layoutName = nil
    case .named(let name):
      guard let named = Layout.named(name) else { throw .unknownLayout(name) }
      layout = named
      layoutName = name
    case .inline(let inline):
      layout = inline
      layoutName = nil
    }
    try Validation.checkLayout(layout, content: start.state, activity: start.activity, now: t)
    let profile = ActivityProfile(
      id: start.activity, app: start.app, startSeq: seq, startedAt: t, url: start.url,
      links: start.links, layout: layout, layoutName: layoutName)
    let payloadBytes = profile.attributeBytes + Validation.jsonLength(of: start.state)
    try checkPayload(payloadBytes, of: start.activity)
    guard liveCount(of: start.app) < policy.activitiesPerApp else {
      throw .appLimitReached(app: start.app, limit: policy.activitiesPerApp)
    }
    guard eligible.count < policy.activitiesPerDevice else {
      throw .deviceLimitReached(limit: policy.activitiesPerDevice)
    }

    var zoneTexts: [String] = []
    zoneTexts.reserveCapacity(Zone.allCases.count)
    for zone in Zone.allCases {
      guard let zoneView = profile.zoneViews[zone.ordinal] else {
        zoneTexts.append("")
        continue
      }
      let (text, width) = ZoneRenderer.measure(zoneView, content: start.state, now: t)
      zoneTexts.append(text)
      warnIfOverBudget(
        zone, width: width, activity: profile, content: start.state, seq: seq, now: t)
    }
    var activity = Activity(
      profile: profile, relevance: start.relevance, staleAt: start.stale, content: start.state,
      payloadBytes: payloadBytes, zoneTexts: zoneTexts)
    let index = activities.count
    if let staleAt = start.stale {
      if staleAt <= t {
        activity.phase = .stale
      } else {
        timers.insert(Timer(due: staleAt, kind: .stale, startSeq: seq, activity: index))
      }
    }
    activities.append(activity)
    indexByID[start.activity] = index
    eligible.append(index)
    timers.insert(
      Timer(due: t + policy.maximumActiveDuration, kind: .lifetime, startSeq: seq, activity: index))
  }

  /// Returns whether the ranking may have changed.
  private mutating func update(_ update: Update, seq: Int, t: Milliseconds) throws(Rejection.Reason)
    -> Bool
  {
    let index = try liveIndex(of: update.activity)
    if let relevance = update.relevance { try Validation.checkRelevance(relevance) }
    try Validation.checkTime(update.stale, field: "stale time")
    let profile = activities[index].profile
    let oldRelevance = activities[index].relevance
    let (changed, payloadBytes) = try check(update.state, of: index, now: t)

    if !changed.isEmpty {
      // The content before is needed only to render a countdown zone as it was at `t`.
      let before =
        profile.zoneHasCountdown.contains(true) ? activities[index].content : nil
      activities[index].content.merge(update.state)
      activities[index].payloadBytes = payloadBytes
      renderChangedZones(of: index, contentBefore: before, changed: changed, seq: seq, t: t)
      if let pulse = profile.layout.pulse, changed.contains(pulse.field),
        let zone = shownLeadingZone(of: index)
      {
        animate(.pulse, index: index, timing: .keyframes(pulse.keyframes, zone: zone), seq: seq)
      }
    }
    if let relevance = update.relevance { activities[index].relevance = relevance }
    if let stale = update.stale {
      activities[index].staleAt = stale
      if stale > t {
        timers.insert(Timer(due: stale, kind: .stale, startSeq: profile.startSeq, activity: index))
      }
    }
    if let staleAt = activities[index].staleAt, staleAt <= t {
      activities[index].phase = .stale
    } else {
      activities[index].phase = .active
    }
    if let alert = update.alert {
      activities[index].lastAlert = alert
      if device.hasIsland {
        let until = t + policy.alertDuration
        let alreadyShown = expansion?.activity == index
        expansion = Expansion(activity: index, reason: .alert, until: until)
        timers.insert(
          Timer(due: until, kind: .alertEnd, startSeq: profile.startSeq, activity: index))
        if !alreadyShown { animate(.expand, index: index, timing: springTiming, seq: seq) }
      } else {
        effects.append(Effect(seq: seq, kind: .banner(activity: update.activity, alert: alert)))
      }
    }
    return activities[index].relevance != oldRelevance
  }

  private mutating func end(_ end: End, seq: Int, t: Milliseconds) throws(Rejection.Reason) {
    let index = try liveIndex(of: end.activity)
    if case .after(let time) = end.dismissal { try Validation.checkTime(time, field: "dismissal") }
    if let patch = end.state {
      let (_, payloadBytes) = try check(patch, of: index, now: t)
      activities[index].content.merge(patch)
      activities[index].payloadBytes = payloadBytes
    }
    finish(index, at: t, dismissal: end.dismissal, seq: seq)
  }

  /// Ends activity `index` at `t`: it leaves the island at once (collapsing an expansion of
  /// it) and stays on the Lock Screen until its dismissal.
  private mutating func finish(
    _ index: Int, at t: Milliseconds, dismissal: Dismissal, seq: Int
  ) {
    let latest = t + policy.dismissalDelay
    let dismissAt: Milliseconds
    switch dismissal {
    case .default: dismissAt = latest
    case .immediate: dismissAt = t
    case .after(let time): dismissAt = min(max(time, t), latest)
    }
    activities[index].endedAt = t
    activities[index].dismissAt = dismissAt
    if dismissAt <= t {
      activities[index].phase = .dismissed
    } else {
      activities[index].phase = .ended
      timers.insert(
        Timer(
          due: dismissAt, kind: .dismissal, startSeq: activities[index].startSeq,
          activity: index))
    }
    eligible.removeAll { $0 == index }
    if expansion?.activity == index { collapse(seq: seq) }
  }

  private func liveIndex(of id: String) throws(Rejection.Reason) -> Int {
    guard let index = indexByID[id] else { throw .unknownActivity(id) }
    guard activities[index].isEligible else { throw .activityEnded(id) }
    return index
  }

  /// Checks what merging `patch` into the content of activity `index` would give: field
  /// names, the layout's numeric fields, the minimal view's width, the payload limit. Only
  /// what the changed fields can affect is checked, and nothing is copied unless the minimal
  /// view must be measured. Returns the changed field names and the payload size after.
  private func check(_ patch: ContentState, of index: Int, now: Milliseconds) throws(Rejection
    .Reason) -> (changed: [String], payloadBytes: Int)
  {
    let activity = activities[index]
    let profile = activity.profile
    var bytes = activity.payloadBytes
    var count = activity.content.fields.count
    var changed: [String] = []
    for field in patch.fields {
      if let old = activity.content[field.name] {
        guard old != field.value else { continue }
        bytes -= Validation.jsonLength(of: ContentState.Field(name: field.name, value: old))
      } else {
        try Validation.checkFieldName(field.name)
        if count > 0 { bytes += 1 }
        count += 1
      }
      bytes += Validation.jsonLength(of: field)
      changed.append(field.name)
      if field.value.numberValue == nil, profile.numericFields.contains(field.name) {
        let zone =
          Zone.allCases.first { profile.zoneFields[$0.ordinal].contains(field.name) } ?? .bottom
        let view = Validation.numericViewName(of: field.name, in: profile.layout[zone]?.view)
        throw .fieldNotNumber(zone: zone, field: field.name, view: view)
      }
    }
    guard !changed.isEmpty else { return (changed, bytes) }
    let namesSymbol = changed.contains { profile.symbolFields.contains($0) }
    if namesSymbol || profile.zone(.minimal, readsAnyOf: changed) {
      var content = activity.content
      content.merge(patch)
      try Validation.checkLayout(profile.layout, content: content, activity: profile.id, now: now)
    }
    try checkPayload(bytes, of: profile.id)
    return (changed, bytes)
  }

  private func checkPayload(_ bytes: Int, of id: String) throws(Rejection.Reason) {
    guard bytes <= policy.payloadLimit else {
      throw .payloadTooLarge(activity: id, bytes: bytes, limit: policy.payloadLimit)
    }
  }

  // MARK: - Taps

  private mutating func tap(_ target: TapTarget, seq: Int) throws(Rejection.Reason) {
    try requireIsland(target.rawValue)
    if let expansion {
      switch target {
      case .leading, .trailing, .center, .bottom:
        guard let region = target.region else { return }
        openRegion(region, of: expansion.activity, seq: seq)
        collapse(seq: seq)
      case .outside:
        collapse(seq: seq)
      case .island, .detached:
        throw .notOnScreen(
          target: target.rawValue, why: "the island is expanded: tap a region or outside")
      }
      return
    }
    switch target {
    case .leading, .trailing, .center, .bottom:
      throw .notOnScreen(target: target.rawValue, why: "the island is not expanded")
    case .outside:
      return
    case .island, .detached:
      let index = try shownIndex(target.rawValue, detached: target == .detached)
      switch configuration.profile {
      case .tapExpands: expand(index, seq: seq)
      case .tapOpens: openWidget(of: index, seq: seq)
      }
    }
  }

  private mutating func longPress(_ target: LongPressTarget, seq: Int) throws(Rejection.Reason) {
    try requireIsland(target.rawValue)
    guard expansion == nil else {
      throw .notOnScreen(
        target: target.rawValue, why: "the island is expanded: tap a region or outside")
    }
    expand(try shownIndex(target.rawValue, detached: target == .detached), seq: seq)
  }

  private func requireIsland(_ target: String) throws(Rejection.Reason) {
    guard device.hasIsland else {
      throw .notOnScreen(target: target, why: "the \(device.name) has no Dynamic Island")
    }
  }

  private func shownIndex(_ target: String, detached: Bool) throws(Rejection.Reason) -> Int {
    if detached {
      guard let index = placement.detached else {
        throw .notOnScreen(
          target: target,
          why: "the island is \(placement.mode.rawValue): there is no detached bubble")
      }
      return index
    }
    guard let index = placement.island else {
      throw .notOnScreen(target: target, why: "the island is idle: no activity is shown")
    }
    return index
  }

  private mutating func openRegion(_ region: Region, of index: Int, seq: Int) {
    let activity = activities[index]
    if let link = activity.links[region] ?? activity.layout[Zone(region)]?.link {
      effects.append(
        Effect(seq: seq, kind: .openURL(url: link, rule: .regionLink, activity: activity.id)))
    } else {
      openWidget(of: index, seq: seq)
    }
  }

  private mutating func openWidget(of index: Int, seq: Int) {
    let activity = activities[index]
    let kind: Effect.Kind =
      if let url = activity.url {
        .openURL(url: url, rule: .widgetURL, activity: activity.id)
      } else {
        .openURL(url: activity.appDefaultURL, rule: .appDefault, activity: activity.id)
      }
    effects.append(Effect(seq: seq, kind: kind))
  }

  private mutating func expand(_ index: Int, seq: Int) {
    expansion = Expansion(activity: index, reason: .user, until: nil)
    animate(.expand, index: index, timing: springTiming, seq: seq)
  }

  private mutating func collapse(seq: Int) {
    guard let expansion else { return }
    self.expansion = nil
    animate(.collapse, index: expansion.activity, timing: springTiming, seq: seq)
  }

  // MARK: - Timers

  /// Fires every timer due at or before `t`, in time order. Returns whether the ranking may
  /// have changed. Records each activity's value before its first change in `touched`.
  private mutating func fireTimers(
    until t: Milliseconds, seq: Int, touched: inout [(index: Int, activity: Activity)]
  ) -> Bool {
    var rankingChanged = false
    while let timer = timers.first, timer.due <= t {
      _ = timers.removeFirst()
      let index = timer.activity
      let activity = activities[index]
      switch timer.kind {
      case .stale:
        guard activity.phase == .active, activity.staleAt == timer.due else { continue }
        touched.append((index, activity))
        activities[index].phase = .stale
      case .alertEnd:
        guard let expansion, expansion.activity == index, expansion.reason == .alert,
          expansion.until == timer.due
        else { continue }
        collapse(seq: seq)
      case .lifetime:
        guard activity.isEligible else { continue }
        touched.append((index, activity))
        finish(index, at: timer.due, dismissal: .default, seq: seq)
        rankingChanged = true
      case .dismissal:
        guard activity.phase == .ended, activity.dismissAt == timer.due else { continue }
        touched.append((index, activity))
        activities[index].phase = .dismissed
      }
    }
    return rankingChanged
  }

  // MARK: - Placement

  /// Ranks the eligible activities and places them (Part 2, "Ranking and placement").
  mutating func placeActivities() {
    var ranked = eligible
    ranked.sort { left, right in
      let leftRelevance = activities[left].relevance
      let rightRelevance = activities[right].relevance
      if leftRelevance != rightRelevance { return leftRelevance > rightRelevance }
      return activities[left].startSeq < activities[right].startSeq
    }
    var placement = Placement()
    placement.ranked = ranked
    if !device.hasIsland {
      placement.hidden = ranked
    } else if let top = ranked.first {
      let topApp = activities[top].app
      placement.island = top
      if let other = ranked.first(where: { activities[$0].app != topApp }) {
        placement.mode = .minimal
        placement.detached = other
        placement.hidden = ranked.filter { $0 != top && $0 != other }
      } else {
        placement.mode = .compact
        placement.hidden = Array(ranked.dropFirst())
      }
    }
    self.placement = placement
  }

  // MARK: - Presentation

  /// Renders again every zone of activity `index` that reads a changed field: records a
  /// content transition where its text changed, and a warning where it is over budget.
  private mutating func renderChangedZones(
    of index: Int, contentBefore: ContentState?, changed: [String], seq: Int, t: Milliseconds
  ) {
    let profile = activities[index].profile
    let content = activities[index].content
    for zone in Zone.allCases where profile.zone(zone, readsAnyOf: changed) {
      guard let zoneView = profile.zoneViews[zone.ordinal] else { continue }
      let (text, width) = ZoneRenderer.measure(zoneView, content: content, now: t)
      let old =
        if let contentBefore, profile.zoneHasCountdown[zone.ordinal] {
          ZoneRenderer.measure(zoneView, content: contentBefore, now: t).text
        } else {
          activities[index].zoneTexts[zone.ordinal]
        }
      guard old != text else { continue }
      activities[index].zoneTexts[zone.ordinal] = text
      let kind: Transition.Kind
      if zoneView.transition == .identity {
        kind = .identity
      } else if Transitions.onlyDigitsDiffer(old, text) {
        kind = .numericText
      } else {
        kind = .crossfade
      }
      transitions.append(
        Transition(activity: profile.id, zone: zone, kind: kind, from: old, to: text))
      warnIfOverBudget(zone, width: width, activity: profile, content: content, seq: seq, now: t)
    }
  }

  /// Warns when `zone`, `width` points wide, is over its budget (compact zones and expanded
  /// regions; minimal has its own limit, which is an error).
  private mutating func warnIfOverBudget(
    _ zone: Zone, width: Double, activity: ActivityProfile, content: ContentState, seq: Int,
    now: Milliseconds
  ) {
    guard let islandClass = device.islandClass,
      let budget = ZoneBudget.width(of: zone, in: islandClass), width > budget,
      let rendered = ZoneRenderer.render(
        zone, of: activity.layout, activity: activity.id, content: content, now: now,
        budget: budget),
      rendered.truncated
    else { return }
    warnings.append(
      Warning(
        seq: seq,
        kind: .truncated(activity: activity.id, zone: zone, needed: rendered.width, budget: budget)
      ))
  }

  /// The zone that shows activity `index`'s leading icon now, if it is on screen.
  private func shownLeadingZone(of index: Int) -> Zone? {
    if let expansion { return expansion.activity == index ? .leading : nil }
    if placement.island == index { return placement.mode == .compact ? .compactLeading : .minimal }
    return placement.detached == index ? .minimal : nil
  }

  private var springTiming: Animation.Timing {
    .spring(response: policy.springResponse, damping: policy.springDamping)
  }

  private mutating func animate(
    _ kind: Animation.Kind, index: Int, timing: Animation.Timing, seq: Int
  ) {
    let id = activities[index].id
    let requested = Transitions.duration(of: timing)
    let maximum = policy.maximumAnimationDuration
    var timing = timing
    if requested > maximum {
      warnings.append(
        Warning(
          seq: seq,
          kind: .animationClamped(
            activity: id, animation: kind.rawValue, requested: requested, maximum: maximum)))
      if case .keyframes(let keyframes, let zone) = timing {
        timing = .keyframes(Transitions.scale(keyframes, to: maximum), zone: zone)
      }
    }
    animations.append(
      Animation(
        activity: id, kind: kind, timing: timing, duration: min(requested, maximum),
        clamped: requested > maximum))
  }
}
