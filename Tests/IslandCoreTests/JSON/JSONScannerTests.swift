import IslandCore
import IslandProperties
import Testing

/// The scanner's own number reading (Clinger's fast path, the integer path for up to 19
/// digits and exponents within ±27, and the fallback to the C library) against Swift's
/// `Double(String)`, bit for bit, on random and edge decimals.
@Suite struct JSONScannerNumberTests {
  /// The scanner's value for `text`, which must be a whole JSON number.
  static func scanned(_ text: String) throws -> Double {
    try Array(text.utf8).withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      let value = try scanner.parseNumber()
      try scanner.expectEnd()
      return value
    }
  }

  /// The scanner's value for `text` followed by `rest` (which starts with no digit), and
  /// the offset it stopped at: with bytes after it, a number's digits are read eight at a
  /// time.
  static func scanned(_ text: String, followedBy rest: String) throws -> (Double, Int) {
    try Array((text + rest).utf8).withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      let value = try scanner.parseNumber()
      return (value, scanner.offset)
    }
  }

  static func expectSame(_ text: String) throws {
    let expected = try #require(Double(text), "\(text)")
    let found = try scanned(text)
    #expect(found.bitPattern == expected.bitPattern, "\(text): \(found), not \(expected)")
    for rest in ["}", ",\"progress\":0.5}", "        "] {
      let (within, offset) = try scanned(text, followedBy: rest)
      #expect(within.bitPattern == expected.bitPattern, "\(text)\(rest): \(within)")
      #expect(offset == text.utf8.count, "\(text)\(rest)")
    }
  }

  @Test(arguments: [
    "0.1", "0.2", "0.3", "0.30000000000000004", "0.37000000000000005", "0.06126999999999999",
    "0.9347200000000012", "1.7976931348623157", "9007199254740993", "9007199254740995",
    "18014398509481986", "18014398509481990", "9223372036854775807", "9223372036854775808",
    "18446744073709551615", "9999999999999999999", "1000000000000000000", "4.9406564584124654",
    "2.2250738585072014", "1e27", "1e-27", "9999999999999999999e27", "9999999999999999999e-27",
    "1e28", "1e-28", "123456789012345678e-27", "0.000000000000000000000000001",
    "8.98846567431158e307", "5e-324", "-0.5", "-0.37000000000000005", "0.0000001",
    "3.0000000000000004e-5", "7.205759403792794e16", "7205759403792794.5",
  ])
  func edges(text: String) throws {
    try Self.expectSame(text)
  }

  /// Random decimals of 1 to 19 digits, the point anywhere (or leading zeros before the
  /// digits), with and without an exponent.
  @Test func randomDecimalsRoundAsTheCLibraryDoes() throws {
    var random = SplitMix64(seed: 12)
    for _ in 0..<100_000 {
      let count = Int(random.next() % 19) + 1
      var digits = String(random.next() % 9 + 1)
      for _ in 1..<count { digits += String(random.next() % 10) }
      var text: String
      switch random.next() % 4 {
      case 0:
        text = digits
      case 1:
        let point = Int(random.next() % UInt64(count + 1))
        let head = digits.prefix(point)
        text = (head.isEmpty ? "0" : String(head)) + "." + digits.dropFirst(point)
        if text.hasSuffix(".") { text += "0" }
      case 2:
        text = "0." + String(repeating: "0", count: Int(random.next() % 24)) + digits
      default:
        let exponent = Int(random.next() % 70) - 35
        text = digits + "e" + String(exponent)
      }
      if random.next() % 4 == 0 { text = "-" + text }
      try Self.expectSame(text)
    }
  }

  /// Fractions of up to 40 digits, with runs of zeros and nines where the eight-at-a-time
  /// reading takes its words, and the 19th significant digit anywhere in a word.
  @Test func longFractionsRoundAsTheCLibraryDoes() throws {
    var random = SplitMix64(seed: 14)
    let pieces = ["0", "00000000", "9", "99999999", "1", "5", "50000000", "12345678"]
    for _ in 0..<20_000 {
      var text = random.next() % 2 == 0 ? "0." : String(random.next() % 100_000) + "."
      for _ in 0...(random.next() % 6) { text += pieces[Int(random.next() % 8)] }
      try Self.expectSame(text)
    }
  }

  /// The shortest texts of random doubles (mostly 16 and 17 digits), as a journal writer
  /// writes them, and integers above 2^53, where every other one is a tie.
  @Test func randomDoublesAndTiesRoundAsTheCLibraryDoes() throws {
    var random = SplitMix64(seed: 13)
    for _ in 0..<100_000 {
      let fraction = Double(random.next() >> 11) / Double(1 << 53)
      let scale = Double(sign: .plus, exponent: Int(random.next() % 120) - 60, significand: 1)
      try Self.expectSame((fraction * scale).description)
      try Self.expectSame(String(random.next() >> (random.next() % 12)))
      try Self.expectSame(String(random.next() >> 10) + "e" + String(random.next() % 6))
    }
  }
}

/// ``JSONScanner/readPlainString()`` reads eight bytes at a time: it must stop exactly where
/// a byte-by-byte reading stops, wherever the quote, backslash or control character falls.
@Suite struct JSONScannerPlainStringTests {
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
