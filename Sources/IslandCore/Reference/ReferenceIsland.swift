/// The engine's rules folded the plain way, to check the reducer against: Part 2 of the
/// reference and nothing of the fast path.
///
/// It keeps the model parts of an ``IslandState`` (activities, placement, expansion,
/// effects, warnings, animations) and derives the rest by scanning: activities are found by
/// id, timers come due from the activities' dates, zones are measured and texts written by
/// the reference renderer (``ZoneRenderer``), payloads counted in full, layouts checked in
/// full. A rejected event is undone by working on a copy and committing it. It shares with
/// the reducer only the rules written once in `Rules/` that use no fast path (placement,
/// ranking, validation, layout checks, payload size, taps, animations) and forgetting old
/// dismissed activities.
package struct ReferenceIsland: Sendable {
  /// The island: its model parts only are kept up to date.
  package private(set) var state: IslandState
  /// The content transitions of the last event, rendered by the reference renderer.
  package private(set) var transitions: [Transition] = []

  /// An empty island for `configuration`.
  package init(configuration: Configuration = Configuration()) {
    state = IslandState(configuration: configuration)
  }

  /// The state's JSON, as ``IslandState/json`` gives it (its transitions the reference's).
  package var json: JSONValue {
    guard case .object(var members) = state.json else { return state.json }
    for index in members.indices where members[index].0 == "transitions" {
      members[index].1 = .array(transitions.map(\.json))
    }
    return .object(members)
  }

  /// Applies `event` at `t`, or throws why it is rejected and changes nothing.
  package mutating func apply(_ event: Event, at t: Milliseconds) throws(Rejection) {
    guard t >= state.t else {
      throw Rejection(event: event.name, reason: .timeWentBackwards(t: t, now: state.t))
    }
    var next = state
    next.animations = []
    let seq = state.seq + 1
    var changes: [Transition] = []
    do {
      next.fireDueTimers(until: t, seq: seq)
      next.placeByRank()
      switch event {
      case .start(let start): try next.referenceStart(start, seq: seq, t: t)
      case .update(let update):
        changes = try next.referenceUpdate(update, seq: seq, t: t)
      case .end(let end): try next.referenceEnd(end, seq: seq, t: t)
      case .tap(let target): try next.tap(target, seq: seq)
      case .longPress(let target): try next.longPress(target, seq: seq)
      case .tick: break
      }
    } catch {
      throw Rejection(event: event.name, reason: error)
    }
    next.seq = seq
    next.t = t
    // Part 2, "Priority budget": a held-back event is marked throttled.
    if let arrived = event.arrived, let activity = event.activityID {
      next.warnings.append(
        Warning(seq: seq, kind: .deferred(activity: activity, event: event.name, arrived: arrived)))
    }
    next.placeByRank()
    if case .start = event, let index = next.activities.indices.last, next.expansion == nil,
      next.placement.island == index || next.placement.detached == index
    {
      next.animate(.grow, index: index, timing: next.springTiming, seq: seq)
    }
    next.forgetOldDismissedActivities()
    state = next
    transitions = changes
  }
}

extension IslandState {
  /// The activities eligible now (active or stale), in start order, found by their phases.
  fileprivate var eligibleByPhase: [Int] { activities.indices.filter { activities[$0].isEligible } }

  /// Places the eligible activities by rank.
  fileprivate mutating func placeByRank() {
    var ranked = eligibleByPhase
    Ranking.sort(&ranked, in: activities)
    placement.place(ranked, of: activities, hasIsland: device.hasIsland)
  }

  /// The index of the activity `id`, found by a scan.
  fileprivate func referenceIndex(of id: String) -> Int? {
    activities.firstIndex { $0.id == id }
  }

  /// The index of the live activity `id`: unknown and ended ones are rejected.
  fileprivate func referenceLiveIndex(of id: String) throws(Rejection.Reason) -> Int {
    guard let index = referenceIndex(of: id) else {
      throw forgottenIDs.contains(id) ? .activityEnded(id) : .unknownActivity(id)
    }
    guard activities[index].isEligible else { throw .activityEnded(id) }
    return index
  }

  // MARK: - Timers, from the activities' dates

  /// Fires every timer due by `t`, earliest first (by time, then kind, then start), each
  /// found from the state: a stale date passed, an alert's expansion over, the lifetime
  /// reached, a dismissal due.
  fileprivate mutating func fireDueTimers(until t: Milliseconds, seq: Int) {
    while let timer = nextDueTimer(until: t) {
      let index = timer.activity
      switch timer.kind {
      case .stale: activities[index].phase = .stale
      case .alertEnd: collapse(seq: seq)
      case .lifetime: referenceEndActivity(index, at: timer.due, dismissal: .default, seq: seq)
      case .dismissal: activities[index].phase = .dismissed
      }
    }
  }

  /// The earliest timer due by `t`, if any.
  private func nextDueTimer(until t: Milliseconds) -> Timer? {
    var due: [Timer] = []
    for (index, activity) in activities.enumerated() {
      let startSeq = activity.startSeq
      switch activity.phase {
      case .active, .stale:
        if activity.phase == .active, let staleAt = activity.staleAt, staleAt <= t {
          due.append(Timer(due: staleAt, kind: .stale, startSeq: startSeq, activity: index))
        }
        let end = activity.startedAt + policy.maximumActiveDuration
        if end <= t {
          due.append(Timer(due: end, kind: .lifetime, startSeq: startSeq, activity: index))
        }
      case .ended:
        if let dismissAt = activity.dismissAt, dismissAt <= t {
          due.append(Timer(due: dismissAt, kind: .dismissal, startSeq: startSeq, activity: index))
        }
      case .dismissed: break
      }
    }
    if let expansion, expansion.reason == .alert, let until = expansion.until, until <= t {
      due.append(
        Timer(
          due: until, kind: .alertEnd, startSeq: activities[expansion.activity].startSeq,
          activity: expansion.activity))
    }
    return due.min { $0.precedes($1) }
  }

  // MARK: - Start, update, end

  fileprivate mutating func referenceStart(_ start: Start, seq: Int, t: Milliseconds)
    throws(Rejection.Reason)
  {
    try Validation.checkActivityID(start.activity)
    guard referenceIndex(of: start.activity) == nil, !forgottenIDs.contains(start.activity)
    else { throw .duplicateActivity(start.activity) }
    try Validation.checkStartValues(start)
    let layout: Layout
    var layoutName: String?
    switch start.layout {
    case .none: layout = .default(for: start.state)
    case .named(let name):
      guard let named = Layout.named(name) else { throw .unknownLayout(name) }
      layout = named
      layoutName = name
    case .inline(let inline): layout = inline
    }
    try LayoutChecks.checkLayoutExceptMinimalWidth(layout, content: start.state)
    try checkMinimalWidth(of: layout, content: start.state, activity: start.activity, now: t)
    let bytes =
      PayloadSize.attributeBytes(
        id: start.activity, app: start.app, url: start.url, links: start.links)
      + PayloadSize.jsonLength(of: start.state)
    try PayloadSize.check(bytes, of: start.activity, limit: policy.payloadLimit)
    let live = eligibleByPhase
    try Limits.checkRoomForStart(
      app: start.app, liveOfApp: live.filter { activities[$0].app == start.app }.count,
      live: live.count, policy: policy)

    // The layout is carried in a plan, whose fast parts the reference never reads.
    let plan = LayoutPlan(layout)
    let attributes = ActivityAttributes(
      id: start.activity, app: start.app, startSeq: seq, startedAt: t, url: start.url,
      links: start.links, plan: plan, layoutName: layoutName)
    for zone in Zone.allCases where zone != .minimal {
      warnIfTruncated(zone, of: layout, id: start.activity, content: start.state, seq: seq, t)
    }
    var activity = Activity(
      attributes: attributes, relevance: start.relevance, staleAt: start.stale,
      content: start.state,
      derived: ContentMeasures(
        payloadBytes: bytes, fieldSlots: plan.slots(in: start.state),
        fieldMeasures: FieldMeasures()))
    if let staleAt = start.stale, staleAt <= t { activity.phase = .stale }
    activity.newestTimestamp = start.timestamp
    activities.append(activity)
  }

  /// Returns the update's transitions.
  fileprivate mutating func referenceUpdate(_ update: Update, seq: Int, t: Milliseconds)
    throws(Rejection.Reason) -> [Transition]
  {
    let index = try referenceLiveIndex(of: update.activity)
    if let relevance = update.relevance { try Validation.checkRelevance(relevance) }
    try Validation.checkTime(update.stale, field: "stale time")
    // Part 2, "Update order": an update older than the newest applied is ignored.
    let newest = activities[index].newestTimestamp
    if UpdateOrder.ignores(update.timestamp, newest: newest), let timestamp = update.timestamp,
      let newest
    {
      warnings.append(
        Warning(
          seq: seq,
          kind: .olderUpdateIgnored(
            activity: update.activity, timestamp: timestamp, newest: newest)))
      return []
    }
    activities[index].newestTimestamp = UpdateOrder.newest(
      applying: update.timestamp, after: newest)
    let before = activities[index]
    let layout = before.layout
    let (merged, changed) = try checkPatch(update.state, of: index, now: t)
    var transitions: [Transition] = []
    if !changed.isEmpty {
      activities[index].content = merged
      let added = update.state.names.filter { before.content[$0] == nil }
      if !added.isEmpty {
        warnings += UnreadFieldRule.warnings(
          added: added, layout: layout, activity: update.activity, seq: seq)
      }
      let readers = Zone.allCases.filter { zone in
        guard let view = layout[zone]?.view else { return false }
        return changed.contains { view.fields.contains($0) }
      }
      for zone in readers {
        guard let old = text(of: zone, layout, before.content, t),
          let new = text(of: zone, layout, merged, t), old != new
        else { continue }
        let kind: Transition.Kind =
          layout[zone]?.transition == .identity
          ? .identity : Transitions.onlyDigitsDiffer(old, new) ? .numericText : .crossfade
        transitions.append(
          Transition(activity: update.activity, zone: zone, kind: kind, from: old, to: new))
        warnIfTruncated(zone, of: layout, id: update.activity, content: merged, seq: seq, t)
      }
      if let pulse = layout.pulse, changed.contains(pulse.field),
        let zone = shownLeadingZone(of: index)
      {
        animate(.pulse, index: index, timing: .keyframes(pulse.keyframes, zone: zone), seq: seq)
      }
    }
    if let relevance = update.relevance { activities[index].relevance = relevance }
    if let stale = update.stale { activities[index].staleAt = stale }
    if let staleAt = activities[index].staleAt, staleAt <= t {
      activities[index].phase = .stale
    } else {
      activities[index].phase = .active
    }
    if let alert = update.alert {
      activities[index].lastAlert = alert
      if device.hasIsland {
        let alreadyShown = expansion?.activity == index
        expansion = Expansion(activity: index, reason: .alert, until: t + policy.alertDuration)
        if !alreadyShown { animate(.expand, index: index, timing: springTiming, seq: seq) }
      } else {
        effects.append(Effect(seq: seq, kind: .banner(activity: update.activity, alert: alert)))
      }
    }
    return transitions
  }

  fileprivate mutating func referenceEnd(_ end: End, seq: Int, t: Milliseconds)
    throws(Rejection.Reason)
  {
    let index = try referenceLiveIndex(of: end.activity)
    if case .after(let time) = end.dismissal { try Validation.checkTime(time, field: "dismissal") }
    if let patch = end.state {
      activities[index].content = try checkPatch(patch, of: index, now: t).merged
    }
    referenceEndActivity(index, at: t, dismissal: end.dismissal, seq: seq)
  }

  /// Ends activity `index` at `t`: Lock Screen dismissal at once, at the time asked (no
  /// earlier than the end, no later than the delay), or after the delay.
  private mutating func referenceEndActivity(
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
    activities[index].phase = dismissAt <= t ? .dismissed : .ended
    if expansion?.activity == index { collapse(seq: seq) }
  }

  /// Checks `patch` against activity `index`'s content: the content it leaves, and the
  /// names of the fields whose values it changes, in the patch's order. A patch's changed
  /// fields are checked one by one (a new field's name; not a static attribute; a number
  /// where a progress bar or countdown shows it), then the layout's symbol names, the
  /// minimal view's width when a field it shows changed, and the payload limit.
  private func checkPatch(_ patch: ContentState, of index: Int, now: Milliseconds)
    throws(Rejection.Reason) -> (merged: ContentState, changed: [String])
  {
    let activity = activities[index]
    let layout = activity.layout
    var merged = activity.content
    var changed: [String] = []
    let staticAttributes = Set(layout.attributes)
    for field in patch.fields {
      let old = activity.content[field.name]
      guard old != field.value else { continue }
      if old == nil { try Validation.checkFieldName(field.name) }
      try Validation.checkNotStaticAttribute(field.name, of: activity.id, in: staticAttributes)
      let readers = Zone.allCases.filter { layout[$0]?.view.fields.contains(field.name) ?? false }
      let numeric = readers.contains {
        layout[$0]?.view.numericFields.contains(field.name) ?? false
      }
      if numeric, field.value.numberValue == nil {
        let zone = readers.first ?? .bottom
        throw .fieldNotNumber(
          zone: zone, field: field.name,
          view: LayoutChecks.numericViewName(of: field.name, in: layout[zone]?.view))
      }
      merged[field.name] = field.value
      changed.append(field.name)
    }
    guard !changed.isEmpty else { return (merged, changed) }
    // Only symbol names can fail the other checks: fields are never removed, numbers were
    // checked above, and links do not change.
    try LayoutChecks.checkLayoutExceptMinimalWidth(layout, content: merged)
    if let minimal = layout.minimal?.view, changed.contains(where: minimal.fields.contains) {
      try checkMinimalWidth(of: layout, content: merged, activity: activity.id, now: now)
    }
    let bytes =
      PayloadSize.attributeBytes(
        id: activity.id, app: activity.app, url: activity.url, links: activity.links)
      + PayloadSize.jsonLength(of: merged)
    try PayloadSize.check(bytes, of: activity.id, limit: policy.payloadLimit)
    return (merged, changed)
  }

  // MARK: - Rendering, by the reference renderer

  private func checkMinimalWidth(
    of layout: Layout, content: ContentState, activity: String, now: Milliseconds
  ) throws(Rejection.Reason) {
    guard
      let minimal = ZoneRenderer.render(
        .minimal, of: layout, activity: activity, content: content, now: now, budget: nil)
    else { return }
    try LayoutChecks.checkMinimalWidth(minimal.width, activity: activity)
  }

  private func text(
    of zone: Zone, _ layout: Layout, _ content: ContentState, _ now: Milliseconds
  ) -> String? {
    ZoneRenderer.render(zone, of: layout, activity: "", content: content, now: now, budget: nil)?
      .text
  }

  /// Warns when `zone` of `layout`, showing `content`, is truncated to its budget.
  private mutating func warnIfTruncated(
    _ zone: Zone, of layout: Layout, id: String, content: ContentState, seq: Int,
    _ now: Milliseconds
  ) {
    guard let islandClass = device.islandClass,
      let budget = ZoneBudget.width(of: zone, in: islandClass),
      let rendered = ZoneRenderer.overflow(
        zone, of: layout, content: content, now: now, budget: budget),
      rendered.truncated
    else { return }
    warnings.append(
      Warning(
        seq: seq,
        kind: .truncated(activity: id, zone: zone, needed: rendered.width, budget: budget)))
  }
}
