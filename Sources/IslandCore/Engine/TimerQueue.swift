/// A timer the engine set: something that happens by itself when time reaches `due`.
struct Timer: Equatable, Hashable, Sendable {
  /// When it fires.
  var due: Milliseconds
  /// What it does; the order of the cases breaks ties at the same time (the order Part 2 of
  /// the reference lists them in).
  var kind: Kind
  /// The start sequence number of its activity: the last tie-break.
  var startSeq: Int
  /// Its activity's index in the state's activity list.
  var activity: Int

  enum Kind: Int, Comparable, Hashable, Sendable {
    case stale = 0
    case alertEnd = 1
    case lifetime = 2
    case dismissal = 3

    static func < (left: Kind, right: Kind) -> Bool { left.rawValue < right.rawValue }
  }

  /// Time order, then kind, then start order: a total order, so firing never depends on the
  /// order timers were set in.
  func precedes(_ other: Timer) -> Bool {
    if due != other.due { return due < other.due }
    if kind != other.kind { return kind < other.kind }
    return startSeq < other.startSeq
  }
}

/// Pending timers, earliest first (a binary min-heap).
///
/// A timer that no longer applies (a stale date an update moved, an alert another replaced)
/// is not removed: the reducer checks each timer as it comes due and skips those that no
/// longer match the state. Finding the next timer costs O(log n), never a scan of activities.
struct TimerQueue: Equatable, Hashable, Sendable {
  private var heap: [Timer] = []

  /// Equal when they hold the same timers: the order they come due in is the same however
  /// the heap lays them out.
  static func == (left: TimerQueue, right: TimerQueue) -> Bool {
    left.heap.count == right.heap.count && left.inOrder == right.inOrder
  }

  func hash(into hasher: inout Hasher) { hasher.combine(inOrder) }

  /// The timers in the order they come due.
  private var inOrder: [Timer] { heap.sorted { $0.precedes($1) } }

  var isEmpty: Bool { heap.isEmpty }
  var count: Int { heap.count }

  /// The earliest pending timer.
  var first: Timer? { heap.first }

  /// Points each timer at its activity's new position, dropping those `position` maps to
  /// nil, and restores the heap order.
  mutating func remap(_ position: (Int) -> Int?) {
    let old = heap
    heap = []
    heap.reserveCapacity(old.count)
    for var timer in old {
      guard let moved = position(timer.activity) else { continue }
      timer.activity = moved
      insert(timer)
    }
  }

  mutating func insert(_ timer: Timer) {
    heap.append(timer)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the earliest timer.
  mutating func removeFirst() -> Timer? {
    guard let first = heap.first else { return nil }
    let last = heap.removeLast()
    guard !heap.isEmpty else { return first }
    heap[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
      if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
      if smallest == parent { break }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}
