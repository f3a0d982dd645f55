/// The append-only event log and the state it folds to.
///
/// `append` checks a proposed event against the current state and keeps it only if the
/// reducer accepts it; a rejected event leaves both the entries and the state as they were.
public struct EventLog: Equatable, Sendable {
  /// Every accepted event, in order; entry `i` has sequence number `i + 1`.
  public private(set) var entries: [LogEntry] = []
  /// The state after the last accepted event.
  public private(set) var state: IslandState

  /// An empty log for `configuration`.
  public init(configuration: Configuration = Configuration()) {
    state = IslandState(configuration: configuration)
  }

  /// An empty log for `configuration` whose state starts with `caches` (see
  /// ``IslandState/Caches``): the same results, with less work for what they hold.
  package init(configuration: Configuration, caches: IslandState.Caches) {
    state = IslandState(configuration: configuration)
    state.caches = caches
  }

  /// The configuration the log folds under.
  public var configuration: Configuration { state.configuration }

  /// Appends `event` at time `t` if the reducer accepts it.
  @discardableResult
  public mutating func append(_ event: Event, at t: Milliseconds) throws(Rejection) -> Outcome {
    let outcome = try state.apply(event, at: t)
    entries.append(outcome.entry)
    return outcome
  }

  /// The state after event `seq` (0: before any), folded again from the start.
  public func state(after seq: Int) -> IslandState {
    EventLog.fold(entries.prefix(max(0, min(seq, entries.count))), configuration: configuration)
  }

  /// Folds `entries` from an empty island. Entries a reducer rejects are skipped: entries
  /// taken from a log were all accepted, so none is.
  public static func fold<Entries: Sequence>(
    _ entries: Entries, configuration: Configuration
  ) -> IslandState where Entries.Element == LogEntry {
    var state = IslandState(configuration: configuration)
    for entry in entries { _ = try? state.apply(entry.event, at: entry.t) }
    return state
  }

  /// A log holding `entries` folded again under `configuration`, or the first rejection if
  /// one of them is not accepted there (another device or profile can refuse a tap).
  public static func refold(
    _ entries: [LogEntry], configuration: Configuration
  ) -> Result<EventLog, RefoldFailure> {
    var log = EventLog(configuration: configuration)
    for entry in entries {
      do {
        try log.append(entry.event, at: entry.t)
      } catch {
        return .failure(RefoldFailure(seq: entry.seq, rejection: error))
      }
    }
    return .success(log)
  }
}

/// Why a log could not be folded again under another configuration.
public struct RefoldFailure: Error, Equatable, Sendable {
  /// The sequence number of the first event that was rejected.
  public var seq: Int
  /// Why.
  public var rejection: Rejection
}
