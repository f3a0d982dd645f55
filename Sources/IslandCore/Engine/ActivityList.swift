/// The activities a state keeps, in start order: a random-access collection indexed from 0,
/// like an array, whose activities the reducer changes in place.
///
/// The state forgets the least recently dismissed activity each time one more is dismissed
/// than it keeps (``IslandState/retainedDismissedActivities``). That one usually started long
/// ago, near the front of the list, with every activity waiting on the Lock Screen after it.
/// So the list is a ring of slots: the activities run from a first slot round to the one
/// before it, and the slots after the last are free. Taking an activity out moves the
/// shorter side of it one step, into its slot: those before it towards the end (the first
/// slot is then free, and the list starts one slot on), or those after it towards the front.
/// Forgetting costs what it moves, never a move of the whole list. A free slot keeps what
/// is left of the activity it held, its content and alert dropped at once, until a started
/// activity takes the slot: the ring grows only when the list holds more activities than it
/// ever has.
///
/// Timers and the id index find an activity by its start seq, which never changes, rather
/// than by its position, which forgetting older ones does: the list keeps the start seqs
/// side by side, so that the search reads a run of integers, not the activities.
public struct ActivityList: RandomAccessCollection, Sendable {
  /// The ring: the activities from slot ``firstSlot`` on, round the end, then free slots.
  @usableFromInline internal private(set) var slots: [Activity] = []
  /// The start seq of each activity of ``slots``, slot for slot (ascending from ``firstSlot``).
  private var startSeqs: [Int] = []
  /// The slot of the activity started first.
  @usableFromInline internal private(set) var firstSlot = 0
  /// How many activities the ring holds.
  @usableFromInline internal private(set) var activityCount = 0

  /// Room made at the first activity.
  private static let initialCapacity = 16

  /// An empty list.
  public init() {}

  /// The position of the activity started first: 0.
  @inlinable public var startIndex: Int { 0 }
  /// The position after the activity started last: the number of activities.
  @inlinable public var endIndex: Int { activityCount }

  /// The slot of the activity at `position`: counted on from ``firstSlot``, round the end.
  @inlinable func slot(_ position: Int) -> Int {
    let slot = firstSlot + position
    return slot < slots.count ? slot : slot - slots.count
  }

  /// The activity at `position`, changed in place.
  @inlinable public internal(set) subscript(position: Int) -> Activity {
    _read { yield slots[slot(position)] }
    _modify { yield &slots[slot(position)] }
  }

  /// The position of the activity started by event `startSeq`: searched from the end in
  /// steps that double, then by halves, so that the activities started last, which events
  /// name most, are found in a few steps, and any in twice a binary search's. The search
  /// reads one run of slots: the ring's slots from its first activity on, or, when the
  /// activities go round the end of the ring, the run before or after the end that holds
  /// the start seq.
  func position(startedBy startSeq: Int) -> Int? {
    let firstSlot = firstSlot
    let end = firstSlot + activityCount
    // Read in place: every step of the search stays within the array.
    return startSeqs.withUnsafeBufferPointer { startSeqs in
      let capacity = startSeqs.count
      if end <= capacity {
        return ActivityList.slot(of: startSeq, in: startSeqs, from: firstSlot, to: end)
          .map { $0 - firstSlot }
      }
      if startSeq >= startSeqs[0] {
        return ActivityList.slot(of: startSeq, in: startSeqs, from: 0, to: end - capacity)
          .map { $0 + capacity - firstSlot }
      }
      return ActivityList.slot(of: startSeq, in: startSeqs, from: firstSlot, to: capacity)
        .map { $0 - firstSlot }
    }
  }

  /// The slot of `startSeq` among the ascending `startSeqs` of slots `start..<end`.
  private static func slot(
    of startSeq: Int, in startSeqs: UnsafeBufferPointer<Int>, from start: Int, to end: Int
  ) -> Int? {
    // Every start seq from `high` on is later than `startSeq`.
    var high = end
    var step = 1
    var low = Swift.max(start, high - step)
    while low > start, startSeqs[low] > startSeq {
      high = low
      step *= 2
      low = Swift.max(start, high - step)
    }
    while low < high {
      let middle = (low + high) / 2
      if startSeqs[middle] < startSeq {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < end && startSeqs[low] == startSeq ? low : nil
  }

  /// Adds `activity` at the end: the activity started last.
  mutating func append(_ activity: consuming Activity) {
    let startSeq = activity.startSeq
    precondition(
      activityCount == 0 || startSeqs[slot(activityCount - 1)] < startSeq, "not in start order")
    if activityCount < slots.count {
      let slot = slot(activityCount)
      slots[slot] = consume activity
      startSeqs[slot] = startSeq
    } else if firstSlot == 0 {
      // Every slot holds an activity, in order from slot 0: the ring grows as an array does.
      if slots.isEmpty {
        slots.reserveCapacity(ActivityList.initialCapacity)
        startSeqs.reserveCapacity(ActivityList.initialCapacity)
      }
      slots.append(consume activity)
      startSeqs.append(startSeq)
    } else {
      grow(firstFilledBy: consume activity)
    }
    activityCount += 1
  }

  /// Makes the ring, every slot of which holds an activity and which starts past slot 0,
  /// twice as large, its activities in order from slot 0, then `activity` in the next slot.
  /// Each free slot holds what `activity` is without its content, until a started activity
  /// takes it.
  private mutating func grow(firstFilledBy activity: consuming Activity) {
    let capacity = 2 * activityCount
    var grownSlots: [Activity] = []
    var grownSeqs: [Int] = []
    grownSlots.reserveCapacity(capacity)
    grownSeqs.reserveCapacity(capacity)
    for position in 0..<activityCount {
      let slot = slot(position)
      grownSlots.append(slots[slot])
      grownSeqs.append(startSeqs[slot])
    }
    var free = copy activity
    free.content = ContentState()
    free.lastAlert = nil
    grownSeqs.append(activity.startSeq)
    grownSlots.append(activity)
    grownSlots.append(contentsOf: repeatElement(free, count: capacity - activityCount - 1))
    grownSeqs.append(contentsOf: repeatElement(0, count: capacity - activityCount - 1))
    slots = grownSlots
    startSeqs = grownSeqs
    firstSlot = 0
  }

  /// Takes out the activity at `position`; those after it move down by one.
  mutating func remove(at position: Int) {
    precondition(indices.contains(position), "no activity at \(position)")
    let removed = slot(position)
    // What grows with its content goes now, not when a started activity takes the slot.
    slots[removed].content = ContentState()
    slots[removed].lastAlert = nil
    if position < activityCount - 1 - position {
      // Those before it move towards the end, and the first slot is free.
      if firstSlot <= removed {
        rotate(firstSlot...removed, towardsEnd: true)
      } else {
        for moved in stride(from: position, to: 0, by: -1) {
          step(from: slot(moved - 1), to: slot(moved))
        }
      }
      firstSlot = slot(1)
    } else {
      // Those after it move towards the front, and the last slot is free.
      let last = slot(activityCount - 1)
      if removed <= last {
        rotate(removed...last, towardsEnd: false)
      } else {
        for moved in position..<(activityCount - 1) {
          step(from: slot(moved + 1), to: slot(moved))
        }
      }
    }
    activityCount -= 1
  }

  /// Moves the activities in `range` of slots one slot on, towards its end or its start,
  /// and the one that falls off that end to the other: the activities move as memory
  /// (copied value by value, each would be retained and released), with their start seqs.
  private mutating func rotate(_ range: ClosedRange<Int>, towardsEnd: Bool) {
    let moving = range.count - 1
    guard moving > 0 else { return }
    slots.withUnsafeMutableBufferPointer { buffer in
      guard let low = buffer.baseAddress.map({ $0 + range.lowerBound }) else { return }
      if towardsEnd {
        let last = (low + moving).move()
        (low + 1).moveInitialize(from: low, count: moving)
        low.initialize(to: last)
      } else {
        let first = low.move()
        low.moveInitialize(from: low + 1, count: moving)
        (low + moving).initialize(to: first)
      }
    }
    if towardsEnd {
      for slot in range.reversed().dropLast() { startSeqs[slot] = startSeqs[slot - 1] }
    } else {
      for slot in range.dropLast() { startSeqs[slot] = startSeqs[slot + 1] }
    }
  }

  /// Moves the activity in slot `from` into the free slot `to`, leaving `from` free.
  private mutating func step(from: Int, to: Int) {
    slots.swapAt(from, to)
    startSeqs[to] = startSeqs[from]
  }
}

extension ActivityList: Equatable {
  /// The same activities in the same order, whatever slots either holds them in.
  public static func == (left: ActivityList, right: ActivityList) -> Bool {
    left.elementsEqual(right)
  }
}
