/// Where the eligible activities go, by rank (Part 2, "Ranking and placement"):
///
/// > 3. No eligible activity: mode `idle`.
/// > 4. All eligible activities from one app: mode `compact`, showing the top one.
/// > 5. Two or more apps: mode `minimal`: **attached** = rank 1; **detached** = the best
/// >    ranked activity of an app other than rank 1's. Every other eligible activity is
/// >    **hidden**, in rank order, and comes back when a slot frees.
///
/// A device without an island shows none of them: every eligible activity is hidden.
public struct Placement: Equatable, Hashable, Sendable {
  /// Idle, compact or minimal (expansion is on top of this).
  public var mode: Mode = .idle
  /// The index of the compact or attached activity.
  public var island: Int?
  /// The index of the detached activity.
  public var detached: Int?
  /// The indices of every other eligible activity, in rank order.
  public var hidden: [Int] = []
  /// The indices of every eligible activity, in rank order.
  public var ranked: [Int] = []
}

extension Placement {
  /// Places `ranked` (indices into `activities`, best first) on a device with an island or
  /// without one.
  mutating func place(_ ranked: [Int], of activities: ActivityList, hasIsland: Bool) {
    self.ranked = ranked
    mode = .idle
    island = nil
    detached = nil
    hidden.removeAll(keepingCapacity: true)
    // Room for every eligible one at once: the list does not grow at every doubling.
    hidden.reserveCapacity(ranked.count)
    guard hasIsland else {
      hidden.append(contentsOf: ranked)
      return
    }
    guard let top = ranked.first else { return }
    // Apps compared by their hashes first.
    let topApp = activities[top].attributes.hashedApp
    island = top
    detached = ranked.first { activities[$0].attributes.hashedApp != topApp }
    mode = detached == nil ? .compact : .minimal
    for index in ranked where index != top && index != detached { hidden.append(index) }
  }
}

extension IslandState {
  /// Ranks the eligible activities and places them. The eligible list is ranked where it is,
  /// so that it stays in rank order from one event to the next: an event moves an activity or
  /// two in it (a start adds one at the end, an update moves one), and ranking it again
  /// moves just those. The placement's lists are reused: placing allocates nothing once they
  /// have grown.
  mutating func placeActivities() {
    Ranking.sort(&eligible, in: activities)
    var ranked = placement.ranked
    placement.ranked = []
    ranked.replaceSubrange(ranked.indices, with: eligible)
    placement.place(ranked, of: activities, hasIsland: device.hasIsland)
  }
}
