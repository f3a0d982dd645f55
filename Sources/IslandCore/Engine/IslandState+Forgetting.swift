/// Dismissed activities are gone from the device. The state keeps the most recently
/// dismissed of them (``IslandState/retainedDismissedActivities``) so that a replay shows how
/// they ended, and forgets older ones, in the order they were dismissed, keeping only their
/// ids: an id is never reused, so a start under a forgotten id is still rejected, and an
/// update or end of one is rejected as ended. This keeps the state, and a replay's memory,
/// bounded however long the journal: by the live activities, those ended within the last
/// 4 h, and the retained dismissed ones (forgotten ids take a few bytes each,
/// ``ForgottenIDs``).
extension IslandState {
  /// How many dismissed activities the state keeps: exactly the most recently dismissed.
  public static let retainedDismissedActivities = 256

  /// Whether `id` belonged to an activity that was dismissed and then forgotten.
  public func isForgotten(_ id: String) -> Bool { forgottenIDs.contains(id) }

  /// Forgets the least recently dismissed activities beyond the retained number. Runs after
  /// an accepted event; only an event that dismissed an activity past the retained number
  /// forgets one, and its cost is in what the activity list moves to take it out
  /// (``ActivityList/remove(at:)``), never in the journal's length: no periodic scan.
  mutating func forgetOldDismissedActivities() {
    let excess = dismissalOrder.count - IslandState.retainedDismissedActivities
    guard excess > 0 else { return }
    for startSeq in dismissalOrder.prefix(excess) {
      if let position = activities.position(startedBy: startSeq) {
        forget(position)
      }
    }
    dismissalOrder.removeFirst(excess)
  }

  /// Removes the dismissed activity at `position`, keeping its id.
  private mutating func forget(_ position: Int) {
    let attributes = activities[position].attributes
    let id = attributes.hashedID
    forgottenIDs.insert(id)
    activityIndex.remove(id, startSeq: attributes.startSeq)
    activities.remove(at: position)
    // Only a dismissed activity goes, and nothing refers to it any more: it is neither
    // eligible, nor placed, nor expanded. Those after it move down by one. Timers and the id
    // index find activities by start seq: they do not move. (Inlined: a call for each list
    // cost about what its walk of a few indices does.)
    @inline(__always) func moveDown(_ indices: inout [Int]) {
      for slot in indices.indices where indices[slot] > position { indices[slot] -= 1 }
    }
    func moved(_ index: Int) -> Int { index > position ? index - 1 : index }
    moveDown(&eligible)
    moveDown(&placement.hidden)
    moveDown(&placement.ranked)
    placement.island = placement.island.map(moved)
    placement.detached = placement.detached.map(moved)
    if let expanded = expansion?.activity { expansion?.activity = moved(expanded) }
    // The activity an update just changed is live: it is kept, and only moves.
    if !contentChange.zones.isEmpty { contentChange.activity = moved(contentChange.activity) }
    // A forgotten activity's timers are skipped when due, and dropped once they outnumber
    // the activities kept, so that the queue stays in proportion to the state.
    if timers.count > 4 * activities.count + 64 {
      let kept = activities
      timers.removeAll { kept.position(startedBy: $0.startSeq) == nil }
    }
  }
}
