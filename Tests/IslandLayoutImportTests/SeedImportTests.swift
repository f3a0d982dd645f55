import Foundation
import IslandCore
import IslandJournal
import IslandLayoutExport
import IslandLayoutImport
import Testing

/// The fixtures folder next to this file.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures")

/// The text of fixture `name`.
func fixture(_ name: String) throws -> String {
  try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
}

@Test func seed000ImportsToTheDeliveryLayout() throws {
  let imported = try SwiftUILayout.read(fixture("seed000.swift.txt"), file: "seed000.swift")
  #expect(imported.layout == Layout.delivery)
  #expect(
    imported.warnings.map(\.description) == [
      "seed000.swift:36:1: warning: keyframeAnimator has no trigger: pulsing when `statusText` "
        + "changes (the shown text named like a status); write trigger: context.state.NAME to "
        + "choose"
    ])
}
