/// The ids of the activities the state has forgotten, an exact set of their 64-bit keys kept
/// close to the fewest bits that can tell that many keys apart, so that a journal of millions
/// of activities stays within its memory, and with no step that rebuilds the whole set.
///
/// A key is exact for an id of up to 10 characters (the id's characters, 66 of them allowed,
/// written as a number in bijective base 66, which is below 2^63): a start under such an id
/// is refused exactly when it was used. A longer id's key is a 63-bit hash of its bytes
/// with the top bit set, so that no long id's key equals a short one's: a fresh long id is
/// refused as already used only if its hash equals a forgotten one's, a chance of about
/// n / 2^63 for n forgotten ids (10^-13 per start at a million). A forgotten id is never
/// missed. The set itself is exact on the keys: it answers whether that very key was
/// inserted, never a guess.
///
/// How it is kept (extendible hashing over sorted, succinct buckets):
/// - Each key is first mixed (``HashedID/mix(_:)``, a bijection of 64-bit numbers), so that
///   the clustered keys of short ids (consecutive numbers for `a1`, `a2`, ...) spread evenly;
///   the set holds the mixed keys, and a mixed key stands for exactly one key.
/// - A small directory, indexed by a mixed key's first bits, leads to the bucket of the keys
///   that begin with those bits. A bucket that fills splits in two by its next bit: only that
///   bucket is rebuilt, and the directory doubles when a bucket is as deep as it is.
/// - A bucket keeps each key's remaining bits sorted in Elias–Fano form (``Bucket``), a few
///   bits above the least its keys' spread allows, with a few recent keys beside them in full
///   until they are merged in. An insert's work is bounded by a bucket's size, whatever the
///   number of ids forgotten.
///
/// The set is never iterated for a result: no order depends on it, and two sets are equal
/// when they hold the same keys, whatever order the ids were forgotten in.
struct ForgottenIDs: Sendable {
  /// For each value of a mixed key's first ``directoryDepth`` bits, the index in ``buckets``
  /// of the bucket holding the keys that begin so (a bucket less deep than the directory has
  /// a run of entries). Empty until the first id is forgotten.
  private var directory: [UInt32] = []
  /// How many of a mixed key's first bits index the directory.
  private var directoryDepth = 0
  /// The buckets, in the order they were made.
  private var buckets: [Bucket] = []
  /// How many ids it holds.
  private(set) var count = 0

  /// Whether `id` was forgotten (see the type's note for long ids).
  func contains(_ id: String) -> Bool { contains(HashedID(id)) }

  /// Whether `id` was forgotten (see the type's note for long ids).
  func contains(_ id: HashedID) -> Bool { contains(key: ForgottenIDs.key(id)) }

  /// Records `id` as forgotten.
  mutating func insert(_ id: HashedID) { insert(key: ForgottenIDs.key(id)) }

  /// Whether it holds `key`.
  func contains(key: UInt64) -> Bool {
    guard !directory.isEmpty else { return false }
    let value = HashedID.mix(key)
    return buckets[bucketIndex(of: value)].contains(value)
  }

  /// Adds `key` (nothing if it holds it already).
  mutating func insert(key: UInt64) {
    if directory.isEmpty {
      directory = [0]
      buckets = [Bucket(depth: 0, sortedSuffixes: [])]
    }
    let value = HashedID.mix(key)
    var index = bucketIndex(of: value)
    guard !buckets[index].contains(value) else { return }
    while buckets[index].isStagingFull {
      if buckets[index].count >= Bucket.capacity, canSplit(index) {
        split(index, holding: value)
        index = bucketIndex(of: value)
      } else {
        buckets[index].mergeStaging()
      }
    }
    buckets[index].stage(value)
    count += 1
  }

  /// The bytes the set's storage takes, its allocations' own headers included.
  var storageBytes: Int {
    let arrayHeader = 32
    let bucketWords = buckets.reduce(0) { $0 + $1.words.capacity }
    return arrayHeader + directory.capacity * MemoryLayout<UInt32>.stride + arrayHeader
      + buckets.capacity * MemoryLayout<Bucket>.stride + buckets.count * arrayHeader
      + bucketWords * MemoryLayout<UInt64>.stride
  }

  private func bucketIndex(of value: UInt64) -> Int {
    Int(directory[Int(ForgottenIDs.firstBits(of: value, count: directoryDepth))])
  }

  /// The first `count` bits of `value` as a number (0 for none).
  private static func firstBits(of value: UInt64, count: Int) -> UInt64 {
    count == 0 ? 0 : value &>> UInt64(64 - count)
  }

  /// Whether the bucket at `index` may split: always when the directory is deeper than it;
  /// otherwise only while the directory is small beside the buckets, so that keys crowding
  /// in one narrow range (which no fixed mixer rules out) make their bucket grow instead of
  /// doubling the directory again and again.
  private func canSplit(_ index: Int) -> Bool {
    Int(buckets[index].depth) < directoryDepth
      || directory.count < max(1 << 10, 16 * buckets.count)
  }

  /// Splits the bucket at `index`, the one `value` belongs to, in two by its next bit: the
  /// keys with that bit clear stay, the others go to a new bucket.
  private mutating func split(_ index: Int, holding value: UInt64) {
    let depth = Int(buckets[index].depth)
    if depth == directoryDepth {
      directory = (0..<2 * directory.count).map { directory[$0 >> 1] }
      directoryDepth += 1
    }
    let suffixes = buckets[index].sortedSuffixes()
    let nextBit: UInt64 = 1 &<< UInt64(63 - depth)
    let half = suffixes.firstIndex { $0 & nextBit != 0 } ?? suffixes.count
    buckets[index] = Bucket(depth: depth + 1, sortedSuffixes: Array(suffixes[..<half]))
    buckets.append(
      Bucket(depth: depth + 1, sortedSuffixes: suffixes[half...].map { $0 & ~nextBit }))
    // The bucket's entries are a run of 2^(directoryDepth - depth); the upper half of the run
    // is the new bucket's.
    let run = 1 << (directoryDepth - depth)
    let start = Int(ForgottenIDs.firstBits(of: value, count: depth)) << (directoryDepth - depth)
    let newIndex = UInt32(buckets.count - 1)
    for entry in (start + run / 2)..<(start + run) { directory[entry] = newIndex }
  }

  /// The mixed keys in increasing order, bucket after bucket in the order of their first bits.
  private func sortedValues() -> some Sequence<UInt64> {
    var starts: [(prefix: UInt64, bucket: Int)] = []
    var entry = 0
    while entry < directory.count {
      let bucket = Int(directory[entry])
      let prefix = directoryDepth == 0 ? 0 : UInt64(entry) &<< UInt64(64 - directoryDepth)
      starts.append((prefix, bucket))
      entry += 1 << (directoryDepth - Int(buckets[bucket].depth))
    }
    return starts.lazy.flatMap { start in
      buckets[start.bucket].sortedSuffixes().lazy.map { start.prefix | $0 }
    }
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
  /// The same ids, whatever order they were forgotten in (and so however they are kept).
  static func == (left: ForgottenIDs, right: ForgottenIDs) -> Bool {
    left.count == right.count && left.sortedValues().elementsEqual(right.sortedValues())
  }
}

extension ForgottenIDs {
  /// The mixed keys that begin with one run of first bits (the bucket's `depth` of them),
  /// each kept as its remaining bits, its suffix, in one array of words:
  /// - first ``stagingSlots`` words: the keys staged since the last merge, sorted, in full;
  /// - then the Elias–Fano form of the merged ones, in increasing order: each suffix's low
  ///   ``lowBitCount`` bits packed one after another, and its high bits, the rest, as a
  ///   one at position `high + index` of a bit string (so each high value is the number of
  ///   zeros before its one).
  ///
  /// With the low bits chosen from the number of keys and the width of their suffixes, a
  /// key takes about two bits more than the logarithm of the suffixes' range per key,
  /// whatever their spread.
  fileprivate struct Bucket: Sendable {
    /// How many keys a bucket holds before it splits.
    static let capacity = 1024
    /// How many keys a bucket stages before it merges them into its Elias–Fano form.
    static let stagingSlots = 32

    /// The staged keys, the low bits, then the high bits.
    private(set) var words: [UInt64]
    /// How many keys are in the Elias–Fano form.
    private var mergedCount: UInt32
    /// How many keys are staged.
    private var stagedCount: UInt8
    /// How many low bits of each merged suffix are packed.
    private var lowBitCount: UInt8
    /// How many first bits its keys share.
    let depth: UInt8

    /// A bucket holding `sortedSuffixes` (increasing, each below 2^(64 - depth)), all merged.
    init(depth: Int, sortedSuffixes suffixes: [UInt64]) {
      let count = suffixes.count
      let suffixBits = 64 - depth
      let lowBits = count == 0 ? 0 : max(0, suffixBits - (Int.bitWidth - count.leadingZeroBitCount))
      let highBitCount = suffixes.last.map { count + Int($0 &>> UInt64(lowBits)) + 1 } ?? 0
      let lowStart = Bucket.stagingSlots
      let highStart = lowStart + (count * lowBits + 63) / 64
      words = Array(repeating: 0, count: highStart + (highBitCount + 63) / 64)
      for (index, suffix) in suffixes.enumerated() {
        if lowBits > 0 {
          let low = suffix & Bucket.mask(lowBits)
          let bit = index * lowBits
          words[lowStart + bit / 64] |= low &<< UInt64(bit % 64)
          if bit % 64 + lowBits > 64 {
            words[lowStart + bit / 64 + 1] |= low &>> UInt64(64 - bit % 64)
          }
        }
        let bit = Int(suffix &>> UInt64(lowBits)) + index
        words[highStart + bit / 64] |= 1 &<< UInt64(bit % 64)
      }
      mergedCount = UInt32(count)
      stagedCount = 0
      lowBitCount = UInt8(lowBits)
      self.depth = UInt8(depth)
    }

    /// How many keys it holds.
    var count: Int { Int(mergedCount) + Int(stagedCount) }

    var isStagingFull: Bool { Int(stagedCount) == Bucket.stagingSlots }

    /// Whether it holds the mixed key `value` (one that begins with its first bits).
    func contains(_ value: UInt64) -> Bool {
      let suffix = value & (UInt64.max &>> UInt64(depth))
      let slot = stagingSlot(of: suffix)
      if slot < stagedCount, words[slot] == suffix { return true }
      return mergedContains(suffix)
    }

    /// Stages the mixed key `value`, one it does not hold, with room to stage it.
    mutating func stage(_ value: UInt64) {
      let suffix = value & (UInt64.max &>> UInt64(depth))
      let slot = stagingSlot(of: suffix)
      var index = Int(stagedCount)
      while index > slot {
        words[index] = words[index - 1]
        index -= 1
      }
      words[slot] = suffix
      stagedCount += 1
    }

    /// Merges the staged keys into the Elias–Fano form.
    mutating func mergeStaging() {
      self = Bucket(depth: Int(depth), sortedSuffixes: sortedSuffixes())
    }

    /// Every suffix it holds, in increasing order.
    func sortedSuffixes() -> [UInt64] {
      var merged: [UInt64] = []
      merged.reserveCapacity(count)
      let highStart = self.highStart
      for wordIndex in highStart..<words.count {
        var word = words[wordIndex]
        while word != 0 {
          let bit = (wordIndex - highStart) * 64 + word.trailingZeroBitCount
          let index = merged.count
          merged.append(UInt64(bit - index) &<< UInt64(lowBitCount) | lowBits(at: index))
          word &= word &- 1
        }
      }
      guard stagedCount > 0 else { return merged }
      var all: [UInt64] = []
      all.reserveCapacity(count)
      var next = 0
      for staged in words[..<Int(stagedCount)] {
        while next < merged.count, merged[next] < staged {
          all.append(merged[next])
          next += 1
        }
        all.append(staged)
      }
      all.append(contentsOf: merged[next...])
      return all
    }

    /// Where the staged keys' order puts `suffix`: the first staged one not below it.
    private func stagingSlot(of suffix: UInt64) -> Int {
      var lower = 0
      var upper = Int(stagedCount)
      while lower < upper {
        let middle = (lower + upper) / 2
        if words[middle] < suffix { lower = middle + 1 } else { upper = middle }
      }
      return lower
    }

    /// Whether `suffix` is among the merged keys: the keys with its high bits are the ones
    /// after the high bits' `high`-th zero, in increasing order of their low bits.
    private func mergedContains(_ suffix: UInt64) -> Bool {
      guard mergedCount > 0 else { return false }
      let high = suffix &>> UInt64(lowBitCount)
      let low = suffix & Bucket.mask(Int(lowBitCount))
      let highStart = self.highStart
      // Find the word holding the high-th zero, then the bit after it.
      var zerosToPass = Int(high)
      var wordIndex = highStart
      var bit = 0
      if zerosToPass > 0 {
        while true {
          guard wordIndex < words.count else { return false }
          let zeros = 64 - words[wordIndex].nonzeroBitCount
          if zeros >= zerosToPass { break }
          zerosToPass -= zeros
          wordIndex += 1
        }
        bit = Bucket.position(ofSetBit: zerosToPass, in: ~words[wordIndex]) + 1
      }
      var position = (wordIndex - highStart) * 64 + bit
      var index = position - Int(high)
      while true {
        let wordIndex = highStart + position / 64
        guard wordIndex < words.count, words[wordIndex] & (1 &<< UInt64(position % 64)) != 0
        else { return false }
        let candidate = lowBits(at: index)
        if candidate >= low { return candidate == low }
        position += 1
        index += 1
      }
    }

    /// The low bits of the merged key at `index`.
    private func lowBits(at index: Int) -> UInt64 {
      let lowBits = Int(lowBitCount)
      guard lowBits > 0 else { return 0 }
      let bit = index * lowBits
      let wordIndex = Bucket.stagingSlots + bit / 64
      var value = words[wordIndex] &>> UInt64(bit % 64)
      if bit % 64 + lowBits > 64 { value |= words[wordIndex + 1] &<< UInt64(64 - bit % 64) }
      return value & Bucket.mask(lowBits)
    }

    /// Where the high bits begin.
    private var highStart: Int {
      Bucket.stagingSlots + (Int(mergedCount) * Int(lowBitCount) + 63) / 64
    }

    /// The lowest `count` bits set (`count` below 64).
    private static func mask(_ count: Int) -> UInt64 { (1 &<< UInt64(count)) &- 1 }

    /// The position of the `rank`-th set bit of `word` (from 1, counting from the lowest
    /// bit), found by halving: `word` has at least `rank` set bits.
    private static func position(ofSetBit rank: Int, in word: UInt64) -> Int {
      var word = word
      var rank = rank
      var position = 0
      var width: UInt64 = 32
      while width > 0 {
        let lowerHalf = word & ((1 &<< width) &- 1)
        let ones = lowerHalf.nonzeroBitCount
        if ones < rank {
          rank -= ones
          word &>>= width
          position += Int(width)
        } else {
          word = lowerHalf
        }
        width /= 2
      }
      return position
    }
  }
}
