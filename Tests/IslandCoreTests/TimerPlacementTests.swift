import IslandCore
import Testing

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
