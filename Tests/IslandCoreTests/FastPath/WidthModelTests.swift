import IslandProperties
import Testing

@testable import IslandCore

/// FastPath/WidthModel.swift: a zone's width estimated from its fields' measures is the measured
/// width, and a field's measure is its value's width and JSON length.
@Suite struct WidthModelTests {
  @Test func aZoneWidthEstimatedFromItsFieldsIsTheMeasuredWidth() throws {
    var draws = Draws(state: 1)
    var compared = 0
    try draws.catalogueCases(400) { _, name, plan, content, now in
      let fields = LayoutFields(plan: plan, content: content)
      let measures = FieldMeasures(fields, count: plan.roles.count)
      for zone in plan.shownZones.zones {
        guard
          let estimate = plan.estimate(
            zone, measures.byField.span, now: now, value: { fields.value($0) })
        else { continue }
        let measured = plan.width(zone, fields, now: now)
        #expect(
          abs(estimate - measured) <= 1e-9 * max(1, measured),
          "\(name) \(zone): estimated \(estimate), measured \(measured) for \(content)")
        compared += 1
      }
    }
    #expect(compared > 4_000)
  }
  @Test func everyCatalogueZoneHasAWidthModel() throws {
    for named in Layout.catalogue {
      let plan = try #require(LayoutPlan.named(named.name))
      for zone in plan.shownZones.zones {
        #expect(plan.widthModels[zone.ordinal].isModeled, "\(named.name) \(zone)")
      }
    }
  }
  @Test func aFieldMeasureIsTheValuesJSONLengthAndWidth() {
    var draws = Draws(state: 2)
    for _ in 0..<5_000 {
      let value = draws.value()
      let measure = FieldMeasure(value)
      #expect(measure.jsonLength == PayloadSize.jsonLength(of: value), "\(value)")
      let width = TextMetrics.width(of: value.displayText, font: .body, bold: false)
      #expect(
        abs(measure.ems * Font.body.pointSize - width) <= 1e-9 * max(1, width), "\(value)")
    }
  }
  @Test func aStringsJSONLengthIsTheLengthItIsWrittenIn() {
    var draws = Draws(state: 4)
    let pieces = ["a", "\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", "é", "🍕", " ", "xxxxxxx", "\r"]
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<draws.below(40) { text += pieces[draws.below(pieces.count)] }
      var written: [UInt8] = []
      JSONWriter.appendString(text, to: &written)
      #expect(PayloadSize.jsonLength(of: text) == written.count, "\(text.debugDescription)")
      var number: [UInt8] = []
      let value = Double(draws.below(1_000_000)) / Double(1 + draws.below(1_000))
      JSONWriter.appendNumber(value, to: &number)
      #expect(PayloadSize.jsonLength(of: .number(value)) == number.count, "\(value)")
    }
  }
}
