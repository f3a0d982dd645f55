import IslandCore
import Testing

@Suite("Forgetting old dismissed activities")
struct ForgettingTests {
  /// A long-lived activity that goes stale later, then many short-lived ones, each ended
  /// with an immediate dismissal.
  static func longRun(count: Int) -> Island {
    var island = Island()
    island.at(0, start("keeper", app: "com.keep", relevance: 90, stale: 10 * hour))
    for index in 1...count {
      island.at(Milliseconds(index), start("short\(index)", app: "com.short"))
      island.at(Milliseconds(index), end("short\(index)", dismissal: .immediate))
    }
    return island
  }

  @Test("the state keeps the most recent dismissed activities and forgets older ones")
  func keepsRecent() {
    let count = 3 * IslandState.retainedDismissedActivities
    let island = Self.longRun(count: count)
    #expect(island.state.activities.count <= 2 * IslandState.retainedDismissedActivities + 1)
    #expect(island.state.activities.first?.id == "keeper")
    #expect(island.state.activity("short\(count)")?.phase == .dismissed)
    #expect(island.state.activity("short1") == nil)
    #expect(island.state.isForgotten("short1"))
    #expect(!island.state.isForgotten("short\(count)"))
  }

  @Test("a forgotten id is still used: a start is a duplicate, an update or end has ended")
  func forgottenIDsStayUsed() {
    var island = Self.longRun(count: 3 * IslandState.retainedDismissedActivities)
    let now = island.state.t
    island.rejects(
      now, start("short1"),
      "start rejected: activity \"short1\" already exists (ids are never reused)")
    island.rejects(now, update("short1"), "update rejected: activity \"short1\" has ended")
    island.rejects(now, end("short1"), "end rejected: activity \"short1\" has ended")
  }

  @Test("live activities, their placement, expansion and timers survive the forgetting")
  func liveSurvive() {
    var island = Island()
    island.at(0, start("keeper", app: "com.keep", relevance: 90, stale: 10 * hour))
    island.at(0, start("other", app: "com.other", relevance: 10))
    island.at(0, .longPress(.detached))
    for index in 1...(3 * IslandState.retainedDismissedActivities) {
      island.at(Milliseconds(index), start("short\(index)", app: "com.short"))
      island.at(Milliseconds(index), end("short\(index)", dismissal: .immediate))
    }
    #expect(island.mode == .expanded)
    #expect(island.island == "other")
    island.at(hour, .tap(.outside))
    #expect(island.island == "keeper")
    #expect(island.detached == "other")
    island.at(10 * hour, .tick)
    #expect(island.phase("keeper") == .ended)
    #expect(island.phase("other") == .ended)
    island.at(14 * hour, .tick)
    #expect(island.phase("other") == .dismissed)
  }

  @Test("forgetting is deterministic: the same events give equal states")
  func deterministic() {
    let count = 2 * IslandState.retainedDismissedActivities
    #expect(Self.longRun(count: count).state == Self.longRun(count: count).state)
  }
}
