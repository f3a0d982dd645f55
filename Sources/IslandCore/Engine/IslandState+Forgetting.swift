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
  /// forgets one, and its cost is in the activities the state holds, never in the journal's
  /// length: no periodic scan.
  mutating func forgetOldDismissedActivities() {
    let excess = dismissalOrder.count - IslandState.retainedDismissedActivities
    guard excess > 0 else { return }
    var forgotten: [Int] = []
    for startSeq in dismissalOrder.prefix(excess) {
      if let position = ActivityIndex.position(of: startSeq, in: activities) {
        forgotten.append(position)
      }
    }
    dismissalOrder.removeFirst(excess)
    forget(forgotten.sorted())
  }

  /// Removes the dismissed activities at `positions` (ascending), keeping their ids.
  private mutating func forget(_ positions: [Int]) {
    guard !positions.isEmpty else { return }
    for position in positions.reversed() {
      let attributes = activities[position].attributes
      forgottenIDs.insert(attributes.id)
      activityIndex.remove(attributes.id, startSeq: attributes.startSeq)
      // Moved as memory, not copied value by value.
      activities.remove(at: position)
    }
    // Only dismissed activities go, and nothing refers to them any more: they are neither
    // eligible, nor placed, nor expanded. The others after them move down by as many as
    // went before them. Timers and the id index find activities by start seq: they do not
    // move.
    func moved(_ position: Int) -> Int {
      var before = 0
      while before < positions.count, positions[before] < position { before += 1 }
      return position - before
    }
    eligible = eligible.map(moved)
    placement.island = placement.island.map(moved)
    placement.detached = placement.detached.map(moved)
    placement.hidden = placement.hidden.map(moved)
    placement.ranked = placement.ranked.map(moved)
    if let expanded = expansion?.activity { expansion?.activity = moved(expanded) }
    // The activity an update just changed is live: it is kept, and only moves.
    if !contentChange.zones.isEmpty { contentChange.activity = moved(contentChange.activity) }
    // A forgotten activity's timers are skipped when due, and dropped once they outnumber
    // the activities kept, so that the queue stays in proportion to the state.
    if timers.count > 4 * activities.count + 64 {
      let kept = activities
      timers.removeAll { ActivityIndex.position(of: $0.startSeq, in: kept) == nil }
    }
  }
}
