/// The checks an event must pass before the reducer applies it. Each throws the reason the
/// event breaks; none changes anything.
enum Validation {
  typealias Reason = Rejection.Reason

  /// 1 to 64 of `A-Z a-z 0-9 . _ - :`.
  static func checkActivityID(_ id: String) throws(Reason) {
    let valid = id.withUTF8Bytes { utf8 in
      !utf8.isEmpty && utf8.count <= 64
        && utf8.allSatisfy {
          isAlphanumeric($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D || $0 == 0x3A
        }
    }
    guard valid else { throw .invalidActivityID(id) }
  }

  /// 1 to 155 of `A-Z a-z 0-9 . -` (a bundle id), starting with a letter.
  static func checkApp(_ app: String) throws(Reason) {
    let valid = app.withUTF8Bytes { utf8 in
      guard let first = utf8.first, isLetter(first), utf8.count <= 155 else { return false }
      return utf8.allSatisfy { isAlphanumeric($0) || $0 == 0x2E || $0 == 0x2D }
    }
    guard valid else { throw .invalidApp(app) }
  }

  /// A scheme (a letter, then letters, digits, `+`, `-`, `.`), a colon, then at least one
  /// character, with no spaces, controls, or characters URLs cannot hold (`<>"{}|\^` and the
  /// backquote).
  static func checkURL(_ url: String, field: String) throws(Reason) {
    guard isWellFormedURL(url) else { throw .malformedURL(field: field, url: url) }
  }

  /// Whether `url` is well formed, as ``checkURL(_:field:)`` describes.
  static func isWellFormedURL(_ url: String) -> Bool {
    url.withUTF8Bytes(isWellFormedURL)
  }

  private static func isWellFormedURL(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var sawColon = false
    var schemeLength = 0
    var restLength = 0
    for byte in utf8 {
      if byte <= 0x20 || byte == 0x7F { return false }
      switch byte {
      case 0x3C, 0x3E, 0x22, 0x7B, 0x7D, 0x7C, 0x5C, 0x5E, 0x60: return false
      default: break
      }
      if sawColon {
        restLength += 1
      } else if byte == 0x3A {
        guard schemeLength > 0 else { return false }
        sawColon = true
      } else {
        let allowed =
          schemeLength == 0
          ? isLetter(byte) : isAlphanumeric(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
        guard allowed else { return false }
        schemeLength += 1
      }
    }
    return sawColon && restLength > 0
  }

  static func checkFieldName(_ name: String) throws(Reason) {
    guard Template.isFieldName(name) else { throw .invalidFieldName(name) }
  }

  static func checkRelevance(_ relevance: Double) throws(Reason) {
    guard relevance.isFinite else { throw .invalidRelevance(relevance) }
  }

  static func checkTime(_ value: Milliseconds?, field: String) throws(Reason) {
    if let value, value < 0 { throw .negativeTime(field: field, value: value) }
  }

  static func checkLinks(_ links: RegionLinks) throws(Reason) {
    for region in Region.allCases {
      if let link = links[region] { try checkURL(link, field: "\(region.rawValue) link") }
    }
  }

  /// Checks that `layout` can show `content`: every field it reads exists, bars and
  /// countdowns read numbers, symbol names (written in the layout or taken from the state)
  /// are SF Symbol names, region links are URLs, and the minimal view fits.
  static func checkLayout(
    _ layout: Layout, content: ContentState, activity: String, now: Milliseconds
  ) throws(Reason) {
    try checkLayoutExceptMinimalWidth(layout, content: content)
    try checkMinimalWidth(layout, content: content, activity: activity, now: now)
  }

  /// ``checkLayoutExceptMinimalWidth(_:content:)`` for the layout of `plan`, quick when it
  /// can be: when the layout's own parts are valid (``LayoutPlan/partsAreValid``), every field
  /// the layout reads is there (a number where it must be), and each symbol that takes its
  /// name from the state takes it from one field whose text is a symbol name, the full check
  /// would pass. Otherwise the full check runs, and says what
  /// breaks first.
  static func checkLayoutExceptMinimalWidth(
    _ plan: LayoutPlan, content: ContentState, slots: UInt64
  ) throws(Reason) {
    if plan.partsAreValid, let symbolNameFields = plan.symbolNameFields,
      content.fields.withUnsafeBufferPointer({ fields in
        let fields = BorrowedFields(fields: fields, slots: slots, plan: plan)
        for field in plan.roles.indices {
          guard let value = fields.value(field) else { return false }
          if plan.roles[field].isNumeric, value.numberValue == nil { return false }
        }
        // A symbol named by one field alone is named by that field's text.
        for field in symbolNameFields {
          guard let value = fields.value(field), isSymbolName(value.displayText) else {
            return false
          }
        }
        return true
      })
    {
      return
    }
    try checkLayoutExceptMinimalWidth(plan.layout, content: content)
  }

  /// Whether the parts of `layout` that do not depend on the state pass the layout checks:
  /// symbol names written in it (with no field in them) and region links.
  static func partsAreValid(_ layout: Layout) -> Bool {
    func isValid(_ view: View) -> Bool {
      switch view {
      case .symbol(let name, _, _):
        return !name.fields.isEmpty || isSymbolName(ZoneRenderer.fill(name, ContentState()))
      case .label(_, let symbol, _, _): return isSymbolName(symbol)
      case .row(let views): return views.allSatisfy(isValid)
      case .text, .progress, .countdown: return true
      }
    }
    for zone in Zone.allCases {
      guard let zoneView = layout[zone] else { continue }
      guard isValid(zoneView.view) else { return false }
      if let link = zoneView.link, !isWellFormedURL(link) { return false }
    }
    if let url = layout.widgetURL, !isWellFormedURL(url) { return false }
    return true
  }

  /// ``checkLayout(_:content:activity:now:)`` without the minimal view's width, which the
  /// reducer checks from the width it renders anyway (the check that comes last).
  static func checkLayoutExceptMinimalWidth(_ layout: Layout, content: ContentState)
    throws(Reason)
  {
    for zone in Zone.allCases {
      guard let zoneView = layout[zone] else { continue }
      try checkView(zoneView.view, zone: zone, content: content)
      if let link = zoneView.link { try checkURL(link, field: "\(zone.rawValue) link") }
    }
    if let url = layout.widgetURL { try checkURL(url, field: "layout's widget URL") }
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

  /// Checks a layout against content that passed ``checkLayout(_:content:activity:now:)``
  /// before a patch changed some of its fields: a patch adds or replaces fields and never
  /// removes one, field names and numbers are checked field by field, links do not change,
  /// so only symbol names taken from the state and the minimal view's width can fail. They
  /// are checked in the order, and with the errors, of ``checkLayout``.
  /// `symbols` says whether a field a symbol takes its name from changed, and `minimalWidth`
  /// whether the minimal view's width may now be over its limit: the checks of the other
  /// cannot fail.
  static func checkPatchedLayout(
    _ plan: LayoutPlan, content: PatchedFields, activity: String, now: Milliseconds,
    symbols: Bool = true, minimalWidth: Bool = true
  ) throws(Reason) {
    if symbols {
      for zone in Zone.allCases {
        guard let zoneView = plan.zoneViews[zone.ordinal] else { continue }
        try checkSymbols(zoneView.view, zone: zone, content: content)
      }
    }
    if minimalWidth, plan.shownZones & Zone.minimal.bit != 0 {
      try checkMinimalWidth(
        plan.width(Zone.minimal.ordinal, content, now: now), activity: activity)
    }
  }

  private static func checkSymbols(
    _ view: View, zone: Zone, content: PatchedFields
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

  /// Checks that the minimal view is at most 45 pt wide.
  static func checkMinimalWidth(
    _ layout: Layout, content: ContentState, activity: String, now: Milliseconds
  ) throws(Reason) {
    if let minimal = ZoneRenderer.render(
      .minimal, of: layout, activity: activity, content: content, now: now, budget: nil),
      minimal.width > IslandMetrics.minimalMaximumWidth
    {
      throw .minimalTooWide(
        activity: activity, width: minimal.width, maximum: IslandMetrics.minimalMaximumWidth)
    }
  }

  /// "progress bar" or "countdown": what `view` shows `field` as.
  static func numericViewName(of field: String, in view: View?) -> String {
    switch view {
    case .progress(let name, _) where name == field: return "progress bar"
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
    case .progress(let field, _):
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

  /// Lowercase words of letters and digits joined by dots: `bag.fill`, `figure.walk`.
  static func isSymbolName(_ name: String) -> Bool {
    var previousWasDot = true
    for byte in name.utf8 {
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

  // MARK: - Payload size

  /// The payload is the content state as compact JSON, plus the activity id, the app, the
  /// widget URL and the region links as JSON strings. These are the attributes' bytes.
  static func attributeBytes(id: String, app: String, url: String?, links: RegionLinks) -> Int {
    var bytes = jsonLength(of: id) + jsonLength(of: app)
    if let url { bytes += jsonLength(of: url) }
    for region in Region.allCases {
      if let link = links[region] { bytes += jsonLength(of: link) }
    }
    return bytes
  }

  /// The length of `content` as a compact JSON object.
  static func jsonLength(of content: ContentState) -> Int {
    var bytes = 2 + max(0, content.fields.count - 1)
    for field in content.fields { bytes += jsonLength(of: field) }
    return bytes
  }

  /// The length of one field in a compact JSON object: `"name":value`.
  static func jsonLength(of field: ContentState.Field) -> Int {
    jsonLength(of: field.name) + 1 + jsonLength(of: field.value)
  }

  /// The length of one value as JSON.
  static func jsonLength(of value: ContentValue) -> Int {
    switch value {
    case .string(let text): return jsonLength(of: text)
    case .number(let number):
      guard number.isFinite, number == number.rounded(), abs(number) < 9_007_199_254_740_992
      else {
        var length = 0
        NumberText.write(number) { length += $0.count }
        return length
      }
      // An integer, as ``ContentValue/format(_:)`` writes it: its digits and a sign.
      return Int64(number).magnitude.decimalDigits + (number < 0 ? 1 : 0)
    case .bool(let flag): return flag ? 4 : 5
    }
  }

  /// The length of `text` as a JSON string, quotes and escapes included.
  static func jsonLength(of text: String) -> Int {
    text.withUTF8Bytes(jsonLength(of:))
  }

  /// The length of a string of bytes `utf8` as a JSON string, quotes and escapes included.
  static func jsonLength(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var bytes = 2 + utf8.count
    func escape(_ byte: UInt8) {
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { return }
      switch byte {
      case 0x22, 0x5C, 0x08, 0x0C, 0x0A, 0x0D, 0x09: bytes += 1
      default: bytes += 5
      }
    }
    var index = 0
    if let base = utf8.baseAddress {
      // Eight bytes at a time: a word with no quote, backslash or control byte needs no
      // escape (a word may be flagged for nothing; a flagged one is read byte by byte).
      let ones: UInt64 = 0x0101_0101_0101_0101
      while index + 8 <= utf8.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let flags =
          ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
          | ((word &- ones &* 0x20) & ~word)
        if flags & (ones &* 0x80) != 0 {
          for offset in 0..<8 { escape(utf8[index + offset]) }
        }
        index += 8
      }
    }
    while index < utf8.count {
      escape(utf8[index])
      index += 1
    }
    return bytes
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    isLetter(byte) || (0x30...0x39).contains(byte)
  }
}
