/// xoshiro256** (Blackman and Vigna, 2018; the public-domain `xoshiro256starstar.c`): the
/// generator behind every random choice of the property kit.
///
/// The state is four 64-bit words, filled from a 64-bit seed by four calls of
/// ``SplitMix64`` (so no seed gives the all-zero state). Only wrapping `UInt64` arithmetic,
/// shifts and rotations are used, and the derived draws below (a bounded integer, a fraction,
/// a coin flip) are defined here rather than taken from the standard library, whose
/// algorithms may change between releases: the same seed gives the same sequence of draws on
/// every machine, in debug and release, today and after a toolchain upgrade. The tests check
/// the raw outputs against the reference C implementation's.
public struct Xoshiro256StarStar: RandomNumberGenerator, Equatable, Hashable, Sendable {
  /// The four state words.
  public private(set) var state: (UInt64, UInt64, UInt64, UInt64)

  /// A generator seeded from `seed` through SplitMix64.
  public init(seed: UInt64) {
    var seeder = SplitMix64(seed: seed)
    state = (seeder.next(), seeder.next(), seeder.next(), seeder.next())
  }

  /// The next 64 bits (the reference `next()`).
  public mutating func next() -> UInt64 {
    let result = Xoshiro256StarStar.rotateLeft(state.1 &* 5, by: 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = Xoshiro256StarStar.rotateLeft(state.3, by: 45)
    return result
  }

  // MARK: - Derived draws

  /// A uniform integer in `0..<bound` (0 when `bound` is not positive).
  ///
  /// Lemire's multiply-and-shift with rejection ("Fast random integer generation in an
  /// interval", 2019): unbiased, and nearly always one draw.
  public mutating func next(below bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    let range = UInt64(bound)
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold { product = next().multipliedFullWidth(by: range) }
    }
    return Int(product.high)
  }

  /// A uniform integer in `range`.
  public mutating func next(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
  }

  /// A uniform 64-bit integer in `range`.
  public mutating func next(in range: ClosedRange<Int64>) -> Int64 {
    let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
    guard span < UInt64(Int.max) else { return range.lowerBound &+ Int64(bitPattern: next()) }
    return range.lowerBound + Int64(next(below: Int(span) + 1))
  }

  /// A uniform fraction in `[0, 1)`: the top 53 bits over 2^53.
  public mutating func nextFraction() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// True with probability `probability`.
  public mutating func chance(_ probability: Double) -> Bool {
    nextFraction() < probability
  }

  /// One element of `elements`, uniformly; nil when it is empty.
  public mutating func pick<Element>(_ elements: [Element]) -> Element? {
    elements.isEmpty ? nil : elements[next(below: elements.count)]
  }

  /// An index chosen with probability proportional to its weight (weights not positive never
  /// win); 0 when every weight is zero.
  public mutating func index(weightedBy weights: [Int]) -> Int {
    let total = weights.reduce(0) { $0 + max(0, $1) }
    guard total > 0 else { return 0 }
    var draw = next(below: total)
    for (index, weight) in weights.enumerated() where weight > 0 {
      if draw < weight { return index }
      draw -= weight
    }
    return weights.count - 1
  }

  // MARK: - Equatable, Hashable

  /// Whether two generators are in the same state.
  public static func == (left: Xoshiro256StarStar, right: Xoshiro256StarStar) -> Bool {
    left.state == right.state
  }

  /// Hashes the state.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(state.0)
    hasher.combine(state.1)
    hasher.combine(state.2)
    hasher.combine(state.3)
  }

  private static func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
  }
}
