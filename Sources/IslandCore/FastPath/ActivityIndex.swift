/// The index of each activity id in the state's activity list: an open-addressing hash
/// table of start seqs, looked up on every start, update and end.
///
/// It holds no strings: a slot keeps the id's hash (``HashedID``) and the activity's start
/// seq, which finds its position in the list (``ActivityList/position(startedBy:)``); a lookup
/// compares ids only when hashes match. Start seqs, unlike positions, never change when
/// older activities are forgotten: forgetting one removes its slot and moves nothing else.
/// Nothing ever iterates the table, so no result depends on it beyond the lookup.
///
/// An activity's position is its start's rank among the starts recorded, less the activities
/// forgotten before it; those forgotten are usually older than the live ones an update or
/// an end names. So a lookup first tries the rank less every activity forgotten, which the
/// start seq there confirms, and searches the list only when that is not it.
struct ActivityIndex: Equatable, Hashable, Sendable {
  /// The table's slots: one array, so that a probe reads a slot's tag, start seq and rank
  /// together, and a change of a slot checks the array once.
  private var slots: [Slot] = []
  /// How many ids it holds.
  private(set) var count = 0
  /// How many activities it recorded, and how many of them it forgot since.
  private var recorded = 0
  private var forgotten = 0

  /// One slot of the table.
  private struct Slot: Equatable, Hashable, Sendable {
    /// 0 when empty, else its id's hash with the top bit set (so that no used slot is 0).
    var tag: UInt64 = 0
    /// The start seq of its activity.
    var startSeq = 0
    /// The rank of its activity among the activities recorded (from 0).
    var rank = 0

    /// No activity's.
    static let empty = Slot()
  }

  /// The position of the activity with id `id` in `activities`: hashed here, not kept with
  /// its hash, so that the id is only read.
  func position(of id: String, in activities: ActivityList) -> Int? {
    position(of: id, hash: HashedID.hash(of: id), in: activities)
  }

  /// The position of the activity with id `id` in `activities`.
  func position(of id: HashedID, in activities: ActivityList) -> Int? {
    position(of: id.id, hash: id.hash, in: activities)
  }

  /// The position of the activity with id `id`, whose hash is `hash`, in `activities`.
  private func position(of id: String, hash: UInt64, in activities: ActivityList) -> Int? {
    guard !slots.isEmpty else { return nil }
    let tag = ActivityIndex.tag(hash)
    let mask = slots.count - 1
    var slot = ActivityIndex.home(of: tag, mask: mask)
    while true {
      let entry = slots[slot]
      if entry.tag == 0 { return nil }
      if entry.tag == tag,
        let position = ActivityIndex.position(
          rank: entry.rank - forgotten, startSeq: entry.startSeq, in: activities),
        activities[position].attributes.id == id
      {
        return position
      }
      slot = (slot + 1) & mask
    }
  }

  /// The position in `activities` of the activity started by event `startSeq`: `guess`
  /// when it is there, else searched.
  private static func position(rank guess: Int, startSeq: Int, in activities: ActivityList)
    -> Int?
  {
    if guess >= 0, guess < activities.count, activities[guess].attributes.startSeq == startSeq {
      return guess
    }
    return activities.position(startedBy: startSeq)
  }

  /// Records that the activity with id `id` (not yet recorded) started with event
  /// `startSeq`, appended to the activity list.
  mutating func insert(_ id: HashedID, startSeq: Int) {
    if (count + 1) * 2 > slots.count { grow() }
    place(Slot(tag: ActivityIndex.tag(id.hash), startSeq: startSeq, rank: recorded))
    count += 1
    recorded += 1
  }

  /// Forgets the activity with id `id`, started with event `startSeq`: its slot is emptied
  /// and the slots after it in its run move back where they belong (no tombstones).
  mutating func remove(_ id: HashedID, startSeq: Int) {
    guard !slots.isEmpty else { return }
    let mask = slots.count - 1
    var slot = ActivityIndex.home(of: ActivityIndex.tag(id.hash), mask: mask)
    while slots[slot].tag != 0, slots[slot].startSeq != startSeq { slot = (slot + 1) & mask }
    guard slots[slot].tag != 0 else { return }
    slots[slot] = .empty
    count -= 1
    forgotten += 1
    var next = (slot + 1) & mask
    while slots[next].tag != 0 {
      let home = ActivityIndex.home(of: slots[next].tag, mask: mask)
      // The entry at `next` may fill the hole when the hole lies on its way from its home.
      let distanceToHole = (slot - home) & mask
      let distanceToNext = (next - home) & mask
      if distanceToHole < distanceToNext {
        slots[slot] = slots[next]
        slots[next] = .empty
        slot = next
      }
      next = (next + 1) & mask
    }
  }

  private mutating func place(_ entry: Slot) {
    let mask = slots.count - 1
    var slot = ActivityIndex.home(of: entry.tag, mask: mask)
    while slots[slot].tag != 0 { slot = (slot + 1) & mask }
    slots[slot] = entry
  }

  /// What a slot keeps of an id whose hash is `hash`: the hash, never 0.
  private static func tag(_ hash: UInt64) -> UInt64 { hash | 1 << 63 }

  /// The slot an entry of tag `tag` is placed from: the low bits of its hash.
  private static func home(of tag: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: tag) & mask
  }

  /// Doubles the table, placing every entry again from its tag.
  private mutating func grow() {
    let old = slots
    slots = Array(repeating: .empty, count: max(16, old.count * 2))
    for entry in old where entry.tag != 0 { place(entry) }
  }
}
