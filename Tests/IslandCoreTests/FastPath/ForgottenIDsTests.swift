import Foundation
import IslandProperties
import Testing

@testable import IslandCore

/// The forgotten ids: an exact set of keys, checked against a `Set<UInt64>`, on keys drawn
/// from fixed SplitMix64 streams so that every run checks the same keys.
@Suite struct ForgottenIDsTests {
  /// The key whose mixed value is `value`: ``HashedID/mix(_:)`` undone step by step, which
  /// shows it is a bijection and lets a test choose where keys fall.
  static func unmixed(_ value: UInt64) -> UInt64 {
    func undoShift(_ value: UInt64, _ shift: UInt64) -> UInt64 {
      var result = value
      for _ in 0..<(64 / shift + 1) { result = value ^ (result >> shift) }
      return result
    }
    func inverse(_ odd: UInt64) -> UInt64 {
      var result = odd
      for _ in 0..<5 { result = result &* (2 &- odd &* result) }
      return result
    }
    var z = undoShift(value, 31)
    z = undoShift(z &* inverse(0x94D0_49BB_1331_11EB), 27)
    z = undoShift(z &* inverse(0xBF58_476D_1CE4_E5B9), 30)
    return z &- 0x9E37_79B9_7F4A_7C15
  }

  @Test func theMixUndoneGivesTheKeyBack() {
    var numbers = SplitMix64(seed: 1)
    for _ in 0..<1000 {
      let key = numbers.next()
      #expect(Self.unmixed(HashedID.mix(key)) == key)
    }
  }

  /// Random keys, the consecutive exact codes of short ids, duplicates, and look-ups of
  /// held and fresh keys between the inserts, enough of them to split buckets hundreds of
  /// times and double the directory several times.
  @Test func agreesWithASetOfKeys() {
    var numbers = SplitMix64(seed: 12)
    var set = ForgottenIDs()
    var reference = Set<UInt64>()
    var inserted: [UInt64] = []
    for round in 0..<120_000 {
      let key: UInt64
      switch round % 4 {
      case 0: key = numbers.next()
      case 1: key = ForgottenIDs.key(HashedID("a\(round)"))
      case 2: key = ForgottenIDs.key(HashedID("order-\(numbers.next())-\(round)"))
      default: key = inserted.isEmpty ? 0 : inserted[Int(numbers.next() % UInt64(inserted.count))]
      }
      set.insert(key: key)
      if reference.insert(key).inserted { inserted.append(key) }
      if round % 7 == 0 {
        let held = inserted[Int(numbers.next() % UInt64(inserted.count))]
        let fresh = numbers.next()
        #expect(set.contains(key: held))
        #expect(set.contains(key: fresh) == reference.contains(fresh))
        #expect(set.contains(key: held ^ 1) == reference.contains(held ^ 1))
      }
    }
    #expect(set.count == reference.count)
    for key in inserted where !set.contains(key: key) {
      Issue.record("missing \(key)")
    }
    for _ in 0..<50_000 {
      let fresh = numbers.next()
      #expect(set.contains(key: fresh) == reference.contains(fresh))
    }
  }

  /// Keys whose mixed values share their first 40 bits crowd one bucket: it grows instead of
  /// doubling the directory past its bound, and the set stays exact and small.
  @Test func keysCrowdingOneRangeStayExactAndSmall() {
    var numbers = SplitMix64(seed: 40)
    var set = ForgottenIDs()
    var reference = Set<UInt64>()
    let shared = numbers.next() & ~(UInt64.max >> 40)
    for round in 0..<6000 {
      let value = round % 3 == 0 ? numbers.next() : shared | numbers.next() >> 40
      let key = Self.unmixed(value)
      set.insert(key: key)
      reference.insert(key)
    }
    #expect(set.count == reference.count)
    for key in reference where !set.contains(key: key) { Issue.record("missing \(key)") }
    for _ in 0..<2000 {
      let near = Self.unmixed(shared | numbers.next() >> 40)
      #expect(set.contains(key: near) == reference.contains(near))
    }
    #expect(set.storageBytes < 200_000)
  }

  /// The set stays near the fewest bits that can tell its keys apart: log2(2^64 / n) and a
  /// little over a bit and a half a key.
  @Test func takesAFewBitsAKeyAboveTheLeast() {
    var numbers = SplitMix64(seed: 7)
    var set = ForgottenIDs()
    let count = 200_000
    for _ in 0..<count { set.insert(key: numbers.next()) }
    let bitsPerKey = Double(set.storageBytes * 8) / Double(count)
    let least = 64 - log2(Double(count)) + 1.44
    #expect(bitsPerKey < least + 6, "\(bitsPerKey) bits a key, the least is \(least)")
  }

  /// A merge that moves the runs of bits between the staged keys writes every bucket as a
  /// rewrite of it would, word for word: keys at random, keys crowding one range (many of one
  /// high value), and keys past every key held and before every one.
  @Test func aMergeByRunsWritesWhatARewriteWrites() {
    var numbers = SplitMix64(seed: 21)
    var set = ForgottenIDs()
    var checked = 0
    let shared = numbers.next() & ~(UInt64.max >> 30)
    for round in 0..<40_000 {
      let value: UInt64
      switch round % 4 {
      case 0: value = numbers.next()
      case 1: value = shared | numbers.next() >> 30
      case 2: value = UInt64(round) << 44
      default: value = UInt64.max - UInt64(round) << 44
      }
      set.insert(key: Self.unmixed(value))
      if round % 61 == 0 {
        let matches = set.mergesByRunsMatchRewrites().compactMap { $0 }
        #expect(matches.allSatisfy { $0 }, "round \(round)")
        checked += matches.count
      }
    }
    #expect(checked > 1000)
  }

  /// The staged keys a merge reads, dealt into runs by their first bits and put in order
  /// within them, are the staged keys sorted, in every bucket at every count staged: keys at
  /// random, keys crowding one run (all of one first six bits), and keys added twice.
  @Test func stagedKeysDealtAreTheKeysSorted() {
    var numbers = SplitMix64(seed: 34)
    var set = ForgottenIDs()
    var checked = 0
    let shared = numbers.next() & ~(UInt64.max >> 24)
    var earlier: [UInt64] = []
    for round in 0..<20_000 {
      let value: UInt64
      switch round % 3 {
      case 0: value = numbers.next()
      case 1: value = shared | numbers.next() >> 24
      default:
        value = earlier.isEmpty ? numbers.next() : earlier[Int(numbers.next() % 64) % earlier.count]
      }
      earlier.append(value)
      if earlier.count > 64 { earlier.removeFirst() }
      set.insert(key: Self.unmixed(value))
      if round % 7 == 0 {
        let matches = set.stagedDealsMatchSorts()
        #expect(matches.allSatisfy { $0 }, "round \(round)")
        checked += matches.count
      }
    }
    #expect(checked > 1000)
  }

  /// A key added again, while still staged or after its bucket merged it, is held once.
  @Test func aKeyAddedTwiceIsHeldOnce() {
    var numbers = SplitMix64(seed: 5)
    let keys = (0..<3000).map { _ in numbers.next() }
    var once = ForgottenIDs()
    for key in keys { once.insert(key: key) }
    var twice = ForgottenIDs()
    for (index, key) in keys.enumerated() {
      twice.insert(key: key)
      twice.insert(key: key)
      if index >= 500 { twice.insert(key: keys[index - 500]) }
    }
    #expect(twice.count == keys.count)
    #expect(twice == once)
    for key in keys { #expect(twice.contains(key: key)) }
  }

  /// Equal when they hold the same keys, whatever order they came in.
  @Test func equalityIsTheSameKeys() {
    var numbers = SplitMix64(seed: 3)
    let keys = (0..<5000).map { _ in numbers.next() }
    var forward = ForgottenIDs()
    for key in keys { forward.insert(key: key) }
    var backward = ForgottenIDs()
    for key in keys.reversed() { backward.insert(key: key) }
    #expect(forward == backward)
    var other = backward
    other.insert(key: numbers.next())
    #expect(other != forward)
    var shorter = ForgottenIDs()
    for key in keys.dropLast() { shorter.insert(key: key) }
    shorter.insert(key: numbers.next())
    #expect(shorter != forward)
    #expect(ForgottenIDs() == ForgottenIDs())
  }

  /// Ids: a short id's key is exact, a long one's its tagged hash; both are found.
  @Test func idsAreFoundByTheirKeys() {
    var set = ForgottenIDs()
    for index in 0..<3000 {
      set.insert(HashedID(index % 2 == 0 ? "s\(index)" : "long-id-\(index)"))
    }
    for index in 0..<3000 {
      #expect(set.contains(index % 2 == 0 ? "s\(index)" : "long-id-\(index)"))
      #expect(!set.contains(index % 2 == 0 ? "t\(index)" : "long-id-\(index)x"))
    }
    #expect(set.count == 3000)
  }
}
