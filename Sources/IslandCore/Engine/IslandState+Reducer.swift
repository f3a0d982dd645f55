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
    let effectCount = effects.count
    let warningCount = warnings.count
    try fold(event, at: t)
    return Outcome(
      entry: LogEntry(seq: seq, t: t, event: event),
      effects: effectCount == effects.count ? [] : Array(effects[effectCount...]),
      warnings: warningCount == warnings.count ? [] : Array(warnings[warningCount...]))
  }

  /// The reducer itself: ``apply(_:at:)`` without making its ``Outcome`` (a copy of the
  /// event, and of the effects and warnings it caused). For folds that look only at the
  /// state: a journal's replay, a fuzz case, a test that checks where the island ends up.
  public mutating func fold(_ event: Event, at t: Milliseconds) throws(Rejection) {
    guard t >= self.t else {
      throw Rejection(event: event.name, reason: .timeWentBackwards(t: t, now: self.t))
    }
    let seq = self.seq + 1
    let effectCount = effects.count
    let warningCount = warnings.count
    // The last event's animations stay until this one is accepted: new ones are added
    // after them, and whichever part is not kept is cut off at the end. Only an update
    // changes content (and so makes transitions), once it has passed its checks: it records
    // its change there.
    let animationCount = animations.count
    let rankingChanged: Bool
    do {
      if let next = timers.first, next.due <= t {
        rankingChanged = try handleAfterTimers(event, seq: seq, t: t)
      } else {
        rankingChanged = try handle(event, seq: seq, t: t)
      }
    } catch {
      animations.removeLast(animations.count - animationCount)
      effects.removeLast(effects.count - effectCount)
      warnings.removeLast(warnings.count - warningCount)
      throw Rejection(event: event.name, reason: error)
    }
    if case .update = event {
    } else {
      contentChange.clear()
    }
    if animationCount > 0 {
      if animations.count == animationCount {
        IslandState.empty(&animations)
      } else {
        animations.removeFirst(animationCount)
      }
    }
    self.seq = seq
    self.t = t
    if let arrived = event.arrived, let activity = event.activityID {
      warnings.append(
        Warning(seq: seq, kind: .deferred(activity: activity, event: event.name, arrived: arrived)))
    }
    if rankingChanged { placeActivities() }
    // An accepted start appended its activity last.
    if case .start = event, let index = activities.indices.last, expansion == nil,
      placement.island == index || placement.detached == index
    {
      animate(.grow, index: index, timing: springTiming, seq: seq)
    }
    forgetOldDismissedActivities()
  }

  /// Applies `event`, with sequence number `seq`, at `t`: the handler of its kind. Returns
  /// whether the ranking may have changed. Every handler checks everything before it changes
  /// anything: a rejection leaves the state as it found it, except for the effects, warnings
  /// and animations it may have added (the caller cuts them off).
  private mutating func handle(_ event: Event, seq: Int, t: Milliseconds) throws(Rejection
    .Reason) -> Bool
  {
    switch event {
    case .start(let start):
      try self.start(start, seq: seq, t: t)
      return true
    case .update(let update):
      return try self.update(update, seq: seq, t: t)
    case .end(let end):
      try self.end(end, seq: seq, t: t)
      return true
    case .tap(let target):
      try tap(target, seq: seq)
      return false
    case .longPress(let target):
      try longPress(target, seq: seq)
      return false
    case .tick:
      return false
    }
  }

  /// ``handle(_:seq:t:)`` after firing every timer due by `t`, putting back what the timers
  /// changed if the event is rejected (then it throws the reason, as the event saw it; the
  /// caller cuts off what was added, as for any rejection).
  private mutating func handleAfterTimers(_ event: Event, seq: Int, t: Milliseconds)
    throws(Rejection.Reason) -> Bool
  {
    // Only what timers change needs saving.
    let saved = SavedParts(placement: placement, expansion: expansion, eligible: eligible)
    var touched: [LifeBefore] = []
    // The timers fired: a rejection puts them back (a queue holding the same timers is the
    // same queue, however its heap is laid out), or, when a timer that fired added one (an
    // activity's end adds its dismissal), the queue as it was.
    var fired: [Timer] = []
    var timersBefore: TimerQueue?
    // An activity a timer ended leaves its slot before the event sees the island: a tap
    // must land on what is shown at `t`, not on what was shown before the timers fired.
    if fireTimers(
      until: t, seq: seq, touched: &touched, fired: &fired, timersBefore: &timersBefore)
    {
      placeActivities()
    }
    do {
      return try handle(event, seq: seq, t: t)
    } catch {
      for before in touched.reversed() { before.restore(in: &activities) }
      placement = saved.placement
      expansion = saved.expansion
      eligible = saved.eligible
      if let timersBefore {
        timers = timersBefore
      } else {
        for timer in fired { timers.insert(timer) }
      }
      throw error
    }
  }

  /// Empties `array` keeping its storage (popping is cheaper than `removeAll`'s general
  /// range replacement for the few elements these arrays hold).
  private static func empty<Element>(_ array: inout [Element]) {
    while array.popLast() != nil {}
  }

  /// The parts of an activity's life a timer changes (the phase, and an end's times), as
  /// they were: what a rejected event puts back.
  private struct LifeBefore {
    let index: Int
    let phase: Phase
    let endedAt: Milliseconds?
    let dismissAt: Milliseconds?

    init(of activities: [Activity], at index: Int) {
      self.index = index
      phase = activities[index].phase
      endedAt = activities[index].endedAt
      dismissAt = activities[index].dismissAt
    }

    func restore(in activities: inout [Activity]) {
      activities[index].phase = phase
      activities[index].endedAt = endedAt
      activities[index].dismissAt = dismissAt
    }
  }

  private struct SavedParts {
    var placement: Placement
    var expansion: Expansion?
    var eligible: [Int]
  }

  private var policy: Policy { configuration.policy }
  private var device: Device { configuration.device }

  // MARK: - Start, update, end

  private mutating func start(_ start: Start, seq: Int, t: Milliseconds) throws(Rejection.Reason) {
    try Validation.checkActivityID(start.activity)
    guard activityIndex.position(of: start.activity, in: activities) == nil,
      !forgottenIDs.contains(start.activity)
    else {
      throw .duplicateActivity(start.activity)
    }
    try Validation.checkApp(start.app)
    try Validation.checkRelevance(start.relevance)
    try Validation.checkTime(start.stale, field: "stale time")
    if let url = start.url { try Validation.checkURL(url, field: "widget URL") }
    try Validation.checkLinks(start.links)
    for field in start.state.fields { try Validation.checkFieldName(field.name) }
    let plan: LayoutPlan
    let layoutName: String?
    switch start.layout {
    case .none:
      plan = LayoutPlan.default(for: start.state)
      layoutName = nil
    case .named(let name):
      guard let named = LayoutPlan.named(name) else { throw .unknownLayout(name) }
      plan = named
      layoutName = name
    case .inline(let inline):
      plan = LayoutPlan(inline)
      layoutName = nil
    }
    let fieldSlots = plan.slots(in: start.state)
    try Validation.checkLayoutExceptMinimalWidth(plan, content: start.state, slots: fieldSlots)
    // Every zone's width, where something limits it: estimated from its fields' widths, and
    // measured unless the estimate is surely within the limit (the minimal view's 45 pt, or
    // the zone's budget). The minimal view's width is its check.
    let fields = ActivityFields(plan: plan, content: start.state, slots: fieldSlots)
    let measures = FieldMeasures(fields, count: plan.roles.count)
    var widths = InlineArray<7, Double?>(repeating: nil)
    for zone in Zone.allCases where plan.shownZones & zone.bit != 0 {
      let limit =
        zone == .minimal
        ? IslandMetrics.minimalMaximumWidth
        : device.islandClass.flatMap { ZoneBudget.width(of: zone, in: $0) }
      guard let limit else { continue }
      if plan.isSurelyWithin(zone.ordinal, limit, measures, now: t, value: { fields.value($0) }) {
        continue
      }
      widths[zone.ordinal] = plan.width(zone.ordinal, fields, now: t)
    }
    if let width = widths[Zone.minimal.ordinal] {
      try Validation.checkMinimalWidth(width, activity: start.activity)
    }
    // Counted by hand to keep the live activity's copy of the app's name: activities of one
    // app then share one string, not one each.
    var app = start.app
    var liveOfApp = 0
    for other in eligible where activities[other].app == start.app {
      liveOfApp += 1
      app = activities[other].app
    }
    let profile = ActivityProfile(
      id: start.activity, app: app, startSeq: seq, startedAt: t, url: start.url,
      links: start.links, plan: plan, layoutName: layoutName)
    let payloadBytes = profile.attributeBytes + Validation.jsonLength(of: start.state)
    try checkPayload(payloadBytes, of: start.activity)
    guard liveOfApp < policy.activitiesPerApp else {
      throw .appLimitReached(app: start.app, limit: policy.activitiesPerApp)
    }
    guard eligible.count < policy.activitiesPerDevice else {
      throw .deviceLimitReached(limit: policy.activitiesPerDevice)
    }

    for zone in Zone.allCases where zone != .minimal {
      guard let width = widths[zone.ordinal] else { continue }
      warnIfOverBudget(
        zone, width: width, activity: profile, content: start.state, seq: seq, now: t)
    }
    var activity = Activity(
      profile: profile, relevance: start.relevance, staleAt: start.stale, content: start.state,
      payloadBytes: payloadBytes, fieldSlots: fieldSlots, fieldMeasures: measures)
    activity.newestTimestamp = start.timestamp
    let index = activities.count
    if let staleAt = start.stale {
      if staleAt <= t {
        activity.phase = .stale
      } else {
        timers.insert(Timer(due: staleAt, kind: .stale, startSeq: seq, activity: index))
      }
    }
    activities.append(activity)
    activityIndex.insert(start.activity, at: index)
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
    let newest = activities[index].newestTimestamp
    if UpdateOrder.ignores(update.timestamp, newest: newest), let timestamp = update.timestamp,
      let newest
    {
      contentChange.clear()
      warnings.append(
        UpdateOrder.ignored(
          activity: update.activity, timestamp: timestamp, newest: newest, seq: seq))
      return false
    }
    activities[index].newestTimestamp = UpdateOrder.newest(
      applying: update.timestamp, after: newest)
    let profile = activities[index].profile
    let oldRelevance = activities[index].relevance
    var patch = CheckedPatch(payloadBytes: activities[index].payloadBytes)
    try check(update.state, of: index, now: t, into: &patch)
    // Checked: from here on nothing throws.
    contentChange.clear()
    if patch.changesContent {
      // The values the merge replaces in fields the layout reads are kept: the transitions
      // are rendered from them only when asked for (``transitions``).
      IslandState.merge(
        update.state, patch, plan: profile.plan, into: &activities[index],
        recording: &contentChange)
      contentChange.activity = index
      contentChange.zones = patch.zones & profile.plan.shownZones
      checkChangedZoneBudgets(seq: seq, t: t)
      if patch.pulses, let pulse = profile.layout.pulse, let zone = shownLeadingZone(of: index) {
        animate(.pulse, index: index, timing: .keyframes(pulse.keyframes, zone: zone), seq: seq)
      }
    }
    IslandState.renew(&activities[index], by: update, at: t)
    if let stale = update.stale, stale > t {
      timers.insert(Timer(due: stale, kind: .stale, startSeq: profile.startSeq, activity: index))
    }
    if let alert = update.alert {
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
      var checked = CheckedPatch(payloadBytes: activities[index].payloadBytes)
      try check(patch, of: index, now: t, into: &checked)
      var unrecorded = ContentChange()
      IslandState.merge(
        patch, checked, plan: activities[index].profile.plan, into: &activities[index],
        recording: &unrecorded)
    }
    finish(index, at: t, dismissal: end.dismissal, seq: seq)
  }

  /// Merges `state`, checked as `patch`, into `activity` (one access to it for every change):
  /// its content, the layout's field slots and measures, its payload size. The old values of
  /// the layout's fields go to `change`.
  private static func merge(
    _ state: ContentState, _ patch: CheckedPatch, plan: LayoutPlan,
    into activity: inout Activity, recording change: inout ContentChange
  ) {
    let added = activity.content.mergeChanges(
      state, positions: patch.positions, changed: patch.changed
    ) { name, before in
      if let field = plan.role(of: name) { change.record(field, before: before) }
    }
    if added { activity.fieldSlots = plan.slots(in: activity.content) }
    activity.fieldMeasures.take(patch.fields, from: patch.measures)
    activity.payloadBytes = patch.payloadBytes
  }

  /// What an update changes in `activity` besides its content: its relevance, stale time,
  /// phase (stale once its stale time is past, active again before), last alert.
  private static func renew(_ activity: inout Activity, by update: Update, at t: Milliseconds) {
    if let relevance = update.relevance { activity.relevance = relevance }
    if let stale = update.stale { activity.staleAt = stale }
    if let staleAt = activity.staleAt, staleAt <= t {
      activity.phase = .stale
    } else {
      activity.phase = .active
    }
    if let alert = update.alert { activity.lastAlert = alert }
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
    guard let index = activityIndex.position(of: id, in: activities) else {
      throw forgottenIDs.contains(id) ? .activityEnded(id) : .unknownActivity(id)
    }
    let phase = activities[index].phase
    guard phase == .active || phase == .stale else { throw .activityEnded(id) }
    return index
  }

  /// What merging a patch would change, once checked.
  private struct CheckedPatch {
    /// Whether any field's value changes.
    var changesContent = false
    /// The zones that read a changed field (bits by ``Zone/ordinal``).
    var zones: UInt8 = 0
    /// Whether a changed field pulses the leading icon.
    var pulses = false
    /// The changed fields the layout numbers under 8 (bits by number).
    var fields: UInt8 = 0
    /// Those fields' new values measured.
    var measures = FieldMeasures()
    /// The payload's size after the merge.
    var payloadBytes: Int
    /// Where the patch's first fields are in the content.
    var positions = FieldPositions()
    /// Which of those change (bits by patch index).
    var changed: UInt8 = 0
  }

  /// Checks what merging `patch` into the content of activity `index` would give: field
  /// names, the layout's numeric fields, symbol names and the minimal view's width, the
  /// payload limit. Only what the changed fields can affect is checked (the content before
  /// passed every check), and nothing is copied or merged. Writes what it found into
  /// `checked` (made by the caller with the activity's payload size, so that nothing large
  /// is returned).
  private func check(
    _ patch: ContentState, of index: Int, now: Milliseconds, into checked: inout CheckedPatch
  ) throws(Rejection.Reason) {
    // The activity is not changed here: its profile and plan are read without being retained,
    // and every field is compared in place.
    unowned(unsafe) let profile = activities[index].profile
    unowned(unsafe) let plan = profile.plan
    let content = activities[index].content.fields
    var count = content.count
    var namesSymbol = false
    let slots = activities[index].fieldSlots
    try patch.fields.withUnsafeBufferPointer { patch throws(Rejection.Reason) in
      try content.withUnsafeBufferPointer { content throws(Rejection.Reason) in
        for patchIndex in patch.indices {
          let number = plan.role(of: patch[patchIndex].name)
          var position: Int?
          if let number, number < 8 {
            let slot = Int(truncatingIfNeeded: slots >> UInt64(8 * number)) & 0xFF
            if slot != 0xFF { position = slot }
          }
          if position == nil {
            position = ContentState.position(of: patch[patchIndex].name, in: content)
          }
          if let position {
            if patchIndex < 8 { checked.positions.set(patchIndex, position) }
            guard content[position].value != patch[patchIndex].value else { continue }
            if patchIndex < 8 { checked.changed |= 1 << UInt8(patchIndex) }
            // Same name: only the value's length changes.
            if let number, number < 8 {
              // The old length is kept; the new value is measured once, for the payload
              // here and for the zones' widths once merged.
              let measure = FieldMeasure(patch[patchIndex].value)
              checked.payloadBytes +=
                measure.jsonLength - activities[index].fieldMeasures.jsonLength(of: number)
              checked.measures[number] = measure
            } else {
              checked.payloadBytes +=
                Validation.jsonLength(of: patch[patchIndex].value)
                - Validation.jsonLength(of: content[position].value)
            }
          } else {
            try Validation.checkFieldName(patch[patchIndex].name)
            if count > 0 { checked.payloadBytes += 1 }
            count += 1
            checked.payloadBytes += Validation.jsonLength(of: patch[patchIndex])
            if let number, number < 8 {
              checked.measures[number] = FieldMeasure(patch[patchIndex].value)
            }
          }
          checked.changesContent = true
          guard let number else { continue }
          let role = plan.roles[number]
          if role.isNumeric, patch[patchIndex].value.numberValue == nil {
            let zone =
              role.zones == 0 ? .bottom : Zone(ordinal: role.zones.trailingZeroBitCount)
            let field = patch[patchIndex].name
            let view = Validation.numericViewName(of: field, in: profile.layout[zone]?.view)
            throw .fieldNotNumber(zone: zone, field: field, view: view)
          }
          checked.zones |= role.zones
          if number < 8 { checked.fields |= 1 << UInt8(number) }
          namesSymbol = namesSymbol || role.namesSymbol
          checked.pulses = checked.pulses || role.pulses
        }
      }
    }
    guard checked.changesContent else { return }
    // The minimal view's width is measured unless its estimate, from the fields' widths as
    // the patch leaves them, is surely within its limit.
    var minimalWidth = checked.zones & Zone.minimal.bit != 0
    if minimalWidth {
      var measures = activities[index].fieldMeasures
      measures.take(checked.fields, from: checked.measures)
      minimalWidth = !plan.isSurelyWithin(
        Zone.minimal.ordinal, IslandMetrics.minimalMaximumWidth, measures, now: now
      ) { field in
        PatchedFields(fields: activities[index].fields, patch: patch).value(field)
      }
    }
    if namesSymbol || minimalWidth {
      try Validation.checkPatchedLayout(
        plan, content: PatchedFields(fields: activities[index].fields, patch: patch),
        activity: profile.id, now: now, symbols: namesSymbol, minimalWidth: minimalWidth)
    }
    try checkPayload(checked.payloadBytes, of: profile.id)
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
  /// have changed. Records the life of each activity it changes as it was in `touched`, each
  /// timer taken from the queue in `fired`, and the queue as it was in `timersBefore` before
  /// a timer that adds one fires.
  private mutating func fireTimers(
    until t: Milliseconds, seq: Int, touched: inout [LifeBefore],
    fired: inout [Timer], timersBefore: inout TimerQueue?
  ) -> Bool {
    var rankingChanged = false
    while let timer = timers.first, timer.due <= t {
      _ = timers.removeFirst()
      fired.append(timer)
      let index = timer.activity
      let phase = activities[index].phase
      switch timer.kind {
      case .stale:
        guard phase == .active, activities[index].staleAt == timer.due else { continue }
        touched.append(LifeBefore(of: activities, at: index))
        activities[index].phase = .stale
      case .alertEnd:
        guard let expansion, expansion.activity == index, expansion.reason == .alert,
          expansion.until == timer.due
        else { continue }
        collapse(seq: seq)
      case .lifetime:
        guard phase == .active || phase == .stale else { continue }
        touched.append(LifeBefore(of: activities, at: index))
        if timersBefore == nil {
          var before = timers
          for timer in fired { before.insert(timer) }
          timersBefore = before
        }
        finish(index, at: timer.due, dismissal: .default, seq: seq)
        rankingChanged = true
      case .dismissal:
        guard phase == .ended, activities[index].dismissAt == timer.due else { continue }
        touched.append(LifeBefore(of: activities, at: index))
        activities[index].phase = .dismissed
      }
    }
    return rankingChanged
  }

  // MARK: - Placement

  /// Ranks the eligible activities and places them (Part 2, "Ranking and placement").
  mutating func placeActivities() {
    // Ranked into the placement's own arrays, reused (at most ten activities are eligible:
    // an insertion sort, reading each key in place).
    var ranked = placement.ranked
    placement.ranked = []
    IslandState.resize(&ranked, to: eligible.count)
    ranked.withUnsafeMutableBufferPointer { ranked in
      for (position, index) in eligible.enumerated() {
        let relevance = activities[index].relevance
        var slot = position
        // The eligible list is in start order: at equal relevance, the earlier start (the
        // lower index) ranks first, and it is already in place.
        while slot > 0, activities[ranked[slot - 1]].relevance < relevance {
          ranked[slot] = ranked[slot - 1]
          slot -= 1
        }
        ranked[slot] = index
      }
    }
    var hidden = placement.hidden
    placement.hidden = []
    placement.mode = .idle
    placement.island = nil
    placement.detached = nil
    var hiddenCount = 0
    if !device.hasIsland {
      hiddenCount = ranked.count
      IslandState.resize(&hidden, to: hiddenCount)
      for position in ranked.indices { hidden[position] = ranked[position] }
    } else if let top = ranked.first {
      let topApp = activities[top].profile.app
      placement.island = top
      var other: Int?
      for index in ranked.dropFirst() where activities[index].profile.app != topApp {
        other = index
        break
      }
      placement.mode = other == nil ? .compact : .minimal
      placement.detached = other
      IslandState.resize(&hidden, to: ranked.count - (other == nil ? 1 : 2))
      for index in ranked where index != top && index != other {
        hidden[hiddenCount] = index
        hiddenCount += 1
      }
    } else {
      IslandState.resize(&hidden, to: 0)
    }
    placement.ranked = ranked
    placement.hidden = hidden
  }

  /// Makes `array` `count` long, keeping its storage: elements added are 0, to be written.
  private static func resize(_ array: inout [Int], to count: Int) {
    while array.count > count { array.removeLast() }
    while array.count < count { array.append(0) }
  }

  // MARK: - Presentation

  /// Measures again every zone the last update changed (``contentChange``) that has a
  /// budget, and warns where one is over it. A zone whose text did not change (a field it
  /// reads changed, not what it shows) does not warn again.
  private mutating func checkChangedZoneBudgets(seq: Int, t: Milliseconds) {
    guard let islandClass = device.islandClass else { return }
    let index = contentChange.activity
    let plan = activities[index].profile.plan
    let slots = activities[index].fieldSlots
    let measures = activities[index].fieldMeasures
    var remaining = contentChange.zones
    while remaining != 0 {
      let ordinal = remaining.trailingZeroBitCount
      remaining &= remaining - 1
      let zone = Zone(ordinal: ordinal)
      guard let budget = ZoneBudget.width(of: zone, in: islandClass) else { continue }
      if plan.isSurelyWithin(
        ordinal, budget, measures, now: t,
        value: {
          activities[index].fields.value($0)
        })
      {
        continue
      }
      let width = activities[index].content.fields.withUnsafeBufferPointer { fields in
        plan.width(ordinal, BorrowedFields(fields: fields, slots: slots, plan: plan), now: t)
      }
      guard width > budget, contentChange.texts(of: ordinal, in: activities[index], at: t) != nil
      else { continue }
      let profile = activities[index].profile
      warnIfOverBudget(
        zone, width: width, activity: profile, content: activities[index].content, seq: seq,
        now: t)
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
      let rendered = ZoneRenderer.overflow(
        zone, of: activity.layout, content: content, now: now, budget: budget),
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
