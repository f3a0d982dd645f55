import IslandCore

/// Checks the island's invariants: of one state (``check(_:)``), and of one step from a state
/// to the next (``check(step:event:from:to:)``).
///
/// Public so that any test can call it after any event: `IslandTesting` does, and so can a
/// user's own suite. The checks read only the state's public surface, cost a few comparisons
/// per eligible activity, and allocate nothing while the state is sound (the words of a
/// violation are built only when one is found).
public enum IslandInvariants {
  /// A rule of a caller's own, checked beside the built-in ones: a name, and a function that
  /// returns what is wrong with a state (nil when nothing is).
  public struct Extra: Sendable {
    /// The rule's name, as failures report it.
    public var name: String
    /// What is wrong with `state`, or nil.
    public var check: @Sendable (IslandState) -> String?

    /// A rule called `name`.
    public init(name: String, check: @escaping @Sendable (IslandState) -> String?) {
      self.name = name
      self.check = check
    }
  }

  /// The first invariant `state` breaks, or nil.
  public static func check(_ state: IslandState) -> InvariantViolation? {
    checkPlacement(state) ?? checkExpansion(state) ?? checkTimers(state)
  }

  /// Every invariant `state` breaks, one violation each.
  public static func violations(of state: IslandState) -> [InvariantViolation] {
    [checkPlacement(state), checkExpansion(state), checkTimers(state)].compactMap { $0 }
  }

  /// The first invariant the step from `before` to `after` breaks, or nil: `outcome` is what
  /// the reducer returned for `event`. Checks the state after too.
  public static func check(
    step outcome: Outcome, event: Event, from before: IslandState, to after: IslandState
  ) -> InvariantViolation? {
    check(
      step: outcome, event: event, seq: before.seq, t: before.t,
      effectCount: before.effects.endIndex, to: after)
  }

  /// The same check, given only what it needs of the state before: its seq, its time and
  /// the number of effects it had caused so far, `effects.endIndex` (so a caller need not
  /// keep a copy of it).
  public static func check(
    step outcome: Outcome, event: Event, seq: Int, t: Milliseconds, effectCount: Int,
    to after: IslandState
  ) -> InvariantViolation? {
    checkSeqAndTime(outcome, seq: seq, t: t, to: after)
      ?? checkEffects(outcome, event: event, effectCount: effectCount, to: after)
      ?? check(after)
  }

  // MARK: - Placement

  /// Whether activity `left` ranks before `right`: higher relevance, then earlier start.
  public static func outranks(_ left: Activity, _ right: Activity) -> Bool {
    if left.relevance != right.relevance { return left.relevance > right.relevance }
    return left.startSeq < right.startSeq
  }

  /// ``outranks(_:_:)`` for the activities at `left` and `right`, read in place: a copy of an
  /// activity costs a retain and a release for each of its references.
  private static func outranks(_ left: Int, _ right: Int, in activities: ActivityList) -> Bool {
    if activities[left].relevance != activities[right].relevance {
      return activities[left].relevance > activities[right].relevance
    }
    return activities[left].startSeq < activities[right].startSeq
  }

  private static func checkPlacement(_ state: IslandState) -> InvariantViolation? {
    let placement = state.placement
    let activities = state.activities
    let hasIsland = state.configuration.device.hasIsland
    var eligibleCount = 0
    var firstApp: String?
    var severalApps = false
    // Stored properties only, read in place: most activities of a long run have ended, and
    // copying each to ask it a computed property would cost more than the whole check.
    for index in activities.indices where isEligible(activities[index].phase) {
      eligibleCount += 1
      if let app = firstApp {
        if !severalApps, app != activities[index].app { severalApps = true }
      } else {
        firstApp = activities[index].app
      }
    }

    // Ended and dismissed never shown, and every index in range.
    if let index = firstPlaced(
      in: placement,
      where: { $0 < 0 || $0 >= activities.count || !isEligible(activities[$0].phase) })
    {
      guard index >= 0, index < activities.count else {
        return InvariantViolation(
          .onlyEligibleShown, "placement holds index \(index) of no activity")
      }
      return InvariantViolation(
        .onlyEligibleShown,
        "\"\(activities[index].id)\" is \(activities[index].phase.rawValue) but placed "
          + slot(of: index, in: placement))
    }

    // Shown plus hidden is exactly the eligible set, each once, hidden in rank order.
    let placedCount =
      (placement.island == nil ? 0 : 1) + (placement.detached == nil ? 0 : 1)
      + placement.hidden.count
    if hasIsland, placedCount != eligibleCount || hasDuplicates(placement) {
      return InvariantViolation(
        .shownPlusHiddenIsEligible,
        "placed \(describe(placement, activities)) but eligible are "
          + list(activities.filter(\.isEligible).map(\.id)))
    }
    if !hasIsland,
      placement.island != nil || placement.detached != nil
        || placement.hidden.count != eligibleCount
    {
      return InvariantViolation(
        .shownPlusHiddenIsEligible,
        "a device without an island shows \(describe(placement, activities))")
    }
    for (earlier, later) in zip(placement.hidden, placement.hidden.dropFirst())
    where outranks(later, earlier, in: activities) {
      return InvariantViolation(
        .shownPlusHiddenIsEligible,
        "hidden \"\(activities[later].id)\" outranks \"\(activities[earlier].id)\" before it")
    }

    guard hasIsland else {
      if placement.mode != .idle {
        return InvariantViolation(
          .modeMatchesApps, "a device without an island is \(placement.mode.rawValue)")
      }
      return nil
    }

    // The mode matches the apps.
    let expectedMode: Mode = eligibleCount == 0 ? .idle : severalApps ? .minimal : .compact
    if placement.mode != expectedMode {
      return InvariantViolation(
        .modeMatchesApps,
        "mode is \(placement.mode.rawValue) with \(eligibleCount) eligible "
          + (severalApps ? "activities of several apps" : "activities of one app"))
    }
    if (placement.mode == .idle) != (placement.island == nil) {
      return InvariantViolation(
        .modeMatchesApps,
        "mode is \(placement.mode.rawValue) but the island slot is "
          + (placement.island == nil ? "empty" : "filled"))
    }

    // Attached and detached differ.
    if (placement.mode == .minimal) != (placement.detached != nil) {
      return InvariantViolation(
        .attachedAndDetachedDiffer,
        "mode is \(placement.mode.rawValue) but the detached slot is "
          + (placement.detached == nil ? "empty" : "filled"))
    }
    if let island = placement.island, let detached = placement.detached {
      if island == detached || activities[island].app == activities[detached].app {
        return InvariantViolation(
          .attachedAndDetachedDiffer,
          "attached \"\(activities[island].id)\" (\(activities[island].app)) and detached "
            + "\"\(activities[detached].id)\" (\(activities[detached].app))")
      }
    }

    // No hidden activity outranks the one its slot shows.
    if let island = placement.island {
      for hidden in placement.hidden where outranks(hidden, island, in: activities) {
        return InvariantViolation(
          .noHiddenOutranksShown,
          "hidden \(rank(activities[hidden])) outranks the island's \(rank(activities[island]))")
      }
      if let detached = placement.detached {
        let islandApp = activities[island].app
        for hidden in placement.hidden
        where activities[hidden].app != islandApp
          && outranks(hidden, detached, in: activities)
        {
          return InvariantViolation(
            .noHiddenOutranksShown,
            "hidden \(rank(activities[hidden])) outranks the detached "
              + rank(activities[detached]))
        }
      }
    }
    return nil
  }

  // MARK: - Expansion

  /// Reads the expanded activity and the hidden ones by index, in place: ``IslandState``'s
  /// `islandActivity` and `hiddenActivities` would copy each of them (the hidden ones into a
  /// new array) for a few comparisons.
  private static func checkExpansion(_ state: IslandState) -> InvariantViolation? {
    guard let expansion = state.expansion else {
      if state.mode == .expanded {
        return InvariantViolation(.atMostOneExpansion, "expanded with no expansion")
      }
      return nil
    }
    guard state.configuration.device.hasIsland else {
      return InvariantViolation(.atMostOneExpansion, "a device without an island is expanded")
    }
    // The expanded activity is the island's (`islandActivity`).
    let activities = state.activities
    let expanded = expansion.activity
    guard activities.indices.contains(expanded), state.mode == .expanded else {
      return InvariantViolation(.atMostOneExpansion, "expanded, but nothing on the island")
    }
    let id = activities[expanded].id
    if !isEligible(activities[expanded].phase) {
      return InvariantViolation(
        .onlyEligibleShown, "expanded \"\(id)\" is \(activities[expanded].phase.rawValue)")
    }
    if let detached = state.detachedActivity {
      return InvariantViolation(
        .atMostOneExpansion, "expanded \"\(id)\" with \"\(detached.id)\" detached beside it")
    }
    // Beneath an expansion, the hidden activities are the ranked ones but the expanded one.
    for index in state.placement.ranked where index != expanded && activities[index].id == id {
      return InvariantViolation(
        .atMostOneExpansion, "expanded \"\(id)\" is also among the hidden")
    }
    if expansion.reason == .alert, expansion.until.map({ $0 <= state.t }) ?? true {
      let alertDuration = state.configuration.policy.alertDuration
      return InvariantViolation(
        .atMostOneExpansion,
        "alert expansion of \"\(id)\" should have ended at "
          + "\(expansion.until.map(String.init) ?? "nil") (now \(state.t), alerts last "
          + "\(alertDuration) ms)")
    }
    return nil
  }

  // MARK: - Timers

  private static func checkTimers(_ state: IslandState) -> InvariantViolation? {
    let now = state.t
    let lifetime = state.configuration.policy.maximumActiveDuration
    let activities = state.activities
    for index in activities.indices {
      switch activities[index].phase {
      case .active, .stale:
        // Read in place, and copied only to report a violation.
        if activities[index].startedAt + lifetime <= now {
          let activity = activities[index]
          return InvariantViolation(
            .timersFireOnTime,
            "\"\(activity.id)\" started at \(activity.startedAt) is still \(activity.phase) at "
              + "\(now), past its \(lifetime) ms")
        }
        let shouldBeStale = activities[index].staleAt.map { $0 <= now } ?? false
        if shouldBeStale != (activities[index].phase == .stale) {
          let activity = activities[index]
          return InvariantViolation(
            .timersFireOnTime,
            "\"\(activity.id)\" is \(activity.phase) at \(now) with stale time "
              + (activity.staleAt.map(String.init) ?? "none"))
        }
      case .ended:
        if activities[index].dismissAt.map({ $0 <= now }) ?? true {
          let activity = activities[index]
          return InvariantViolation(
            .timersFireOnTime,
            "\"\(activity.id)\" is still ended at \(now), dismissal due "
              + (activity.dismissAt.map(String.init) ?? "never"))
        }
      case .dismissed:
        if activities[index].dismissAt.map({ $0 > now }) ?? true {
          let activity = activities[index]
          return InvariantViolation(
            .timersFireOnTime,
            "\"\(activity.id)\" is dismissed at \(now) before its dismissal at "
              + (activity.dismissAt.map(String.init) ?? "none"))
        }
      }
    }
    return nil
  }

  // MARK: - Steps

  private static func checkSeqAndTime(
    _ outcome: Outcome, seq: Int, t: Milliseconds, to after: IslandState
  ) -> InvariantViolation? {
    if after.seq != seq + 1 || outcome.entry.seq != after.seq {
      return InvariantViolation(
        .seqAndTimeAdvance,
        "seq went from \(seq) to \(after.seq) (the entry says \(outcome.entry.seq))")
    }
    if after.t < t || outcome.entry.t != after.t {
      return InvariantViolation(
        .seqAndTimeAdvance,
        "time went from \(t) to \(after.t) (the entry says \(outcome.entry.t))")
    }
    return nil
  }

  private static func checkEffects(
    _ outcome: Outcome, event: Event, effectCount: Int, to after: IslandState
  ) -> InvariantViolation? {
    // The event's effects are the last of the state's, compared one by one in place.
    let effects = after.effects
    let new = outcome.effects
    if effects.endIndex != effectCount + new.count
      || !new.isEmpty
        && (effectCount < effects.startIndex
          || !new.indices.allSatisfy { effects[effectCount + $0] == new[$0] })
    {
      return InvariantViolation(
        .effectsComeFromTaps,
        "the effect list went from \(effectCount) to \(after.effects.endIndex) with "
          + "\(outcome.effects.count) new")
    }
    for effect in outcome.effects {
      if effect.seq != after.seq {
        return InvariantViolation(
          .effectsComeFromTaps, "an effect of event \(after.seq) carries seq \(effect.seq)")
      }
      switch effect.kind {
      case .openURL(let url, let rule, let id):
        guard case .tap = event else {
          return InvariantViolation(
            .effectsComeFromTaps, "a \(event.name) opened \(url) for \"\(id)\"")
        }
        guard let activity = after.activity(id), activity.isEligible else {
          return InvariantViolation(
            .effectsComeFromTaps, "a tap opened \(url) for \"\(id)\", which is not live")
        }
        if let problem = checkLink(url, rule: rule, of: activity) {
          return InvariantViolation(.effectsComeFromTaps, problem)
        }
      case .banner(let id, _):
        guard case .update(let update) = event, update.alert != nil, update.activity == id,
          !after.configuration.device.hasIsland
        else {
          return InvariantViolation(
            .effectsComeFromTaps, "a \(event.name) showed a banner for \"\(id)\"")
        }
      }
    }
    return nil
  }

  private static func checkLink(_ url: String, rule: LinkRule, of activity: Activity) -> String? {
    let expected: Bool
    switch rule {
    case .widgetURL: expected = (activity.url ?? activity.layout.widgetURL) == url
    case .appDefault:
      expected =
        activity.url == nil && activity.layout.widgetURL == nil && activity.appDefaultURL == url
    case .regionLink:
      expected = Region.allCases.contains {
        activity.links[$0] == url || activity.layout[Zone($0)]?.link == url
      }
    }
    return expected
      ? nil
      : "a tap opened \(url) for \"\(activity.id)\" by rule \(rule.rawValue), which "
        + "its links do not say"
  }

  private static func isEligible(_ phase: Phase) -> Bool { phase == .active || phase == .stale }

  // MARK: - Words

  /// Whether an index is placed twice (the lists are short: comparing pairs allocates
  /// nothing).
  private static func hasDuplicates(_ placement: Placement) -> Bool {
    let hidden = placement.hidden
    if let island = placement.island, island == placement.detached || hidden.contains(island) {
      return true
    }
    if let detached = placement.detached, hidden.contains(detached) { return true }
    for position in hidden.indices where hidden[..<position].contains(hidden[position]) {
      return true
    }
    return false
  }

  /// The first index `placement` holds (the island's, the detached one's, then the hidden in
  /// order) that passes `test`.
  private static func firstPlaced(in placement: Placement, where test: (Int) -> Bool) -> Int? {
    if let island = placement.island, test(island) { return island }
    if let detached = placement.detached, test(detached) { return detached }
    return placement.hidden.first(where: test)
  }

  private static func slot(of index: Int, in placement: Placement) -> String {
    if placement.island == index { return "on the island" }
    if placement.detached == index { return "detached" }
    return "among the hidden"
  }

  private static func describe(_ placement: Placement, _ activities: ActivityList) -> String {
    let name = { (index: Int?) in index.map { "\"\(activities[$0].id)\"" } ?? "none" }
    return "island \(name(placement.island)), detached \(name(placement.detached)), hidden "
      + list(placement.hidden.map { activities[$0].id })
  }

  private static func list(_ ids: [String]) -> String {
    "[" + ids.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
  }

  private static func rank(_ activity: Activity) -> String {
    "\"\(activity.id)\" (\(activity.app), relevance \(ContentValue.format(activity.relevance)), "
      + "start \(activity.startSeq))"
  }
}
