/// Pending timers, earliest first.
///
/// A timer that no longer applies (a stale date an update moved, an alert another replaced)
/// is not removed: the reducer checks each timer as it comes due and skips those that no
/// longer match the state. Finding the next timer never scans the activities.
///
/// Most timers are set in the order they come due: an activity's lifetime ends a fixed time
/// after its start, and starts come in time order. So the queue keeps those in a lane, in
/// the order set, each no earlier than the one before, and the others in a binary min-heap:
/// a timer set no earlier than the lane's last joins the lane, and leaves it with no
/// sifting. The next timer is the earlier of the lane's first and the heap's.
///
/// An index of the state, not part of its value: the timers that apply follow from the
/// activities' dates and the expansion (``IslandState/==`` leaves the queue out).
struct TimerQueue: Sendable {
  /// Timers in the order they come due, from slot ``laneStart`` on.
  private var lane: [Timer] = []
  /// How many slots at the front of ``lane`` hold timers already taken out.
  private var laneStart = 0
  /// The other timers, a binary min-heap.
  private var heap: [Timer] = []
  /// The earliest of all: the earlier of the lane's first and the heap's, kept as they change,
  /// since every event asks for it.
  private(set) var first: Timer?

  /// The taken slots at the front of the lane are dropped once they are at least this many
  /// and half the lane.
  private static let laneCompaction = 32

  /// Room made for the lane's and the heap's first timers: an island's first activities each
  /// set one or two, and the queue does not grow at every doubling, copying them each time.
  private static let initialCapacity = 16

  /// An empty queue, with room for an island's first timers (as an empty island's lists
  /// have for its first activities: ``IslandState/init(configuration:)``).
  init() {
    lane.reserveCapacity(TimerQueue.initialCapacity)
    heap.reserveCapacity(TimerQueue.initialCapacity)
  }

  /// How many timers are pending (those that no longer apply included).
  var count: Int { lane.count - laneStart + heap.count }

  /// Drops the timers `isSpent` says apply to nothing (those of forgotten activities), and
  /// restores the heap order.
  mutating func removeAll(where isSpent: (Timer) -> Bool) {
    lane.removeFirst(laneStart)
    laneStart = 0
    lane.removeAll(where: isSpent)
    heap.removeAll(where: isSpent)
    // Floyd's heap construction, in linear time.
    var parent = heap.count / 2 - 1
    while parent >= 0 {
      siftDown(from: parent)
      parent -= 1
    }
    first = earliest
  }

  /// The earlier of the lane's first timer and the heap's.
  private var earliest: Timer? {
    guard laneStart < lane.count else { return heap.first }
    let laneFirst = lane[laneStart]
    guard let heapFirst = heap.first, heapFirst.precedes(laneFirst) else { return laneFirst }
    return heapFirst
  }

  mutating func insert(_ timer: Timer) {
    if first.map({ timer.precedes($0) }) ?? true { first = timer }
    if laneStart == lane.count {
      // The lane is empty: it starts again from its first slot.
      lane.removeAll(keepingCapacity: true)
      laneStart = 0
      lane.append(timer)
    } else if !timer.precedes(lane[lane.count - 1]) {
      lane.append(timer)
    } else {
      heap.append(timer)
      siftUp(from: heap.count - 1)
    }
  }

  /// Takes out one timer equal to `timer`, if there is one: a scan of the queue, made only
  /// when a rejected event puts back what its timers set (the lane from its end, where a
  /// timer just set is).
  mutating func remove(_ timer: Timer) {
    defer { first = earliest }
    if let index = lane[laneStart...].lastIndex(of: timer) {
      lane.remove(at: index)
      return
    }
    guard let index = heap.firstIndex(of: timer) else { return }
    let last = heap.removeLast()
    guard index < heap.count else { return }
    heap[index] = last
    siftDown(from: index)
    siftUp(from: index)
  }

  /// Removes and returns the earliest timer. Inlined into the loop that fires the timers due:
  /// a call would hand back the timer as an optional the loop has just read as ``first``.
  @inline(__always) mutating func removeFirst() -> Timer? {
    guard let taken = first else { return nil }
    if laneStart < lane.count, heap.first.map({ !$0.precedes(lane[laneStart]) }) ?? true {
      laneStart += 1
      if laneStart >= TimerQueue.laneCompaction, 2 * laneStart >= lane.count {
        lane.removeFirst(laneStart)
        laneStart = 0
      }
    } else {
      let last = heap.removeLast()
      if !heap.isEmpty {
        heap[0] = last
        siftDown(from: 0)
      }
    }
    first = earliest
    return taken
  }

  /// Moves the timer at `start` up while it precedes its parent.
  private mutating func siftUp(from start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Moves the timer at `start` down until neither child precedes it: the earlier child
  /// moves up into its place at each level, so that a level costs one comparison of the
  /// children and one of the timer, and the timer is written once, where it stops.
  private mutating func siftDown(from start: Int) {
    let count = heap.count
    let timer = heap[start]
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < count else { break }
      let right = left + 1
      let child = right < count && heap[right].precedes(heap[left]) ? right : left
      guard heap[child].precedes(timer) else { break }
      heap[parent] = heap[child]
      parent = child
    }
    heap[parent] = timer
  }
}
