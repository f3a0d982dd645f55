/// Taps and long presses (Part 2, "Interaction profiles"):
///
/// > | input | `tap-expands` (default, as seed 000) | `tap-opens` (as Apple documents) |
/// > |---|---|---|
/// > | tap island (compact / attached minimal) | expand that activity | open its widgetURL |
/// > | tap detached minimal | expand that activity | open its widgetURL |
/// > | long-press island or detached | expand that activity | expand that activity |
/// > | tap an expanded region | open that region's link, else the widgetURL; collapse | same |
/// > | tap outside | collapse an expansion | same |
///
/// A tap `outside` while nothing is expanded is accepted and changes nothing, on every
/// device, one without an island included (a person can always tap the screen). Opening a URL
/// is an effect; an activity with no widgetURL opens its app's default (`<app>://`). A tap
/// on something that is not on screen is rejected (Part 2, "Limits and errors").
extension IslandState {
  mutating func tap(_ target: TapTarget, seq: Int) throws(Rejection.Reason) {
    // Without an island nothing is ever expanded: outside is a tap that changes nothing.
    if target == .outside, !device.hasIsland { return }
    try requireIsland(target.rawValue)
    if let expansion {
      switch target {
      case .leading, .trailing, .center, .bottom:
        guard let region = target.region else { return }
        openRegion(region, of: expansion.activity, seq: seq)
        collapse(seq: seq)
      case .outside:
        collapse(seq: seq)
      case .island, .detached:
        throw .notOnScreen(
          target: target.rawValue, why: "the island is expanded: tap a region or outside")
      }
      return
    }
    switch target {
    case .leading, .trailing, .center, .bottom:
      throw .notOnScreen(target: target.rawValue, why: "the island is not expanded")
    case .outside:
      return
    case .island, .detached:
      let index = try shownIndex(target.rawValue, detached: target == .detached)
      switch configuration.profile {
      case .tapExpands: expand(index, seq: seq)
      case .tapOpens: openWidget(of: index, seq: seq)
      }
    }
  }

  mutating func longPress(_ target: LongPressTarget, seq: Int) throws(Rejection.Reason) {
    try requireIsland(target.rawValue)
    guard expansion == nil else {
      throw .notOnScreen(
        target: target.rawValue, why: "the island is expanded: tap a region or outside")
    }
    expand(try shownIndex(target.rawValue, detached: target == .detached), seq: seq)
  }

  private func requireIsland(_ target: String) throws(Rejection.Reason) {
    guard device.hasIsland else {
      throw .notOnScreen(target: target, why: "the \(device.name) has no Dynamic Island")
    }
  }

  private func shownIndex(_ target: String, detached: Bool) throws(Rejection.Reason) -> Int {
    if detached {
      guard let index = placement.detached else {
        throw .notOnScreen(
          target: target,
          why: "the island is \(placement.mode.rawValue): there is no detached bubble")
      }
      return index
    }
    guard let index = placement.island else {
      throw .notOnScreen(target: target, why: "the island is idle: no activity is shown")
    }
    return index
  }

  private mutating func openRegion(_ region: Region, of index: Int, seq: Int) {
    let activity = activities[index]
    if let link = activity.links[region] ?? activity.layout[Zone(region)]?.link {
      effects.append(
        Effect(seq: seq, kind: .openURL(url: link, rule: .regionLink, activity: activity.id)))
    } else {
      openWidget(of: index, seq: seq)
    }
  }

  private mutating func openWidget(of index: Int, seq: Int) {
    let activity = activities[index]
    let kind: Effect.Kind =
      if let url = activity.url ?? activity.layout.widgetURL {
        .openURL(url: url, rule: .widgetURL, activity: activity.id)
      } else {
        .openURL(url: activity.appDefaultURL, rule: .appDefault, activity: activity.id)
      }
    effects.append(Effect(seq: seq, kind: kind))
  }

  private mutating func expand(_ index: Int, seq: Int) {
    expansion = Expansion(activity: index, reason: .user, until: nil)
    animate(.expand, index: index, timing: springTiming, seq: seq)
  }

  mutating func collapse(seq: Int) {
    guard let expansion else { return }
    self.expansion = nil
    animate(.collapse, index: expansion.activity, timing: springTiming, seq: seq)
  }
}
