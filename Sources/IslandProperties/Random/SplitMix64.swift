/// SplitMix64 (Steele, Lea and Flood, 2014; Vigna's public-domain `splitmix64.c`): a 64-bit
/// counter passed through a mixing function.
///
/// Used here for two jobs only: to expand one 64-bit seed into the 256-bit state of
/// ``Xoshiro256StarStar`` (as Vigna recommends), and to derive the seed of each generated case
/// from the run's seed. Every operation is on `UInt64` with wrapping arithmetic, so the
/// sequence is the same on every machine and in every build.
public struct SplitMix64: Equatable, Hashable, Sendable {
  /// The counter; each call adds the golden-ratio increment to it.
  public private(set) var state: UInt64

  /// A generator whose counter starts at `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return SplitMix64.mix(state)
  }

  /// The mixing function alone: a bijection of 64-bit values with good avalanche.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
