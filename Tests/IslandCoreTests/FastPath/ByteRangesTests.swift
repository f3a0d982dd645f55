import IslandProperties
import Testing

@testable import IslandCore

/// FastPath/ByteRanges.swift: a check of eight bytes at a time admits a string exactly when
/// every byte of it lies in one of the ranges, whatever its length and wherever a byte that
/// does not belong is.
@Suite struct ByteRangesTests {
  static let ranges: [ClosedRange<UInt8>] = [0x30...0x3A, 0x41...0x5A, 0x61...0x7A, 0x2D...0x2E]

  static func plain(_ bytes: [UInt8], in ranges: [ClosedRange<UInt8>]) -> Bool {
    bytes.allSatisfy { byte in ranges.contains { $0.contains(byte) } }
  }

  @Test func everyByteAtEveryPlaceOfStringsOfEveryLengthIsCheckedAsTheRangesSay() {
    let set = ByteRanges(0x30...0x3A, 0x41...0x5A, 0x61...0x7A, 0x2D...0x2E)
    for length in 1...24 {
      for place in 0..<length {
        for byte in UInt8.min...UInt8.max {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[place] = byte
          let admitted = bytes.withUnsafeBufferPointer { set.containsAll($0) }
          #expect(
            admitted == Self.plain(bytes, in: Self.ranges), "byte \(byte) at \(place) of \(length)")
        }
      }
    }
    #expect([UInt8]().withUnsafeBufferPointer { set.containsAll($0) })
  }

  @Test func theChecksOfIDsAreThoseOfTheirRules() {
    var numbers = SplitMix64(seed: 12)
    let idRanges: [ClosedRange<UInt8>] = Self.ranges + [0x5F...0x5F]
    let bundleRanges: [ClosedRange<UInt8>] = [0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D...0x2E]
    for _ in 0..<20_000 {
      let length = Int(numbers.next() % 40)
      // Mostly bytes of ids, now and then any byte.
      let bytes = (0..<length).map { _ -> UInt8 in
        let draw = numbers.next()
        return draw % 16 == 0 ? UInt8(truncatingIfNeeded: draw >> 8) : UInt8(0x2D + draw % 0x4E)
      }
      bytes.withUnsafeBufferPointer { buffer in
        #expect(
          Validation.activityIDBytes.containsAll(buffer) == Self.plain(bytes, in: idRanges),
          "\(bytes)")
        #expect(
          Validation.bundleIDBytes.containsAll(buffer) == Self.plain(bytes, in: bundleRanges),
          "\(bytes)")
      }
    }
  }
}
