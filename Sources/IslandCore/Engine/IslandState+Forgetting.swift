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
      if let position = position(ofStartSeq: startSeq) { forgotten.append(position) }
    }
    dismissalOrder.removeFirst(excess)
    forget(forgotten.sorted())
  }

  /// The position of the activity started by event `startSeq`: the list is in start order.
  private func position(ofStartSeq startSeq: Int) -> Int? {
    var low = 0
    var high = activities.count
    while low < high {
      let middle = (low + high) / 2
      if activities[middle].attributes.startSeq < startSeq {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < activities.count && activities[low].attributes.startSeq == startSeq ? low : nil
  }

  /// Removes the dismissed activities at `positions` (ascending), keeping their ids.
  private mutating func forget(_ positions: [Int]) {
    guard let first = positions.first else { return }
    for position in positions { forgottenIDs.insert(activities[position].attributes.id) }
    // The activities after the first forgotten one move down in place; nothing before it
    // moves.
    var newPosition = Array(0..<activities.count)
    var kept = first
    var next = 0
    for position in first..<activities.count {
      if next < positions.count, positions[next] == position {
        newPosition[position] = -1
        next += 1
      } else {
        newPosition[position] = kept
        if kept != position { activities.swapAt(kept, position) }
        kept += 1
      }
    }
    activities.removeLast(activities.count - kept)
    // Only dismissed activities go, and nothing refers to them any more: they are neither
    // eligible, nor placed, nor expanded, and every timer of theirs is spent.
    func moved(_ position: Int) -> Int { newPosition[position] }
    activityIndex = ActivityIndex()
    for position in activities.indices {
      activityIndex.insert(activities[position].attributes.id, at: position)
    }
    eligible = eligible.map(moved)
    placement.island = placement.island.map(moved)
    placement.detached = placement.detached.map(moved)
    placement.hidden = placement.hidden.map(moved)
    placement.ranked = placement.ranked.map(moved)
    if let expanded = expansion?.activity { expansion?.activity = moved(expanded) }
    // The activity an update just changed is live: it is kept, and only moves.
    if !contentChange.zones.isEmpty { contentChange.activity = moved(contentChange.activity) }
    timers.remap { newPosition[$0] >= 0 ? newPosition[$0] : nil }
  }
}
