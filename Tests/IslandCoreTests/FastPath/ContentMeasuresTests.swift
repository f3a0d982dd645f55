import IslandProperties
import Testing

@testable import IslandCore

/// What a start keeps of its content's measures counts as the rules count.
@Suite struct ContentMeasuresTests {
  /// A start's one pass over its content measures each field as the measures of the layout's
  /// fields do, and counts the payload rule's length of the whole content.
  @Test func aStartsOnePassMeasuresAsTheFieldMeasuresAndCountsAsThePayloadRule() throws {
    var draws = Draws(state: 11)
    for named in Layout.catalogue {
      for _ in 0..<200 {
        var content = named.sampleState
        for field in content.fields where draws.below(3) > 0 { content[field.name] = draws.value() }
        if draws.below(2) == 0 { content["extra\(draws.below(5))"] = draws.value() }
        // Fields named before the layout's, which put them too far in for their slots.
        if draws.below(4) == 0 {
          for number in 0..<16 { content["a\(number + 10)"] = draws.value() }
        }
        for plan in [
          try #require(LayoutPlan.named(named.name)), LayoutPlan(.default(for: content)),
        ] {
          let slots = plan.slots(in: content)
          let fields = LayoutFields(plan: plan, content: content, slots: slots)
          let expected = FieldMeasures(
            fields, count: plan.roles.count, estimated: plan.estimatedFields)
          let (measures, contentBytes) = ContentMeasures.measureStart(
            content, plan: plan, slots: slots)
          for field in 0..<FieldMeasures.capacity {
            #expect(measures[field].ems.bitPattern == expected[field].ems.bitPattern, "\(content)")
            #expect(measures[field].jsonLength == expected[field].jsonLength, "\(content)")
          }
          #expect(contentBytes == PayloadSize.jsonLength(of: content), "\(content)")
        }
      }
    }
  }
}
