#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A strict RFC 8259 reader over UTF-8 bytes, one token at a time.
///
/// ``parseValue()`` reads a whole value into a ``JSONValue``; the token methods
/// (``enterObject()``, ``readKey()``, ``parseString()``, ``parseNumber()``, ...) let a
/// decoder that knows its schema read an object member by member, without building a tree,
/// and still get the same strictness: one grammar for both. Every error carries the byte
/// offset where it was found.
///
/// The scanner reads memory it does not own: the buffer must outlive it (use it inside a
/// `withUnsafeBufferPointer` closure).
public struct JSONScanner {
  /// How deeply arrays and objects may nest; deeper text is an error, not a stack overflow.
  public static let maximumDepth = 128

  /// The bytes read.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  public var offset: Int

  /// A scanner over `bytes`, starting at `offset`.
  @inlinable
  public init(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  /// The next byte, or nil at the end.
  @inlinable
  public var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// An error of `kind` at the current offset.
  @inlinable
  public func error(_ kind: JSONParseError.Kind) -> JSONParseError {
    JSONParseError(offset: offset, kind: kind)
  }

  /// An error for the byte at the current offset: unexpected, or the end.
  @inlinable
  public func unexpected() -> JSONParseError {
    offset < bytes.count ? error(.unexpectedByte(bytes[offset])) : error(.unexpectedEnd)
  }

  /// Skips spaces, tabs, carriage returns and line feeds.
  @inlinable @inline(__always)
  public mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  /// Skips whitespace, then consumes `byte` or throws.
  @inlinable @inline(__always)
  public mutating func expect(_ byte: UInt8) throws(JSONParseError) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else { throw unexpected() }
    offset += 1
  }

  /// Skips whitespace and checks that nothing but whitespace follows.
  public mutating func expectEnd() throws(JSONParseError) {
    skipWhitespace()
    guard offset == bytes.count else { throw error(.trailingCharacters) }
  }

  // MARK: - Objects and arrays, token by token

  /// Consumes `{` (after whitespace); returns whether a member follows (false: consumed
  /// `}` of an empty object).
  @inlinable
  public mutating func enterObject() throws(JSONParseError) -> Bool {
    try expect(UInt8(ascii: "{"))
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      return false
    }
    return true
  }

  /// Reads a member's key and the colon after it, leaving the offset at its value.
  @inlinable
  public mutating func readKey() throws(JSONParseError) -> JSONStringToken {
    skipWhitespace()
    let key = try readStringToken()
    try expect(UInt8(ascii: ":"))
    skipWhitespace()
    return key
  }

  /// Reads a string written without escapes (the offset at its opening quote) and returns
  /// the range of its bytes between the quotes, making no `String` and checking no UTF-8
  /// (``string(in:)`` does both). Returns nil, reading nothing, for a string with an escape
  /// or a control character, or with no end: read those with ``readStringToken()``.
  @inlinable
  public mutating func readPlainString() throws(JSONParseError) -> Range<Int>? {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected() }
    let start = offset + 1
    let stop = JSONScanner.firstEscaped(in: bytes, from: start)
    guard stop < bytes.count, bytes[stop] == UInt8(ascii: "\"") else { return nil }
    offset = stop + 1
    return start..<stop
  }

  /// The position of the first byte of `utf8` at or after `start` that a JSON string cannot
  /// hold as it is (a quote, a backslash, a control character below 0x20), or the end: the
  /// reader stops there, the writer escapes it, the payload count counts its escape. Eight
  /// bytes at a time, then byte by byte.
  @inlinable @inline(__always)
  public static func firstEscaped(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    if let base = utf8.baseAddress {
      while index + 8 <= utf8.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let stops = plainStringStops(UInt64(littleEndian: word))
        if stops != 0 { return index + stops.trailingZeroBitCount / 8 }
        index += 8
      }
    }
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    return index
  }

  /// The bytes of `word` (its first byte lowest) that a plain string's reading stops at (a
  /// quote, a backslash, a control character below 0x20), each marked by its high bit; zero
  /// when there is none. The lowest mark is exact (the classic test for a zero byte): marks
  /// above it may be false, which the reader never looks at.
  @inlinable
  public static func plainStringStops(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func below(_ value: UInt64, _ byte: UInt64) -> UInt64 { (value &- ones &* byte) & ~value }
    let control = below(word, 0x20)
    let quote = below(word ^ (ones &* 0x22), 1)
    let backslash = below(word ^ (ones &* 0x5C), 1)
    return (control | quote | backslash) & highs
  }

  /// The string of the bytes in `range` (from ``readPlainString()``), checked as UTF-8.
  @inlinable
  public func string(in range: Range<Int>) throws(JSONParseError) -> String {
    try makeString(range)
  }

  /// Whether the bytes in `range` are those of `name`.
  @inlinable
  public func bytes(in range: Range<Int>, equal name: StaticString) -> Bool {
    guard range.count == name.utf8CodeUnitCount, range.upperBound <= bytes.count,
      range.lowerBound >= 0, let base = bytes.baseAddress
    else { return false }
    return memcmp(base + range.lowerBound, name.utf8Start, range.count) == 0
  }

  /// Reads a string (the offset at its opening quote) without making a `String` when it has
  /// no escapes: the token points into the buffer. Its bytes are checked as UTF-8 only when
  /// it is made a string (``JSONStringToken/string()``).
  @inlinable
  public mutating func readStringToken() throws(JSONParseError) -> JSONStringToken {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected() }
    let start = offset + 1
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let token = JSONStringToken(
          raw: UnsafeBufferPointer(rebasing: bytes[start..<index]), decoded: nil, offset: offset)
        offset = index + 1
        return token
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    let tokenOffset = offset
    return JSONStringToken(raw: nil, decoded: try parseString(), offset: tokenOffset)
  }

  /// After a member's value: consumes `,` and returns true when another member follows, or
  /// consumes `}` and returns false.
  @inlinable
  public mutating func nextMember() throws(JSONParseError) -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw error(.unexpectedEnd) }
    switch bytes[offset] {
    case UInt8(ascii: ","):
      offset += 1
      return true
    case UInt8(ascii: "}"):
      offset += 1
      return false
    default:
      throw unexpected()
    }
  }

  /// Consumes `[` (after whitespace); returns whether an element follows (false: consumed
  /// `]` of an empty array).
  public mutating func enterArray() throws(JSONParseError) -> Bool {
    try expect(UInt8(ascii: "["))
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      return false
    }
    return true
  }

  /// After an element: consumes `,` and returns true when another element follows, or
  /// consumes `]` and returns false.
  public mutating func nextElement() throws(JSONParseError) -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw error(.unexpectedEnd) }
    switch bytes[offset] {
    case UInt8(ascii: ","):
      offset += 1
      skipWhitespace()
      return true
    case UInt8(ascii: "]"):
      offset += 1
      return false
    default:
      throw unexpected()
    }
  }

  // MARK: - Values

  /// Reads one whole value (after whitespace).
  public mutating func parseValue() throws(JSONParseError) -> JSONValue {
    try parseValue(depth: 0)
  }

  private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    guard offset < bytes.count else { throw error(.unexpectedEnd) }
    switch bytes[offset] {
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumberLiteral()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try parseBool())
    case UInt8(ascii: "n"):
      try parseNull()
      return .null
    case UInt8(ascii: "["):
      guard depth < JSONScanner.maximumDepth else { throw error(.tooDeep) }
      var elements: [JSONValue] = []
      guard try enterArray() else { return .array(elements) }
      repeat {
        elements.append(try parseValue(depth: depth + 1))
      } while try nextElement()
      return .array(elements)
    case UInt8(ascii: "{"):
      guard depth < JSONScanner.maximumDepth else { throw error(.tooDeep) }
      var members: [(String, JSONValue)] = []
      var seen: Set<String> = []
      guard try enterObject() else { return .object(members) }
      repeat {
        let key = try readKey()
        let name = try key.string()
        // A linear search is faster for the small objects journals hold.
        let duplicate =
          members.count < 16 ? members.contains { $0.0 == name } : seen.contains(name)
        if duplicate { throw JSONParseError(offset: key.offset, kind: .duplicateKey(name)) }
        if members.count >= 15 {
          if members.count == 15 { seen = Set(members.map(\.0)) }
          seen.insert(name)
        }
        members.append((name, try parseValue(depth: depth + 1)))
      } while try nextMember()
      return .object(members)
    default:
      throw unexpected()
    }
  }

  /// Reads `true` or `false`.
  public mutating func parseBool() throws(JSONParseError) -> Bool {
    if matchLiteral("true") { return true }
    if matchLiteral("false") { return false }
    throw unexpectedInLiteral()
  }

  /// Reads `null`.
  public mutating func parseNull() throws(JSONParseError) {
    guard matchLiteral("null") else { throw unexpectedInLiteral() }
  }

  private mutating func matchLiteral(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    let pointer = literal.utf8Start
    for index in 0..<count where bytes[offset + index] != pointer[index] { return false }
    offset += count
    return true
  }

  /// The error at the first byte of a literal that does not match `true`, `false` or `null`.
  private func unexpectedInLiteral() -> JSONParseError {
    let literals: [StaticString] = ["true", "false", "null"]
    var best = offset
    for literal in literals {
      var index = 0
      let pointer = literal.utf8Start
      while index < literal.utf8CodeUnitCount, offset + index < bytes.count,
        bytes[offset + index] == pointer[index]
      {
        index += 1
      }
      best = max(best, offset + index)
    }
    return JSONScanner(bytes, offset: best).unexpected()
  }

  // MARK: - Strings

  /// Reads a string (the offset at its opening quote), decoding escapes and checking that it
  /// is UTF-8.
  @inlinable
  public mutating func parseString() throws(JSONParseError) -> String {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected() }
    let start = offset + 1
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = try makeString(start..<index)
        offset = index + 1
        return text
      }
      if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, at: index) }
      if byte < 0x20 { throw JSONParseError(offset: index, kind: .controlCharacterInString) }
      index += 1
    }
    throw JSONParseError(offset: bytes.count, kind: .unexpectedEnd)
  }

  @inlinable
  func makeString(_ range: Range<Int>) throws(JSONParseError) -> String {
    try JSONScanner.makeString(UnsafeBufferPointer(rebasing: bytes[range]), at: range.lowerBound)
  }

  /// The string of `bytes`, found at `offset`; bytes that are not UTF-8 are an error there.
  ///
  /// ASCII (nearly every journal string) is told apart in one pass and needs no more
  /// checking; the rest is checked by ``firstInvalidUTF8(in:)``, so that the error names
  /// its byte.
  @usableFromInline
  static func makeString(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int)
    throws(JSONParseError) -> String
  {
    var high: UInt8 = 0
    for byte in bytes { high |= byte }
    if high >= 0x80, let bad = firstInvalidUTF8(in: bytes) {
      throw JSONParseError(offset: offset + bad, kind: .invalidUTF8)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @usableFromInline
  mutating func parseEscapedString(from start: Int, at firstEscape: Int)
    throws(JSONParseError) -> String
  {
    var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
    var index = firstEscape
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        // Escapes decode to valid UTF-8, so only the raw bytes can be at fault; checking them
        // in place names the right byte.
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if let bad = JSONScanner.firstInvalidUTF8(in: raw) {
          throw JSONParseError(offset: start + bad, kind: .invalidUTF8)
        }
        offset = index + 1
        return String(decoding: decoded, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else {
          throw JSONParseError(offset: bytes.count, kind: .unexpectedEnd)
        }
        let escaped: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): escaped = 0x22
        case UInt8(ascii: "\\"): escaped = 0x5C
        case UInt8(ascii: "/"): escaped = 0x2F
        case UInt8(ascii: "b"): escaped = 0x08
        case UInt8(ascii: "f"): escaped = 0x0C
        case UInt8(ascii: "n"): escaped = 0x0A
        case UInt8(ascii: "r"): escaped = 0x0D
        case UInt8(ascii: "t"): escaped = 0x09
        case UInt8(ascii: "u"):
          let scalar = try unicodeEscape(at: index)
          if let encoded = UTF8.encode(scalar.scalar) { decoded.append(contentsOf: encoded) }
          index = scalar.end
          continue
        default:
          throw JSONParseError(offset: index, kind: .invalidEscape)
        }
        decoded.append(escaped)
        index += 2
      default:
        if byte < 0x20 { throw JSONParseError(offset: index, kind: .controlCharacterInString) }
        decoded.append(byte)
        index += 1
      }
    }
    throw JSONParseError(offset: bytes.count, kind: .unexpectedEnd)
  }

  /// Decodes `\uXXXX` at `index` (its backslash), and the low half of a surrogate pair after
  /// it; returns the scalar and the offset after the escape.
  private func unicodeEscape(at index: Int) throws(JSONParseError) -> (
    scalar: Unicode.Scalar, end: Int
  ) {
    let high = try hex4(at: index + 2, escape: index)
    if (0xDC00...0xDFFF).contains(high) {
      throw JSONParseError(offset: index, kind: .invalidUnicodeEscape)
    }
    guard (0xD800...0xDBFF).contains(high) else {
      guard let scalar = Unicode.Scalar(high) else {
        throw JSONParseError(offset: index, kind: .invalidUnicodeEscape)
      }
      return (scalar, index + 6)
    }
    let next = index + 6
    guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"),
      bytes[next + 1] == UInt8(ascii: "u")
    else { throw JSONParseError(offset: index, kind: .invalidUnicodeEscape) }
    let low = try hex4(at: next + 2, escape: next)
    guard (0xDC00...0xDFFF).contains(low),
      let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    else { throw JSONParseError(offset: index, kind: .invalidUnicodeEscape) }
    return (scalar, next + 6)
  }

  private func hex4(at index: Int, escape: Int) throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else {
      throw JSONParseError(offset: escape, kind: .invalidUnicodeEscape)
    }
    var value: UInt32 = 0
    for position in index..<(index + 4) {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONParseError(offset: escape, kind: .invalidUnicodeEscape)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The offset of the first byte of `bytes` that does not belong to well-formed UTF-8
  /// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF); nil if none.
  public static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        upper = 0x9F
      case 0xF0:
        length = 4
        lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        upper = 0x8F
      default: return index
      }
      guard index + length <= bytes.count else { return index }
      guard (lower...upper).contains(bytes[index + 1]) else { return index }
      for continuation in 2..<max(2, length)
      where !(0x80...0xBF).contains(bytes[index + continuation]) {
        return index
      }
      index += length
    }
    return nil
  }

  // MARK: - Numbers

  /// 10^`exponent` as a double, exact, for an exponent from 0 to 22 (a table in the binary,
  /// not a global made at first use).
  @inlinable
  static func powerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: return 1e0
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    case 18: return 1e18
    case 19: return 1e19
    case 20: return 1e20
    case 21: return 1e21
    default: return 1e22
    }
  }

  /// 10^`count` as an integer, for a count of digits from 0 to 8.
  @inlinable @inline(__always)
  package static func digitScale(_ count: Int) -> UInt64 {
    switch count {
    case 0: return 1
    case 1: return 10
    case 2: return 100
    case 3: return 1000
    case 4: return 10000
    case 5: return 100_000
    case 6: return 1_000_000
    case 7: return 10_000_000
    default: return 100_000_000
    }
  }

  /// The eight bytes at `position`, the first lowest, when there are eight there.
  @inlinable
  package func word(at position: Int) -> UInt64? {
    guard position + 8 <= bytes.count, let base = bytes.baseAddress else { return nil }
    return UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
  }

  /// How many of the bytes of `word` (its first byte lowest) are ASCII digits before the
  /// first that is not one.
  @inlinable @inline(__always)
  package static func leadingDigitCount(_ word: UInt64) -> Int {
    // A byte is a digit when its high half is 3 and stays 3 with six added; a carry out of
    // a byte comes only from one that is no digit, and spoils only the bytes after it.
    let highs: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    let threes: UInt64 = 0x3030_3030_3030_3030
    let notDigit = (word & highs ^ threes) | ((word &+ 0x0606_0606_0606_0606) & highs ^ threes)
    return notDigit.trailingZeroBitCount / 8
  }

  /// The number the first `count` bytes of `word` (0 to 8 ASCII digits, the first lowest)
  /// write, in three multiplications: pairs of digits, then fours, then eights (0 for none).
  @inlinable @inline(__always)
  package static func digitsValue(_ word: UInt64, count: Int) -> UInt64 {
    // Shifted so that the digits end at the top byte, zeros (leading zero digits) before.
    var value = (word & 0x0F0F_0F0F_0F0F_0F0F) << UInt64(8 &* (8 &- count))
    value = (value &* 2561) >> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
  }

  /// How many of the first `count` bytes of `word` (ASCII digits, the first lowest) are
  /// leading zeros.
  @inlinable
  static func leadingZeroDigits(_ word: UInt64, count: Int) -> Int {
    min(count, (word ^ 0x3030_3030_3030_3030).trailingZeroBitCount / 8)
  }

  /// Exact powers of five: 5^0 through 5^27, the largest that a `UInt64` holds.
  @usableFromInline
  static let powersOfFive: [UInt64] = (0...27).map { exponent in
    var value: UInt64 = 1
    for _ in 0..<exponent { value *= 5 }
    return value
  }

  /// `mantissa` × 10^`exponent` correctly rounded to the nearest `Double` (ties to even), as
  /// `strtod` rounds it, for a mantissa above 0 and an exponent from -27 to 27; nil for
  /// any other exponent.
  ///
  /// Apps write fractions with up to 17 digits (`0.37000000000000005`), beyond Clinger's fast
  /// path. Here 10^e is 5^e × 2^e, and 5^e fits 64 bits: the product with the mantissa, or
  /// the quotient by it, is computed in integers to 64 significant bits, a last bit set
  /// when anything was left over; converting that to a `Double` then rounds once, exactly as
  /// rounding the decimal's true value would, and the power of two is exact.
  @usableFromInline
  static func roundedDecimal(_ mantissa: UInt64, _ exponent: Int) -> Double? {
    guard mantissa != 0, (-27...27).contains(exponent) else { return nil }
    let five = powersOfFive[abs(exponent)]
    if exponent >= 0 {
      let (high, low) = five.multipliedFullWidth(by: mantissa)
      guard high != 0 else {
        return Double(sign: .plus, exponent: exponent, significand: Double(low))
      }
      let shift = high.leadingZeroBitCount
      let top = shift == 0 ? high : high << shift | low >> (64 - shift)
      let rest = low << shift
      let significand = Double(top | (rest == 0 ? 0 : 1))
      return Double(sign: .plus, exponent: 64 - shift + exponent, significand: significand)
    }
    // The mantissa shifted left so that the quotient has 63 or 64 bits, and the quotient
    // still fits 64 bits: the dividend's high word stays below the divisor.
    let shift = 63 + (64 - five.leadingZeroBitCount) - (64 - mantissa.leadingZeroBitCount)
    let dividend: (high: UInt64, low: UInt64)
    if shift == 0 {
      dividend = (0, mantissa)
    } else if shift < 64 {
      dividend = (mantissa >> (64 - shift), mantissa << shift)
    } else {
      dividend = (mantissa << (shift - 64), 0)
    }
    let (quotient, remainder) = five.dividingFullWidth(dividend)
    let significand = Double(quotient | (remainder == 0 ? 0 : 1))
    return Double(sign: .plus, exponent: -shift + exponent, significand: significand)
  }

  /// Reads a number in JSON's grammar as a value: ``JSONValue/integer(_:)`` for an integer
  /// literal (digits, an optional minus, no fraction or exponent) that an `Int64` holds,
  /// except `-0`; ``JSONValue/number(_:)`` for any other, correctly rounded.
  public mutating func parseNumberLiteral() throws(JSONParseError) -> JSONValue {
    let start = offset
    let number = try parseNumber()
    var index = start
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let digits = offset - index
    guard digits <= 19, !(negative && number == 0) else { return .number(number) }
    var magnitude: UInt64 = 0
    while index < offset {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return .number(number) }
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
      guard !overflow, !carry else { return .number(number) }
      magnitude = sum
      index += 1
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return .number(number) }
      return .integer(Int64(truncatingIfNeeded: 0 &- magnitude))
    }
    guard let value = Int64(exactly: magnitude) else { return .number(number) }
    return .integer(value)
  }

  /// Reads a number in JSON's grammar, correctly rounded to the nearest `Double`.
  @inlinable
  public mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = offset
    var index = offset
    let count = bytes.count
    func isDigit(_ position: Int) -> Bool {
      position < count && bytes[position] &- UInt8(ascii: "0") < 10
    }
    let negative = index < count && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var mantissa: UInt64 = 0
    var digits = 0  // significant digits taken into the mantissa
    var exponent = 0  // decimal exponent to apply to the mantissa
    var exact = true  // every significant digit fit in the mantissa
    guard isDigit(index) else { throw JSONParseError(offset: index, kind: .invalidNumber) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if isDigit(index) { throw JSONParseError(offset: index, kind: .invalidNumber) }
    } else {
      while isDigit(index) {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
          digits += 1
        } else {
          exponent += 1
          exact = false
        }
        index += 1
      }
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(index) else { throw JSONParseError(offset: index, kind: .invalidNumber) }
      // Eight digits at a time while there are eight bytes (fractions are often long), then
      // one by one.
      while digits < 19, let chunk = word(at: index) {
        let run = JSONScanner.leadingDigitCount(chunk)
        let taken = min(run, 19 - digits)
        // Zeros before the first significant digit (0.006) are not counted.
        digits +=
          mantissa != 0 ? taken : taken - JSONScanner.leadingZeroDigits(chunk, count: taken)
        mantissa =
          mantissa &* JSONScanner.digitScale(taken)
          &+ JSONScanner.digitsValue(chunk, count: taken)
        exponent -= taken
        index += taken
        if taken < 8 { break }
      }
      while isDigit(index) {
        let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
        if digits < 19 {
          if mantissa != 0 || digit != 0 { digits += 1 }
          mantissa = mantissa &* 10 &+ digit
          exponent -= 1
        } else {
          exact = false
        }
        index += 1
      }
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      guard isDigit(index) else { throw JSONParseError(offset: index, kind: .invalidNumber) }
      var written = 0
      while isDigit(index) {
        if written < 100_000 { written = written * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
        index += 1
      }
      exponent += exponentNegative ? -written : written
    }
    offset = index
    let value: Double
    if exponent == 0, exact, digits <= 15 {
      // An integer: the common case, exact as it is.
      value = Double(mantissa)
    } else if exact, digits <= 15, (-22...22).contains(exponent) {
      // Clinger's fast path: both operands are exact, so one rounding gives the right answer.
      let significand = Double(mantissa)
      value =
        exponent >= 0
        ? significand * JSONScanner.powerOfTen(exponent)
        : significand / JSONScanner.powerOfTen(-exponent)
    } else if mantissa == 0 && exact {
      value = 0
    } else if exact, let rounded = JSONScanner.roundedDecimal(mantissa, exponent) {
      value = rounded
    } else {
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      guard let parsed = Double(text) else {
        throw JSONParseError(offset: start, kind: .invalidNumber)
      }
      guard parsed.isFinite else { throw JSONParseError(offset: start, kind: .numberOutOfRange) }
      return parsed
    }
    return negative ? -value : value
  }
}

/// A string (often an object key) as the scanner read it: its bytes in the buffer when it
/// has no escapes (compared without making a `String`), or its decoded text.
public struct JSONStringToken {
  /// The key's bytes, when written without escapes.
  public let raw: UnsafeBufferPointer<UInt8>?
  /// The key, decoded, when written with escapes.
  public let decoded: String?
  /// The offset of the opening quote.
  public let offset: Int

  @usableFromInline
  init(raw: UnsafeBufferPointer<UInt8>?, decoded: String?, offset: Int) {
    self.raw = raw
    self.decoded = decoded
    self.offset = offset
  }

  /// Whether the string is `name`.
  @inlinable
  public func equals(_ name: StaticString) -> Bool {
    let count = name.utf8CodeUnitCount
    let pointer = name.utf8Start
    if let raw {
      guard raw.count == count else { return false }
      for index in 0..<count where raw[index] != pointer[index] { return false }
      return true
    }
    guard let decoded else { return false }
    return decoded.utf8.elementsEqual(UnsafeBufferPointer(start: pointer, count: count))
  }

  /// The string; raw bytes that are not UTF-8 are an error.
  @inlinable
  public func string() throws(JSONParseError) -> String {
    if let decoded { return decoded }
    guard let raw else { return "" }
    return try JSONScanner.makeString(raw, at: offset + 1)
  }
}

extension JSONValue {
  /// Parses `text` as one JSON value, with nothing but whitespace around it.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// Parses `bytes` as one JSON value, with nothing but whitespace around it.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
      try parse(buffer)
    }
  }

  /// Parses the bytes of `buffer` as one JSON value, with nothing but whitespace around it.
  public static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError)
    -> JSONValue
  {
    var scanner = JSONScanner(buffer)
    let value = try scanner.parseValue()
    try scanner.expectEnd()
    return value
  }
}
