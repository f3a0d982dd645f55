/// The activities a state keeps, in start order: a random-access collection indexed from 0,
/// like an array, whose activities the reducer changes in place.
///
/// The state forgets the least recently dismissed activity each time one more is dismissed
/// than it keeps (``IslandState/retainedDismissedActivities``). That one usually started long
/// ago, near the front of the list, with every activity waiting on the Lock Screen after it.
/// So the list takes an activity out by moving the shorter side of it one step: those before
/// it towards the end, over a spent slot at the front, or those after it towards the front.
/// Forgetting costs what it moves, not the whole list. The forgotten activity goes at once,
/// and its spent slot holds ``Activity/vacant`` until the spent slots are as many as the
/// activities kept: then they are dropped together, a move of the list spread over that many
/// forgettings (one activity moved for each one forgotten).
///
/// Timers and the id index find an activity by its start seq, which never changes, rather
/// than by its position, which forgetting older ones does: the list keeps the start seqs
/// side by side, so that the search reads a run of integers, not the activities.
public struct ActivityList: RandomAccessCollection, Sendable {
  /// The activities, after ``spent`` slots at the front that are no longer in the list.
  @usableFromInline internal private(set) var storage: [Activity] = []
  /// The start seq of each activity of ``storage``, slot for slot (ascending).
  private var startSeqs: [Int] = []
  /// How many slots at the front of ``storage`` and ``startSeqs`` are spent.
  @usableFromInline internal private(set) var spent = 0
  /// The spent slots are dropped once they are as many as the activities kept, and at
  /// least this many.
  private static let minimumCompaction = 16

  /// Room made at the first activity.
  private static let initialCapacity = 16

  /// An empty list.
  public init() {}

  /// The position of the activity started first: 0.
  @inlinable public var startIndex: Int { 0 }
  /// The position after the activity started last: the number of activities.
  @inlinable public var endIndex: Int { storage.count - spent }

  /// The activity at `position`, changed in place.
  @inlinable public internal(set) subscript(position: Int) -> Activity {
    _read { yield storage[spent + position] }
    _modify { yield &storage[spent + position] }
  }

  /// The position of the activity started by event `startSeq`. Start seqs are distinct
  /// integers in ascending order, so one that is `d` later than another is at most `d` slots
  /// after it: `startSeq` lies within `startSeq - first` slots of the first activity's and
  /// `last - startSeq` of the last one's. The search halves what lies within both: the
  /// activities started last, which events name most, are a few steps away, and where few
  /// events but starts came between, as when a day of activities is dismissed in start
  /// order, the bounds meet at once.
  func position(startedBy startSeq: Int) -> Int? {
    // Read in place: every step of the search stays within the array.
    startSeqs.withUnsafeBufferPointer { startSeqs in
      let end = startSeqs.count
      guard end > spent, startSeqs[spent] <= startSeq, startSeq <= startSeqs[end - 1] else {
        return nil
      }
      let kept = end - spent
      var low = end - 1 - Swift.min(kept - 1, startSeqs[end - 1] - startSeq)
      var high = spent + Swift.min(kept - 1, startSeq - startSeqs[spent]) + 1
      // Every start seq before `low` is earlier than `startSeq`; every one from `high` on
      // is later, or it.
      while low < high {
        let middle = (low + high) / 2
        if startSeqs[middle] < startSeq {
          low = middle + 1
        } else {
          high = middle
        }
      }
      return low < end && startSeqs[low] == startSeq ? low - spent : nil
    }
  }

  /// Adds `activity` at the end: the activity started last.
  mutating func append(_ activity: consuming Activity) {
    let startSeq = activity.startSeq
    precondition(startSeqs.last.map { $0 < startSeq } ?? true, "not in start order")
    // Room for an island's first activities at once: the list does not grow at every
    // doubling, copying the activities each time.
    if storage.isEmpty {
      storage.reserveCapacity(ActivityList.initialCapacity)
      startSeqs.reserveCapacity(ActivityList.initialCapacity)
    }
    storage.append(activity)
    startSeqs.append(startSeq)
  }

  /// Takes out the activity at `position`; those after it move down by one.
  mutating func remove(at position: Int) {
    precondition(indices.contains(position), "no activity at \(position)")
    if position < count - 1 - position {
      // The activities before it move up by one as memory (copied value by value, each
      // would be retained and released), and it takes the front slot, spent.
      let front = spent
      storage.withUnsafeMutableBufferPointer { buffer in
        guard let first = buffer.baseAddress.map({ $0 + front }) else { return }
        // The forgotten activity goes now, whole, not when the spent slots are dropped.
        (first + position).deinitialize(count: 1)
        (first + 1).moveInitialize(from: first, count: position)
        first.initialize(to: .vacant)
      }
      for slot in stride(from: spent + position, to: spent, by: -1) {
        startSeqs[slot] = startSeqs[slot - 1]
      }
      spent += 1
      if spent >= Swift.max(ActivityList.minimumCompaction, count) {
        storage.removeFirst(spent)
        startSeqs.removeFirst(spent)
        spent = 0
      }
    } else {
      storage.remove(at: spent + position)
      startSeqs.remove(at: spent + position)
    }
  }
}

extension ActivityList: Equatable {
  /// The same activities in the same order, whatever slots either has spent.
  public static func == (left: ActivityList, right: ActivityList) -> Bool {
    left.elementsEqual(right)
  }
}
