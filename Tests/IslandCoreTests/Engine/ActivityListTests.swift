import IslandProperties
import Testing

@testable import IslandCore

/// The state's activity list reads and changes as an array does, whichever side of a
/// removed activity it moves and wherever in its ring its first activity is; a copy is a
/// value of its own.
@Suite struct ActivityListTests {
  /// `count` activities in start order, each ended and waiting on the Lock Screen.
  static func activities(_ count: Int) -> [Activity] {
    var island = Island()
    for index in 0..<count {
      island.at(Milliseconds(index), start("a\(index)", app: "com.app\(index % 3)"))
      island.at(Milliseconds(index), end("a\(index)"))
    }
    return Array(island.state.activities)
  }

  @Test func removalsAnywhereAndAppendsGiveWhatAnArrayGives() {
    let pool = Self.activities(400)
    var random = SplitMix64(seed: 12)
    var list = ActivityList()
    var model: [Activity] = []
    var next = 0
    for _ in 0..<1_200 {
      if next < pool.count && (model.isEmpty || random.next() % 3 == 0) {
        list.append(pool[next])
        model.append(pool[next])
        next += 1
      } else if !model.isEmpty {
        // The front, the back and the middle, each often.
        let position: Int
        switch random.next() % 3 {
        case 0: position = 0
        case 1: position = model.count - 1
        default: position = Int(random.next() % UInt64(model.count))
        }
        list.remove(at: position)
        model.remove(at: position)
      }
      #expect(list.count == model.count)
      #expect(list.map(\.id) == model.map(\.id))
      #expect(list.indices == model.indices)
      let seq = pool[Int(random.next() % UInt64(pool.count))].startSeq
      #expect(list.position(startedBy: seq) == model.firstIndex { $0.startSeq == seq })
    }
  }

  @Test func aForgottenActivityLeavesNothingBehind() {
    var list = ActivityList()
    weak var forgotten: ActivityAttributes?
    do {
      let pool = Self.activities(4)
      forgotten = pool[1].attributes
      for activity in pool { list.append(activity) }
    }
    #expect(forgotten != nil)
    list.remove(at: 1)
    #expect(forgotten == nil)
    #expect(list.map(\.id) == ["a0", "a2", "a3"])
  }

  @Test func anActivityChangesInPlace() {
    var list = ActivityList()
    for activity in Self.activities(5) { list.append(activity) }
    list.remove(at: 0)
    list[1].phase = .dismissed
    #expect(list.map(\.phase) == [.ended, .dismissed, .ended, .ended])
    #expect(list[1].id == "a2")
  }

  @Test func listsOfTheSameActivitiesAreEqualWhereverTheirRingsBegin() {
    let pool = Self.activities(6)
    var shifted = ActivityList()
    for activity in pool { shifted.append(activity) }
    shifted.remove(at: 1)
    shifted.remove(at: 0)
    var plain = ActivityList()
    for activity in pool.dropFirst(2) { plain.append(activity) }
    #expect(shifted == plain)
    plain.remove(at: 3)
    #expect(shifted != plain)
  }

  @Test func aCopyIsAValueOfItsOwn() {
    let pool = Self.activities(20)
    var list = ActivityList()
    for activity in pool.prefix(16) { list.append(activity) }
    // The ring now begins a slot in, and is full.
    list.remove(at: 0)
    let copy = list
    var changed = list
    changed.remove(at: 3)
    changed.append(pool[16])
    changed[0].phase = .dismissed
    #expect(copy == list)
    #expect(list.map(\.id) == pool[1..<16].map(\.id))
    #expect(list.map(\.phase) == Array(repeating: .ended, count: 15))
    #expect(changed.map(\.id) == (pool[1..<4] + pool[5..<17]).map(\.id))
    #expect(changed[0].phase == .dismissed)
    #expect(changed.position(startedBy: pool[16].startSeq) == 14)
    #expect(copy.position(startedBy: pool[16].startSeq) == nil)
  }

  @Test func aListGoneReleasesItsActivities() {
    weak var kept: ActivityAttributes?
    weak var removed: ActivityAttributes?
    do {
      var list = ActivityList()
      do {
        let pool = Self.activities(40)
        kept = pool[30].attributes
        removed = pool[3].attributes
        // Past its first room (moved into a larger ring), then round its end.
        for activity in pool.prefix(20) { list.append(activity) }
        for _ in 0..<10 { list.remove(at: 0) }
        for activity in pool[20..<40] { list.append(activity) }
      }
      #expect(kept != nil)
      #expect(removed == nil)
      #expect(list.map(\.id) == (10..<40).map { "a\($0)" })
    }
    #expect(kept == nil)
  }
}
