/// A start (Part 1, "Lifecycle and limits"; Part 2, "Limits and errors"): a new activity,
/// under an id never used before, with a layout (named, inline, or the default for its
/// fields) that can show its content, within the payload limit and the live-activity limits.
/// It begins active (stale at once if its stale date has passed), is ended by the system
/// after ``Policy/maximumActiveDuration``, and warns for every zone over its budget.
extension IslandState {
  mutating func start(_ start: borrowing Start, seq: Int, t: Milliseconds)
    throws(Rejection.Reason)
  {
    try Validation.checkActivityID(start.activity)
    let id = HashedID(start.activity)
    guard activityIndex.position(of: id, in: activities) == nil, !forgottenIDs.contains(id)
    else {
      throw .duplicateActivity(start.activity)
    }
    try Validation.checkStartValuesBeforeFieldNames(start)
    // A built-in layout's plan is found before the field names are checked: the fields it
    // locates in the state are named as the layout names them, with field names, and only
    // the other fields' names are checked.
    var named: (plan: LayoutPlan, slots: FieldSlots)?
    if case .named(let name) = start.layout, let plan = LayoutPlan.named(name) {
      named = (plan, plan.slots(in: start.state))
    }
    var knownNames: UInt64 = 0
    if let named, IslandState.builtInLayoutsReadFieldNames {
      for field in named.plan.roles.indices.prefix(FieldSlots.capacity) {
        if let position = named.slots.position(of: field) { knownNames |= 1 &<< UInt64(position) }
      }
    }
    try Validation.checkFieldNames(of: start.state, except: knownNames)
    let plan: LayoutPlan
    let layoutName: String?
    switch start.layout {
    case .none:
      plan = caches.defaultPlans.plan(for: start.state)
      layoutName = nil
    case .named(let name):
      guard let named else { throw .unknownLayout(name) }
      plan = named.plan
      layoutName = name
    case .inline(let inline):
      plan = LayoutPlan(inline)
      layoutName = nil
    }
    let fieldSlots = named?.slots ?? plan.slots(in: start.state)
    try LayoutChecks.checkLayoutExceptMinimalWidth(plan, content: start.state, slots: fieldSlots)
    // Every zone's width, where something limits it: the minimal view's 45 pt, or the zone's
    // budget on the lines it may take. Measured unless the estimate from its fields' widths
    // is clearly within it. The minimal view's width is its check.
    let fields = LayoutFields(plan: plan, content: start.state, slots: fieldSlots)
    let (measures, contentBytes) = ContentMeasures.measureStart(
      start.state, plan: plan, slots: fieldSlots)
    var widths = InlineArray<7, Double?>(repeating: nil)
    // Over every zone, not the shown set's bits: a loop over the seven cases is unrolled.
    for zone in Zone.allCases where plan.shownZones.contains(zone) {
      let limit =
        zone == .minimal
        ? IslandMetrics.minimalMaximumWidth
        : device.islandClass.flatMap { ZoneBudget.width(of: zone, in: $0) }.map {
          plan.widthBeforeTruncation(zone, budget: $0)
        }
      guard let limit else { continue }
      // A closure that reads the fields in place: the method handed on as a value would
      // capture a copy of them, zone after zone.
      if plan.estimateFits(
        zone, within: limit, measures.byField.span, now: t, value: { fields.value($0) })
      {
        continue
      }
      widths[zone.ordinal] = plan.width(zone, fields, now: t)
    }
    if let width = widths[Zone.minimal.ordinal] {
      try LayoutChecks.checkMinimalWidth(width, activity: start.activity)
    }
    // The live activities of the app, counted here to share their copy of the app's name:
    // activities of one app then hold one string, not one each. Apps compared by their
    // hashes first.
    var app = HashedID(start.app)
    var liveOfApp = 0
    for other in eligible where activities[other].attributes.hashedApp == app {
      liveOfApp += 1
      app = activities[other].attributes.hashedApp
    }
    let attributes = ActivityAttributes(
      id: id, app: app, startSeq: seq, startedAt: t, url: start.url,
      links: start.links, plan: plan, layoutName: layoutName)
    let payloadBytes = attributes.attributeBytes + contentBytes
    try PayloadSize.check(payloadBytes, of: start.activity, limit: policy.payloadLimit)
    try Limits.checkRoomForStart(
      app: start.app, liveOfApp: liveOfApp, live: eligible.count, policy: policy)

    // Checked: from here on nothing throws.
    for zone in Zone.allCases where zone != .minimal {
      guard let width = widths[zone.ordinal] else { continue }
      warnIfOverBudget(zone, width: width, activity: attributes, seq: seq)
    }
    var activity = Activity(
      attributes: attributes, relevance: start.relevance, staleAt: start.stale,
      content: start.state,
      derived: ContentMeasures(
        payloadBytes: payloadBytes, fieldSlots: fieldSlots, fieldMeasures: measures))
    activity.newestTimestamp = start.timestamp
    let index = activities.count
    if let staleAt = start.stale {
      if staleAt <= t {
        activity.phase = .stale
      } else {
        timers.insert(Timer(due: staleAt, kind: .stale, startSeq: seq))
      }
    }
    activities.append(consume activity)
    activityIndex.insert(id, startSeq: seq)
    eligible.append(index)
    timers.insert(
      Timer(
        due: t.saturatingAdding(policy.maximumActiveDuration), kind: .lifetime, startSeq: seq))
  }

  /// Whether every field the built-in layouts read is named with a field name: the premise
  /// of a start's sparing the check of the names of the fields a built-in layout locates.
  static let builtInLayoutsReadFieldNames = Layout.catalogue.allSatisfy { entry in
    LayoutPlan.named(entry.name)?.roles.allSatisfy { Template.isFieldName($0.name) } ?? false
  }
}
