/// The timers (Part 2, "Time"): "Before an event is applied, every timer due at or before
/// its `t` fires, in time order: stale dates, the end of an alert expansion (default 2.2 s),
/// the 8 h limit (the system ends the activity with the default dismissal), Lock Screen
/// dismissal."
///
/// A timer the engine set: something that happens by itself when time reaches `due`.
struct Timer: Equatable, Sendable {
  /// When it fires.
  var due: Milliseconds
  /// What it does; the order of the cases breaks ties at the same time (the order Part 2 of
  /// the reference lists them in).
  var kind: Kind
  /// The start sequence number of its activity: the last tie-break, and how the activity
  /// is found when the timer comes due (its position moves when older activities are
  /// forgotten; a timer of a forgotten activity finds none and applies to nothing).
  var startSeq: Int
  /// A position in an activity list, for the reference model (`ReferenceIsland`), whose
  /// list never forgets; the engine finds activities by ``startSeq``.
  var activity: Int

  init(due: Milliseconds, kind: Kind, startSeq: Int, activity: Int = -1) {
    self.due = due
    self.kind = kind
    self.startSeq = startSeq
    self.activity = activity
  }

  enum Kind: Int, Comparable, Sendable {
    case stale = 0
    case alertEnd = 1
    case lifetime = 2
    case dismissal = 3

    static func < (left: Kind, right: Kind) -> Bool { left.rawValue < right.rawValue }
  }

  /// Time order, then kind, then start order: a total order, so firing never depends on the
  /// order timers were set in.
  func precedes(_ other: Timer) -> Bool {
    if due != other.due { return due < other.due }
    if kind != other.kind { return kind < other.kind }
    return startSeq < other.startSeq
  }
}

extension IslandState {
  /// Fires every timer due at or before `t`, in time order (``Timer/precedes(_:)``), each
  /// only if it still applies. Returns whether the ranking may have changed. Records in
  /// `record` what it changes, for a rejected event to put back.
  mutating func fireTimers(
    until t: Milliseconds, seq: Int, recording record: inout FiredTimers
  ) -> Bool {
    var rankingChanged = false
    while let timer = timers.first, timer.due <= t {
      _ = timers.removeFirst()
      record.took(timer)
      guard let index = activities.position(startedBy: timer.startSeq) else {
        continue
      }
      let phase = activities[index].phase
      switch timer.kind {
      case .stale:
        // An update may have moved the stale date since, or made the activity stale already.
        guard phase == .active, activities[index].staleAt == timer.due else { continue }
        record.willChange(index, in: activities)
        activities[index].phase = .stale
      case .alertEnd:
        // A later alert, a tap or an end may have replaced or ended this alert's expansion.
        guard let expansion, expansion.activity == index, expansion.reason == .alert,
          expansion.until == timer.due
        else { continue }
        collapse(seq: seq)
      case .lifetime:
        guard phase == .active || phase == .stale else { continue }
        record.willChange(index, in: activities)
        if let dismissal = endActivity(index, at: timer.due, dismissal: .default, seq: seq) {
          record.set(dismissal)
        }
        rankingChanged = true
      case .dismissal:
        guard phase == .ended, activities[index].dismissAt == timer.due else { continue }
        record.willChange(index, in: activities)
        activities[index].phase = .dismissed
        dismissalOrder.append(activities[index].attributes.startSeq)
      }
    }
    return rankingChanged
  }
}
