import IslandProperties
import Testing

@testable import IslandCore

/// Engine/IslandState+Reducer.swift: a rejected event leaves the state as it was.
@Suite struct ReducerTests {
  /// Found by the snapshot property: the 8-hour limit ends an activity (adding its dismissal
  /// timer) just before an event that is then rejected. The rejection must leave every timer
  /// as it was, not only the ones that fired.
  @Test func aRejectedEventAfterTheEightHourLimitLeavesTheTimersAsTheyWere() {
    var island = Island()
    island.at(0, pizzaDelivery)
    island.at(60_000, update("pizza", alert: Alert(title: "Cooking", body: "")))
    island.at(60_000, start("timer-3", app: "com.example.timer", state: ["endsAt": 34_136_751]))
    island.rejects(
      28_800_000, start("timer-3", app: "org.example.news", state: ["headline": "A story"]),
      "start rejected: activity \"timer-3\" already exists (ids are never reused)")
    // Folding the accepted events again gives the same state.
    var again = IslandState()
    for (t, event) in [
      (Milliseconds(0), pizzaDelivery),
      (60_000, update("pizza", alert: Alert(title: "Cooking", body: ""))),
      (60_000, start("timer-3", app: "com.example.timer", state: ["endsAt": 34_136_751])),
    ] {
      _ = try? again.apply(event, at: t)
    }
    #expect(again == island.state)
  }
}
