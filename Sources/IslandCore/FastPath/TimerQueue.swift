/// Pending timers, earliest first (a binary min-heap).
///
/// A timer that no longer applies (a stale date an update moved, an alert another replaced)
/// is not removed: the reducer checks each timer as it comes due and skips those that no
/// longer match the state. Finding the next timer costs O(log n), never a scan of activities.
///
/// An index of the state, not part of its value: the timers that apply follow from the
/// activities' dates and the expansion (``IslandState/==`` leaves the queue out).
struct TimerQueue: Sendable {
  private var heap: [Timer] = []

  /// The earliest pending timer.
  var first: Timer? { heap.first }

  /// How many timers are pending (those that no longer apply included).
  var count: Int { heap.count }

  /// Drops the timers `isSpent` says apply to nothing (those of forgotten activities), and
  /// restores the heap order.
  mutating func removeAll(where isSpent: (Timer) -> Bool) {
    heap.removeAll(where: isSpent)
    // Floyd's heap construction, in linear time.
    var parent = heap.count / 2 - 1
    while parent >= 0 {
      siftDown(from: parent)
      parent -= 1
    }
  }

  mutating func insert(_ timer: Timer) {
    heap.append(timer)
    siftUp(from: heap.count - 1)
  }

  /// Takes out one timer equal to `timer`, if there is one: a scan of the queue, made only
  /// when a rejected event puts back what its timers set.
  mutating func remove(_ timer: Timer) {
    guard let index = heap.firstIndex(of: timer) else { return }
    let last = heap.removeLast()
    guard index < heap.count else { return }
    heap[index] = last
    siftDown(from: index)
    siftUp(from: index)
  }

  /// Removes and returns the earliest timer.
  mutating func removeFirst() -> Timer? {
    guard let first = heap.first else { return nil }
    let last = heap.removeLast()
    guard !heap.isEmpty else { return first }
    heap[0] = last
    siftDown(from: 0)
    return first
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
