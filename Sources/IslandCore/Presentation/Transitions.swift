/// The rules of content transitions and animation timing.
public enum Transitions {
  /// Whether `before` and `after` differ only in their digits: equal once every digit is
  /// taken out (`9м` and `10м`, `1:05` and `1:04`). Then the zone animates with
  /// `.numericText()`.
  public static func onlyDigitsDiffer(_ before: String, _ after: String) -> Bool {
    guard before != after else { return false }
    // Compare what is left of both UTF-8 views once ASCII digits (never part of a
    // multi-byte sequence) are skipped, byte by byte.
    return after.withUTF8Bytes { onlyDigitsDiffer(before, $0) }
  }

  /// ``onlyDigitsDiffer(_:_:)`` for a text given as UTF-8 bytes, known to differ from
  /// `before`.
  static func onlyDigitsDiffer(_ before: String, _ after: UnsafeBufferPointer<UInt8>) -> Bool {
    before.withUTF8Bytes { nonDigitsEqual($0, after) }
  }

  private static func nonDigitsEqual(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var leftIndex = 0
    var rightIndex = 0
    while true {
      while leftIndex < left.count, left[leftIndex] &- 0x30 < 10 { leftIndex += 1 }
      while rightIndex < right.count, right[rightIndex] &- 0x30 < 10 { rightIndex += 1 }
      let leftDone = leftIndex == left.count
      let rightDone = rightIndex == right.count
      if leftDone || rightDone { return leftDone && rightDone }
      if left[leftIndex] != right[rightIndex] { return false }
      leftIndex += 1
      rightIndex += 1
    }
  }

  /// How long an animation lasts, in milliseconds: the sum of its keyframes, or a spring's
  /// settling time.
  public static func duration(of timing: Animation.Timing) -> Milliseconds {
    switch timing {
    case .spring(let response, let damping): return springSettlingTime(response, damping)
    case .keyframes(let keyframes, _):
      return keyframes.reduce(0) { $0.saturatingAdding($1.duration) }
    }
  }

  /// The time a spring takes to settle within 2 % of its target: 4 / (ζ ω₀), with
  /// ω₀ = 2π / response (SwiftUI's `response` is the period of the undamped spring). For
  /// seed 001's spring (response 0.7 s, damping 0.7) that is 637 ms.
  public static func springSettlingTime(_ response: Milliseconds, _ damping: Double)
    -> Milliseconds
  {
    let zeta = min(1, max(0.05, damping))
    return .clamping((4 * Double(response) / (2 * Double.pi * zeta)).rounded())
  }

  /// Keyframes scaled to last `total` milliseconds, in the same proportions (the last
  /// keyframe takes what rounding leaves).
  public static func scale(_ keyframes: [Keyframe], to total: Milliseconds) -> [Keyframe] {
    // Summed as doubles: durations as long as the clock must not overflow the sum.
    let sum = keyframes.reduce(0.0) { $0 + Double($1.duration) }
    guard sum > 0, !keyframes.isEmpty else { return keyframes }
    var scaled = keyframes.map {
      Keyframe(
        scale: $0.scale,
        duration: .clamping((Double($0.duration) * Double(total) / sum).rounded(.down)),
        curve: $0.curve)
    }
    let used = scaled.dropLast().reduce(Milliseconds(0)) { $0.saturatingAdding($1.duration) }
    scaled[scaled.count - 1].duration = total.saturatingSubtracting(used)
    return scaled
  }
}
