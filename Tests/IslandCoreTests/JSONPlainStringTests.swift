import IslandCore
import IslandProperties
import Testing

/// ``JSONScanner/readPlainString()`` reads eight bytes at a time: it must stop exactly where
/// a byte-by-byte reading stops, wherever the quote, backslash or control character falls.
@Suite struct JSONPlainStringTests {
  /// The byte-by-byte reading: the range up to the closing quote, or nil at a backslash, a
  /// control character or the end.
  static func expected(_ bytes: [UInt8]) -> Range<Int>? {
    for index in 1..<bytes.count {
      if bytes[index] == UInt8(ascii: "\"") { return 1..<index }
      if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 { return nil }
    }
    return nil
  }

  @Test func stopsWhereAByteByByteReadingStops() throws {
    var random = SplitMix64(seed: 21)
    let alphabet: [UInt8] =
      Array("abcdefgh ~".utf8) + [0x00, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7F, 0x80]
      + [0xA0, 0xA2, 0xDC, 0xE2, 0xFF, 0x01, 0x02]
    for _ in 0..<50_000 {
      var bytes: [UInt8] = [UInt8(ascii: "\"")]
      let count = Int(random.next() % 40)
      for _ in 0..<count {
        // Mostly plain letters, so that the string often runs past a word or two.
        let plain = random.next() % 8 != 0
        bytes.append(
          plain
            ? UInt8(ascii: "a") + UInt8(random.next() % 26)
            : alphabet[Int(random.next() % UInt64(alphabet.count))])
      }
      let found = bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        let range = try? scanner.readPlainString()
        return (range ?? nil, scanner.offset)
      }
      let expected = Self.expected(bytes)
      #expect(found.0 == expected, "\(bytes)")
      #expect(found.1 == (expected.map { $0.upperBound + 1 } ?? 0), "\(bytes)")
    }
  }
}
