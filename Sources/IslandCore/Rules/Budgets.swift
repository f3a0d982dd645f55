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
    // Read part by part: a copy of the whole activity costs more than the check.
    let index = contentChange.activity
    // A changed zone not measured exactly has its running sums forgotten (``ZoneSums``).
    var unmeasured = contentChange.zones
    defer { forgetZoneSums(unmeasured, of: index) }
    guard let islandClass = device.islandClass else { return }
    let fields = activities[index].fields
    let plan = fields.plan
    let measures = activities[index].derived.fieldMeasures
    for zone in contentChange.zones.zones {
      guard let budget = ZoneBudget.width(of: zone, in: islandClass) else { continue }
      // Measured only when its estimate may not fit on the lines it may take.
      let fitting = plan.widthBeforeTruncation(zone, budget: budget)
      if plan.estimateFits(zone, within: fitting, measures, now: t, value: { fields.value($0) }) {
        continue
      }
      // Its old text is written again (to compare) only when the zone may be over budget.
      let measured = plan.measureChange(
        zone, content: fields.content, slots: fields.slots, before: contentChange.before, now: t,
        keeping: &activities[index].derived.zoneSums
      ) { width in width > budget && !WidthModel.isClearlyUnder(width, fitting) }
      unmeasured.remove(ZoneSet(zone))
      guard measured.textChanged else { continue }
      warnIfOverBudget(
        zone, width: measured.width, activity: activities[index].attributes, seq: seq)
    }
  }

  /// Warns when `zone`, `width` points wide (``LayoutPlan``'s width, which sums exactly as
  /// ``ZoneRenderer`` measures), is over its budget and truncates (compact zones and
  /// expanded regions, on the lines they may take).
  mutating func warnIfOverBudget(
    _ zone: Zone, width: Double, activity: ActivityAttributes, seq: Int
  ) {
    guard let islandClass = device.islandClass,
      let budget = ZoneBudget.width(of: zone, in: islandClass), width > budget,
      let zoneView = activity.layout[zone],
      ZoneRenderer.fit(width, of: zone, zoneView, in: budget).truncated
    else { return }
    warnings.append(
      Warning(
        seq: seq,
        kind: .truncated(activity: activity.id, zone: zone, needed: width, budget: budget)))
  }
}
