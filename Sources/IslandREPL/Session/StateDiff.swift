import IslandCore

/// What changed between two states of a session: the text of `diff`.
public enum StateDiff {
  /// One line per change from `before` to `after`, or `no change`.
  public static func lines(from before: IslandState, to after: IslandState) -> [String] {
    var lines: [String] = []
    func change(_ name: String, _ old: String, _ new: String) {
      if old != new { lines.append("\(name): \(old) -> \(new)") }
    }
    change("t", ValueSyntax.write(duration: before.t), ValueSyntax.write(duration: after.t))
    change("mode", before.mode.rawValue, after.mode.rawValue)
    change("island", before.islandActivity?.id ?? "none", after.islandActivity?.id ?? "none")
    change(
      "detached", before.detachedActivity?.id ?? "none", after.detachedActivity?.id ?? "none")
    change("hidden", list(before.hiddenActivities), list(after.hiddenActivities))
    change(
      "expanded by", before.expandedReason?.rawValue ?? "none",
      after.expandedReason?.rawValue ?? "none")
    for activity in after.activities {
      guard let old = before.activity(activity.id) else {
        lines.append(
          "+ \(activity.id) (\(activity.app)): \(activity.phase.rawValue), relevance "
            + ContentValue.format(activity.relevance))
        continue
      }
      lines += activityChanges(from: old, to: activity)
    }
    for activity in before.activities where after.activity(activity.id) == nil {
      lines.append("- \(activity.id) (\(activity.app)): not started yet")
    }
    lines += listChanges(before.effects, after.effects, label: "effect") {
      "#\($0.seq) " + Describe.effect($0)
    }
    lines += listChanges(before.warnings, after.warnings, label: "warning") {
      "#\($0.seq) " + $0.message
    }
    return lines.isEmpty ? ["no change"] : lines
  }

  private static func activityChanges(from old: Activity, to new: Activity) -> [String] {
    var lines: [String] = []
    func change(_ name: String, _ before: String, _ after: String) {
      if before != after { lines.append("\(new.id).\(name): \(before) -> \(after)") }
    }
    change("phase", old.phase.rawValue, new.phase.rawValue)
    change(
      "relevance", ContentValue.format(old.relevance), ContentValue.format(new.relevance))
    change("stale", time(old.staleAt), time(new.staleAt))
    let names = Set(old.content.names).union(new.content.names).sorted()
    for name in names {
      change(name, value(old.content[name]), value(new.content[name]))
    }
    return lines
  }

  /// What was added from `before` to `after` (or taken away, back in time): the elements
  /// of one past the other's end (of those the state still keeps).
  private static func listChanges<Element: Equatable>(
    _ before: RecentWindow<Element>, _ after: RecentWindow<Element>, label: String,
    describe: (Element) -> String
  ) -> [String] {
    if after.endIndex >= before.endIndex {
      return after[max(before.endIndex, after.startIndex)...].map {
        "+ \(label) " + describe($0)
      }
    }
    return before[max(after.endIndex, before.startIndex)...].map { "- \(label) " + describe($0) }
  }

  private static func list(_ activities: [Activity]) -> String {
    activities.isEmpty ? "none" : activities.map(\.id).joined(separator: ", ")
  }

  private static func time(_ time: Milliseconds?) -> String {
    time.map { "@" + ValueSyntax.write(duration: $0) } ?? "none"
  }

  private static func value(_ value: ContentValue?) -> String {
    value.map(ValueSyntax.write) ?? "none"
  }
}
