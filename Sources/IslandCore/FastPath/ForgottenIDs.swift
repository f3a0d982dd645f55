/// The ids of the activities the state has forgotten, kept compactly: one 64-bit key each in
/// an open-addressing table (at most 16 bytes an id, whatever its length), so that a journal
/// of a million activities stays within its memory (a set of strings took 74 MB to 204 MB).
///
/// A key is exact for an id of up to 10 characters (the id's characters, 66 of them allowed,
/// written as a number in bijective base 66, which is below 2^63): a start under such an id
/// is refused exactly when it was used. A longer id's key is a 63-bit hash of its bytes
/// with the top bit set, so that no long id's key equals a short one's: a fresh long id is
/// refused as already used only if its hash equals a forgotten one's, a chance of about
/// n / 2^63 for n forgotten ids (10^-13 per start at a million). A forgotten id is never
/// missed.
///
/// The table is never iterated for a result: no order depends on it.
struct ForgottenIDs: Sendable {
  /// 0 for an empty slot, else a key (never 0).
  private var slots: [UInt64] = []
  /// How many ids it holds.
  private(set) var count = 0

  /// Whether `id` was forgotten (see the type's note for long ids).
  func contains(_ id: String) -> Bool { contains(HashedID(id)) }

  /// Whether `id` was forgotten (see the type's note for long ids).
  func contains(_ id: HashedID) -> Bool {
    guard !slots.isEmpty else { return false }
    let key = ForgottenIDs.key(id)
    let mask = slots.count - 1
    var slot = ForgottenIDs.slot(of: key, mask: mask)
    while true {
      let entry = slots[slot]
      if entry == 0 { return false }
      if entry == key { return true }
      slot = (slot + 1) & mask
    }
  }

  /// Records `id` as forgotten.
  mutating func insert(_ id: HashedID) {
    let key = ForgottenIDs.key(id)
    if (count + 1) * 4 > slots.count * 3 { grow() }
    if place(key) { count += 1 }
  }

  /// Places `key`; false when it was there already.
  private mutating func place(_ key: UInt64) -> Bool {
    let mask = slots.count - 1
    var slot = ForgottenIDs.slot(of: key, mask: mask)
    while slots[slot] != 0 {
      if slots[slot] == key { return false }
      slot = (slot + 1) & mask
    }
    slots[slot] = key
    return true
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: 0, count: max(16, old.count * 2))
    for key in old where key != 0 { _ = place(key) }
  }

  private static func slot(of key: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: HashedID.mix(key)) & mask
  }

  /// The id's key: exact for up to 10 characters, its tagged hash for longer ones.
  static func key(_ id: HashedID) -> UInt64 {
    let code = id.id.withUTF8Bytes { bytes in bytes.count <= 10 ? exactCode(bytes) : nil }
    return code ?? id.hash | 1 << 63
  }

  /// The bytes as a number in bijective base 66 over the id alphabet; nil for a byte outside
  /// it (a forgotten id never has one: only valid ids start).
  private static func exactCode(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    var code: UInt64 = 0
    for byte in bytes {
      guard let digit = digit(of: byte) else { return nil }
      code = code * 66 + digit
    }
    return code
  }

  /// 1 to 66 for `A-Z a-z 0-9 . _ - :`.
  private static func digit(of byte: UInt8) -> UInt64? {
    switch byte {
    case 0x41...0x5A: return UInt64(byte - 0x41) + 1
    case 0x61...0x7A: return UInt64(byte - 0x61) + 27
    case 0x30...0x39: return UInt64(byte - 0x30) + 53
    case UInt8(ascii: "."): return 63
    case UInt8(ascii: "_"): return 64
    case UInt8(ascii: "-"): return 65
    case UInt8(ascii: ":"): return 66
    default: return nil
    }
  }
}

extension ForgottenIDs: Equatable {
  /// The same ids, whatever order they were forgotten in (and so wherever they sit).
  static func == (left: ForgottenIDs, right: ForgottenIDs) -> Bool {
    guard left.count == right.count else { return false }
    if left.slots == right.slots { return true }
    for key in left.slots where key != 0 && !right.containsKey(key) { return false }
    return true
  }

  private func containsKey(_ key: UInt64) -> Bool {
    guard !slots.isEmpty else { return false }
    let mask = slots.count - 1
    var slot = ForgottenIDs.slot(of: key, mask: mask)
    while slots[slot] != 0 {
      if slots[slot] == key { return true }
      slot = (slot + 1) & mask
    }
    return false
  }
}
