/// The state as JSON: the public contract of `island replay --format json` (issue 4).
///
/// Keys come in a fixed order, so that the same state always gives the same bytes:
/// `seq`, `t`, `device`, `profile`, `mode`, `island`, `detached`, `expandedReason`, `hidden`,
/// `activities`, `geometry`, `zones`, `transitions`, `animations`, `effects`, `warnings`.
/// Point values (geometry, zone widths and heights) are rounded to hundredths of a point.
extension IslandState {
  /// The state as an ordered JSON object.
  public var json: JSONValue {
    let presentation = self.presentation
    return [
      "seq": .number(Double(seq)),
      "t": JSONValue(t),
      "device": .string(configuration.device.name),
      "profile": .string(configuration.profile.rawValue),
      "mode": .string(mode.rawValue),
      "island": JSONValue(islandActivity?.id),
      "detached": JSONValue(detachedActivity?.id),
      "expandedReason": JSONValue(expandedReason?.rawValue),
      "hidden": .array(hiddenActivities.map { .string($0.id) }),
      "activities": .array(activities.map(\.json)),
      "geometry": presentation.geometry.map(\.json) ?? .null,
      "zones": .array(presentation.zones.map(\.json)),
      "transitions": .array(transitions.map(\.json)),
      "animations": .array(animations.map(\.json)),
      "effects": .array(effects.map(\.json)),
      "warnings": .array(warnings.map(\.json)),
    ]
  }
}

extension Activity {
  /// `id`, `app`, `phase`, `relevance`, `startSeq`, `startedAt`, `staleAt`, `endedAt`,
  /// `dismissAt`, `layout` (the catalogue name, or null for an inline or default layout),
  /// `url`, `links`, `alert` (the last one), `state` (keys sorted), and `timestamp` (the
  /// newest data timestamp applied) when there is one.
  public var json: JSONValue {
    var linkMembers: [(String, JSONValue)] = []
    for region in Region.allCases {
      if let link = links[region] { linkMembers.append((region.rawValue, .string(link))) }
    }
    var members: [(String, JSONValue)] = [
      ("id", .string(id)),
      ("app", .string(app)),
      ("phase", .string(phase.rawValue)),
      ("relevance", .number(relevance)),
      ("startSeq", .number(Double(startSeq))),
      ("startedAt", JSONValue(startedAt)),
      ("staleAt", JSONValue(staleAt)),
      ("endedAt", JSONValue(endedAt)),
      ("dismissAt", JSONValue(dismissAt)),
      ("layout", JSONValue(layoutName)),
      ("url", JSONValue(url)),
      ("links", .object(linkMembers)),
      ("alert", lastAlert.map(\.json) ?? .null),
      ("state", content.json),
    ]
    if let timestamp = newestTimestamp { members.append(("timestamp", JSONValue(timestamp))) }
    return .object(members)
  }
}

extension ContentState {
  /// The fields as an object, keys sorted.
  public var json: JSONValue {
    .object(fields.map { ($0.name, $0.value.json) })
  }
}

extension ContentValue {
  /// The value as a JSON string, number or boolean.
  public var json: JSONValue {
    switch self {
    case .string(let text): return .string(text)
    case .number(let number): return .number(number)
    case .bool(let flag): return .bool(flag)
    }
  }
}

extension Alert {
  /// `title`, `body`, `sound` (null for none).
  public var json: JSONValue {
    ["title": .string(title), "body": .string(body), "sound": JSONValue(sound)]
  }
}

/// A point value rounded to hundredths, as the state's JSON gives it.
private func points(_ value: Double) -> JSONValue {
  .number((value * 100).rounded() / 100)
}

extension Geometry {
  /// `width`, `height`, `top`, `cornerRadius`, `detached` (`width`, `height`, or null).
  public var json: JSONValue {
    [
      "width": points(width),
      "height": points(height),
      "top": points(top),
      "cornerRadius": points(cornerRadius),
      "detached": detached.map { ["width": points($0.width), "height": points($0.height)] }
        ?? .null,
    ]
  }
}

extension RenderedZone {
  /// `zone`, `activity`, `text` (as shown, after truncation), `truncated`, `width` (needed),
  /// `budget`, `lines`, `height`, `elements`.
  public var json: JSONValue {
    [
      "zone": .string(zone.rawValue),
      "activity": .string(activity),
      "text": .string(shownText),
      "truncated": .bool(truncated),
      "width": points(width),
      "budget": budget.map(points) ?? .null,
      "lines": .number(Double(lines)),
      "height": points(height),
      "elements": .array(elements.map(\.json)),
    ]
  }
}

extension RenderedZone.Element {
  /// `{"type":"symbol","name":..,"tint":..,"font":..}`,
  /// `{"type":"text","text":..,"font":..,"bold":..}` or
  /// `{"type":"progress","value":..,"tint":..}`.
  public var json: JSONValue {
    switch self {
    case .symbol(let name, let tint, let font):
      return [
        "type": "symbol", "name": .string(name), "tint": JSONValue(tint?.rawValue),
        "font": JSONValue(font?.rawValue),
      ]
    case .text(let text, let font, let bold):
      return [
        "type": "text", "text": .string(text), "font": .string(font.rawValue), "bold": .bool(bold),
      ]
    case .progress(let value, let tint):
      return ["type": "progress", "value": .number(value), "tint": JSONValue(tint?.rawValue)]
    }
  }
}

extension Transition {
  /// `activity`, `zone`, `kind`, `from`, `to`.
  public var json: JSONValue {
    [
      "activity": .string(activity), "zone": .string(zone.rawValue),
      "kind": .string(kind.rawValue), "from": .string(from), "to": .string(to),
    ]
  }
}

extension Animation {
  /// `activity`, `kind`, `duration` (ms, after clamping), `clamped`, `timing`
  /// (`{"type":"spring","response":..,"damping":..}` or
  /// `{"type":"keyframes","zone":..,"keyframes":[{"scale":..,"duration":..,"curve":..}]}`).
  public var json: JSONValue {
    let timingJSON: JSONValue
    switch timing {
    case .spring(let response, let damping):
      timingJSON = ["type": "spring", "response": JSONValue(response), "damping": .number(damping)]
    case .keyframes(let keyframes, let zone):
      timingJSON = [
        "type": "keyframes", "zone": .string(zone.rawValue),
        "keyframes": .array(keyframes.map(\.json)),
      ]
    }
    return [
      "activity": .string(activity), "kind": .string(kind.rawValue),
      "duration": JSONValue(duration), "clamped": .bool(clamped), "timing": timingJSON,
    ]
  }
}

extension Keyframe {
  /// `scale`, `duration` (ms), `curve`.
  public var json: JSONValue {
    ["scale": .number(scale), "duration": JSONValue(duration), "curve": .string(curve.rawValue)]
  }
}

extension Effect {
  /// `{"seq":9,"type":"openURL","url":"food://map","rule":"regionLink","activity":"pizza"}`
  /// or `{"seq":4,"type":"banner","activity":..,"title":..,"body":..,"sound":..}`.
  public var json: JSONValue {
    switch kind {
    case .openURL(let url, let rule, let activity):
      return [
        "seq": .number(Double(seq)), "type": "openURL", "url": .string(url),
        "rule": .string(rule.rawValue), "activity": .string(activity),
      ]
    case .banner(let activity, let alert):
      return [
        "seq": .number(Double(seq)), "type": "banner", "activity": .string(activity),
        "title": .string(alert.title), "body": .string(alert.body), "sound": JSONValue(alert.sound),
      ]
    }
  }
}

extension Warning {
  /// `seq`, `type` (`truncated`, `animationClamped`, `unreadField`, `olderUpdateIgnored` or
  /// `throttled`), `activity`, `message`.
  public var json: JSONValue {
    let type: String
    let activity: String
    switch kind {
    case .truncated(let id, _, _, _):
      type = "truncated"
      activity = id
    case .animationClamped(let id, _, _, _):
      type = "animationClamped"
      activity = id
    case .olderUpdateIgnored(let id, _, _):
      type = "olderUpdateIgnored"
      activity = id
    case .deferred(let id, _, _):
      type = "throttled"
      activity = id
    case .unreadField(let id, _, _):
      type = "unreadField"
      activity = id
    }
    return [
      "seq": .number(Double(seq)), "type": .string(type), "activity": .string(activity),
      "message": .string(message),
    ]
  }
}
