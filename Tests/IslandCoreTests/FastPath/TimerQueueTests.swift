import Testing

@testable import IslandCore

/// The queue of pending timers, as the reducer fires and puts them back.
@Suite struct TimerQueueTests {
  /// The 8-hour limit ends two activities, setting their dismissal timers, before an event
  /// that is rejected: the queue is put back to the timers it held, in the order they fire,
  /// as if the limit had not been reached.
  @Test func aRejectedEventPutsBackTheTimersTheFiredOnesSet() {
    var island = Island()
    island.at(0, start("pizza", state: Layout.catalogue[0].sampleState, layout: .named("delivery")))
    island.at(1_000, start("taxi", app: "com.example.ride"))
    island.at(2_000, end("taxi", dismissal: .default))
    island.at(3_000, start("news", app: "org.example.news", stale: 4 * hour))
    let before = island.state.timers
    island.rejects(
      9 * hour, start("news", app: "org.example.news"),
      "start rejected: activity \"news\" already exists (ids are never reused)")
    func due(_ queue: TimerQueue) -> [Timer] {
      var queue = queue
      var due: [Timer] = []
      while let timer = queue.removeFirst() { due.append(timer) }
      return due
    }
    #expect(due(island.state.timers) == due(before))
    #expect(due(before).count == 5)
  }
}
