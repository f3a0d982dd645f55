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

  /// The bytes of a string of up to ``longestKept`` bytes, zero after its end.
  private typealias Words = (UInt64, UInt64, UInt64, UInt64)

  private struct Slot {
    var count = -1
    var words: Words = (0, 0, 0, 0)
    var string = ""
  }

  private var slots: [Slot]

  /// Room for `2^bits` strings (none for 0).
  package init(slotBits bits: Int) {
    slots = bits == 0 ? [] : Array(repeating: Slot(), count: 1 << bits)
  }

  /// The string of `bytes`: the one made before from the same bytes, or else `make()`'s,
  /// kept for next time.
  package mutating func string<Failure: Error>(
    _ bytes: UnsafeBufferPointer<UInt8>, make: () throws(Failure) -> String
  ) throws(Failure) -> String {
    guard bytes.count <= RecentStrings.longestKept, !slots.isEmpty else { return try make() }
    var words: Words = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
    var hash = UInt64(bytes.count)
    hash = (hash ^ words.0) &* 0x9E37_79B9_7F4A_7C15
    hash = (hash ^ words.1) &* 0x9E37_79B9_7F4A_7C15
    hash = (hash ^ words.2) &* 0x9E37_79B9_7F4A_7C15
    hash = (hash ^ words.3) &* 0x9E37_79B9_7F4A_7C15
    let index = Int(truncatingIfNeeded: hash >> 32) & (slots.count - 1)
    if slots[index].count == bytes.count, slots[index].words == words {
      return slots[index].string
    }
    let string = try make()
    slots[index] = Slot(count: bytes.count, words: words, string: string)
    return string
  }
}
