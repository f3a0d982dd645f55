import IslandCore

/// A REPL session: the event log and the state it folds to, under a configuration.
///
/// A value with no I/O: the ``REPL`` around it reads lines, writes journals and prints.
public struct Session: Equatable, Sendable {
  /// The events accepted so far and the state they fold to.
  public private(set) var log: EventLog

  /// An empty session for `configuration`.
  public init(configuration: Configuration = Configuration()) {
    log = EventLog(configuration: configuration)
  }

  /// A session holding `entries`, folded under `configuration`. If one would be rejected
  /// there, the error names the first.
  public init(configuration: Configuration, entries: [LogEntry]) throws(SessionError) {
    switch EventLog.refold(entries, configuration: configuration) {
    case .success(let log): self.log = log
    case .failure(let failure):
      throw .refoldFailed(
        configuration: configuration, seq: failure.seq, rejection: failure.rejection)
    }
  }

  /// The device, profile and policy the events are folded under.
  public var configuration: Configuration { log.configuration }
  /// Every accepted event, in order.
  public var entries: [LogEntry] { log.entries }
  /// The state after the last event.
  public var state: IslandState { log.state }
  /// The session's clock: the time of the last event (0 before any).
  public var now: Milliseconds { log.state.t }
  /// The number of the last event (0 before any).
  public var seq: Int { log.state.seq }

  /// Applies `event` at time `t`. A rejected event changes nothing.
  @discardableResult
  public mutating func apply(_ event: Event, at t: Milliseconds) throws(Rejection) -> Outcome {
    try log.append(event, at: t)
  }

  /// Takes back the last event: the others folded again, in time proportional to the
  /// session's length (for an event that must not stay, which is rare).
  public mutating func removeLast() {
    let kept = entries.dropLast()
    // The kept events were accepted under this configuration, in this order: none can fail.
    log =
      (try? EventLog.refold(Array(kept), configuration: configuration).get())
      ?? EventLog(configuration: configuration)
  }

  /// The state after event `seq` (0: before any).
  public func state(after seq: Int) throws(SessionError) -> IslandState {
    guard seq >= 0, seq <= entries.count else { throw .noSuchEvent(seq, last: entries.count) }
    return seq == entries.count ? state : log.state(after: seq)
  }

  /// Forgets every event; the configuration stays.
  public mutating func reset() {
    self = Session(configuration: configuration)
  }

  /// Folds the events again under `configuration`. If one would be rejected there, nothing
  /// changes and the error names the first.
  public mutating func reconfigure(_ configuration: Configuration) throws(SessionError) {
    self = try Session(configuration: configuration, entries: entries)
  }
}
