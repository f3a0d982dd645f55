extension Milliseconds {
  /// `self + other`, or the end of the clock it would pass (`Int64.max`, or `Int64.min`
  /// going back): no sum of a time and a duration traps. A timer due past the end of the clock
  /// is due at its last moment, which no journal reaches (they end at 2^53 - 1 ms).
  public func saturatingAdding(_ other: Milliseconds) -> Milliseconds {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }

  /// `self - other`, or the end of the clock it would pass.
  public func saturatingSubtracting(_ other: Milliseconds) -> Milliseconds {
    let (difference, overflow) = subtractingReportingOverflow(other)
    guard overflow else { return difference }
    return other < 0 ? .max : .min
  }

  /// `value` rounded down to whole milliseconds, within the clock's range (0 for NaN).
  static func clamping(_ value: Double) -> Milliseconds {
    guard !value.isNaN else { return 0 }
    // 2^63 as a Double: the first value past Int64.max.
    if value >= 9_223_372_036_854_775_808 { return .max }
    if value <= -9_223_372_036_854_775_808 { return .min }
    return Milliseconds(value)
  }
}
