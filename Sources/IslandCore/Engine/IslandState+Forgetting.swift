/// Dismissed activities are gone from the device. The state keeps the most recent of them
/// (``IslandState/retainedDismissedActivities``) so that a replay shows how they ended, and
/// forgets older ones, keeping only their ids: an id is never reused, so a start under a
/// forgotten id is still rejected, and an update or end of one is rejected as ended. This
/// keeps the state, and a replay's memory, bounded however long the journal: by the live
/// activities, those ended within the last 4 h, and the retained dismissed ones.
extension IslandState {
  /// How many dismissed activities the state keeps, the most recently started first.
  public static let retainedDismissedActivities = 256

  /// Whether `id` belonged to an activity that was dismissed and then forgotten.
  public func isForgotten(_ id: String) -> Bool { forgottenIDs.contains(id) }

  /// Forgets the oldest dismissed activities beyond the retained number. Runs after an
  /// accepted event, and scans only once the activity list has grown by the retained number
  /// since the last scan, so its cost per event stays constant.
  mutating func forgetOldDismissedActivities() {
    guard activities.count >= nextForgettingScan else { return }
    defer { nextForgettingScan = activities.count + IslandState.retainedDismissedActivities }
    var dismissed = 0
    for activity in activities where activity.phase == .dismissed { dismissed += 1 }
    var toForget = dismissed - IslandState.retainedDismissedActivities
    guard toForget > 0 else { return }

    // Activities are in start order: the first dismissed ones are the oldest.
    // Kept activities move down in place (moved, not copied); forgotten ones end up last
    // and are dropped.
    var newPosition = [Int](repeating: -1, count: activities.count)
    var kept = 0
    for position in activities.indices {
      if toForget > 0, activities[position].phase == .dismissed {
        forgottenIDs.insert(activities[position].attributes.id)
        toForget -= 1
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
