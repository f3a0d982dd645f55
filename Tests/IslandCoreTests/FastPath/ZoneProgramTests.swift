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
    try draws.catalogueCases(300) { _, name, catalogued, content, now in
      // The catalogue's layout, and the default one for the same fields.
      for plan in [catalogued, LayoutPlan(.default(for: content))] {
        let fields = LayoutFields(plan: plan, content: content)
        for zone in plan.shownZones.zones {
          let fast = plan.render(zone, fields, now: now)
          let reference = try #require(
            ZoneRenderer.render(
              zone, of: plan.layout, activity: "a", content: content, now: now, budget: nil))
          #expect(fast.text == reference.text, "\(name) \(zone) for \(content)")
          #expect(fast.width == reference.width, "\(name) \(zone) for \(content)")
          compared += 1
        }
      }
    }
    #expect(compared > 3_000)
  }
}
