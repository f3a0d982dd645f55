import IslandCore

/// The strings a journal's decoder made lately, found again by their bytes.
///
/// Activity ids, app names, field names and many values come back line after line: handing
/// out the string made before saves checking its bytes as UTF-8, making it again and, for
/// one too long to be stored inline, allocating it. A fixed number of slots, each holding
/// the last short string whose bytes hash to it: memory does not grow with the journal, and
/// a string that never comes back costs only its hash.
package struct RecentStrings {
  /// The longest string kept, in bytes: longer ones (sentences) seldom come back.
  package static let longestKept = 32

  /// Each slot's key, and its string at the same position.
  private var keys: [ShortBytes]
  private var strings: [String]
  /// How far a hash is shifted right to leave its slot: its top bits, which every byte of
  /// the string reaches (a multiplication carries a byte's bits up, never down).
  private let slotShift: UInt64

  /// Room for `2^bits` strings (none for 0).
  package init(slotBits bits: Int) {
    keys = bits == 0 ? [] : Array(repeating: ShortBytes(), count: 1 << bits)
    strings = bits == 0 ? [] : Array(repeating: "", count: 1 << bits)
    slotShift = UInt64(64 - bits)
  }

  /// The string of `bytes`: the one made before from the same bytes, or else `make()`'s,
  /// kept for next time.
  package mutating func string<Failure: Error>(
    _ bytes: UnsafeBufferPointer<UInt8>, make: () throws(Failure) -> String
  ) throws(Failure) -> String {
    try string(bytes, readable: bytes.count, make: make)
  }

  /// The string of `bytes` as ``string(_:make:)`` hands it out, where the `readable` bytes
  /// from their start (as many as `bytes` or more: the rest of the line they are in) may be
  /// read: their words are then loaded in place, not copied out first.
  @inline(__always)
  package mutating func string<Failure: Error>(
    _ bytes: UnsafeBufferPointer<UInt8>, readable: Int, make: () throws(Failure) -> String
  ) throws(Failure) -> String {
    let count = bytes.count
    guard count <= RecentStrings.longestKept, !keys.isEmpty else { return try make() }
    let key = ShortBytes(bytes, readable: readable)
    let words = key.words
    // Only the words that hold bytes are mixed in.
    let mixer: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = (UInt64(count) ^ words.0) &* mixer
    if count > 8 {
      hash = (hash ^ words.1) &* mixer
      if count > 16 {
        hash = (hash ^ words.2) &* mixer
        if count > 24 { hash = (hash ^ words.3) &* mixer }
      }
    }
    let index = Int(truncatingIfNeeded: hash >> slotShift)
    if keys[index] == key { return strings[index] }
    let string = try make()
    keys[index] = key
    strings[index] = string
    return string
  }
}
