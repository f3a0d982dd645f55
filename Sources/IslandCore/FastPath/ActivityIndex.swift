/// The index of each activity id in the state's activity list: an open-addressing hash
/// table of start seqs, looked up on every update and end.
///
/// It holds no strings: a slot keeps the top half of the id's hash and the activity's start
/// seq, which finds its position in the list (in start order) by a binary search; a lookup
/// compares ids only when hashes match. Start seqs, unlike positions, never change when
/// older activities are forgotten: forgetting one removes its slot and moves nothing else.
/// The hash is a fixed function of the id's bytes (no per-process seed), and nothing ever
/// iterates the table, so no result depends on it beyond the lookup.
struct ActivityIndex: Equatable, Hashable, Sendable {
  /// Each slot: 0 when empty, else the top 32 bits of its id's hash (with the lowest bit
  /// set, so that no used slot is 0).
  private var slots: [UInt64] = []
  /// The start seq of each used slot's activity.
  private var startSeqs: [Int] = []
  /// How many ids it holds.
  private(set) var count = 0

  /// The position of the activity with id `id` in `activities`.
  func position(of id: String, in activities: ActivityList) -> Int? {
    guard !slots.isEmpty else { return nil }
    let hash = ActivityIndex.hash(id)
    let tag = ActivityIndex.tag(hash)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if entry == tag, let position = ActivityIndex.position(of: startSeqs[slot], in: activities),
        activities[position].attributes.id == id
      {
        return position
      }
      slot = (slot + 1) & mask
    }
  }

  /// The position of the activity started by event `startSeq` in `activities` (which are in
  /// start order), by a binary search.
  static func position(of startSeq: Int, in activities: ActivityList) -> Int? {
    var low = 0
    var high = activities.count
    while low < high {
      let middle = (low + high) / 2
      if activities[middle].attributes.startSeq < startSeq {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < activities.count && activities[low].attributes.startSeq == startSeq ? low : nil
  }

  /// Records that the activity with id `id` (not yet recorded) started with event
  /// `startSeq`.
  mutating func insert(_ id: String, startSeq: Int) {
    if (count + 1) * 2 > slots.count { grow() }
    place(hash: ActivityIndex.hash(id), startSeq: startSeq)
    count += 1
  }

  /// Forgets the activity with id `id`, started with event `startSeq`: its slot is emptied
  /// and the slots after it in its run move back where they belong (no tombstones).
  mutating func remove(_ id: String, startSeq: Int) {
    guard !slots.isEmpty else { return }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: ActivityIndex.hash(id)) & mask
    while slots[slot] != 0, startSeqs[slot] != startSeq { slot = (slot + 1) & mask }
    guard slots[slot] != 0 else { return }
    slots[slot] = 0
    count -= 1
    var next = (slot + 1) & mask
    while slots[next] != 0 {
      let home = ActivityIndex.home(of: slots[next], mask: mask)
      // The entry at `next` may fill the hole when the hole lies on its way from its home.
      let distanceToHole = (slot - home) & mask
      let distanceToNext = (next - home) & mask
      if distanceToHole < distanceToNext {
        slots[slot] = slots[next]
        startSeqs[slot] = startSeqs[next]
        slots[next] = 0
        slot = next
      }
      next = (next + 1) & mask
    }
  }

  private mutating func place(hash: UInt64, startSeq: Int) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = ActivityIndex.tag(hash)
    startSeqs[slot] = startSeq
  }

  /// What a slot keeps of `hash`: its top half, never 0.
  private static func tag(_ hash: UInt64) -> UInt64 { hash >> 32 | 1 }

  /// The slot an entry of tag `tag` is placed from.
  private static func home(of tag: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: mix(tag)) & mask
  }

  /// Doubles the table. A slot keeps only the top half of the hash, so the entries are
  /// placed again by their stored halves mixed again: the same for every process.
  private mutating func grow() {
    let old = slots
    let oldSeqs = startSeqs
    slots = Array(repeating: 0, count: max(16, old.count * 2))
    startSeqs = Array(repeating: 0, count: slots.count)
    for index in old.indices where old[index] != 0 {
      place(
        hash: ActivityIndex.mix(old[index]) & 0x0000_0000_FFFF_FFFF | old[index] << 32,
        startSeq: oldSeqs[index])
    }
  }

  /// A 64-bit hash of the id's UTF-8 bytes, eight at a time.
  static func hash(_ id: String) -> UInt64 {
    id.withUTF8Bytes(hash(bytes:))
  }

  private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var index = 0
    while index + 8 <= bytes.count {
      var word: UInt64 = 0
      for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (8 * offset) }
      state = mix(state ^ word)
      index += 8
    }
    var tail: UInt64 = 0
    for offset in 0..<(bytes.count - index) {
      tail |= UInt64(bytes[index + offset]) << (8 * offset)
    }
    // The top half, kept in the slot (its lowest bit set), chooses the slot again when the
    // table grows or an entry moves back: the low half is its mix.
    let top = mix(state ^ tail) >> 32 | 1
    return top << 32 | mix(top) & 0x0000_0000_FFFF_FFFF
  }

  /// SplitMix64's finaliser (Steele, Lea, Flood 2014).
  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
