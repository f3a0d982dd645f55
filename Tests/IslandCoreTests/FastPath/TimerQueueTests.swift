import IslandProperties
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

/// FastPath/TimerQueue.swift: the timer heap fires the same timers in one order however it was
/// built.
@Suite struct TimerQueueOrderTests {
  @Test func timerQueuesHoldingTheSameTimersFireThemInOneOrderHoweverBuilt() {
    let timers = (0..<40).map { index in
      Timer(
        due: Milliseconds(index % 7) * 1_000, kind: Timer.Kind(rawValue: index % 4) ?? .stale,
        startSeq: index)
    }
    var forward = TimerQueue()
    for timer in timers { forward.insert(timer) }
    var backward = TimerQueue()
    for timer in timers.reversed() { backward.insert(timer) }
    // Taken out and put back, as after a rejected event.
    var putBack = forward
    var taken: [Timer] = []
    for _ in 0..<15 { taken.append(putBack.removeFirst() ?? timers[0]) }
    for timer in taken { putBack.insert(timer) }
    var fewer = forward
    _ = fewer.removeFirst()
    var order: [[Timer]] = []
    for var queue in [forward, backward, putBack, fewer] {
      var due: [Timer] = []
      while let timer = queue.removeFirst() { due.append(timer) }
      order.append(due)
    }
    #expect(order[0] == order[1])
    #expect(order[0] == order[2])
    #expect(order[0].count == 40)
    #expect(order[3] == Array(order[0].dropFirst()))
  }
}
