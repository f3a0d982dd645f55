/// Part 2, "Update order (timestamps)": the island shows the newest content.
///
/// Apple, `Activity.update(_:alertConfiguration:timestamp:)`: the timestamp is "the time the
/// data in the payload was generated. If this is older than a previous update or push
/// payload, the system ignores this update." Pushes are not delivered in the order they were
/// sent, so this is the normal case, not an error:
///
/// - a start, update or end may carry the time its data was generated (`timestamp`, on the
///   source's clock: a push's UNIX seconds; only the order matters);
/// - an update older than the newest timestamp applied to its activity (its start's, or an
///   update's) is ignored, with a warning naming both; an equal one is applied;
/// - an update without a timestamp is always applied, and leaves the newest as it was;
/// - an end is applied whatever its timestamp: an activity that is told to end, ends
///   (Apple's rule names updates; a device that kept an activity alive because its end was
///   generated before a late update would leave it on screen for up to 8 h).
///
/// An ignored update is still checked first as any update is (its activity live, its
/// relevance and stale date valid): it is accepted, and changes nothing but the warnings.
enum UpdateOrder {
  /// Whether an update generated at `timestamp` is older than `newest`, the newest timestamp
  /// applied to its activity, and so is ignored.
  static func ignores(_ timestamp: Int64?, newest: Int64?) -> Bool {
    guard let timestamp, let newest else { return false }
    return timestamp < newest
  }

  /// The newest timestamp applied once an event generated at `timestamp` is.
  static func newest(applying timestamp: Int64?, after newest: Int64?) -> Int64? {
    guard let timestamp else { return newest }
    guard let newest else { return timestamp }
    return max(timestamp, newest)
  }
}

extension IslandState {
  /// The update hook: whether `update` of activity `index` is older than the newest applied
  /// to it, and so ignored (warned of); if not, its timestamp becomes the newest.
  mutating func ignoresOlder(_ update: Update, of index: Int, seq: Int) -> Bool {
    let newest = activities[index].newestTimestamp
    if UpdateOrder.ignores(update.timestamp, newest: newest), let timestamp = update.timestamp,
      let newest
    {
      contentChange.clear()
      warnings.append(
        Warning(
          seq: seq,
          kind: .olderUpdateIgnored(
            activity: update.activity, timestamp: timestamp, newest: newest)))
      return true
    }
    activities[index].newestTimestamp = UpdateOrder.newest(
      applying: update.timestamp, after: newest)
    return false
  }

  /// The commit hook of Part 2, "Priority budget": an accepted event that was held back
  /// (`arrived` before its time) is marked throttled in the warnings. The holding back is
  /// the push import's (IslandPush); the engine only records it.
  mutating func noteIfThrottled(_ event: Event, seq: Int) {
    guard let arrived = event.arrived, let activity = event.activityID else { return }
    warnings.append(
      Warning(seq: seq, kind: .deferred(activity: activity, event: event.name, arrived: arrived)))
  }
}
