/// Zone budgets (Part 1, "Size": each compact zone and expanded region has a width on a
/// device's island class, ``ZoneBudget``): content wider than its zone's budget is accepted,
/// cut with an ellipsis, and raises a `truncated` warning. An expanded region wraps onto as
/// many lines as its views allow before it truncates. The minimal view's limit (45 pt) is an
/// error instead (``LayoutChecks``).
extension IslandState {
  /// Measures again every zone the last update changed (``contentChange``) that has a
  /// budget, and warns where one is over it. A zone whose text did not change (a field it
  /// reads changed, not what it shows) does not warn again.
  mutating func checkChangedZoneBudgets(seq: Int, t: Milliseconds) {
    guard let islandClass = device.islandClass else { return }
    // Read part by part: a copy of the whole activity costs more than the check.
    let index = contentChange.activity
    let plan = activities[index].attributes.plan
    let slots = activities[index].derived.fieldSlots
    let measures = activities[index].derived.fieldMeasures
    for zone in Zone.allCases where contentChange.zones.contains(zone) {
      guard let budget = ZoneBudget.width(of: zone, in: islandClass) else { continue }
      if plan.estimateFits(
        zone, within: budget, measures, now: t, value: { activities[index].fields.value($0) })
      {
        continue
      }
      let width = plan.width(zone, content: activities[index].content, slots: slots, now: t)
      guard width > budget,
        contentChange.texts(of: zone, in: activities[index].fields, at: t) != nil
      else { continue }
      warnIfOverBudget(
        zone, width: width, activity: activities[index].attributes,
        content: activities[index].content, seq: seq, now: t)
    }
  }

  /// Warns when `zone`, `width` points wide, is over its budget and truncates (compact zones
  /// and expanded regions).
  mutating func warnIfOverBudget(
    _ zone: Zone, width: Double, activity: ActivityAttributes, content: ContentState, seq: Int,
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
}
