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
///   bits above the least its keys' spread allows, with the keys added since it last merged
///   beside them in full. An insert stages its key; every few dozen inserts a bucket merges
///   its staged keys in (keeping a key added twice once), or splits when full. So an
///   insert's work is bounded by a bucket's size, whatever the number of ids forgotten.
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

  /// Adds `key` (nothing changes if it holds it already: a key staged twice, or staged
  /// while merged, is kept once when its bucket merges).
  mutating func insert(key: UInt64) {
    if directory.isEmpty {
      directory = [0]
      buckets = [Bucket(depth: 0, sortedSuffixes: [])]
    }
    let value = HashedID.mix(key)
    var index = bucketIndex(of: value)
    while buckets[index].isStagingFull {
      if buckets[index].count >= Bucket.capacity, canSplit(index) {
        split(index, holding: value)
        index = bucketIndex(of: value)
      } else {
        buckets[index].mergeStaging()
      }
    }
    buckets[index].stage(value)
  }

  /// For each bucket with keys staged, whether merging them by moving runs of bits
  /// (``Bucket/mergedByRuns()``) would write the words a rewrite of the bucket writes; nil
  /// for a bucket with none staged, or one the merge would rewrite. What a test checks the
  /// merge against.
  func mergesByRunsMatchRewrites() -> [Bool?] { buckets.map(\.mergeByRunsMatchesRewrite) }

  /// For each bucket, whether its staged keys dealt into runs and put in order within them
  /// (``Bucket/sortedStaged()``) are the staged keys sorted. What a test checks the deal
  /// against.
  func stagedDealsMatchSorts() -> [Bool] { buckets.map(\.stagedDealMatchesSort) }

  /// How many keys it holds, counted bucket by bucket (it reads the whole set).
  var count: Int { sortedValues().reduce(0) { total, _ in total + 1 } }

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

  /// The id's key: exact for up to 10 characters, its tagged hash for longer ones. A long
  /// id's bytes are not read: its length is the string's own, and its hash is made.
  @inline(__always)
  static func key(_ id: HashedID) -> UInt64 {
    guard id.id.utf8.count <= 10, let code = id.id.withUTF8Bytes(exactCode) else {
      return id.hash | 1 << 63
    }
    return code
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
    left.sortedValues().elementsEqual(right.sortedValues())
  }
}

extension ForgottenIDs {
  /// The mixed keys that begin with one run of first bits (the bucket's `depth` of them),
  /// each kept as its remaining bits, its suffix, in one array of words:
  /// - first the Elias–Fano form of the merged keys, in increasing order: each suffix's low
  ///   ``lowBitCount`` bits packed one after another, and its high bits, the rest, as a one
  ///   at position `high + index` of a bit string (so each high value is the number of zeros
  ///   before its one);
  /// - last the keys staged since the last merge, in full, in the order they came, with room
  ///   for a few more; the bucket notes which of 128 classes of low bits they have, so that
  ///   most look-ups need not read them.
  ///
  /// Beside the words, in the bucket itself, ``sampleCount`` samples of where the high bits
  /// of each eighth of the high values begin, so that a look-up reads only the high bits of
  /// its eighth. Kept with the bucket's counts rather than in its words: a look-up finds
  /// where to read the high bits without first reading the words, so that it waits for one
  /// read of them fewer.
  ///
  /// With the low bits chosen from the number of keys and the width of their suffixes, a
  /// merged key takes at most four bits more than the logarithm of the suffixes' range per
  /// key, whatever their spread. A merge rewrites the bucket, so staging many keys between
  /// merges keeps an insert's share of the rewriting small; the staged keys' room grows a
  /// few at a time, so that it costs little while few are staged, and a bucket is written
  /// with the room for its first few (each growth copies the bucket, and every bucket stages
  /// again soon after it is written: the keys come spread over all). An insert only stages: it
  /// reads nothing of the bucket but its end, and the merge drops a key it holds twice.
  fileprivate struct Bucket: Sendable {
    /// How many keys a bucket holds before it splits.
    static let capacity = 1024
    /// How many keys a bucket stages before it merges them into its Elias–Fano form.
    static let stagingSlots = 64
    /// How many staged keys' room is added at a time.
    static let stagingStep = 16
    /// How many parts the high values are sampled in.
    static let sampleCount = 8
    /// One position in the high bits for each of the ``sampleCount`` parts.
    typealias Samples = InlineArray<8, UInt32>

    /// The low bits, the high bits, then the staged keys.
    private(set) var words: [UInt64]
    /// Where in the high bits the keys of each eighth of the high values begin.
    private(set) var samples: Samples
    /// How many keys are in the Elias–Fano form.
    private var mergedCount: UInt32
    /// How many keys are staged.
    private var stagedCount: UInt8
    /// How many low bits of each merged suffix are packed.
    private var lowBitCount: UInt8
    /// How many low bits of a high value its sample's number leaves out.
    private var sampleShift: UInt8
    /// How many first bits its keys share.
    let depth: UInt8
    /// Bit `suffix % 128` set for each staged suffix.
    private var stagedClasses: UInt128 = 0

    /// A bucket holding `sortedSuffixes` (increasing, each below 2^(64 - depth)), all merged:
    /// their Elias–Fano form written word after word, and the samples of where each eighth
    /// of the high values begins. (The words are written through a buffer: a merge writes
    /// every key of its bucket, and the array's own checks on each write cost more than the
    /// writing.)
    init(depth: Int, sortedSuffixes suffixes: [UInt64]) {
      let count = suffixes.count
      let lowBits = Bucket.lowBitCount(count: count, depth: depth)
      let largestHigh = Int((suffixes.last ?? 0) &>> UInt64(lowBits))
      let shape = Shape(count: count, lowBits: lowBits, largestHigh: largestHigh)
      var samples = Samples(repeating: 0)
      let words = [UInt64](unsafeUninitializedCapacity: shape.wordCount + Bucket.stagingStep) {
        words, written in
        let words = UnsafeMutableBufferPointer(rebasing: words[..<shape.wordCount])
        words.initialize(repeating: 0)
        written = shape.wordCount
        suffixes.withUnsafeBufferPointer { suffixes in
          // The low bits, packed one after another.
          if lowBits > 0 {
            let lowMask = Bucket.mask(lowBits)
            var bit = 0
            for suffix in suffixes {
              Bucket.write(suffix & lowMask, bits: lowBits, at: bit, of: words)
              bit &+= lowBits
            }
          }
          // The high bits: the key at `index` sets bit `high + index`.
          for index in 0..<count {
            let high = Int(truncatingIfNeeded: suffixes[index] &>> UInt64(lowBits))
            let bit = shape.highStart &<< 6 &+ high &+ index
            words[bit &>> 6] |= 1 &<< UInt64(bit & 63)
          }
        }
        samples = shape.samples(of: words)
      }
      self.init(words: words, samples: samples, count: count, shape: shape, depth: depth)
    }

    /// A bucket of `words` holding `count` keys, all merged, in the form `shape` describes,
    /// with their `samples`.
    private init(words: [UInt64], samples: Samples, count: Int, shape: Shape, depth: Int) {
      self.words = words
      self.samples = samples
      mergedCount = UInt32(count)
      stagedCount = 0
      lowBitCount = UInt8(shape.lowBits)
      sampleShift = UInt8(shape.sampleShift)
      self.depth = UInt8(depth)
    }

    /// How many low bits of each of `count` suffixes (of a bucket `depth` deep) are packed:
    /// all but one more than it takes to write `count`. The high values then outnumber the
    /// keys two to four times, so that a look-up of a key not held (every start's) mostly
    /// finds no key of its high value, and reads no low bits: a read fewer, for a bit or less
    /// a key.
    private static func lowBitCount(count: Int, depth: Int) -> Int {
      count == 0 ? 0 : max(0, 63 - depth - (Int.bitWidth - count.leadingZeroBitCount))
    }

    /// Where the parts of the Elias–Fano form of `count` suffixes go, and how they are
    /// sampled, given their low bits and the largest of their high values.
    private struct Shape {
      let count: Int
      let lowBits: Int
      let largestHigh: Int
      /// How many low bits of a high value its sample's number leaves out: eight samples
      /// cover the high values.
      let sampleShift: Int
      /// Where the high bits begin.
      let highStart: Int
      /// How many bits the high bits take: a one for each key, and a zero after each high
      /// value up to the largest.
      let highBitCount: Int
      /// How many words the bucket takes, before any key is staged.
      let wordCount: Int

      init(count: Int, lowBits: Int, largestHigh: Int) {
        self.count = count
        self.lowBits = lowBits
        self.largestHigh = largestHigh
        sampleShift = max(0, Int.bitWidth - largestHigh.leadingZeroBitCount - 3)
        highStart = (count * lowBits + 63) / 64
        highBitCount = count == 0 ? 0 : count + largestHigh + 1
        wordCount = highStart + (highBitCount + 63) / 64
      }

      /// The samples, read from the high bits of `words`: the sample of an eighth is where
      /// its keys begin, after the zeros of the high values below it and the ones of the keys
      /// before it (the end, past the largest high value).
      func samples(of words: UnsafeMutableBufferPointer<UInt64>) -> Samples {
        var samples = Samples(repeating: 0)
        var sample = 1
        var position = 0
        var zerosBefore = 0
        // Each eighth's zero lies within the high bits: it is at most the largest high value.
        while sample < Bucket.sampleCount, sample &<< sampleShift <= largestHigh {
          let target = sample &<< sampleShift
          position = Bucket.position(
            afterZeros: target &- zerosBefore, from: position, ofBitsFrom: highStart,
            to: words.count, in: words)
          zerosBefore = target
          samples[sample] = UInt32(truncatingIfNeeded: position)
          sample += 1
        }
        while sample < Bucket.sampleCount {
          samples[sample] = UInt32(truncatingIfNeeded: sample &<< sampleShift &+ count)
          sample += 1
        }
        return samples
      }
    }

    /// How many keys it holds, a key staged twice (or staged and merged) counted twice.
    var count: Int { Int(mergedCount) + Int(stagedCount) }

    /// Whether it must merge (or split) before it stages another key.
    var isStagingFull: Bool { Int(stagedCount) == Bucket.stagingSlots }

    /// Whether it holds the mixed key `value` (one that begins with its first bits).
    func contains(_ value: UInt64) -> Bool {
      let suffix = value & (UInt64.max &>> UInt64(depth))
      if stagedClasses & (1 &<< UInt128(suffix & 127)) != 0,
        words[stagedStart...].contains(suffix)
      {
        return true
      }
      return mergedContains(suffix)
    }

    /// Stages the mixed key `value`: there is room to stage it.
    mutating func stage(_ value: UInt64) {
      let suffix = value & (UInt64.max &>> UInt64(depth))
      if words.count == words.capacity {
        // Room for a few more, the words copied at once (the array's own growth would copy
        // them one by one, and double its room).
        let grown = words.count + Bucket.stagingStep
        words = [UInt64](unsafeUninitializedCapacity: grown) { room, written in
          words.withUnsafeBytes { UnsafeMutableRawBufferPointer(room).copyMemory(from: $0) }
          written = words.count
        }
      }
      words.append(suffix)
      stagedCount += 1
      stagedClasses |= 1 &<< UInt128(suffix & 127)
    }

    /// Merges the staged keys into the Elias–Fano form: by moving the runs of bits between
    /// them (``mergedByRuns()``) where that gives the form a rewrite would, else by reading
    /// every suffix back and writing them all again.
    mutating func mergeStaging() {
      self = mergedByRuns() ?? Bucket(depth: Int(depth), sortedSuffixes: sortedSuffixes())
    }

    /// The bucket with its staged keys merged in, the merged keys' bits moved in runs: the
    /// low bits of the keys between two staged ones are one run of the packed low bits, and
    /// their high bits one run of the high bits, each moved by the number of staged keys
    /// before them. Every bit lands where a rewrite of the bucket would put it, so that the
    /// two give the same words; a staged key's place is found from the high bits, reading
    /// low bits only among keys of its high value. Nil when a rewrite would pack another
    /// number of low bits, and when a key is held twice (the rewrite keeps it once).
    private func mergedByRuns() -> Bucket? {
      let staged = sortedStaged()
      let lowBits = Int(lowBitCount)
      let oldCount = Int(mergedCount)
      let count = oldCount + staged.count
      guard oldCount > 0, Bucket.lowBitCount(count: count, depth: Int(depth)) == lowBits else {
        return nil
      }
      let lowMask = Bucket.mask(lowBits)
      let oldLargestHigh = Int(truncatingIfNeeded: largestMerged &>> UInt64(lowBits))
      let oldHighBitCount = oldCount + oldLargestHigh + 1
      let oldHighStart = highStart &<< 6
      let largestHigh = max(
        oldLargestHigh, Int(truncatingIfNeeded: staged[staged.count - 1] &>> UInt64(lowBits)))
      let shape = Shape(count: count, lowBits: lowBits, largestHigh: largestHigh)
      var repeated = false
      var samples = Samples(repeating: 0)
      let merged = words.withUnsafeBufferPointer { old in
        [UInt64](unsafeUninitializedCapacity: shape.wordCount + Bucket.stagingStep) {
          new, written in
          let new = UnsafeMutableBufferPointer(rebasing: new[..<shape.wordCount])
          // The low bits and the high bits, each written in order, every word once.
          var lowWriter = BitWriter(words: new, from: 0)
          var highWriter = BitWriter(words: new, from: shape.highStart)
          // Where the walk is in the old high bits, and the zeros and ones before it.
          var position = 0
          var zeros = 0
          var ones = 0
          // How many old keys' low bits, and how many old high bits, are written.
          var lowMoved = 0
          var highMoved = 0
          for (before, suffix) in staged.enumerated() {
            if before > 0, staged[before &- 1] == suffix {
              repeated = true
              return
            }
            let high = Int(truncatingIfNeeded: suffix &>> UInt64(lowBits))
            let low = suffix & lowMask
            // Past the zeros of the high values below `high`: past the old keys' end, or to
            // the `high`-th zero.
            if high > oldLargestHigh {
              position = high &+ oldCount
              zeros = high
              ones = oldCount
            }
            if zeros < high {
              // Within the old high bits: `high` is at most the old largest high value. The
              // bits passed that are not zeros are the old keys' ones.
              let next = Bucket.position(
                afterZeros: high &- zeros, from: position, ofBitsFrom: oldHighStart &>> 6,
                to: old.count, in: old)
              ones &+= next &- position &- (high &- zeros)
              zeros = high
              position = next
            }
            // Past the old keys of its high value with smaller low bits.
            while position < oldHighBitCount,
              old[(oldHighStart &+ position) &>> 6] & (1 &<< UInt64(position & 63)) != 0
            {
              let oldLow =
                lowBits == 0 ? 0 : Bucket.bits(lowBits, at: ones &* lowBits, of: old)
              if oldLow == low {
                repeated = true
                return
              }
              if oldLow > low { break }
              position &+= 1
              ones &+= 1
            }
            // The old keys' bits up to it, then its own.
            lowWriter.copy(bits: (ones &- lowMoved) &* lowBits, from: lowMoved &* lowBits, of: old)
            if lowBits > 0 { lowWriter.append(low, bits: lowBits) }
            lowMoved = ones
            let highEnd = min(position, oldHighBitCount)
            if highEnd > highMoved {
              highWriter.copy(bits: highEnd &- highMoved, from: oldHighStart &+ highMoved, of: old)
            }
            // The zeros of the high values past the old keys' end, up to its one.
            highWriter.skip(to: position &+ before)
            highWriter.append(1, bits: 1)
            highMoved = max(highMoved, position)
          }
          // The old keys after the last staged one.
          lowWriter.copy(
            bits: (oldCount &- lowMoved) &* lowBits, from: lowMoved &* lowBits, of: old)
          lowWriter.finish(at: shape.highStart)
          if oldHighBitCount > highMoved {
            highWriter.copy(
              bits: oldHighBitCount &- highMoved, from: oldHighStart &+ highMoved, of: old)
          }
          highWriter.finish(at: shape.wordCount)
          written = shape.wordCount
          samples = shape.samples(of: new)
        }
      }
      return repeated
        ? nil
        : Bucket(words: merged, samples: samples, count: count, shape: shape, depth: Int(depth))
    }

    /// The staged suffixes in increasing order (one staged twice is there twice): dealt by
    /// their first six bits into runs in the order of those bits, as many runs as a bucket
    /// stages keys, then each put in order within its run, a few steps at most where they
    /// are spread (a sort of the whole would compare each with many).
    private func sortedStaged() -> [UInt64] {
      let count = Int(stagedCount)
      // The suffixes are below 2^(64 - depth): their first six bits are a run's number.
      let shift = UInt64(max(0, 64 - Int(depth) - 6))
      return words.withUnsafeBufferPointer { words in
        let staged = UnsafeBufferPointer(rebasing: words[(words.count - count)...])
        return [UInt64](unsafeUninitializedCapacity: count) { sorted, written in
          // Where each run begins: the number of suffixes in the runs before it.
          var starts = InlineArray<65, UInt8>(repeating: 0)
          for suffix in staged { starts[Int(truncatingIfNeeded: suffix &>> shift) &+ 1] &+= 1 }
          for run in 1..<64 { starts[run &+ 1] &+= starts[run] }
          for suffix in staged {
            let run = Int(truncatingIfNeeded: suffix &>> shift)
            sorted.initializeElement(at: Int(starts[run]), to: suffix)
            starts[run] &+= 1
          }
          // In order within the runs: each suffix moves back past the larger ones of its run.
          for index in 1..<Swift.max(1, count) {
            let suffix = sorted[index]
            var slot = index
            while slot > 0, sorted[slot &- 1] > suffix {
              sorted[slot] = sorted[slot &- 1]
              slot &-= 1
            }
            sorted[slot] = suffix
          }
          written = count
        }
      }
    }

    /// Whether ``sortedStaged()`` gives the staged keys sorted.
    var stagedDealMatchesSort: Bool { sortedStaged() == words[stagedStart...].sorted() }

    /// Whether ``mergedByRuns()`` gives the words a rewrite gives; nil when nothing is staged
    /// or it would rewrite.
    var mergeByRunsMatchesRewrite: Bool? {
      guard stagedCount > 0, let merged = mergedByRuns() else { return nil }
      let rewritten = Bucket(depth: Int(depth), sortedSuffixes: sortedSuffixes())
      return merged.words == rewritten.words
        && merged.samples.indices.allSatisfy { merged.samples[$0] == rewritten.samples[$0] }
    }

    /// The largest merged suffix (0 for none): the last one of the high bits gives its high
    /// value, and the last packed low bits its low ones.
    private var largestMerged: UInt64 {
      guard mergedCount > 0 else { return 0 }
      var wordIndex = stagedStart - 1
      while words[wordIndex] == 0 { wordIndex -= 1 }
      let lastOne = (wordIndex - highStart) &<< 6 + (63 - words[wordIndex].leadingZeroBitCount)
      let last = Int(mergedCount) - 1
      let high = UInt64(lastOne - last)
      let lowBits = Int(lowBitCount)
      guard lowBits > 0 else { return high }
      return high &<< UInt64(lowBits)
        | Bucket.bits(lowBits, at: last * lowBits, of: words)
    }

    /// Writes `value`, of `count` bits (1 to 63), at bit `bit` of `words` (zero there).
    private static func write(
      _ value: UInt64, bits count: Int, at bit: Int, of words: UnsafeMutableBufferPointer<UInt64>
    ) {
      let offset = bit & 63
      words[bit &>> 6] |= value &<< UInt64(offset)
      if offset &+ count > 64 { words[bit &>> 6 &+ 1] |= value &>> UInt64(64 &- offset) }
    }

    /// Writes bits one after another into words, from a word on: each word is written once,
    /// when it is full (or at the end), so that the words need not be zeroed first, nor read
    /// back to add to them.
    private struct BitWriter {
      let words: UnsafeMutableBufferPointer<UInt64>
      /// Where the words begin.
      let start: Int
      /// The word being filled.
      private var index: Int
      /// Its bits so far, and how many.
      private var pending: UInt64 = 0
      private var filled = 0

      init(words: UnsafeMutableBufferPointer<UInt64>, from start: Int) {
        self.words = words
        self.start = start
        index = start
      }

      /// How many bits are written.
      var bitCount: Int { (index &- start) &<< 6 &+ filled }

      /// Writes `value`, of `count` bits (1 to 63).
      mutating func append(_ value: UInt64, bits count: Int) {
        pending |= value &<< UInt64(filled)
        filled &+= count
        if filled >= 64 {
          words[index] = pending
          index &+= 1
          filled &-= 64
          pending = filled == 0 ? 0 : value &>> UInt64(count &- filled)
        }
      }

      /// Writes zeros until `bitCount` bits are written (none if as many are).
      mutating func skip(to bitCount: Int) {
        filled &+= bitCount &- self.bitCount
        while filled >= 64 {
          words[index] = pending
          index &+= 1
          pending = 0
          filled &-= 64
        }
      }

      /// Writes `count` bits of `old` from bit `source` on: 64 at a time, each read from
      /// two words (the two shifts the same for the whole run), then the few left.
      mutating func copy(bits count: Int, from source: Int, of old: UnsafeBufferPointer<UInt64>) {
        let sourceOffset = UInt64(source & 63)
        var from = source &>> 6
        var rest = count
        if rest >= 64 {
          // In locals for the run: the words written might otherwise be taken to be the
          // writer's own, and its state read and written again at every word.
          let words = self.words
          let shift = UInt64(filled)
          var index = self.index
          var pending = self.pending
          // The pending bits, then the first of the value's; its last ones are pending next
          // (none when none were: shifted by one, then by 63 less the pending count).
          if sourceOffset == 0 {
            while rest >= 64 {
              let value = old[from]
              words[index] = pending | value &<< shift
              pending = (value &>> 1) &>> (63 &- shift)
              index &+= 1
              from &+= 1
              rest &-= 64
            }
          } else {
            while rest >= 64 {
              let value = old[from] &>> sourceOffset | old[from &+ 1] &<< (64 &- sourceOffset)
              words[index] = pending | value &<< shift
              pending = (value &>> 1) &>> (63 &- shift)
              index &+= 1
              from &+= 1
              rest &-= 64
            }
          }
          self.index = index
          self.pending = pending
        }
        if rest > 0 {
          append(Bucket.bits(rest, at: from &<< 6 &+ Int(sourceOffset), of: old), bits: rest)
        }
      }

      /// Writes the last word begun, and zeros up to word `end`.
      mutating func finish(at end: Int) {
        if filled > 0 {
          words[index] = pending
          index &+= 1
          pending = 0
          filled = 0
        }
        while index < end {
          words[index] = 0
          index &+= 1
        }
      }
    }

    /// Every suffix it holds, once each, in increasing order: the merged ones read back in
    /// order (the high bits from the ones of the high bits, the low bits from those packed),
    /// the staged ones sorted and put among them. (Read and written through buffers, as a
    /// bucket is written.)
    func sortedSuffixes() -> [UInt64] {
      let lowBits = Int(lowBitCount)
      let highStart = self.highStart
      let stagedStart = self.stagedStart
      let staged = sortedStaged()
      return words.withUnsafeBufferPointer { words in
        [UInt64](unsafeUninitializedCapacity: count) { suffixes, written in
          /// Writes `suffix` unless it was the last written.
          func write(_ suffix: UInt64) {
            if written > 0, suffixes[written &- 1] == suffix { return }
            suffixes.initializeElement(at: written, to: suffix)
            written &+= 1
          }
          var next = 0
          var lowBit = 0
          var index = 0
          for wordIndex in highStart..<stagedStart {
            var word = words[wordIndex]
            while word != 0 {
              let high = (wordIndex &- highStart) &<< 6 &+ word.trailingZeroBitCount &- index
              word &= word &- 1
              index &+= 1
              var suffix = UInt64(truncatingIfNeeded: high) &<< UInt64(lowBits)
              if lowBits > 0 {
                suffix |= Bucket.bits(lowBits, at: lowBit, of: words)
                lowBit &+= lowBits
              }
              while next < staged.count, staged[next] <= suffix {
                write(staged[next])
                next &+= 1
              }
              write(suffix)
            }
          }
          while next < staged.count {
            write(staged[next])
            next &+= 1
          }
        }
      }
    }

    /// Whether `suffix` is among the merged keys: the keys with its high bits are the ones
    /// after the high bits' `high`-th zero, in increasing order of their low bits. The search
    /// for that zero starts at its eighth's sample.
    private func mergedContains(_ suffix: UInt64) -> Bool {
      guard mergedCount > 0 else { return false }
      let lowBits = Int(lowBitCount)
      let high = Int(truncatingIfNeeded: suffix &>> UInt64(lowBits))
      let sample = high &>> Int(sampleShift)
      guard sample < Bucket.sampleCount else { return false }
      let highStart = self.highStart
      let highEnd = stagedStart
      var position = Int(samples[sample])
      let zerosToPass = high - sample &<< Int(sampleShift)
      if zerosToPass > 0 {
        position = Bucket.position(
          afterZeros: zerosToPass, from: position, ofBitsFrom: highStart, to: highEnd, in: words)
      }
      let low = suffix & Bucket.mask(lowBits)
      var index = position - high
      while true {
        let wordIndex = highStart + position &>> 6
        guard wordIndex < highEnd, words[wordIndex] & (1 &<< UInt64(position & 63)) != 0
        else { return false }
        if lowBits == 0 { return true }
        let candidate = Bucket.bits(lowBits, at: index * lowBits, of: words)
        if candidate >= low { return candidate == low }
        position += 1
        index += 1
      }
    }

    /// Where the high bits begin.
    private var highStart: Int {
      (Int(mergedCount) * Int(lowBitCount) + 63) / 64
    }

    /// Where the staged keys begin: after the high bits.
    private var stagedStart: Int { words.count - Int(stagedCount) }

    /// The `count` bits (1 to 63) of `words` from bit `bit` on.
    private static func bits<Words: RandomAccessCollection<UInt64>>(
      _ count: Int, at bit: Int, of words: Words
    ) -> UInt64 where Words.Index == Int {
      let wordIndex = bit &>> 6
      let offset = bit & 63
      var value = words[wordIndex] &>> UInt64(offset)
      if offset + count > 64 { value |= words[wordIndex + 1] &<< UInt64(64 - offset) }
      return value & mask(count)
    }

    /// The lowest `count` bits set (`count` below 64).
    private static func mask(_ count: Int) -> UInt64 { (1 &<< UInt64(count)) &- 1 }

    /// The position just after the `count`-th zero (from 1) at or after `position` of the bit
    /// string of words `start..<end` of `words`, or the position of its end when it ends
    /// before that zero. The walk to the keys of a high value: they begin after its zero of
    /// the high bits, and the ones passed on the way are the keys of the values below it.
    @inline(__always)
    private static func position<Words: RandomAccessCollection<UInt64>>(
      afterZeros count: Int, from position: Int, ofBitsFrom start: Int, to end: Int,
      in words: Words
    ) -> Int where Words.Index == Int {
      var wordIndex = start &+ position &>> 6
      guard wordIndex < end else { return (end &- start) &<< 6 }
      // The zeros at or after `position`, as ones.
      var zeros = ~words[wordIndex] & (UInt64.max &<< UInt64(position & 63))
      var zeroCount = zeros.nonzeroBitCount
      var rest = count
      while zeroCount < rest {
        rest &-= zeroCount
        wordIndex &+= 1
        guard wordIndex < end else { return (end &- start) &<< 6 }
        zeros = ~words[wordIndex]
        zeroCount = zeros.nonzeroBitCount
      }
      return (wordIndex &- start) &<< 6 &+ Bucket.position(ofSetBit: rest, in: zeros) &+ 1
    }

    /// The position of the `rank`-th set bit of `word` (from 1, counting from the lowest
    /// bit): `word` has at least `rank` set bits. The byte holding it is found from the
    /// running sums of the bytes' counts, then the bit within the byte by halving it: its
    /// half, then its quarter, then the bit (each a choice, not a loop of a varying length
    /// whose end the processor would guess).
    private static func position(ofSetBit rank: Int, in word: UInt64) -> Int {
      var counts = word &- ((word &>> 1) & 0x5555_5555_5555_5555)
      counts = (counts & 0x3333_3333_3333_3333) &+ ((counts &>> 2) & 0x3333_3333_3333_3333)
      counts = (counts &+ (counts &>> 4)) & 0x0F0F_0F0F_0F0F_0F0F
      let sums = counts &* 0x0101_0101_0101_0101
      // The bytes whose running sum is below `rank`: those before the one holding the bit.
      let rankInEachByte = UInt64(rank - 1) &* 0x0101_0101_0101_0101
      let below = ((rankInEachByte | 0x8080_8080_8080_8080) &- sums) & 0x8080_8080_8080_8080
      let byte = ((below &>> 7) &* 0x0101_0101_0101_0101) &>> 56
      let before = byte == 0 ? 0 : Int(truncatingIfNeeded: (sums &<< (64 - 8 * byte)) &>> 56)
      var bits = word &>> (8 * byte)
      // The bit's rank within its byte, and where in the byte it is.
      var rest = rank &- before
      var offset = 8 &* Int(truncatingIfNeeded: byte)
      let lowHalf = (bits & 0xF).nonzeroBitCount
      if rest > lowHalf {
        bits &>>= 4
        rest &-= lowHalf
        offset &+= 4
      }
      let lowQuarter = (bits & 0x3).nonzeroBitCount
      if rest > lowQuarter {
        bits &>>= 2
        rest &-= lowQuarter
        offset &+= 2
      }
      return rest > Int(truncatingIfNeeded: bits & 1) ? offset &+ 1 : offset
    }
  }
}
