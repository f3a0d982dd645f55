import IslandCore

/// Why each activity is where it is: the text of `explain`.
public enum Explanation {
  /// One line per activity, in rank order then the ended ones in start order, under a header
  /// saying the rule and the mode.
  public static func text(of state: IslandState) -> String {
    var lines = [header(of: state)]
    guard !state.activities.isEmpty else {
      lines.append("no activity has started")
      return lines.joined(separator: "\n")
    }
    let ranked = state.rankedActivities
    let rest = state.activities.filter { !$0.isEligible }
    var rows = [["rank", "activity", "app", "relevance", "start", "phase", "where and why"]]
    for (offset, activity) in ranked.enumerated() {
      rows.append(row(activity, rank: String(offset + 1), why: placement(of: activity, in: state)))
    }
    for activity in rest {
      rows.append(row(activity, rank: "-", why: lifecycle(of: activity, in: state)))
    }
    lines += table(rows)
    return lines.joined(separator: "\n")
  }

  private static func header(of state: IslandState) -> String {
    let device = state.configuration.device
    let rule = "ranked by relevance (higher first), then start order (earlier first)"
    guard device.hasIsland else {
      return "\(device.name) has no Dynamic Island: alerts show as banners; \(rule)"
    }
    let apps = Set(state.rankedActivities.map(\.app)).count
    var mode: String
    switch state.placement.mode {
    case .idle: mode = "idle: no live activity"
    case .compact: mode = "compact: one app has live activities"
    case .minimal, .expanded: mode = "minimal: \(apps) apps have live activities"
    }
    if let expansion = state.expansion {
      let reason = expansion.reason == .alert ? "an alert" : "the user"
      let until = expansion.until.map { " until \(ValueSyntax.write(duration: $0))" } ?? ""
      mode =
        "expanded (\(state.activities[expansion.activity].id), by \(reason)\(until)) over "
        + mode
    }
    return "mode " + mode + "; " + rule
  }

  private static func row(_ activity: Activity, rank: String, why: String) -> [String] {
    [
      rank, activity.id, activity.app, ContentValue.format(activity.relevance),
      "#\(activity.startSeq)", activity.phase.rawValue, why,
    ]
  }

  private static func placement(of activity: Activity, in state: IslandState) -> String {
    guard state.configuration.device.hasIsland else { return "not shown: no island" }
    let placement = state.placement
    let id = { (index: Int?) in index.map { state.activities[$0].id } }
    if id(placement.island) == activity.id {
      return placement.mode == .compact ? "island (compact): rank 1" : "attached: rank 1"
    }
    if id(placement.detached) == activity.id {
      return "detached: the best ranked of an app other than rank 1's"
    }
    let top = id(placement.island) ?? ""
    if placement.mode == .compact { return "hidden: compact shows only rank 1, \(top)" }
    if let attached = placement.island, state.activities[attached].app == activity.app {
      return "hidden: its app already holds the island with \(top); detached is another app's"
    }
    return "hidden: ranked below \(id(placement.detached) ?? ""), which holds the detached slot"
  }

  private static func lifecycle(of activity: Activity, in state: IslandState) -> String {
    var ended = activity.endedAt.map { ValueSyntax.write(duration: $0) } ?? "?"
    if let limit = Report.endedByTimeLimit(activity, in: state) {
      ended += " by the \(limit) limit"
    }
    let dismissed = activity.dismissAt.map { ValueSyntax.write(duration: $0) } ?? "?"
    switch activity.phase {
    case .ended: return "not shown: ended at \(ended); on the Lock Screen until \(dismissed)"
    case .dismissed: return "not shown: ended at \(ended); dismissed at \(dismissed)"
    case .active, .stale: return ""
    }
  }

  /// Rows as columns padded to their widest cell; the last column is not padded.
  static func table(_ rows: [[String]]) -> [String] {
    guard let columns = rows.first?.count else { return [] }
    var widths = Array(repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == columns - 1
          ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
      }.joined(separator: "  ")
    }
  }
}
