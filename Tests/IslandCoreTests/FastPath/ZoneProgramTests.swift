import IslandProperties
import Testing

@testable import IslandCore

/// FastPath/ZoneProgram.swift and ZoneTextWriter.swift: a compiled zone writes what the reference
/// renderer writes.
@Suite struct ZoneProgramTests {
  /// The fast path's renderer (compiled zone programs) against the reference renderer:
  /// the same text and the same width, for every catalogue layout's shown zones.
  @Test func aCompiledZoneWritesWhatTheReferenceRendererWrites() throws {
    var draws = Draws(state: 5)
    var compared = 0
    for named in Layout.catalogue {
      let plan = try #require(LayoutPlan.named(named.name))
      for _ in 0..<300 {
        let (content, now) = draws.content(varying: named.sampleState, of: named.name)
        // The catalogue's layout, and the default one for the same fields.
        for plan in [plan, LayoutPlan(.default(for: content))] {
          let fields = LayoutFields(plan: plan, content: content, slots: plan.slots(in: content))
          for zone in Zone.allCases where plan.shownZones.contains(zone) {
            let fast = plan.render(zone, fields, now: now)
            let reference = try #require(
              ZoneRenderer.render(
                zone, of: plan.layout, activity: "a", content: content, now: now, budget: nil))
            #expect(fast.text == reference.text, "\(named.name) \(zone) for \(content)")
            #expect(fast.width == reference.width, "\(named.name) \(zone) for \(content)")
            compared += 1
          }
        }
      }
    }
    #expect(compared > 3_000)
  }
}
