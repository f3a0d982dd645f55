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
    island.at(0, pizzaDelivery)
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

/// FastPath/TimerQueue.swift: timers set in the order they come due (the lane) and out of it
/// (the heap), taken out first or one by one, come out as a sorted list gives them.
@Suite struct TimerQueueLaneTests {
  @Test func setInOrderOrNotTakenOutOrPutBackTheTimersComeOutAsASortedListGivesThem() {
    var random = SplitMix64(seed: 7)
    var queue = TimerQueue()
    var model: [Timer] = []
    var clock: Milliseconds = 0
    for step in 0..<3_000 {
      let roll = random.next() % 10
      if roll < 5 {
        // Mostly later than every timer set before, now and then earlier.
        clock += Milliseconds(random.next() % 3)
        let due = roll == 0 ? clock - Milliseconds(random.next() % 50) : clock + 100
        let timer = Timer(
          due: due, kind: Timer.Kind(rawValue: Int(random.next() % 4)) ?? .stale,
          startSeq: Int(random.next() % 20))
        queue.insert(timer)
        model.append(timer)
      } else if roll < 8 {
        let expected = model.min { $0.precedes($1) }
        #expect(queue.first == expected)
        #expect(queue.removeFirst() == expected)
        if let expected, let index = model.firstIndex(of: expected) { model.remove(at: index) }
      } else if !model.isEmpty {
        let timer = model[Int(random.next() % UInt64(model.count))]
        queue.remove(timer)
        if let index = model.firstIndex(of: timer) { model.remove(at: index) }
      }
      if step % 500 == 0 {
        queue.removeAll { $0.startSeq == 3 }
        model.removeAll { $0.startSeq == 3 }
      }
      #expect(queue.count == model.count)
      #expect(queue.first == model.min { $0.precedes($1) })
    }
  }
}
