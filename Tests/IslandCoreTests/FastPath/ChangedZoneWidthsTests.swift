import IslandProperties
import Testing

@testable import IslandCore

/// FastPath/ChangedZoneWidths.swift: of the zones an update changed, the budget check's fast
/// path hands back, with the widths the reference renderer finds, every zone whose text
/// changed and that is over its budget on the lines it may take: no warning is left out.
@Suite struct ChangedZoneWidthsTests {
  @Test func everyChangedZoneThatWouldWarnIsHandedBackWithItsWidth() throws {
    var draws = Draws(state: 11)
    var warning = 0
    var handedBack = 0
    try LayoutPlanTests.forEachChange(&draws, rounds: 150) { change, name, now in
      let plan = change.plan
      var zones: ZoneSet = []
      for entry in change.recorded.before { zones.formUnion(plan.roles[entry.field].zones) }
      zones = zones.intersection(plan.shownZones)
      for islandClass in [IslandClass.standard, .large] {
        var activity = ChangedZoneWidthsTests.activity(plan: plan, content: change.after)
        let widths = plan.measureChangedZones(
          of: &activity, zones: zones, before: change.recorded.before, on: islandClass,
          now: now)
        #expect(widths.zones.isSubset(of: zones))
        var handed: [Zone: Double] = [:]
        for (zone, width) in widths { handed[zone] = width }
        for zone in zones.zones {
          let (old, new) = try change.rendered(zone, now: now)
          if let width = handed[zone] {
            #expect(width == new.width, "\(name) \(zone): \(change.after)")
            #expect(old.text != new.text, "\(name) \(zone): \(change.after)")
            handedBack += 1
          }
          guard let budget = ZoneBudget.width(of: zone, in: islandClass),
            let zoneView = plan.layout[zone],
            ZoneRenderer.fit(new.width, of: zone, zoneView, in: budget).truncated,
            old.text != new.text
          else { continue }
          #expect(handed[zone] != nil, "\(name) \(zone): \(change.after)")
          warning += 1
        }
      }
    }
    #expect(warning > 100)
    #expect(handedBack >= warning)
  }

  /// An activity of `plan` holding `content`, its measures made as a start makes them.
  static func activity(plan: LayoutPlan, content: ContentState) -> Activity {
    let slots = plan.slots(in: content)
    let attributes = ActivityAttributes(
      id: "a", app: "app", startSeq: 0, startedAt: 0, url: nil, links: RegionLinks(),
      plan: plan, layoutName: nil)
    return Activity(
      attributes: attributes, relevance: 0, staleAt: nil, content: content,
      derived: ContentMeasures(
        payloadBytes: 0, fieldSlots: slots,
        fieldMeasures: FieldMeasures(
          LayoutFields(plan: plan, content: content, slots: slots), count: plan.roles.count)))
  }
}
