/// The activities a state keeps, in start order: a random-access collection indexed from 0,
/// like an array, whose activities the reducer changes in place.
///
/// The state forgets the least recently dismissed activity each time one more is dismissed
/// than it keeps (``IslandState/retainedDismissedActivities``). That one usually started long
/// ago, near the front of the list, with every activity waiting on the Lock Screen after it.
/// So the list is a ring: it takes an activity out by moving the shorter side of it one step,
/// those before it towards the end (the ring's first slot moving on by one) or those after it
/// towards the front. Forgetting costs what it moves, not the whole list, and the forgotten
/// activity goes at once, leaving no slot behind.
///
/// Timers and the id index find an activity by its start seq, which never changes, rather
/// than by its position, which forgetting older ones does: the list keeps the start seqs
/// side by side, so that the search reads a run of integers, not the activities.
public struct ActivityList: RandomAccessCollection, Sendable {
  /// The slots, shared between copies until one of them changes.
  @usableFromInline internal var ring = Ring(capacity: 0)

  /// Room made at the first activity.
  private static let initialCapacity = 16

  /// An empty list.
  public init() {}

  /// The position of the activity started first: 0.
  @inlinable public var startIndex: Int { 0 }
  /// The position after the activity started last: the number of activities.
  @inlinable public var endIndex: Int { ring.count }

  /// The activity at `position`, changed in place.
  @inlinable public internal(set) subscript(position: Int) -> Activity {
    _read { yield ring.activities[ring.slot(position)] }
    _modify {
      makeUnique()
      yield &ring.activities[ring.slot(position)]
    }
  }

  /// The position of the activity started by event `startSeq`. Start seqs are distinct
  /// integers in ascending order, so one that is `d` later than another is at most `d` slots
  /// after it: `startSeq` lies within `startSeq - first` slots of the first activity's and
  /// `last - startSeq` of the last one's. The search halves what lies within both: the
  /// activities started last, which events name most, are a few steps away, and where few
  /// events but starts came between, as when a day of activities is dismissed in start
  /// order, the bounds meet at once.
  func position(startedBy startSeq: Int) -> Int? {
    let ring = self.ring
    let count = ring.count
    guard count > 0 else { return nil }
    let first = ring.startSeqs[ring.slot(0)]
    let last = ring.startSeqs[ring.slot(count - 1)]
    guard first <= startSeq, startSeq <= last else { return nil }
    var low = count - 1 - Swift.min(count - 1, last - startSeq)
    var high = Swift.min(count - 1, startSeq - first) + 1
    // Every start seq before `low` is earlier than `startSeq`; every one from `high` on is
    // later, or it.
    while low < high {
      let middle = (low + high) / 2
      if ring.startSeqs[ring.slot(middle)] < startSeq {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < count && ring.startSeqs[ring.slot(low)] == startSeq ? low : nil
  }

  /// Adds `activity` at the end: the activity started last.
  mutating func append(_ activity: consuming Activity) {
    let startSeq = activity.startSeq
    precondition(
      ring.count == 0 || ring.startSeqs[ring.slot(ring.count - 1)] < startSeq,
      "not in start order")
    if ring.count == ring.capacity {
      // Room for an island's first activities at once, then twice the room: the list does
      // not grow at every activity, moving them all each time.
      ring = ring.resized(
        to: Swift.max(ActivityList.initialCapacity, 2 * ring.capacity),
        moving: isKnownUniquelyReferenced(&ring))
    } else {
      makeUnique()
    }
    // The slot after the last activity's (not yet one of the list's).
    let slot = ring.wrappedSlot(ring.count)
    (ring.activities + slot).initialize(to: activity)
    ring.startSeqs[slot] = startSeq
    ring.count += 1
  }

  /// Takes out the activity at `position`; those after it move down by one.
  mutating func remove(at position: Int) {
    precondition(indices.contains(position), "no activity at \(position)")
    makeUnique()
    let ring = self.ring
    // The forgotten activity goes now, whole.
    (ring.activities + ring.slot(position)).deinitialize(count: 1)
    if position < ring.count - 1 - position {
      // The activities before it move up by one, as memory (copied value by value, each
      // would be retained and released), and the ring begins a slot later.
      for index in stride(from: position, to: 0, by: -1) {
        ring.move(from: index - 1, to: index)
      }
      ring.head = ring.slot(1)
    } else {
      for index in position..<(ring.count - 1) {
        ring.move(from: index + 1, to: index)
      }
    }
    ring.count -= 1
  }

  /// Gives this list a ring of its own before it changes one.
  @inlinable mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&ring) {
      ring = ring.resized(to: ring.capacity, moving: false)
    }
  }

  /// The slots of a list: room for a power of two of activities and their start seqs, of
  /// which ``count`` from slot ``head`` on, wrapping round at the end, are in the list.
  @usableFromInline final class Ring: @unchecked Sendable {
    /// The activities, in their slots.
    @usableFromInline let activities: UnsafeMutablePointer<Activity>
    /// The start seq of each activity, slot for slot.
    let startSeqs: UnsafeMutablePointer<Int>
    /// The number of slots less one: a position's slot is masked with it.
    @usableFromInline let mask: Int
    /// The slot of the activity at position 0.
    @exclusivity(unchecked) @usableFromInline var head = 0
    /// How many activities are in the list.
    @exclusivity(unchecked) @usableFromInline var count = 0

    /// An empty ring of `capacity` slots (0, or a power of two).
    init(capacity: Int) {
      activities = .allocate(capacity: capacity)
      startSeqs = .allocate(capacity: capacity)
      mask = capacity - 1
    }

    deinit {
      for position in 0..<count { (activities + slot(position)).deinitialize(count: 1) }
      activities.deallocate()
      startSeqs.deallocate()
    }

    /// How many activities it has room for.
    @usableFromInline var capacity: Int { mask + 1 }

    /// The slot of the activity at `position` (below ``count``; checked).
    @inlinable func slot(_ position: Int) -> Int {
      precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "no activity there")
      return wrappedSlot(position)
    }

    /// The slot `position` places after ``head``, round the end: unchecked, for the slot
    /// after the last activity's.
    @inlinable func wrappedSlot(_ position: Int) -> Int { (head &+ position) & mask }

    /// A ring of `capacity` slots holding this one's activities from slot 0 on: moved out of
    /// this one when `moving` (nothing else refers to it, and it then holds none), copied
    /// otherwise.
    @usableFromInline func resized(to capacity: Int, moving: Bool) -> Ring {
      let ring = Ring(capacity: capacity)
      for position in 0..<count {
        let from = slot(position)
        if moving {
          (ring.activities + position).moveInitialize(from: activities + from, count: 1)
        } else {
          (ring.activities + position).initialize(to: activities[from])
        }
        ring.startSeqs[position] = startSeqs[from]
      }
      ring.count = count
      if moving { count = 0 }
      return ring
    }

    /// Moves the activity at position `from` (initialized) to position `to` (not), with its
    /// start seq.
    func move(from: Int, to: Int) {
      let source = slot(from)
      let target = slot(to)
      (activities + target).moveInitialize(from: activities + source, count: 1)
      startSeqs[target] = startSeqs[source]
    }
  }
}

extension ActivityList: Equatable {
  /// The same activities in the same order.
  public static func == (left: ActivityList, right: ActivityList) -> Bool {
    left.elementsEqual(right)
  }
}
