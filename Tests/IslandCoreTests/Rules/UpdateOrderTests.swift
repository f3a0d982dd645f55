import IslandCore
import Testing

@Suite("Update order (timestamps)")
struct UpdateOrderTests {
  func timed(_ id: String, _ state: ContentState, timestamp: Int64?) -> Event {
    .update(Update(activity: id, state: state, timestamp: timestamp))
  }

  @Test("an update older than the last one applied is ignored, with a warning naming both")
  func olderUpdateIgnored() throws {
    var island = Island()
    island.at(0, start("pizza"))
    island.at(1, timed("pizza", ["minutesLeft": 10], timestamp: 200))
    let applied = island.at(2, timed("pizza", ["minutesLeft": 15], timestamp: 100))
    let outcome = try #require(applied)
    #expect(island.state.activity("pizza")?.content["minutesLeft"] == .number(10))
    #expect(island.state.activity("pizza")?.newestTimestamp == 200)
    #expect(
      outcome.warnings.map(\.message)
        == [
          "update of \"pizza\" generated at timestamp 100 is older than the update applied at "
            + "timestamp 200: ignored"
        ])
    #expect(island.state.transitions.isEmpty)
  }

  @Test("an equal timestamp, a newer one and none are applied")
  func equalNewerAndNoneApplied() {
    var island = Island()
    island.at(0, start("pizza"))
    island.at(1, timed("pizza", ["minutesLeft": 10], timestamp: 200))
    island.at(2, timed("pizza", ["minutesLeft": 9], timestamp: 200))
    #expect(island.state.activity("pizza")?.content["minutesLeft"] == .number(9))
    island.at(3, timed("pizza", ["minutesLeft": 8], timestamp: nil))
    #expect(island.state.activity("pizza")?.content["minutesLeft"] == .number(8))
    #expect(island.state.activity("pizza")?.newestTimestamp == 200)
    island.at(4, timed("pizza", ["minutesLeft": 7], timestamp: 300))
    #expect(island.state.activity("pizza")?.newestTimestamp == 300)
    #expect(island.state.warnings.isEmpty)
  }

  @Test("a start's timestamp counts as the first one applied")
  func startTimestampCounts() {
    var island = Island()
    island.at(
      0,
      .start(
        Start(activity: "pizza", app: "com.example.food", state: ["minutesLeft": 20], timestamp: 50)
      ))
    island.at(1, timed("pizza", ["minutesLeft": 30], timestamp: 49))
    #expect(island.state.activity("pizza")?.content["minutesLeft"] == .number(20))
  }

  @Test("an end is applied whatever its timestamp")
  func endAppliedWhateverItsTimestamp() {
    var island = Island()
    island.at(0, start("pizza"))
    island.at(1, timed("pizza", ["minutesLeft": 10], timestamp: 200))
    island.at(2, .end(End(activity: "pizza", state: ["minutesLeft": 0], timestamp: 1)))
    #expect(island.phase("pizza") == .ended)
    #expect(island.state.activity("pizza")?.content["minutesLeft"] == .number(0))
  }

  @Test("a held-back event is marked throttled in the state's warnings")
  func throttledMarked() {
    var island = Island()
    island.at(0, start("pizza"))
    island.at(
      5_000, .update(Update(activity: "pizza", state: ["minutesLeft": 3], arrived: 1_000)))
    #expect(
      island.state.warnings.map(\.message)
        == [
          "update of \"pizza\" arrived at 1000 ms over the priority budget: throttled, applied later"
        ])
    #expect(island.state.json["warnings"]?.arrayValue?.first?["type"] == .string("throttled"))
  }
}
