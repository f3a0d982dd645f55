/// An activity id with its hash, made once for every look-up of the id in an event: the id
/// index (``ActivityIndex``) and the forgotten ids (``ForgottenIDs``) share it.
///
/// The hash is a fixed function of the id's bytes (no per-process seed), so no result
/// depends on the process.
@usableFromInline struct HashedID: Equatable, Sendable {
  /// The id.
  @usableFromInline let id: String
  /// A 63-bit hash of the id's UTF-8 bytes (the top bit clear).
  let hash: UInt64

  init(_ id: String) {
    self.id = id
    hash = HashedID.hash(of: id)
  }

  /// The hash of `id`, for a look-up that needs no ``HashedID`` to keep.
  static func hash(of id: String) -> UInt64 { id.withUTF8Bytes(HashedID.hash) }

  /// A 63-bit hash of `bytes`, eight at a time (each eight read as a little-endian word).
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
    var index = 0
    if let base = bytes.baseAddress {
      while index + 8 <= bytes.count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        state = mix(state ^ word) &* 0x9E37_79B9_7F4A_7C15
        index += 8
      }
    }
    // The last bytes (fewer than eight) as the low bytes of one little-endian word, read as
    // two words of half that size or less that overlap where the length is not a power of
    // two: the bytes they share are the same at the same places.
    let rest = bytes.count - index
    var tail: UInt64 = 0
    if rest > 0, let base = bytes.baseAddress {
      let start = UnsafeRawPointer(base + index)
      if rest >= 4 {
        let low = UInt32(littleEndian: start.loadUnaligned(as: UInt32.self))
        let high = UInt32(
          littleEndian: start.loadUnaligned(fromByteOffset: rest - 4, as: UInt32.self))
        tail = UInt64(low) | UInt64(high) &<< UInt64(8 * (rest - 4))
      } else if rest >= 2 {
        let low = UInt16(littleEndian: start.loadUnaligned(as: UInt16.self))
        let high = UInt16(
          littleEndian: start.loadUnaligned(fromByteOffset: rest - 2, as: UInt16.self))
        tail = UInt64(low) | UInt64(high) &<< UInt64(8 * (rest - 2))
      } else {
        tail = UInt64(start.load(as: UInt8.self))
      }
    }
    return mix(state ^ tail) & ~(1 << 63)
  }

  /// Whether the two are the same id: their hashes compared first, their bytes only when
  /// the hashes match.
  @usableFromInline static func == (left: HashedID, right: HashedID) -> Bool {
    left.hash == right.hash && left.id == right.id
  }

  /// SplitMix64's finaliser (Steele, Lea, Flood 2014).
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
