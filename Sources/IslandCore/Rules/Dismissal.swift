/// Ending and dismissal (Part 1, "Lifecycle and limits"): "Ending removes the activity from
/// the island at once. Dismissal policy: `default` keeps it on the Lock Screen up to 4 h,
/// `immediate` removes it now, `after(date)` removes it at that date or 4 h after the end,
/// whichever is first." An end may carry a last patch of the content, checked as an
/// update's; Part 2: "An activity that ends while expanded collapses the island at once."
extension IslandState {
  mutating func end(_ end: End, seq: Int, t: Milliseconds) throws(Rejection.Reason) {
    let index = try liveIndex(of: end.activity)
    if case .after(let time) = end.dismissal { try Validation.checkTime(time, field: "dismissal") }
    if let patch = end.state {
      // An ended activity is not shown: its last content makes no transition.
      var unrecorded = ContentChange()
      let attributes = activities[index].attributes
      _ = try IslandState.merge(
        patch, into: &activities[index], attributes: attributes,
        payloadLimit: policy.payloadLimit, now: t, recording: &unrecorded)
    }
    endActivity(index, at: t, dismissal: end.dismissal, seq: seq)
  }

  /// Ends activity `index` at `t` (an end event, or the system at the end of its lifetime):
  /// it leaves the island at once, collapsing an expansion of it, and stays on the Lock
  /// Screen until its dismissal. Returns the timer of that dismissal, when it is to come.
  @discardableResult
  mutating func endActivity(_ index: Int, at t: Milliseconds, dismissal: Dismissal, seq: Int)
    -> Timer?
  {
    let latest = t.saturatingAdding(policy.dismissalDelay)
    let dismissAt: Milliseconds
    switch dismissal {
    case .default: dismissAt = latest
    case .immediate: dismissAt = t
    case .after(let time): dismissAt = min(max(time, t), latest)
    }
    activities[index].endedAt = t
    activities[index].dismissAt = dismissAt
    var dismissalTimer: Timer?
    if dismissAt <= t {
      activities[index].phase = .dismissed
      dismissalOrder.append(activities[index].attributes.startSeq)
    } else {
      activities[index].phase = .ended
      let timer = Timer(due: dismissAt, kind: .dismissal, startSeq: activities[index].startSeq)
      timers.insert(timer)
      dismissalTimer = timer
    }
    // An activity is eligible once at most: the first found is the one.
    if let slot = eligible.firstIndex(of: index) { eligible.remove(at: slot) }
    if expansion?.activity == index { collapse(seq: seq) }
    return dismissalTimer
  }
}
