import Testing

@testable import IslandCore

/// The hash the id index and the forgotten ids share.
@Suite struct HashedIDTests {
  /// An id's hash reads its bytes eight at a time as little-endian words: the same as
  /// gathering them byte by byte, for every length and every tail.
  @Test func anIDsHashIsItsBytesReadAsLittleEndianWords() {
    func plain(_ bytes: [UInt8]) -> UInt64 {
      var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
      var index = 0
      while index + 8 <= bytes.count {
        var word: UInt64 = 0
        for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (8 * offset) }
        state = HashedID.mix(state ^ word) &* 0x9E37_79B9_7F4A_7C15
        index += 8
      }
      var tail: UInt64 = 0
      for offset in 0..<(bytes.count - index) {
        tail |= UInt64(bytes[index + offset]) << (8 * offset)
      }
      return HashedID.mix(state ^ tail) & ~(1 << 63)
    }
    let alphabet = Array("ABCxyz019._-:".utf8)
    for length in 0...40 {
      let bytes = (0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] }
      let id = String(decoding: bytes, as: UTF8.self)
      #expect(HashedID(id).hash == plain(bytes), "\(id)")
    }
  }
}
