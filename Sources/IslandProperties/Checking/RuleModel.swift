import IslandCore

/// The engine's rules written a second time, from Part 2 of the reference, as a judge of
/// each event: given the state before an event, which rules does the event break?
///
/// The reducer checks an event incrementally and stops at the first broken rule; this model
/// checks everything from scratch with nothing cached (the payload is measured whole, the
/// layout is checked whole), so the two agree only if the reducer's shortcuts are right. It
/// reads the state only through its public surface, after firing the timers due by the
/// event's time (a `tick` at that time on a copy), exactly as the reducer does first.
public enum RuleModel {
  /// The verdict on `event` at `t` in `state`.
  public static func verdict(for event: Event, at t: Milliseconds, in state: IslandState)
    -> Verdict
  {
    guard t >= state.t else {
      return .reject([.timeWentBackwards(t: t, now: state.t)])
    }
    var now = state
    // No timer is ever left due at the state's own time, so a tick only matters later on.
    if t > state.t { _ = try? now.apply(.tick, at: t) }
    return verdict(for: event, at: t, in: state, view: now)
  }

  /// The verdict on `event` at `t` in `state`, given `view`: `state` with the timers due by
  /// `t` fired (a tick at `t`), as ``EventGenerator/nextStep(after:)`` returns it.
  public static func verdict(
    for event: Event, at t: Milliseconds, in state: IslandState, view now: IslandState
  ) -> Verdict {
    guard t >= state.t else {
      return .reject([.timeWentBackwards(t: t, now: state.t)])
    }
    var reasons: [Rejection.Reason] = []
    switch event {
    case .start(let start): checkStart(start, at: t, in: now, into: &reasons)
    case .update(let update): checkUpdate(update, at: t, in: now, into: &reasons)
    case .end(let end): checkEnd(end, at: t, in: now, into: &reasons)
    case .tap(let target): checkTap(target, in: now, into: &reasons)
    case .longPress(let target): checkLongPress(target, in: now, into: &reasons)
    case .tick: break
    }
    return reasons.isEmpty ? .accept : .reject(reasons)
  }

  /// Whether two reasons name the same broken rule about the same thing. Details the model
  /// cannot know the engine's choice of (which zone it reports a missing field in, the
  /// sentence explaining why a target is not on screen) are not compared.
  public static func sameRule(_ expected: Rejection.Reason, _ actual: Rejection.Reason) -> Bool {
    switch (expected, actual) {
    case (.notOnScreen(let target, _), .notOnScreen(let other, _)): return target == other
    case (.missingField(_, let field), .missingField(_, let other)): return field == other
    case (.fieldNotNumber(_, let field, _), .fieldNotNumber(_, let other, _)):
      return field == other
    case (.badSymbolName(_, let name), .badSymbolName(_, let other)): return name == other
    case (.badTemplate, .badTemplate): return true
    case (.invalidRelevance, .invalidRelevance): return true
    default: return expected == actual
    }
  }

  // MARK: - Start, update, end

  private static func checkStart(
    _ start: Start, at t: Milliseconds, in state: IslandState,
    into reasons: inout [Rejection.Reason]
  ) {
    if !isActivityID(start.activity) { reasons.append(.invalidActivityID(start.activity)) }
    if state.activity(start.activity) != nil {
      reasons.append(.duplicateActivity(start.activity))
    }
    if !isBundleID(start.app) { reasons.append(.invalidApp(start.app)) }
    if !start.relevance.isFinite { reasons.append(.invalidRelevance(start.relevance)) }
    if let stale = start.stale, stale < 0 {
      reasons.append(.negativeTime(field: "stale time", value: stale))
    }
    if let url = start.url, !isURL(url) {
      reasons.append(.malformedURL(field: "widget URL", url: url))
    }
    for region in Region.allCases {
      if let link = start.links[region], !isURL(link) {
        reasons.append(.malformedURL(field: "\(region.rawValue) link", url: link))
      }
    }
    for field in start.state.fields where !Template.isFieldName(field.name) {
      reasons.append(.invalidFieldName(field.name))
    }
    // The default layout shows a fixed symbol in minimal and reads only the state's own
    // fields: nothing in it can break a layout rule, so it is not built here.
    let layout: Layout?
    switch start.layout {
    case .none: layout = nil
    case .named(let name):
      layout = Layout.named(name)
      if layout == nil { reasons.append(.unknownLayout(name)) }
    case .inline(let inline): layout = inline
    }
    if let layout {
      checkLayout(layout, content: start.state, activity: start.activity, at: t, into: &reasons)
    }
    let bytes = payloadBytes(
      id: start.activity, app: start.app, url: start.url, links: start.links,
      content: start.state)
    let policy = state.configuration.policy
    if bytes > policy.payloadLimit {
      reasons.append(
        .payloadTooLarge(activity: start.activity, bytes: bytes, limit: policy.payloadLimit))
    }
    var live = 0
    var liveOfApp = 0
    let activities = state.activities
    for index in activities.indices
    where activities[index].phase == .active || activities[index].phase == .stale {
      live += 1
      if activities[index].app == start.app { liveOfApp += 1 }
    }
    if liveOfApp >= policy.activitiesPerApp {
      reasons.append(.appLimitReached(app: start.app, limit: policy.activitiesPerApp))
    }
    if live >= policy.activitiesPerDevice {
      reasons.append(.deviceLimitReached(limit: policy.activitiesPerDevice))
    }
  }

  private static func checkUpdate(
    _ update: Update, at t: Milliseconds, in state: IslandState,
    into reasons: inout [Rejection.Reason]
  ) {
    guard let activity = liveActivity(update.activity, in: state, into: &reasons) else { return }
    if let relevance = update.relevance, !relevance.isFinite {
      reasons.append(.invalidRelevance(relevance))
    }
    if let stale = update.stale, stale < 0 {
      reasons.append(.negativeTime(field: "stale time", value: stale))
    }
    checkPatch(update.state, of: activity, at: t, in: state, into: &reasons)
  }

  private static func checkEnd(
    _ end: End, at t: Milliseconds, in state: IslandState,
    into reasons: inout [Rejection.Reason]
  ) {
    guard let activity = liveActivity(end.activity, in: state, into: &reasons) else { return }
    if case .after(let time) = end.dismissal, time < 0 {
      reasons.append(.negativeTime(field: "dismissal", value: time))
    }
    if let patch = end.state { checkPatch(patch, of: activity, at: t, in: state, into: &reasons) }
  }

  private static func liveActivity(
    _ id: String, in state: IslandState, into reasons: inout [Rejection.Reason]
  ) -> Activity? {
    guard let activity = state.activity(id) else {
      reasons.append(.unknownActivity(id))
      return nil
    }
    guard activity.isEligible else {
      reasons.append(.activityEnded(id))
      return nil
    }
    return activity
  }

  /// A patch is checked on the content it would give: only when it changes something, since
  /// an update that changes nothing in the state cannot make the state invalid.
  private static func checkPatch(
    _ patch: ContentState, of activity: Activity, at t: Milliseconds, in state: IslandState,
    into reasons: inout [Rejection.Reason]
  ) {
    for field in patch.fields where !Template.isFieldName(field.name) {
      reasons.append(.invalidFieldName(field.name))
    }
    for field in patch.fields
    where activity.layout.attributes.contains(field.name)
      && activity.content[field.name] != field.value
    {
      reasons.append(.attributeChanged(activity: activity.id, field: field.name))
    }
    var content = activity.content
    guard !content.merge(patch).isEmpty else { return }
    checkLayout(activity.layout, content: content, activity: activity.id, at: t, into: &reasons)
    let bytes = payloadBytes(
      id: activity.id, app: activity.app, url: activity.url, links: activity.links,
      content: content)
    let limit = state.configuration.policy.payloadLimit
    if bytes > limit {
      reasons.append(.payloadTooLarge(activity: activity.id, bytes: bytes, limit: limit))
    }
  }

  // MARK: - Taps

  private static func checkTap(
    _ target: TapTarget, in state: IslandState, into reasons: inout [Rejection.Reason]
  ) {
    // Outside is always on screen: a person can always tap it, island or not.
    guard state.configuration.device.hasIsland || target == .outside else {
      reasons.append(.notOnScreen(target: target.rawValue, why: "no island"))
      return
    }
    let expanded = state.expandedReason != nil
    let shown: Bool
    switch target {
    case .outside: shown = true
    case .leading, .trailing, .center, .bottom: shown = expanded
    case .island: shown = !expanded && state.islandActivity != nil
    case .detached: shown = !expanded && state.detachedActivity != nil
    }
    if !shown { reasons.append(.notOnScreen(target: target.rawValue, why: "not shown")) }
  }

  private static func checkLongPress(
    _ target: LongPressTarget, in state: IslandState, into reasons: inout [Rejection.Reason]
  ) {
    let shown: Bool
    if !state.configuration.device.hasIsland || state.expandedReason != nil {
      shown = false
    } else {
      switch target {
      case .island: shown = state.islandActivity != nil
      case .detached: shown = state.detachedActivity != nil
      }
    }
    if !shown { reasons.append(.notOnScreen(target: target.rawValue, why: "not shown")) }
  }

  // MARK: - Layout

  private static func checkLayout(
    _ layout: Layout, content: ContentState, activity: String, at t: Milliseconds,
    into reasons: inout [Rejection.Reason]
  ) {
    for zone in Zone.allCases {
      guard let zoneView = layout[zone] else { continue }
      checkView(zoneView.view, zone: zone, content: content, into: &reasons)
      if let link = zoneView.link, !isURL(link) {
        reasons.append(.malformedURL(field: "\(zone.rawValue) link", url: link))
      }
    }
    if let url = layout.widgetURL, !isURL(url) {
      reasons.append(.malformedURL(field: "layout's widget URL", url: url))
    }
    if let pulse = layout.pulse, content[pulse.field] == nil {
      reasons.append(.missingPulseField(pulse.field))
    }
    if let minimal = ZoneRenderer.render(
      .minimal, of: layout, activity: activity, content: content, now: t, budget: nil),
      minimal.width > IslandMetrics.minimalMaximumWidth
    {
      reasons.append(
        .minimalTooWide(
          activity: activity, width: minimal.width, maximum: IslandMetrics.minimalMaximumWidth))
    }
  }

  private static func checkView(
    _ view: View, zone: Zone, content: ContentState, into reasons: inout [Rejection.Reason]
  ) {
    func requireFields(_ fields: [String]) {
      for field in fields where content[field] == nil {
        reasons.append(.missingField(zone: zone, field: field))
      }
    }
    func requireNumber(_ field: String, view: String) {
      guard let value = content[field] else {
        reasons.append(.missingField(zone: zone, field: field))
        return
      }
      if value.numberValue == nil {
        reasons.append(.fieldNotNumber(zone: zone, field: field, view: view))
      }
    }
    switch view {
    case .symbol(let name, _, _):
      requireFields(name.fields)
      let filled = ZoneRenderer.fill(name, content)
      if !isSymbolName(filled) { reasons.append(.badSymbolName(zone: zone, name: filled)) }
    case .text(let template, _, _, _):
      requireFields(template.fields)
    case .label(let template, let symbol, _, _):
      requireFields(template.fields)
      if !isSymbolName(symbol) { reasons.append(.badSymbolName(zone: zone, name: symbol)) }
    case .progress(let field, let total, _):
      if !(total.isFinite && total > 0) {
        reasons.append(.badProgressTotal(zone: zone, total: total))
      }
      requireNumber(field, view: "progress bar")
    case .countdown(let field, _, _): requireNumber(field, view: "countdown")
    case .row(let views):
      for view in views { checkView(view, zone: zone, content: content, into: &reasons) }
    }
  }

  // MARK: - Lexical rules

  /// 1 to 64 of `A-Z a-z 0-9 . _ - :`.
  static func isActivityID(_ id: String) -> Bool {
    let bytes = id.utf8
    return !bytes.isEmpty && bytes.count <= 64
      && bytes.allSatisfy { isASCIILetterOrDigit($0) || ".-_:".utf8.contains($0) }
  }

  /// A letter, then up to 154 of `A-Z a-z 0-9 . -`.
  static func isBundleID(_ app: String) -> Bool {
    let bytes = app.utf8
    guard let first = bytes.first, isASCIILetter(first), bytes.count <= 155 else { return false }
    return bytes.allSatisfy {
      isASCIILetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
    }
  }

  /// A scheme (a letter, then letters, digits, `+ - .`), a colon, and at least one character,
  /// with no spaces, controls or `< > " { } | \ ^` and the backquote anywhere.
  static func isURL(_ url: String) -> Bool {
    let forbidden = "<>\"{}|\\^`".utf8
    guard url.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F && !forbidden.contains($0) }),
      let colon = url.utf8.firstIndex(of: UInt8(ascii: ":"))
    else { return false }
    let scheme = url.utf8[..<colon]
    guard let first = scheme.first, isASCIILetter(first),
      scheme.allSatisfy({ isASCIILetterOrDigit($0) || "+-.".utf8.contains($0) })
    else { return false }
    return url.utf8.index(after: colon) != url.utf8.endIndex
  }

  /// Lowercase words of letters and digits joined by single dots.
  static func isSymbolName(_ name: String) -> Bool {
    var wordLength = 0
    for byte in name.utf8 {
      if byte == UInt8(ascii: ".") {
        guard wordLength > 0 else { return false }
        wordLength = 0
      } else if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
        wordLength += 1
      } else {
        return false
      }
    }
    return wordLength > 0
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || (0x30...0x39).contains(byte)
  }

  // MARK: - Payload

  /// The state as compact JSON plus the id, app, widget URL and links as JSON strings.
  static func payloadBytes(
    id: String, app: String, url: String?, links: RegionLinks, content: ContentState
  ) -> Int {
    var strings = [id, app]
    if let url { strings.append(url) }
    for region in Region.allCases { if let link = links[region] { strings.append(link) } }
    var bytes = strings.reduce(0) { $0 + jsonStringLength($1) }
    bytes += 2 + max(0, content.fields.count - 1)
    for field in content.fields {
      bytes += jsonStringLength(field.name) + 1
      switch field.value {
      case .string(let text): bytes += jsonStringLength(text)
      case .number(let number): bytes += ContentValue.format(number).utf8.count
      case .bool(let flag): bytes += flag ? 4 : 5
      }
    }
    return bytes
  }

  /// The length of `text` as a JSON string: quotes, two-byte escapes for `" \ b f n r t`,
  /// six-byte escapes for other controls.
  static func jsonStringLength(_ text: String) -> Int {
    text.utf8.reduce(2) { length, byte in
      switch byte {
      case 0x22, 0x5C, 0x08, 0x0C, 0x0A, 0x0D, 0x09: return length + 2
      case 0..<0x20: return length + 6
      default: return length + 1
      }
    }
  }
}
