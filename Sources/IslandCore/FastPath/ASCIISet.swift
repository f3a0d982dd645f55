/// A set of ASCII bytes, made once from the rule that says which bytes belong: a check of a
/// name's bytes then asks one bit per byte, not the rule's comparisons.
struct ASCIISet: Sendable {
  /// Bit `b` of the word `b / 64` is set when byte `b` belongs.
  private let low: UInt64
  private let high: UInt64

  /// The ASCII bytes for which `belongs` holds.
  init(_ belongs: (UInt8) -> Bool) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    for byte in UInt8(0)..<0x80 where belongs(byte) {
      if byte < 0x40 { low |= 1 << byte } else { high |= 1 << (byte - 0x40) }
    }
    self.low = low
    self.high = high
  }

  /// Whether `byte` belongs: never for a byte beyond ASCII.
  @inline(__always) func contains(_ byte: UInt8) -> Bool {
    let word = byte < 0x40 ? low : byte < 0x80 ? high : 0
    return (word >> UInt64(byte & 0x3F)) & 1 != 0
  }

  /// Whether every byte of `bytes` belongs.
  @inline(__always) func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where !contains(byte) { return false }
    return true
  }
}
