/// An update (Part 1, "Lifecycle and limits"; Part 2, "Limits and errors", "Update
/// transitions"): a patch of a live (active or stale) activity's content, merged field by
/// field (it adds or replaces fields, never removes one), that the layout must still be able
/// to show, within the payload limit. It may change the relevance and the stale date (the
/// activity is stale while its stale date is past, active again before), and carry an alert:
/// on a device with an island, the island expands on it for ``Policy/alertDuration``;
/// without one, the alert is a banner effect. A zone whose text changes makes a transition,
/// a change of the layout's pulse field pulses the leading icon, and a zone over its budget
/// warns.
extension IslandState {
  /// Returns whether the ranking may have changed.
  mutating func update(_ update: Update, seq: Int, t: Milliseconds) throws(Rejection.Reason)
    -> Bool
  {
    let index = try liveIndex(of: update.activity)
    if let relevance = update.relevance { try Validation.checkRelevance(relevance) }
    try Validation.checkTime(update.stale, field: "stale time")
    if ignoresOlder(update, of: index, seq: seq) { return false }
    let oldRelevance = activities[index].relevance
    if update.state.isEmpty {
      // An update without a patch (a new relevance, stale date or alert alone) leaves the
      // content as it was: there is nothing to check.
      contentChange.clear()
    } else {
      let attributes = activities[index].attributes
      // The values the merge replaces in fields the layout reads are kept: the transitions
      // are rendered from them only when asked for (``transitions``).
      let patch = try IslandState.merge(
        update.state, into: &activities[index], attributes: attributes,
        payloadLimit: policy.payloadLimit, now: t, recording: &contentChange)
      // Merged and checked: from here on nothing throws.
      if patch.changesContent {
        if !patch.addedNames.isEmpty {
          warnings += UnreadFieldRule.warnings(
            added: patch.addedNames, read: attributes.plan.fieldsRead,
            activity: update.activity, seq: seq)
        }
        contentChange.activity = index
        contentChange.zones = patch.zones.intersection(attributes.plan.shownZones)
        checkChangedZoneBudgets(of: attributes, seq: seq, t: t)
        if patch.pulses, let pulse = attributes.layout.pulse,
          let zone = shownLeadingZone(of: index)
        {
          animate(.pulse, index: index, timing: .keyframes(pulse.keyframes, zone: zone), seq: seq)
        }
      }
    }
    IslandState.updateLife(of: &activities[index], by: update, at: t)
    if let stale = update.stale, stale > t {
      timers.insert(
        Timer(due: stale, kind: .stale, startSeq: activities[index].startSeq))
    }
    if let alert = update.alert {
      if device.hasIsland {
        let until = t.saturatingAdding(policy.alertDuration)
        let alreadyShown = expansion?.activity == index
        expansion = Expansion(activity: index, reason: .alert, until: until)
        timers.insert(
          Timer(due: until, kind: .alertEnd, startSeq: activities[index].startSeq))
        if !alreadyShown { animate(.expand, index: index, timing: springTiming, seq: seq) }
      } else {
        effects.append(Effect(seq: seq, kind: .banner(activity: update.activity, alert: alert)))
      }
    }
    return activities[index].relevance != oldRelevance
  }

  /// What an update changes in `activity` besides its content: its relevance, stale date,
  /// phase (stale once its stale date is past, active again before), last alert.
  private static func updateLife(
    of activity: inout Activity, by update: Update, at t: Milliseconds
  ) {
    if let relevance = update.relevance { activity.relevance = relevance }
    if let stale = update.stale { activity.staleAt = stale }
    if let staleAt = activity.staleAt, staleAt <= t {
      activity.phase = .stale
    } else {
      activity.phase = .active
    }
    if let alert = update.alert { activity.lastAlert = alert }
  }

  /// The index of the live activity `id`: an update or end of an unknown or ended activity
  /// is rejected.
  ///
  /// Inlined: a method that does not mutate, called from the reducer's mutating ones, is
  /// otherwise handed a copy of the whole state.
  @inline(__always)
  func liveIndex(of id: String) throws(Rejection.Reason) -> Int {
    guard let index = activityIndex.position(of: id, in: activities) else {
      throw forgottenIDs.contains(id) ? .activityEnded(id) : .unknownActivity(id)
    }
    let phase = activities[index].phase
    guard phase == .active || phase == .stale else { throw .activityEnded(id) }
    return index
  }
}
