import IslandCore

/// A journal's events folded into the island's states over time, for filmstrips and pages.
///
/// Each accepted event gives a moment with the state after it. Between two events, when a
/// timer the engine set comes due (an alert's end, a stale date, a dismissal), the timeline
/// asks the engine what the island is then, by folding a `tick` at that time into a copy
/// of the state, and keeps a `timer` moment where that changes what the island shows: an
/// alert's island collapses 2.2 s after it expanded even if the journal's next event comes
/// later. With `keepGoing`, an event the engine rejects is a `rejected` moment (the state
/// as it was) and the events after it are folded as usual; without, folding stops there.
public struct JournalTimeline: Sendable {
  /// One moment of the timeline.
  public struct Moment: Sendable {
    /// What happened.
    public var kind: Kind
    /// The journal's sequence number of the event (for a timer, of the last event before).
    public var seq: Int
    /// When, in milliseconds on the journal's clock.
    public var t: Milliseconds
    /// The state after it (after a rejection: as it was).
    public var state: IslandState
  }

  /// What a moment is.
  public enum Kind: Equatable, Sendable {
    /// An accepted event, by its name (`start`, `update`, ...).
    case event(String)
    /// An event the engine refused, by its name, and why.
    case rejected(String, Rejection)
    /// Timers came due between events and changed what the island shows.
    case timer
  }

  /// The configuration the journal folds under.
  public let configuration: Configuration
  /// Every moment, in time order.
  public private(set) var moments: [Moment] = []
  /// The first rejection, when folding stopped at it (without `keepGoing`).
  public private(set) var stoppedAt: (seq: Int, rejection: Rejection)?

  /// The timeline of `entries` folded under `configuration`.
  public init(configuration: Configuration, entries: [LogEntry], keepGoing: Bool) {
    self.configuration = configuration
    var state = IslandState(configuration: configuration)
    for entry in entries {
      addTimerMoments(from: state, before: entry.t, seq: state.seq)
      do {
        try state.apply(entry.event, at: entry.t)
        moments.append(
          Moment(kind: .event(entry.event.name), seq: entry.seq, t: entry.t, state: state))
      } catch {
        guard keepGoing else {
          stoppedAt = (entry.seq, error)
          return
        }
        moments.append(
          Moment(
            kind: .rejected(entry.event.name, error), seq: entry.seq, t: entry.t, state: state))
      }
    }
  }

  /// Adds a moment for each time before `limit` at which timers change what `state` shows.
  private mutating func addTimerMoments(
    from state: IslandState, before limit: Milliseconds, seq: Int
  ) {
    var current = state
    // Each tick passes every timer due by its time, so each round moves past one at least.
    while let due = current.nextTimerDue, due < limit, due >= current.t {
      var next = current
      guard (try? next.apply(.tick, at: due)) != nil else { return }
      if Scene(next) != Scene(current) {
        moments.append(Moment(kind: .timer, seq: seq, t: due, state: next))
      }
      current = next
    }
  }

  /// The index of the last moment at or before `t`, nil before the first.
  public func momentIndex(at t: Milliseconds) -> Int? {
    var low = 0
    var high = moments.count
    while low < high {
      let middle = (low + high) / 2
      if moments[middle].t <= t { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : low - 1
  }

  /// The island at `t`: the state of the last moment at or before it (timer moments
  /// included, so nothing is due in between that changes what it shows), or the empty island
  /// before the first.
  public func state(at t: Milliseconds) -> IslandState {
    momentIndex(at: t).map { moments[$0].state } ?? IslandState(configuration: configuration)
  }
}
