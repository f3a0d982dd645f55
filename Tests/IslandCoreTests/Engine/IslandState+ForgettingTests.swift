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

/// Issue 13, defects 12 and 6: exactly the 256 most recently dismissed are kept, forgotten
/// in the order they were dismissed (not started), and forgotten ids stay used, exactly.
@Suite struct DismissedListingTests {
  static let retained = IslandState.retainedDismissedActivities

  static func dismissedIDs(_ state: IslandState) -> [String] {
    state.activities.filter { $0.phase == .dismissed }.map(\.id)
  }

  @Test func exactlyTheMostRecentlyDismissedAreKeptAfterEveryEvent() {
    var island = Island()
    // Started first, dismissed last: a long-lived activity must outlast the short ones.
    island.at(0, start("elder", app: "com.elder"))
    var dismissed: [String] = []
    for index in 1...(3 * Self.retained) {
      let t = Milliseconds(index)
      island.at(t, start("s\(index)", app: "com.short"))
      island.at(t, end("s\(index)", dismissal: .immediate))
      dismissed.append("s\(index)")
      if index == 3 * Self.retained - 10 {
        island.at(t, end("elder", dismissal: .immediate))
        dismissed.append("elder")
      }
      let kept = Self.dismissedIDs(island.state)
      #expect(kept.count == min(dismissed.count, Self.retained))
      #expect(Set(kept) == Set(dismissed.suffix(Self.retained)))
    }
    #expect(island.state.activity("elder")?.phase == .dismissed)
    #expect(island.state.isForgotten("s1"))
  }

  @Test func dismissalsByTimerAreForgottenInDismissalOrder() {
    var policy = Policy()
    policy.activitiesPerApp = 1_000
    policy.activitiesPerDevice = 1_000
    var island = Island(policy: policy)
    // Ended in reverse start order, dismissed by the default 4 h timer in that order.
    let count = Self.retained + 10
    for index in 0..<count {
      island.at(Milliseconds(index), start("a\(index)", app: "com.a\(index % 5)"))
    }
    var t = Milliseconds(count)
    for index in (0..<count).reversed() {
      island.at(t, end("a\(index)", dismissal: .after(t + 1)))
      t += 10
    }
    island.at(t + 10, .tick)
    let kept = Set(Self.dismissedIDs(island.state))
    #expect(kept.count == Self.retained)
    // The first dismissed (the last started) are the ones forgotten.
    for index in (count - 10)..<count { #expect(island.state.isForgotten("a\(index)")) }
    for index in 0..<(count - 10) { #expect(kept.contains("a\(index)")) }
  }

  /// Ids that differ in one character, or only in length, stay apart once forgotten.
  @Test func forgottenShortIDsAreExact() {
    var island = Island()
    let ids = ["a", "b", "A", "a0", "a.", "a:", "a-", "a_", "ab", "aaaaaaaaaa", "aaaaaaaaab"]
    var t: Milliseconds = 0
    for id in ids {
      island.at(t, start(id, app: "com.x"))
      island.at(t, end(id, dismissal: .immediate))
      t += 1
    }
    for index in 0..<(Self.retained + 1) {
      island.at(t, start("f\(index)", app: "com.f"))
      island.at(t, end("f\(index)", dismissal: .immediate))
    }
    for id in ids { #expect(island.state.isForgotten(id), "\(id)") }
    for fresh in ["c", "B", "a1", "aa", "aaaaaaaab", "aaaaaaaaac", "ba"] {
      #expect(!island.state.isForgotten(fresh), "\(fresh)")
      island.at(t, start(fresh, app: "com.y"))
      island.at(t, end(fresh, dismissal: .immediate))
    }
  }
}
