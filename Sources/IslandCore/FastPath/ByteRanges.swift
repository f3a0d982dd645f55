/// A set of ASCII bytes given as a few ranges, whose check of a string reads eight bytes at
/// a time: the rule an id or a bundle id follows (``Validation``) asks it of every byte, and
/// ids are read at every start.
///
/// Eight ASCII bytes in a word, each plus the same number below 0x80, carry nothing into the
/// next: a byte's top bit in the sum says whether it reached that number's complement. So two
/// additions tell, for every byte at once, whether it is at or above a range's first byte and
/// whether it is above its last.
struct ByteRanges: Sendable {
  /// How many ranges it holds at most.
  private static let capacity = 5
  /// For each range, what a word adds to set the top bit of each byte at or above its first
  /// byte, and of each byte above its last (unused ranges admit no byte).
  private var bounds = InlineArray<5, (atLeast: UInt64, above: UInt64)>(
    repeating: ByteRanges.bounds(of: 0x7F, through: 0x7E))

  /// The bytes of `ranges` (one to five, within ASCII).
  init(_ ranges: ClosedRange<UInt8>...) {
    precondition(
      (1...ByteRanges.capacity).contains(ranges.count) && ranges.allSatisfy { $0.upperBound < 0x80 }
    )
    for (index, range) in ranges.enumerated() {
      bounds[index] = ByteRanges.bounds(of: range.lowerBound, through: range.upperBound)
    }
  }

  /// What a word adds to flag its bytes at or above `first`, and those above `last` (`first`
  /// above `last`: a range of no byte).
  private static func bounds(of first: UInt8, through last: UInt8) -> (UInt64, UInt64) {
    (repeated(0x80 - first), repeated(0x7F - last))
  }

  /// Whether every byte of `bytes` belongs.
  ///
  /// Inlined where a string is checked: a call is handed a copy of the ranges.
  @inline(__always)
  func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    guard count >= 8 else {
      // A short string's bytes in one word, the rest of it a byte that belongs.
      var word = UInt64(0)
      for index in 0..<8 {
        let byte = index < count ? bytes[index] : firstByte
        word |= UInt64(byte) &<< UInt64(8 * index)
      }
      return containsAll(word)
    }
    var index = 0
    while index + 8 <= count {
      guard containsAll(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) else {
        return false
      }
      index += 8
    }
    // The last eight bytes, some of them read already.
    return index == count
      || containsAll(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
  }

  /// Whether each of the eight bytes of `word` belongs.
  @inline(__always)
  private func containsAll(_ word: UInt64) -> Bool {
    let tops: UInt64 = 0x8080_8080_8080_8080
    guard word & tops == 0 else { return false }
    var admitted: UInt64 = 0
    for index in 0..<ByteRanges.capacity {
      let (atLeast, above) = bounds[index]
      admitted |= (word &+ atLeast) & ~(word &+ above)
    }
    return admitted & tops == tops
  }

  /// The first byte of the first range (a byte that belongs, when there is a range).
  private var firstByte: UInt8 { UInt8(truncatingIfNeeded: 0x80 &- bounds[0].atLeast) }

  /// `byte` in each of a word's eight bytes.
  private static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }
}
