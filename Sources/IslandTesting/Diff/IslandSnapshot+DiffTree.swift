import IslandCore

extension IslandSnapshot {
  /// The snapshot laid out for a diff, its fields in declaration order; activities by id,
  /// each content field by name.
  var diffTree: DiffTree {
    .record([
      .field("seq"): .leaf(String(seq)),
      .field("t"): .leaf(String(t)),
      .field("mode"): .leaf(mode.rawValue),
      .field("island"): .leaf(quoted(island)),
      .field("detached"): .leaf(quoted(detached)),
      .field("hidden"): .leaf("[" + hidden.map(quoted).joined(separator: ", ") + "]"),
      .field("expandedReason"): .leaf(expandedReason?.rawValue ?? "nil"),
      .field("activities"): .node(activities.map { .init(key: .id($0.id), tree: $0.diffTree) }),
      .field("zones"): zones.diffTree,
      .field("transitions"): list(transitions.map(describe)),
      .field("animations"): list(animations.map(describe)),
    ])
  }
}

extension ActivitySnapshot {
  var diffTree: DiffTree {
    .record([
      .field("app"): .leaf(quoted(app)),
      .field("phase"): .leaf(phase.rawValue),
      .field("relevance"): .leaf(ContentValue.format(relevance)),
      .field("content"): .node(
        content.fields.map { .init(key: .field($0.name), tree: .leaf(describe($0.value))) }),
      .field("staleAt"): .leaf(staleAt.map { String($0) } ?? "nil"),
      .field("endedAt"): .leaf(endedAt.map { String($0) } ?? "nil"),
      .field("dismissAt"): .leaf(dismissAt.map { String($0) } ?? "nil"),
      .field("lastAlert"): .leaf(lastAlert.map(describe) ?? "nil"),
    ])
  }
}

extension ShownZones {
  var diffTree: DiffTree {
    .record([
      .field("compactLeading"): .leaf(quoted(compactLeading)),
      .field("compactTrailing"): .leaf(quoted(compactTrailing)),
      .field("minimal"): .leaf(quoted(minimal)),
      .field("detached"): .leaf(quoted(detached)),
      .field("leading"): .leaf(quoted(leading)),
      .field("trailing"): .leaf(quoted(trailing)),
      .field("center"): .leaf(quoted(center)),
      .field("bottom"): .leaf(quoted(bottom)),
    ])
  }
}

// MARK: - One-line descriptions

/// A list of leaves, by position.
private func list(_ items: [String]) -> DiffTree {
  .node(items.enumerated().map { .init(key: .index($0.offset), tree: .leaf($0.element)) })
}

/// `"text"`, or `nil`.
func quoted(_ text: String?) -> String {
  guard let text else { return "nil" }
  return "\"" + text + "\""
}

/// A content value as a literal: `"Cooking"`, `20`, `true`.
func describe(_ value: ContentValue) -> String {
  switch value {
  case .string(let text): return quoted(text)
  case .number, .bool: return value.displayText
  }
}

/// `Alert(title: "On its way", body: "5 min", sound: "default")`.
func describe(_ alert: Alert) -> String {
  "Alert(title: \(quoted(alert.title)), body: \(quoted(alert.body)), "
    + "sound: \(quoted(alert.sound)))"
}

/// `compactTrailing of "pizza": numericText "20м" → "19м"`.
func describe(_ transition: Transition) -> String {
  "\(transition.zone.rawValue) of \(quoted(transition.activity)): \(transition.kind.rawValue) "
    + "\(quoted(transition.from)) → \(quoted(transition.to))"
}

/// `grow of "pizza": spring(response: 700, damping: 0.7), 637 ms`.
func describe(_ animation: Animation) -> String {
  let timing: String
  switch animation.timing {
  case .spring(let response, let damping):
    timing = "spring(response: \(response), damping: \(ContentValue.format(damping)))"
  case .keyframes(let keyframes, let zone):
    let frames = keyframes.map {
      "\(ContentValue.format($0.scale))/\($0.duration) ms \($0.curve.rawValue)"
    }
    timing = "keyframes in \(zone.rawValue) [\(frames.joined(separator: ", "))]"
  }
  let clamped = animation.clamped ? ", clamped" : ""
  return "\(animation.kind.rawValue) of \(quoted(animation.activity)): \(timing), "
    + "\(animation.duration) ms\(clamped)"
}

/// `openURL "food://map" (regionLink) of "pizza"`.
func describe(_ effect: Effect.Kind) -> String {
  switch effect {
  case .openURL(let url, let rule, let activity):
    return "openURL \(quoted(url)) (\(rule.rawValue)) of \(quoted(activity))"
  case .banner(let activity, let alert):
    return "banner of \(quoted(activity)): \(describe(alert))"
  }
}

/// `truncated compactTrailing of "pizza": needs 60.5 pt, has 52.33 pt`.
func describe(_ warning: Warning.Kind) -> String {
  switch warning {
  case .truncated(let activity, let zone, let needed, let budget):
    return "truncated \(zone.rawValue) of \(quoted(activity)): needs \(Points.format(needed)) pt, "
      + "has \(Points.format(budget)) pt"
  case .animationClamped(let activity, let animation, let requested, let maximum):
    return "animationClamped \(animation) of \(quoted(activity)): \(requested) ms, "
      + "clamped to \(maximum) ms"
  case .olderUpdateIgnored(let activity, let timestamp, let newest):
    return "olderUpdateIgnored \(quoted(activity)): timestamp \(timestamp) before \(newest)"
  case .deferred(let activity, let event, let arrived):
    return "throttled \(event) of \(quoted(activity)): arrived at \(arrived) ms"
  case .unreadField(let activity, let field, let suggestion):
    return "unreadField \(quoted(field)) of \(quoted(activity))"
      + (suggestion.map { ": did you mean \(quoted($0))?" } ?? "")
  }
}

/// `update "pizza"`, `tap leading`, `tick`.
func describe(_ event: Event) -> String {
  switch event {
  case .start(let start): return "start \(quoted(start.activity))"
  case .update(let update): return "update \(quoted(update.activity))"
  case .end(let end): return "end \(quoted(end.activity))"
  case .tap(let target): return "tap \(target.rawValue)"
  case .longPress(let target): return "longPress \(target.rawValue)"
  case .tick: return "tick"
  }
}
