/// The widths of the zones an update changed that the budget check must look at
/// (``IslandState/checkChangedZoneBudgets(of:seq:t:)``): those whose text changed and that
/// may be over their budgets. Every other changed zone surely raises no warning: its estimate
/// fits within the lines it may take, or its measure does, or it shows as it did.
struct ChangedZoneWidths: Sequence {
  /// The zones measured.
  private(set) var zones: ZoneSet = []
  /// Each measured zone's width, by ``Zone/ordinal``.
  private var widths = InlineArray<7, Double>(repeating: 0)

  /// Adds `zone`, `width` points wide.
  mutating func add(_ zone: Zone, width: Double) {
    zones.insert(ZoneSet(zone))
    widths[zone.ordinal] = width
  }

  func makeIterator() -> Iterator { Iterator(zones: zones.zones, widths: widths) }

  /// The zones and their widths, in zone order.
  struct Iterator: IteratorProtocol {
    fileprivate var zones: ZoneSet.Zones
    fileprivate let widths: InlineArray<7, Double>

    mutating func next() -> (zone: Zone, width: Double)? {
      zones.next().map { ($0, widths[$0.ordinal]) }
    }
  }
}

extension LayoutPlan {
  /// Measures the zones of `activity` (whose plan this is) that the change `zones` (the
  /// shown zones that read a changed field; `before`, the changed fields' old values)
  /// changed and that have a budget on `islandClass`, and returns the widths of those whose
  /// text changed and that may be over their budgets at `now` (``ChangedZoneWidths``).
  ///
  /// A zone whose estimate fits on the lines it may take is not measured; one measured is
  /// summed again from its changed fields on where the activity's running sums of it are
  /// current, and has its sums kept; the sums of every other changed zone are forgotten
  /// (``ZoneSums``). The activity is read and changed in place: none of its parts is copied
  /// out to be measured.
  func measureChangedZones(
    of activity: inout Activity, zones: ZoneSet, before: ArraySlice<ContentChange.Before>,
    on islandClass: IslandClass?, now: Milliseconds
  ) -> ChangedZoneWidths {
    var widths = ChangedZoneWidths()
    var unmeasured = zones
    defer { activity.derived.zoneSums.forget(unmeasured) }
    guard let islandClass else { return widths }
    for zone in zones.zones {
      guard let budget = ZoneBudget.width(of: zone, in: islandClass) else { continue }
      let fitting = widthBeforeTruncation(zone, budget: budget)
      if estimateFits(
        zone, within: fitting, activity.derived.fieldMeasures.byField.span, now: now,
        value: { activity.fields.value($0) })
      {
        continue
      }
      // Its old text is written again (to compare) only when the zone may be over budget.
      let measured = measureChange(
        zone, content: activity.content, slots: activity.derived.fieldSlots, before: before,
        now: now, keeping: &activity.derived.zoneSums
      ) { width in width > budget && !WidthModel.isClearlyUnder(width, fitting) }
      unmeasured.remove(ZoneSet(zone))
      if measured.textChanged { widths.add(zone, width: measured.width) }
    }
    return widths
  }
}
