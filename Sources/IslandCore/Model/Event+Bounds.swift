/// The range every whole number of an event keeps to: what a journal can hold and every
/// reader of it reads back exactly.
///
/// A journal's numbers are JSON numbers, which most readers hold in a `Double`: its integers
/// are exact up to 2^53 - 1. So a time (`t`, a stale date, a dismissal time) and a seq go from
/// 0 to ``largestWholeNumber``; whatever makes events (the REPL, a journal's writer, `save`,
/// the fuzzer's generator) checks them with ``outOfRange(at:seq:)`` before it accepts one.
public enum EventBounds {
  /// The largest whole number an event may carry: 2^53 - 1.
  public static let largestWholeNumber: Int64 = 9_007_199_254_740_991

  /// The largest time on the journal's clock: 2^53 - 1 ms (about 285,000 years).
  public static let largestTime: Milliseconds = largestWholeNumber

  /// Whether `time` is a time a journal holds: from 0 to ``largestTime``.
  public static func holds(_ time: Milliseconds) -> Bool {
    time >= 0 && time <= largestTime
  }
}

/// A whole number of an event outside ``EventBounds``: which field, and its value.
public struct OutOfRangeNumber: Equatable, Sendable, CustomStringConvertible {
  /// The field as the journal names it: `seq`, `t`, `stale` or `dismissal`.
  public var field: String
  /// The value it would have had.
  public var value: Int64

  /// `t 9007199254740992 is beyond the largest a journal holds (9007199254740991)`.
  public var description: String {
    value < 0
      ? "\(field) \(value) is negative"
      : "\(field) \(value) is beyond the largest a journal holds (\(EventBounds.largestTime))"
  }
}

extension Event {
  /// The first whole number of this event, made at `t` with number `seq`, that a journal
  /// cannot hold; nil when they all fit.
  public func outOfRange(at t: Milliseconds, seq: Int = 1) -> OutOfRangeNumber? {
    if seq < 0 || Int64(seq) > EventBounds.largestWholeNumber {
      return OutOfRangeNumber(field: "seq", value: Int64(seq))
    }
    if !EventBounds.holds(t) { return OutOfRangeNumber(field: "t", value: t) }
    switch self {
    case .start(let start):
      if let stale = start.stale, !EventBounds.holds(stale) {
        return OutOfRangeNumber(field: "stale", value: stale)
      }
    case .update(let update):
      if let stale = update.stale, !EventBounds.holds(stale) {
        return OutOfRangeNumber(field: "stale", value: stale)
      }
    case .end(let end):
      if case .after(let time) = end.dismissal, !EventBounds.holds(time) {
        return OutOfRangeNumber(field: "dismissal", value: time)
      }
    case .tap, .longPress, .tick:
      break
    }
    return nil
  }
}

extension LogEntry {
  /// The first whole number of this entry a journal cannot hold; nil when they all fit.
  public var outOfRange: OutOfRangeNumber? { event.outOfRange(at: t, seq: seq) }
}
