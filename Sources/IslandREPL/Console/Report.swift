import IslandCore
import IslandDrawing

/// The text the REPL prints about states and events.
public enum Report {
  /// `#3 @1m: minimal, attached pizza, detached ride; hidden: taxi`.
  public static func headline(of state: IslandState) -> String {
    "#\(state.seq) @\(ValueSyntax.write(duration: state.t)): " + summary(of: state)
  }

  /// The limit's length (`8h`) when `activity` was ended by the system at the end of the
  /// longest time an activity may be active, rather than by an `end`: its end is exactly
  /// that long after its start (at that moment the timer fires before any event).
  public static func endedByTimeLimit(_ activity: Activity, in state: IslandState) -> String? {
    let limit = state.configuration.policy.maximumActiveDuration
    guard let endedAt = activity.endedAt, endedAt - activity.startedAt == limit else {
      return nil
    }
    return ValueSyntax.write(duration: limit)
  }

  /// Where each live activity is, in a few words.
  public static func summary(of state: IslandState) -> String {
    var text: String
    let hidden = state.hiddenActivities.map(\.id)
    if !state.configuration.device.hasIsland {
      let live = state.rankedActivities.map(\.id)
      text = "no island on \(state.configuration.device.name)"
      if !live.isEmpty { text += "; live: " + live.joined(separator: ", ") }
      return text
    }
    switch state.mode {
    case .idle: text = "idle"
    case .compact: text = "compact, island \(state.islandActivity?.id ?? "")"
    case .minimal:
      text =
        "minimal, attached \(state.islandActivity?.id ?? ""), detached "
        + (state.detachedActivity?.id ?? "")
    case .expanded:
      let reason =
        state.expansion.map { expansion in
          expansion.reason == .alert
            ? "alert until @" + ValueSyntax.write(duration: expansion.until ?? state.t) : "user"
        } ?? ""
      text =
        "expanded \(state.islandActivity?.id ?? "") (\(reason)) over \(state.placement.mode.rawValue)"
    }
    if !hidden.isEmpty { text += "; hidden: " + hidden.joined(separator: ", ") }
    return text
  }

  /// What an accepted event did: the headline and drawing of `after`, then each phase change
  /// since `before`, content transition, animation, effect and warning.
  public static func event(
    _ outcome: Outcome, before: IslandState, after: IslandState, options: DrawingOptions
  ) -> [String] {
    // The system's time limit ends activities without an event saying so: the headline does.
    let limited = after.activities.filter { activity in
      guard let old = before.activity(activity.id), old.phase == .active || old.phase == .stale,
        activity.phase == .ended || activity.phase == .dismissed
      else { return false }
      return endedByTimeLimit(activity, in: after) != nil
    }
    var headline = headline(of: after)
    if let first = limited.first, let limit = endedByTimeLimit(first, in: after) {
      headline += "; ended by the \(limit) limit: " + limited.map(\.id).joined(separator: ", ")
    }
    var lines = [headline, drawing(of: after, options: options)]
    for activity in after.activities {
      guard let old = before.activity(activity.id), old.phase != activity.phase else { continue }
      var line = "phase: \(activity.id) \(old.phase.rawValue) -> \(activity.phase.rawValue)"
      if let limit = endedByTimeLimit(activity, in: after), old.phase != .ended,
        activity.phase == .ended || activity.phase == .dismissed
      {
        line += " by the \(limit) limit"
      }
      if activity.phase == .ended, let dismissAt = activity.dismissAt {
        line += " (on the Lock Screen until @\(ValueSyntax.write(duration: dismissAt)))"
      }
      lines.append(line)
    }
    lines += after.transitions.map { "transition: " + Describe.transition($0) }
    lines += after.animations.map { "animation: " + Describe.animation($0) }
    // Without an island, the drawing shows the banner an alert raised: not again here.
    let hasIsland = after.configuration.device.hasIsland
    lines += outcome.effects.filter { effect in
      if case .banner = effect.kind { return hasIsland }
      return true
    }.map { "effect: " + Describe.effect($0) }
    lines += outcome.warnings.map { "warning: " + $0.message }
    return lines
  }

  /// The session's events as commands that run again to the same state, each with its number
  /// and time in a comment; first the device and profile when they are not the defaults.
  public static func log(of session: Session) -> [String] {
    var lines: [String] = []
    let configuration = session.configuration
    if configuration.device.name != Device.defaultName {
      lines.append("device " + configuration.device.name)
    }
    if configuration.profile != .tapExpands {
      lines.append("profile " + configuration.profile.rawValue)
    }
    if configuration.policy != Policy() {
      lines.append("# the policy is not the default one: `save` keeps it, this log does not")
    }
    var previous: Milliseconds = 0
    for entry in session.entries {
      let command = EventSyntax.command(for: entry, previous: previous)
      lines.append(command + "  # \(entry.seq) @\(ValueSyntax.write(duration: entry.t))")
      previous = entry.t
    }
    if session.entries.isEmpty { lines.append("# no events yet") }
    return lines
  }

  /// The scale (points a column) at which a drawing on `device` fits in `columns`: the
  /// scale `atLeast` (4 by default) when it fits there, else the smallest quarter point
  /// that does. The drawing's widest line is the expanded island's right edge (the island is
  /// centred on the screen), or the detached bubble's in minimal, whichever is further.
  public static func pointsPerColumn(fitting columns: Int, device: Device, atLeast: Double)
    -> Double
  {
    guard let islandClass = device.islandClass else { return atLeast }
    let expanded = (device.screenWidth + islandClass.expandedWidth) / 2
    let minimal =
      (device.screenWidth + islandClass.islandWidth) / 2 + IslandDrawing.detachedGap + 45
    let right = max(expanded, minimal)
    let usable = Double(max(20, columns) - 1)
    let needed = (right / usable * 4).rounded(.up) / 4
    return max(atLeast, needed)
  }

  /// The drawing of `state`.
  public static func drawing(of state: IslandState, options: DrawingOptions) -> String {
    IslandDrawing.draw(state, options: options)
  }

  /// The state as indented JSON: the contract of `island replay --format json`.
  public static func json(of state: IslandState) -> String {
    state.json.indentedText
  }
}
