/// Zone budgets (Part 1, "Size": each compact zone and expanded region has a width on a
/// device's island class, ``ZoneBudget``): content wider than its zone's budget is accepted,
/// cut with an ellipsis, and raises a `truncated` warning. An expanded region wraps onto as
/// many lines as its views allow before it truncates. The minimal view's limit (45 pt) is an
/// error instead (``LayoutChecks``).
extension IslandState {
  /// Measures again every zone the last update changed (``contentChange``) that has a
  /// budget, and warns where one is over it; `attributes` are the changed activity's. A zone
  /// whose text did not change (a field it reads changed, not what it shows) does not warn
  /// again.
  mutating func checkChangedZoneBudgets(
    of attributes: ActivityAttributes, seq: Int, t: Milliseconds
  ) {
    // The fast path hands back the zones whose text changed and that may be over their
    // budgets: every other one surely fits, or shows as it did.
    let measured = attributes.plan.measureChangedZones(
      of: &activities[contentChange.activity], zones: contentChange.zones,
      before: contentChange.before, on: device.islandClass, now: t)
    for (zone, width) in measured {
      warnIfOverBudget(zone, width: width, activity: attributes, seq: seq)
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
      activity.plan.shownZones.contains(zone),
      ZoneRenderer.fit(width, lineLimit: activity.plan.lineLimit(of: zone), in: budget).truncated
    else { return }
    warnings.append(
      Warning(
        seq: seq,
        kind: .truncated(activity: activity.id, zone: zone, needed: width, budget: budget)))
  }
}
