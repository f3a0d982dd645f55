/// The layout checks (Part 2, "Limits and errors": "an unknown event or field value"): a
/// layout can show a content when every field it reads exists, progress bars and countdowns
/// read numbers, symbol names (written in the layout or taken from the state) are SF Symbol
/// names, region links are URLs, a pulse's field exists, and the minimal view is at most
/// 45 pt wide (``IslandMetrics/minimalMaximumWidth``).
enum LayoutChecks {
  typealias Reason = Rejection.Reason

  /// ``checkLayoutExceptMinimalWidth(_:content:)`` for the layout of `plan`, quick when the
  /// plan can tell that it would pass
  /// (``LayoutPlan/surelyPassesLayoutChecks(_:slots:)``). Otherwise the full check runs, and
  /// says what breaks first.
  static func checkLayoutExceptMinimalWidth(
    _ plan: LayoutPlan, content: ContentState, slots: FieldSlots
  ) throws(Reason) {
    if plan.surelyPassesLayoutChecks(content, slots: slots) { return }
    try checkLayoutExceptMinimalWidth(plan.layout, content: content)
  }

  /// Whether the parts of `layout` that do not depend on the state pass the layout checks:
  /// symbol names written in it (with no field in them), progress bars' totals and region
  /// links.
  static func partsAreValid(_ layout: Layout) -> Bool {
    func isValid(_ view: View) -> Bool {
      switch view {
      case .symbol(let name, _, _):
        return !name.fields.isEmpty || isSymbolName(ZoneRenderer.fill(name, ContentState()))
      case .label(_, let symbol, _, _): return isSymbolName(symbol)
      case .row(let views): return views.allSatisfy(isValid)
      case .progress(_, let total, _): return isValidTotal(total)
      case .text, .countdown: return true
      }
    }
    for zone in Zone.allCases {
      guard let zoneView = layout[zone] else { continue }
      guard isValid(zoneView.view) else { return false }
      if let link = zoneView.link, !Validation.isWellFormedURL(link) { return false }
    }
    if let url = layout.widgetURL, !Validation.isWellFormedURL(url) { return false }
    return true
  }

  /// Every layout check but the minimal view's width, which the reducer checks from the
  /// width it measures anyway (the check that comes last).
  static func checkLayoutExceptMinimalWidth(_ layout: Layout, content: ContentState)
    throws(Reason)
  {
    for zone in Zone.allCases {
      guard let zoneView = layout[zone] else { continue }
      try checkView(zoneView.view, zone: zone, content: content)
      if let link = zoneView.link {
        try Validation.checkURL(link, field: "\(zone.rawValue) link")
      }
    }
    if let url = layout.widgetURL { try Validation.checkURL(url, field: "layout's widget URL") }
    if let pulse = layout.pulse, content[pulse.field] == nil {
      throw .missingPulseField(pulse.field)
    }
  }

  /// Checks that a minimal view `width` points wide is at most 45 pt wide.
  static func checkMinimalWidth(_ width: Double, activity: String) throws(Reason) {
    if width > IslandMetrics.minimalMaximumWidth {
      throw .minimalTooWide(
        activity: activity, width: width, maximum: IslandMetrics.minimalMaximumWidth)
    }
  }

  /// Checks a layout against content that passed the layout checks before a patch changed
  /// some of its fields: a patch adds or replaces fields and never removes one, field names
  /// and numbers are checked field by field, links do not change, so only symbol names taken
  /// from the state and the minimal view's width can fail. They are checked in the order,
  /// and with the errors, of a start's checks.
  /// `symbols` says whether a field a symbol takes its name from changed, and `minimalWidth`
  /// whether the minimal view's width may now be over its limit: the checks of the other
  /// cannot fail.
  static func checkPatchedLayout(
    _ plan: LayoutPlan, content: FieldsAfterPatch, activity: String, now: Milliseconds,
    symbols: Bool = true, minimalWidth: Bool = true
  ) throws(Reason) {
    if symbols {
      for zone in Zone.allCases {
        guard let zoneView = plan.zoneViews[zone.ordinal] else { continue }
        try checkSymbols(zoneView.view, zone: zone, content: content)
      }
    }
    if minimalWidth, plan.shownZones.contains(.minimal) {
      try checkMinimalWidth(plan.width(.minimal, content, now: now), activity: activity)
    }
  }

  private static func checkSymbols(
    _ view: View, zone: Zone, content: FieldsAfterPatch
  ) throws(Reason) {
    switch view {
    case .symbol(let name, _, _):
      guard !name.fields.isEmpty else { return }
      var filled = ""
      for part in name.parts {
        switch part {
        case .literal(let text): filled += text
        case .field(let field): filled += content.value(named: field)?.displayText ?? ""
        }
      }
      if !isSymbolName(filled) { throw .badSymbolName(zone: zone, name: filled) }
    case .row(let views):
      for view in views { try checkSymbols(view, zone: zone, content: content) }
    case .text, .label, .progress, .countdown:
      return
    }
  }

  /// "progress bar" or "countdown": what `view` shows `field` as.
  static func numericViewName(of field: String, in view: View?) -> String {
    switch view {
    case .progress(let name, _, _) where name == field: return "progress bar"
    case .countdown(let name, _, _) where name == field: return "countdown"
    case .row(let views):
      for view in views {
        let name = numericViewName(of: field, in: view)
        if name != "number" { return name }
      }
      return "number"
    default: return "number"
    }
  }

  private static func checkView(_ view: View, zone: Zone, content: ContentState) throws(Reason) {
    switch view {
    case .symbol(let name, _, _):
      try checkFields(name.fields, zone: zone, content: content)
      // A name taken from the state is checked as filled: the state must name a symbol too.
      let filled = ZoneRenderer.fill(name, content)
      if !isSymbolName(filled) { throw .badSymbolName(zone: zone, name: filled) }
    case .text(let template, _, _, _):
      try checkFields(template.fields, zone: zone, content: content)
    case .label(let template, let symbol, _, _):
      try checkFields(template.fields, zone: zone, content: content)
      if !isSymbolName(symbol) { throw .badSymbolName(zone: zone, name: symbol) }
    case .progress(let field, let total, _):
      if !isValidTotal(total) { throw .badProgressTotal(zone: zone, total: total) }
      try checkNumber(field, zone: zone, view: "progress bar", content: content)
    case .countdown(let field, _, _):
      try checkNumber(field, zone: zone, view: "countdown", content: content)
    case .row(let views):
      for view in views { try checkView(view, zone: zone, content: content) }
    }
  }

  private static func checkFields(_ fields: [String], zone: Zone, content: ContentState)
    throws(Reason)
  {
    for field in fields where content[field] == nil {
      throw .missingField(zone: zone, field: field)
    }
  }

  private static func checkNumber(
    _ field: String, zone: Zone, view: String, content: ContentState
  ) throws(Reason) {
    guard let value = content[field] else { throw .missingField(zone: zone, field: field) }
    guard value.numberValue != nil else {
      throw .fieldNotNumber(zone: zone, field: field, view: view)
    }
  }

  /// Whether a progress bar's total is a finite number above 0.
  static func isValidTotal(_ total: Double) -> Bool { total.isFinite && total > 0 }

  /// Lowercase words of letters and digits joined by dots: `bag.fill`, `figure.walk`.
  static func isSymbolName(_ name: String) -> Bool {
    // The bytes read as one buffer: a short name's bytes, read one by one, are unpacked again
    // for each.
    name.withUTF8Bytes(isSymbolName)
  }

  /// ``isSymbolName(_:)-(String)`` of the UTF-8 bytes `utf8`.
  static func isSymbolName(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var previousWasDot = true
    for byte in utf8 {
      if byte == 0x2E {
        if previousWasDot { return false }
        previousWasDot = true
      } else if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
        previousWasDot = false
      } else {
        return false
      }
    }
    return !previousWasDot
  }
}
