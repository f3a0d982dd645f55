import Testing

@testable import IslandCore

/// A layout plan measures a changed zone as the reference renderer does: the width it
/// renders at, and whether its text changed, decided from bytes written on the stack.
@Suite struct LayoutPlanTests {
  /// A change of some of a content's fields, as an update records it: the fields' values
  /// before, and the content after.
  struct Change {
    let plan: LayoutPlan
    let before: ContentState
    let after: ContentState
    let recorded: ContentChange
  }

  /// A change of random fields of `content` (kept numbers where a countdown reads them),
  /// recorded the way the reducer records it.
  static func change(
    of content: ContentState, plan: LayoutPlan, draws: inout FastPathTests.Draws,
    numeric: Set<String>
  ) -> Change {
    var after = content
    var recorded = ContentChange()
    for field in content.fields where draws.below(3) == 0 {
      // Sometimes the same value: a field that changes to what it was shows no change.
      let value: ContentValue =
        numeric.contains(field.name)
        ? .number(Double(draws.below(20_000_000)) - 1_000_000)
        : draws.below(4) == 0 ? field.value : draws.value()
      after[field.name] = value
      if let number = plan.role(of: field.name) { recorded.record(number, before: field.value) }
    }
    return Change(plan: plan, before: content, after: after, recorded: recorded)
  }

  @Test func aChangedZoneMeasuresAndComparesAsTheReferenceRendererDoes() throws {
    var draws = FastPathTests.Draws(state: 7)
    var changed = 0
    var unchanged = 0
    for named in Layout.catalogue {
      let catalogued = try #require(LayoutPlan.named(named.name))
      for _ in 0..<300 {
        var content = named.sampleState
        for field in content.fields where draws.below(3) > 0 {
          content[field.name] =
            named.name == "timer" && field.name == "endsAt"
            ? .number(Double(draws.below(20_000_000)) - 1_000_000) : draws.value()
        }
        let now = Milliseconds(draws.below(5_000_000))
        for plan in [catalogued, LayoutPlan(.default(for: content))] {
          let numeric = Set(plan.roles.filter(\.isNumeric).map(\.name))
          let change = LayoutPlanTests.change(
            of: content, plan: plan, draws: &draws, numeric: numeric)
          for zone in Zone.allCases where plan.shownZones.contains(zone) {
            let old = try #require(
              ZoneRenderer.render(
                zone, of: plan.layout, activity: "a", content: change.before, now: now,
                budget: nil))
            let new = try #require(
              ZoneRenderer.render(
                zone, of: plan.layout, activity: "a", content: change.after, now: now,
                budget: nil))
            let measured = plan.measureChange(
              zone, content: change.after, slots: plan.slots(in: change.after),
              before: change.recorded.before, now: now
            ) { _ in true }
            #expect(measured.width == new.width, "\(named.name) \(zone): \(change.after)")
            #expect(
              measured.textChanged == (old.text != new.text),
              "\(named.name) \(zone): \(change.before) to \(change.after)")
            let texts = plan.texts(
              zone,
              before: FieldsBeforeChange(
                after: LayoutFields(
                  plan: plan, content: change.after, slots: plan.slots(in: change.after)),
                before: change.recorded.before),
              after: LayoutFields(
                plan: plan, content: change.after, slots: plan.slots(in: change.after)),
              now: now)
            #expect(texts?.old == (old.text != new.text ? old.text : nil))
            #expect(texts?.new == (old.text != new.text ? new.text : nil))
            if old.text != new.text { changed += 1 } else { unchanged += 1 }
          }
        }
      }
    }
    #expect(changed > 1_000 && unchanged > 1_000)
  }

  @Test func aZoneNotComparedIsNotCalledChanged() throws {
    let plan = try #require(LayoutPlan.named("delivery"))
    var recorded = ContentChange()
    recorded.record(try #require(plan.role(of: "restaurantName")), before: "Pizza Roma")
    let content: ContentState = [
      "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Sushi Ginza",
      "deliveryProgress": 0.1, "statusText": "Cooking",
    ]
    let measured = plan.measureChange(
      .center, content: content, slots: plan.slots(in: content), before: recorded.before,
      now: 0
    ) { _ in false }
    #expect(!measured.textChanged)
    #expect(measured.width > 0)
  }
}
