import IslandCore
import IslandProperties
import Testing

@Suite struct IslandInvariantsTests {
  @Test func soundStatesBreakNothing() {
    var state = IslandState()
    let events: [(Milliseconds, Event)] = [
      (0, .start(Start(activity: "a1", app: "com.a", relevance: 90, state: ["n": 1]))),
      (0, .start(Start(activity: "a2", app: "com.a", relevance: 80, state: ["n": 1]))),
      (0, .start(Start(activity: "b1", app: "com.b", relevance: 10, state: ["n": 1]))),
      (0, .start(Start(activity: "c1", app: "com.c", relevance: 5, state: ["n": 1]))),
      (1_000, .update(Update(activity: "c1", alert: Alert(title: "!", body: "")))),
      (2_000, .tap(.bottom)),
      (3_000, .end(End(activity: "a1"))),
    ]
    for (t, event) in events {
      let before = state
      guard let outcome = try? state.apply(event, at: t) else {
        Issue.record("rejected \(event)")
        return
      }
      #expect(IslandInvariants.check(step: outcome, event: event, from: before, to: state) == nil)
      #expect(IslandInvariants.violations(of: state).isEmpty)
    }
  }

  /// A hidden activity of the island's own app may outrank the detached one: the detached
  /// slot shows the best activity of another app.
  @Test func theDetachedSlotIsComparedWithOtherAppsOnly() {
    var state = IslandState()
    _ = try? state.apply(.start(Start(activity: "a1", app: "com.a", relevance: 90)), at: 0)
    _ = try? state.apply(.start(Start(activity: "a2", app: "com.a", relevance: 80)), at: 0)
    _ = try? state.apply(.start(Start(activity: "b1", app: "com.b", relevance: 10)), at: 0)
    #expect(state.detachedActivity?.id == "b1")
    #expect(state.hiddenActivities.map(\.id) == ["a2"])
    #expect(IslandInvariants.check(state) == nil)
    #expect(IslandInvariants.outranks(state.hiddenActivities[0], state.detachedActivity!))
  }

  @Test func everyInvariantHasItsWords() {
    for invariant in Invariant.allCases {
      #expect(!invariant.summary.isEmpty)
      #expect(InvariantViolation(invariant, "x").description == "\(invariant.rawValue): x")
    }
  }
}
