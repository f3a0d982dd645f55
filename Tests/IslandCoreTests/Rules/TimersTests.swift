import IslandCore
import Testing

// The lifecycle and its timers: Rules/Timers.swift, Start.swift, Update.swift, Dismissal.swift.

@Suite("Lifecycle and timers")
struct LifecycleTests {
  @Test("alert expands the island, then it collapses at 2.2 s")
  func alertExpandsThenCollapses() {
    var island = Island()
    island.at(0, start("pizza"))
    island.at(
      1_000, update("pizza", state: ["minutesLeft": 5], alert: Alert(title: "Soon", body: "5 min")))
    #expect(island.mode == .expanded)
    #expect(island.state.expandedReason == .alert)
    #expect(island.state.animations.map(\.kind) == [.expand])
    island.at(3_199, .tick)
    #expect(island.mode == .expanded)
    island.at(3_200, .tick)
    #expect(island.mode == .compact)
    #expect(island.state.animations.map(\.kind) == [.collapse])
  }

  @Test("a later alert restarts the 2.2 s")
  func laterAlertRestarts() {
    var island = Island()
    island.at(0, start("pizza"))
    let alert = Alert(title: "t", body: "b")
    island.at(0, update("pizza", alert: alert))
    island.at(2_000, update("pizza", alert: alert))
    island.at(2_200, .tick)
    #expect(island.mode == .expanded)
    island.at(4_200, .tick)
    #expect(island.mode == .compact)
  }

  @Test("an activity ending while expanded collapses the island at once")
  func endingWhileExpandedCollapses() {
    var island = Island()
    island.at(0, start("a", app: "com.a", relevance: 2))
    island.at(0, start("b", app: "com.b", relevance: 1))
    island.at(1, .tap(.island))
    #expect(island.mode == .expanded)
    island.at(2, end("a"))
    #expect(island.mode == .compact)
    #expect(island.island == "b")
    #expect(island.state.animations.map(\.kind) == [.collapse])
  }

  @Test("default dismissal keeps an ended activity on the Lock Screen for 4 h")
  func defaultDismissal() {
    var island = Island()
    island.at(0, start("a"))
    island.at(10, end("a"))
    #expect(island.state.activity("a")?.dismissAt == 10 + 4 * hour)
    island.at(10 + 4 * hour - 1, .tick)
    #expect(island.phase("a") == .ended)
    island.at(10 + 4 * hour, .tick)
    #expect(island.phase("a") == .dismissed)
  }

  @Test("immediate dismissal removes the activity at once")
  func immediateDismissal() {
    var island = Island()
    island.at(0, start("a"))
    island.at(10, end("a", dismissal: .immediate))
    #expect(island.phase("a") == .dismissed)
  }

  @Test("dismissal after a time removes it then")
  func dismissalAfterTime() {
    var island = Island()
    island.at(0, start("a"))
    island.at(10, end("a", dismissal: .after(30 * minute)))
    island.at(30 * minute - 1, .tick)
    #expect(island.phase("a") == .ended)
    island.at(30 * minute, .tick)
    #expect(island.phase("a") == .dismissed)
  }

  @Test("dismissal after a time is capped at 4 h after the end")
  func dismissalAfterTimeCapped() {
    var island = Island()
    island.at(0, start("a"))
    island.at(hour, end("a", dismissal: .after(24 * hour)))
    #expect(island.state.activity("a")?.dismissAt == 5 * hour)
    island.at(5 * hour, .tick)
    #expect(island.phase("a") == .dismissed)
  }

  @Test("dismissal after a time already past removes the activity at once")
  func dismissalAfterPastTime() {
    var island = Island()
    island.at(0, start("a"))
    island.at(hour, end("a", dismissal: .after(minute)))
    #expect(island.phase("a") == .dismissed)
  }

  @Test("the 8 h limit ends the activity, with the default dismissal 4 h later")
  func eightHourLimit() {
    var island = Island()
    island.at(0, start("a", app: "com.a"))
    island.at(hour, start("b", app: "com.b"))
    island.at(8 * hour - 1, .tick)
    #expect(island.phase("a") == .active)
    island.at(8 * hour, .tick)
    #expect(island.phase("a") == .ended)
    #expect(island.state.activity("a")?.endedAt == 8 * hour)
    #expect(island.mode == .compact)
    #expect(island.island == "b")
    island.rejects(8 * hour, update("a"), "update rejected: activity \"a\" has ended")
    island.at(12 * hour, .tick)
    #expect(island.phase("a") == .dismissed)
  }

  @Test("timers due before an event fire before it, in time order")
  func timersFireInOrder() {
    var island = Island()
    island.at(0, start("a", app: "com.a", stale: 5 * minute))
    island.at(0, start("b", app: "com.b"))
    island.at(1 * minute, end("b", dismissal: .after(3 * minute)))
    // One event far later: the dismissal (3 min) and the stale date (5 min) both fire first.
    island.at(10 * minute, update("a", state: ["minutesLeft": 1]))
    #expect(island.phase("b") == .dismissed)
    #expect(island.phase("a") == .stale)
  }

  @Test("the stale phase: past its stale date an activity is stale and still shown")
  func stalePhase() {
    var island = Island()
    island.at(0, start("a", stale: 10 * minute))
    island.at(10 * minute - 1, .tick)
    #expect(island.phase("a") == .active)
    island.at(10 * minute, .tick)
    #expect(island.phase("a") == .stale)
    #expect(island.island == "a")
    island.at(11 * minute, update("a", stale: 20 * minute))
    #expect(island.phase("a") == .active)
  }

  @Test("a stale date at or before the start makes the activity stale at once")
  func staleAtStart() {
    var island = Island()
    island.at(5, start("a", stale: 5))
    #expect(island.phase("a") == .stale)
  }

  @Test("an update without a stale date keeps the stale one")
  func updateKeepsStale() {
    var island = Island()
    island.at(0, start("a", stale: 10))
    island.at(20, update("a", state: ["minutesLeft": 3]))
    #expect(island.phase("a") == .stale)
  }

  @Test("a rejected event fires no timer: the state stays as it was")
  func rejectedEventFiresNoTimer() {
    var island = Island()
    island.at(0, start("a", stale: 10))
    island.at(0, start("b", app: "com.b"))
    island.at(0, end("b", dismissal: .after(5)))
    island.rejects(20, update("nope"), "update rejected: activity \"nope\" does not exist")
    #expect(island.phase("a") == .active)
    #expect(island.phase("b") == .ended)
    island.at(20, .tick)
    #expect(island.phase("a") == .stale)
    #expect(island.phase("b") == .dismissed)
  }
}

/// Regressions found by the property kit (`island fuzz`): an activity a timer ends must leave
/// the island before the event that made the timer fire looks at it.
@Suite struct TimerPlacementTests {
  static let eightHours: Milliseconds = 8 * 3_600_000

  @Test func aLongPressAfterTheEightHourLimitFindsTheIslandIdle() {
    var island = Island()
    island.at(0, .start(Start(activity: "food-5", app: "com.example.food", state: ["n": 1])))
    island.rejects(
      TimerPlacementTests.eightHours + 57_265, .longPress(.island),
      "longPress rejected: island is not on screen: the island is idle: no activity is shown")
    // The rejection changed nothing; time moving on shows what the long press found.
    #expect(island.state.mode == .compact)
    island.at(TimerPlacementTests.eightHours + 57_265, .tick)
    #expect(island.state.mode == .idle)
  }

  @Test func aTapAfterTheEightHourLimitExpandsOnlyWhatIsStillLive() {
    var island = Island()
    island.at(0, .start(Start(activity: "song-1", app: "org.example.music", state: ["a": "Yo"])))
    island.at(
      47_078, .start(Start(activity: "song-2", app: "org.example.music", state: ["a": "N"])))
    // song-1 reaches its 8 hours first: the tap lands on song-2, now alone on the island.
    island.at(TimerPlacementTests.eightHours + 6_289, .tap(.island))
    #expect(island.state.activity("song-1")?.phase == .ended)
    #expect(island.state.islandActivity?.id == "song-2")
    #expect(island.state.expandedReason == .user)
  }
}
