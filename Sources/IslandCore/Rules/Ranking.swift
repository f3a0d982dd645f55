/// The ranking (Part 2, "Ranking and placement", applied after every event):
///
/// > 1. Eligible: activities in phase `active` or `stale`.
/// > 2. Rank: higher `relevance` first; equal relevance: earlier start (lower seq) first.
/// >    One rule for all apps (Apple publishes none across apps): documented as policy.
enum Ranking {
  /// Whether activity `one` ranks before activity `other` (indices into `activities`).
  static func ranksBefore(_ one: Int, _ other: Int, in activities: ActivityList) -> Bool {
    let relevance = activities[one].relevance
    let otherRelevance = activities[other].relevance
    if relevance != otherRelevance { return relevance > otherRelevance }
    return activities[one].startSeq < activities[other].startSeq
  }

  /// Sorts `ranked`, indices into `activities`, best first: an insertion sort, since at most
  /// ``Policy/activitiesPerDevice`` activities are eligible, and a list already in rank order
  /// but for an activity or two is sorted in a pass. Nothing is written where nothing moves:
  /// a list in rank order stays shared with its copies.
  static func sort(_ ranked: inout [Int], in activities: ActivityList) {
    for position in ranked.indices.dropFirst() {
      let index = ranked[position]
      guard ranksBefore(index, ranked[position - 1], in: activities) else { continue }
      var slot = position
      repeat {
        ranked[slot] = ranked[slot - 1]
        slot -= 1
      } while slot > 0 && ranksBefore(index, ranked[slot - 1], in: activities)
      ranked[slot] = index
    }
  }
}
