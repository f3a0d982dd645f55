import IslandProperties
import Testing

@testable import IslandCore

/// FastPath/DefaultPlans.swift: the plans of default layouts.
@Suite struct DefaultPlansTests {
  @Test func theDefaultLayoutIsTheOneItsTemplatesParseTo() throws {
    func parsed(_ source: String) -> Template {
      (try? Template(source)) ?? Template(literal: source)
    }
    for names in [
      ["eta"], ["a", "b_2", "minutesLeft"], ["имя", "x"], ["e\u{301}x", "y"], ["z9", "Zz"],
    ] {
      var state = ContentState()
      for name in names { state[name] = 1 }
      let layout = Layout.default(for: state)
      let sorted = state.names
      let first = try #require(sorted.first)
      let all = sorted.map { "\($0): {\($0)}" }.joined(separator: " · ")
      guard case .text(let trailing, _, _, _) = layout.compactTrailing?.view,
        case .text(let bottom, _, _, _) = layout.bottom?.view
      else {
        Issue.record("the default layout has no text in compact trailing or bottom")
        continue
      }
      #expect(trailing == parsed("{\(first)}"))
      #expect(bottom == parsed(all))
    }
  }
  @Test func activitiesWithTheSameFieldsShareTheirDefaultLayoutsPlan() {
    var island = Island()
    island.at(0, start("a", app: "com.example.a", state: ["eta": 3, "note": "x"]))
    island.at(1, start("b", app: "com.example.b", state: ["eta": 9, "note": "y"]))
    island.at(2, start("c", app: "com.example.c", state: ["eta": 9]))
    let plans = ["a", "b", "c"].map { island.state.activity($0)?.attributes.plan }
    #expect(plans[0] === plans[1])
    #expect(plans[0] !== plans[2])
    #expect(plans[2]?.layout == Layout.default(for: ["eta": 9]))
  }
  @Test func lookUpsInAnyOrderGiveTheDefaultLayoutsPlanOncePerNames() {
    // Names repeated, in turn and new: each look-up (matched as the last one, as the one
    // before or among those kept) is the plan of the default layout for its fields, the same
    // plan for the same names.
    let shapes = [
      ["artist", "song"], ["headline"], ["artist", "note", "song"], ["eta"], ["a", "b"],
    ]
    var random = Xoshiro256StarStar(seed: 7)
    var plans = DefaultPlans()
    var seen: [[String]: LayoutPlan] = [:]
    for _ in 0..<300 {
      let names = shapes[random.next(below: random.chance(0.7) ? 2 : shapes.count)]
      var content = ContentState()
      for name in names { content[name] = 1 }
      let plan = plans.plan(for: content)
      #expect(plan.layout == Layout.default(for: content))
      if let known = seen[names] { #expect(plan === known) } else { seen[names] = plan }
    }
    #expect(seen.count == shapes.count)
  }
}
