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
    let index = contentChange.activity
    // The marks an earlier measure of a zone left (``ZoneMarks``) stay only while they are
    // of the content: dropped when their zone read a changed field and is not measured
    // again; taken out, to be brought up to date, when a zone is measured from marks.
    let (marked, unmarked) = activities[index].derived.markedAndUnmarkedZones
    guard let islandClass = device.islandClass else {
      if !marked.intersection(contentChange.zones).isEmpty {
        putBack(nil, unmarkedZones: unmarked, of: index)
      }
      return
    }
    // Read part by part: a copy of the whole activity costs more than the check.
    let fields = activities[index].fields
    let plan = fields.plan
    let measures = activities[index].derived.fieldMeasures
    let resumable = plan.resumableZones
    var unmarkedZones = unmarked
    var marks: ZoneMarks?
    var tookMarks = false
    var remeasured: Zone?
    // The changed zones in zone order, read from the set's bits.
    var remaining = contentChange.zones.rawValue
    while remaining != 0 {
      let zone = Zone(ordinal: remaining.trailingZeroBitCount)
      remaining &= remaining - 1
      guard let budget = ZoneBudget.width(of: zone, in: islandClass) else { continue }
      // Measured only when its estimate may not fit on the lines it may take.
      let fitting = plan.widthBeforeTruncation(zone, budget: budget)
      if plan.estimateFits(zone, within: fitting, measures, now: t, value: { fields.value($0) }) {
        continue
      }
      // Measured from the marks of its last measure, which it replaces, when it is a zone
      // to resume whose fields are long enough.
      let marking = resumable.contains(zone) && !unmarkedZones.contains(zone)
      if marking && !tookMarks {
        marks = takeMarks(of: index)
        tookMarks = true
      }
      // Its old text is written again (to compare) only when the zone may be over budget.
      let measured = plan.measureChange(
        zone, content: fields.content, slots: fields.slots, before: contentChange.before,
        now: t, marks: &marks, marking: marking
      ) { width in width > budget && !WidthModel.isClearlyUnder(width, fitting) }
      if marking {
        if marks == nil { unmarkedZones.insert(ZoneSet(zone)) }
        remeasured = zone
      }
      guard measured.textChanged else { continue }
      warnIfOverBudget(
        zone, width: measured.width, activity: activities[index].attributes, seq: seq)
    }
    if tookMarks {
      if let zone = marks?.zone, zone != remeasured, contentChange.zones.contains(zone) {
        marks = nil
      }
      putBack(marks, unmarkedZones: unmarkedZones, of: index)
    } else if !marked.intersection(contentChange.zones).isEmpty {
      putBack(nil, unmarkedZones: unmarkedZones, of: index)
    }
  }

  /// Takes out the marks of activity `index` (``ContentMeasures/takeMarks()``).
  ///
  /// Not inlined, nor is ``putBack(_:unmarkedZones:of:)``: the check of a layout with no zone
  /// to resume then changes no activity.
  @inline(never)
  private mutating func takeMarks(of index: Int) -> ZoneMarks? {
    activities[index].derived.takeMarks()
  }

  /// Puts back the marks of activity `index` (``ContentMeasures/putBack(_:unmarkedZones:)``).
  @inline(never)
  private mutating func putBack(
    _ marks: consuming ZoneMarks?, unmarkedZones: ZoneSet, of index: Int
  ) {
    activities[index].derived.putBack(marks, unmarkedZones: unmarkedZones)
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
