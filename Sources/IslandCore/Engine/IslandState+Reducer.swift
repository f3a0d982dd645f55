/// What one accepted event did.
public struct Outcome: Equatable, Sendable {
  /// The event as the log holds it, with its sequence number and time.
  public var entry: LogEntry
  /// The effects it caused.
  public var effects: [Effect]
  /// The warnings it raised.
  public var warnings: [Warning]
}

// The reducer: one event at a time, each kind by the handler of its rule (Sources/IslandCore/
// Rules/), and every rejected event leaving the state as it found it.
extension IslandState {
  /// The reducer: fires every timer due at or before `t`, in time order, then applies
  /// `event`, and places the activities again.
  ///
  /// A rejected event throws and leaves the state exactly as it was: timers that came due
  /// are fired again, the same way, before the next accepted event.
  @discardableResult
  public mutating func apply(_ event: Event, at t: Milliseconds) throws(Rejection) -> Outcome {
    let effectCount = effects.endIndex
    let warningCount = warnings.endIndex
    try foldKeepingItsEffects(event, at: t)
    let outcome = Outcome(
      entry: LogEntry(seq: seq, t: t, event: event),
      effects: effectCount == effects.endIndex ? [] : Array(effects[effectCount...]),
      warnings: warningCount == warnings.endIndex ? [] : Array(warnings[warningCount...]))
    forgetOldEffectsAndWarnings()
    return outcome
  }

  /// The reducer itself: ``apply(_:at:)`` without making its ``Outcome`` (a copy of the
  /// event, and of the effects and warnings it caused). For folds that look only at the
  /// state: a journal's replay, a fuzz case, a test that checks where the island ends up.
  public mutating func fold(_ event: Event, at t: Milliseconds) throws(Rejection) {
    try foldKeepingItsEffects(event, at: t)
    forgetOldEffectsAndWarnings()
  }

  /// Keeps only the most recent effects and warnings (``RecentWindow``), once the event
  /// that caused them is accepted and its outcome made.
  private mutating func forgetOldEffectsAndWarnings() {
    effects.forgetBeyondCapacity()
    warnings.forgetBeyondCapacity()
  }

  /// ``fold(_:at:)`` with every effect and warning of the event kept, for its outcome.
  private mutating func foldKeepingItsEffects(_ event: Event, at t: Milliseconds)
    throws(Rejection)
  {
    guard t >= self.t else {
      throw Rejection(event: event.name, reason: .timeWentBackwards(t: t, now: self.t))
    }
    let seq = self.seq + 1
    let undo = Undo(
      effectCount: effects.endIndex, warningCount: warnings.endIndex,
      animationCount: animations.count, dismissalCount: dismissalOrder.count)
    let applied: Applied
    if let next = timers.first, next.due <= t {
      applied = try handleAfterTimers(event, seq: seq, t: t, undo: undo)
    } else {
      do {
        applied = try handle(event, seq: seq, t: t)
      } catch {
        undo.revert(&self)
        throw Rejection(event: event.name, reason: error)
      }
    }
    commit(event, applied, seq: seq, t: t, undo: undo)
  }

  /// ``handle(_:seq:t:)`` after firing the timers due at or before `t`, which a rejection of
  /// the event puts back (``FiredTimers``) before `undo` cuts back what it appended. Apart:
  /// the events no timer precedes carry no record of fired timers to make or drop.
  private mutating func handleAfterTimers(
    _ event: Event, seq: Int, t: Milliseconds, undo: Undo
  ) throws(Rejection) -> Applied {
    // An activity a timer ended leaves its slot before the event sees the island: a tap must
    // land on what is shown at `t`, not on what was shown before the timers fired.
    // The record is made in the room the batches before made, and hands it back after.
    var fired = FiredTimers(
      placement: placement, expansion: expansion, eligible: eligible,
      storage: &caches.firedTimerChanges)
    if fireTimers(until: t, seq: seq, recording: &fired) { placeActivities() }
    do {
      let applied = try handle(event, seq: seq, t: t)
      caches.firedTimerChanges = fired.takeStorage()
      return applied
    } catch {
      fired.revert(&self)
      caches.firedTimerChanges = fired.takeStorage()
      undo.revert(&self)
      throw Rejection(event: event.name, reason: error)
    }
  }

  /// What the commit needs to know of an applied event, told by its handler from the payload
  /// it read: reading the event again would copy its payload once more.
  private struct Applied {
    /// The event's kind.
    let kind: Kind
    /// Whether the ranking may have changed.
    let rankingChanged: Bool
    /// Whether it was held back and applied later: only then does the throttling note read
    /// the event (``noteIfThrottled(_:seq:)``).
    var wasHeldBack = false

    enum Kind { case start, update, other }
  }

  /// Applies `event`, with sequence number `seq`, at `t`: the handler of its kind. Every
  /// handler checks everything before it changes anything but the effects, warnings and
  /// animations it appends, which ``Undo`` cuts off.
  ///
  /// Inlined into the fold: a call of its own would be handed the event and its payload
  /// packed in an ``Applied``, and unpacked again.
  @inline(__always)
  private mutating func handle(_ event: Event, seq: Int, t: Milliseconds) throws(Rejection
    .Reason) -> Applied
  {
    switch event {
    case .start(let start):
      try self.start(start, seq: seq, t: t)
      return Applied(kind: .start, rankingChanged: true, wasHeldBack: start.arrived != nil)
    case .update(let update):
      let rankingChanged = try self.update(update, seq: seq, t: t)
      return Applied(
        kind: .update, rankingChanged: rankingChanged, wasHeldBack: update.arrived != nil)
    case .end(let end):
      try self.end(end, seq: seq, t: t)
      return Applied(kind: .other, rankingChanged: true, wasHeldBack: end.arrived != nil)
    case .tap(let target):
      try tap(target, seq: seq)
      return Applied(kind: .other, rankingChanged: false)
    case .longPress(let target):
      try longPress(target, seq: seq)
      return Applied(kind: .other, rankingChanged: false)
    case .tick:
      return Applied(kind: .other, rankingChanged: false)
    }
  }

  /// What an accepted event does last: the last event's animations and content change give
  /// way to this one's, the clock moves on, the activities are placed again, and a started
  /// activity that is shown grows in.
  private mutating func commit(
    _ event: Event, _ applied: Applied, seq: Int, t: Milliseconds, undo: Undo
  ) {
    // Only an update changes content (and so makes transitions); it recorded its change.
    if applied.kind != .update { contentChange.clear() }
    // The last event's animations stayed until this one was accepted: this one's were added
    // after them.
    if undo.animationCount > 0 { animations.removeFirst(undo.animationCount) }
    self.seq = seq
    self.t = t
    // Read from the event only for one held back: reading it copies its payload.
    if applied.wasHeldBack { noteIfThrottled(event, seq: seq) }
    if applied.rankingChanged { placeActivities() }
    // An accepted start appended its activity last.
    if applied.kind == .start, let index = activities.indices.last, expansion == nil,
      placement.island == index || placement.detached == index
    {
      animate(.grow, index: index, timing: springTiming, seq: seq)
    }
    forgetOldDismissedActivities()
  }

  /// What a rejected event appended, cut back: effects, warnings, animations and dismissals,
  /// to their counts before it. The handlers check before they change, so that and what the
  /// timers that came due changed before it (``FiredTimers``) is all there is to undo.
  ///
  /// Not a copy of the state to fall back on: a copy would share the activity list with
  /// the state, and the first change to an activity would copy the whole list, on every
  /// event.
  struct Undo {
    let effectCount: Int
    let warningCount: Int
    let animationCount: Int
    /// How many dismissals were recorded before the event.
    let dismissalCount: Int

    func revert(_ state: inout IslandState) {
      state.animations.removeLast(state.animations.count - animationCount)
      state.effects.removeLast(state.effects.endIndex - effectCount)
      state.warnings.removeLast(state.warnings.endIndex - warningCount)
      state.dismissalOrder.removeLast(state.dismissalOrder.count - dismissalCount)
    }
  }

  /// What firing timers changes, as it was before: the placement, the expansion, the
  /// eligible list, the life of each activity a timer changed, and the queue (the timers
  /// taken from it and those set). What a rejected event puts back. Made only when a timer
  /// comes due: the events no timer precedes carry no record to make or drop. A value the
  /// fold holds and changes in place, so that recording checks no exclusive access at run
  /// time, as a class's properties would.
  struct FiredTimers {
    private let placement: Placement
    private let expansion: Expansion?
    private let eligible: [Int]
    /// What the timers changed, in the order changed: in one list, so that a batch of timers
    /// makes one record to grow and drop, not one for each kind of change.
    private var changes: [Change]

    /// One change a timer made.
    enum Change {
      /// An activity's phase and end times, as they were before a timer changed them.
      case life(index: Int, phase: Phase, endedAt: Milliseconds?, dismissAt: Milliseconds?)
      /// A timer taken from the queue.
      case took(Timer)
      /// A timer a fired one set (the dismissal of an activity its lifetime ended).
      case set(Timer)
    }

    /// A record of the state before the timers fire, kept in the room of `storage` (empty),
    /// which it takes.
    init(
      placement: Placement, expansion: Expansion?, eligible: [Int], storage: inout [Change]
    ) {
      self.placement = placement
      self.expansion = expansion
      self.eligible = eligible
      changes = []
      swap(&changes, &storage)
    }

    /// The record's storage, emptied, for the next batch of timers to record into.
    mutating func takeStorage() -> [Change] {
      changes.removeAll(keepingCapacity: true)
      var storage: [Change] = []
      swap(&storage, &changes)
      return storage
    }

    /// Records that `timer` was taken from the queue.
    mutating func took(_ timer: Timer) { append(.took(timer)) }

    /// Records the life of activity `index` of `activities` before a timer changes it.
    mutating func willChange(_ index: Int, in activities: ActivityList) {
      // Read in place: a copy of the activity would retain and release all it holds.
      append(
        .life(
          index: index, phase: activities[index].phase, endedAt: activities[index].endedAt,
          dismissAt: activities[index].dismissAt))
    }

    /// Records that a fired timer set `timer`.
    mutating func set(_ timer: Timer) { append(.set(timer)) }

    /// Appends `change`, making room for a batch at the first: timers come due in batches (a
    /// day of activities ending, then dismissed), and the record grows once, not at every
    /// doubling.
    private mutating func append(_ change: Change) {
      if changes.isEmpty { changes.reserveCapacity(16) }
      changes.append(change)
    }

    /// Puts back what the timers changed: the activities' lives, last changed first, the
    /// placement, the expansion and the eligible list, then the queue: the timers set taken
    /// out and the timers taken put back, in the order they were recorded.
    func revert(_ state: inout IslandState) {
      for case .life(let index, let phase, let endedAt, let dismissAt) in changes.reversed() {
        state.activities[index].phase = phase
        state.activities[index].endedAt = endedAt
        state.activities[index].dismissAt = dismissAt
      }
      state.placement = placement
      state.expansion = expansion
      state.eligible = eligible
      for case .set(let timer) in changes { state.timers.remove(timer) }
      for case .took(let timer) in changes { state.timers.insert(timer) }
    }
  }

  var policy: Policy { configuration.policy }
  var device: Device { configuration.device }
}
