/// The index of each activity id in the state's activity list: an open-addressing hash
/// table of positions, looked up on every update and end.
///
/// It holds no strings: a slot keeps a position in the activity list and the id's hash,
/// and a lookup compares ids only when hashes match. The hash is a fixed function of the
/// id's bytes (no per-process seed), and nothing ever iterates the table, so no result
/// depends on it beyond the lookup.
struct ActivityIndex: Equatable, Hashable, Sendable {
  /// Each slot: 0 when empty, else the activity's position plus one in the low 32 bits
  /// and the top 32 bits of its id's hash above.
  private var slots: [UInt64] = []
  /// How many ids it holds.
  private(set) var count = 0

  /// The position of the activity with id `id` in `activities`.
  func position(of id: String, in activities: [Activity]) -> Int? {
    guard !slots.isEmpty else { return nil }
    let hash = ActivityIndex.hash(id)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if entry >> 32 == hash >> 32 {
        let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
        if activities[position].attributes.id == id { return position }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Records that the activity with id `id` (not yet recorded) is at `position`.
  mutating func insert(_ id: String, at position: Int) {
    if (count + 1) * 2 > slots.count { grow() }
    place(hash: ActivityIndex.hash(id), position: position)
    count += 1
  }

  private mutating func place(hash: UInt64, position: Int) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(position + 1)
  }

  /// Doubles the table. A slot keeps only the top half of the hash, so the entries are
  /// placed again by their stored halves mixed again: the same for every process.
  private mutating func grow() {
    let old = slots
    slots = Array(repeating: 0, count: max(16, old.count * 2))
    for entry in old where entry != 0 {
      place(
        hash: ActivityIndex.mix(entry >> 32) & 0x0000_0000_FFFF_FFFF | entry
          & 0xFFFF_FFFF_0000_0000,
        position: Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1)
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
    let mixed = mix(state ^ tail)
    // The low half chooses the slot; the top half, kept in the slot, must choose it again
    // when the table grows.
    return mixed & 0xFFFF_FFFF_0000_0000 | mix(mixed >> 32) & 0x0000_0000_FFFF_FFFF
  }

  /// SplitMix64's finaliser (Steele, Lea, Flood 2014).
  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
