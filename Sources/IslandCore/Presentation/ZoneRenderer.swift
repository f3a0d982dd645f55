/// Renders a layout's zone for an activity's content at a moment: fills templates, measures
/// the result and truncates it to the zone's budget.
public enum ZoneRenderer {
  /// Renders `zone` of `layout` for the content `content` of activity `activity` at time
  /// `now`, within `budget` points (nil: no limit). Nil when the layout leaves it empty.
  public static func render(
    _ zone: Zone, of layout: Layout, activity: String, content: ContentState,
    now: Milliseconds, budget: Double?
  ) -> RenderedZone? {
    guard let zoneView = layout[zone] else { return nil }
    var elements: [RenderedZone.Element] = []
    append(zoneView.view, content: content, now: now, into: &elements)
    let padding = zoneView.horizontalPadding ? 2 * TextMetrics.horizontalPadding : 0
    let width = measure(elements) + padding
    let text = RenderedZone.flatten(elements)
    let (lines, truncated) = fit(width, of: zone, zoneView, in: budget)
    if truncated {
      // Over budget even with nothing to cut (symbols only) is still over budget: it raises
      // the warning, and the island clips it.
      truncate(&elements, toFit: (budget ?? 0) * Double(lines) - padding)
    }
    let height = elements.map(lineHeight).max().map { $0 * Double(lines) } ?? 0
    return RenderedZone(
      zone: zone, activity: activity, elements: elements, text: text, width: width,
      budget: budget, lines: lines, height: height, truncated: truncated)
  }

  /// The width ``render(_:of:activity:content:now:budget:)`` finds for `zone` of `layout`,
  /// and whether it truncates the zone, without truncating it: what a warning says. The
  /// reducer warns from its ``LayoutPlan``'s width, which tests hold equal to this one.
  /// Nil when the layout leaves the zone empty.
  static func overflow(
    _ zone: Zone, of layout: Layout, content: ContentState, now: Milliseconds, budget: Double
  ) -> (width: Double, truncated: Bool)? {
    guard let zoneView = layout[zone] else { return nil }
    var elements: [RenderedZone.Element] = []
    append(zoneView.view, content: content, now: now, into: &elements)
    let padding = zoneView.horizontalPadding ? 2 * TextMetrics.horizontalPadding : 0
    let width = measure(elements) + padding
    return (width, fit(width, of: zone, zoneView, in: budget).truncated)
  }

  /// How many lines a zone `width` points wide takes within `budget` (regions wrap, up to
  /// their views' line limit), and whether it is still over budget on them.
  static func fit(
    _ width: Double, of zone: Zone, _ zoneView: ZoneView, in budget: Double?
  ) -> (lines: Int, truncated: Bool) {
    fit(width, lineLimit: lineLimit(of: zone, zoneView), in: budget)
  }

  /// ``fit(_:of:_:in:)`` for a zone whose line limit (``lineLimit(of:_:)``) is `lineLimit`.
  static func fit(_ width: Double, lineLimit: Int?, in budget: Double?) -> (
    lines: Int, truncated: Bool
  ) {
    guard let budget, width > budget else { return (1, false) }
    // A budget of zero or less holds nothing: one line, cut to the ellipsis.
    let neededLines =
      budget > 0 ? Int(min(Double(maximumLines), (width / budget).rounded(.up))) : 1
    let lines = min(neededLines, lineLimit ?? Int.max)
    return (lines, width > budget * Double(lines))
  }

  /// The most lines a region that wraps as far as its text needs is given.
  static let maximumLines = 1_000_000

  /// How many lines `zone` may take: one for a compact or minimal zone; for an expanded
  /// region, its views' line limit (nil: as many as its text needs).
  static func lineLimit(of zone: Zone, _ zoneView: ZoneView) -> Int? {
    zone.region != nil ? lineLimitOf(zoneView.view) : 1
  }

  static func progress(_ field: String, total: Double, _ content: ContentState) -> Double {
    progress(content[field], total: total)
  }

  /// A progress bar's fraction: the field's number over `total`, clamped to 0...1 (0 when it
  /// is missing or the fraction is not a number).
  static func progress(_ value: ContentValue?, total: Double) -> Double {
    let fraction = (value?.numberValue ?? 0) / total
    return min(1, max(0, fraction.isNaN ? 0 : fraction))
  }

  static func countdownText(_ field: String, _ content: ContentState, _ now: Milliseconds)
    -> String
  {
    countdown(remaining(content[field], now))
  }

  /// The time from `now` to the time a countdown's field holds (0 when it is not a usable
  /// number).
  static func remaining(_ value: ContentValue?, _ now: Milliseconds) -> Milliseconds {
    let target = value?.numberValue ?? 0
    guard target.isFinite, abs(target) < 9e15 else { return 0 }
    return Milliseconds(target.rounded()).saturatingSubtracting(now)
  }

  /// The width of `elements` side by side, in points.
  public static func measure(_ elements: [RenderedZone.Element]) -> Double {
    var width = 0.0
    for element in elements {
      switch element {
      case .symbol(_, _, let font): width += TextMetrics.symbolWidth(font: font)
      case .text(let text, let font, let bold):
        width += TextMetrics.width(of: text, font: font, bold: bold)
      case .progress: width += TextMetrics.progressMinimumWidth
      }
    }
    return width + TextMetrics.rowSpacing * Double(max(0, elements.count - 1))
  }

  /// `m:ss` below an hour, `h:mm:ss` from an hour; never negative (``CountdownText``).
  public static func countdown(_ remaining: Milliseconds) -> String {
    CountdownText(remaining: remaining).text
  }

  // MARK: - Building

  private static func append(
    _ view: View, content: ContentState, now: Milliseconds,
    into elements: inout [RenderedZone.Element]
  ) {
    switch view {
    case .symbol(let name, let tint, let font):
      elements.append(.symbol(name: fill(name, content), tint: tint, font: font))
    case .text(let template, let font, let bold, _):
      elements.append(.text(fill(template, content), font: font, bold: bold))
    case .label(let template, let symbol, let font, let bold):
      elements.append(.symbol(name: symbol, tint: nil, font: font))
      elements.append(.text(fill(template, content), font: font, bold: bold))
    case .progress(let field, let total, let tint):
      elements.append(.progress(progress(field, total: total, content), tint: tint))
    case .countdown(let field, let font, let bold):
      elements.append(.text(countdownText(field, content, now), font: font, bold: bold))
    case .row(let views):
      for view in views { append(view, content: content, now: now, into: &elements) }
    }
  }

  /// Fills a template's fields from the state; a missing field shows as nothing.
  public static func fill(_ template: Template, _ content: ContentState) -> String {
    if template.parts.count == 1, case .literal(let text) = template.parts[0] { return text }
    var result = ""
    for part in template.parts {
      switch part {
      case .literal(let text): result += text
      case .field(let name): result += content[name]?.displayText ?? ""
      }
    }
    return result
  }

  private static func lineLimitOf(_ view: View) -> Int? {
    switch view {
    case .text(_, _, _, let limit): return limit
    case .symbol, .label, .progress, .countdown: return 1
    case .row(let views):
      let limits = views.map(lineLimitOf)
      if limits.contains(where: { $0 == nil }) { return nil }
      return limits.compactMap { $0 }.max()
    }
  }

  private static func lineHeight(_ element: RenderedZone.Element) -> Double {
    switch element {
    case .symbol(_, _, let font):
      return TextMetrics.lineHeight(of: font ?? TextMetrics.defaultSymbolFont)
    case .text(_, let font, _): return TextMetrics.lineHeight(of: font)
    case .progress: return TextMetrics.progressHeight
    }
  }

  /// Cuts the last text element, adding an ellipsis, until the elements fit `width`; leaves
  /// elements without text as they are.
  private static func truncate(_ elements: inout [RenderedZone.Element], toFit width: Double) {
    guard
      let index = elements.lastIndex(where: {
        if case .text = $0 { return true }
        return false
      }), case .text(let original, let font, let bold) = elements[index]
    else { return }
    // The longest prefix shorter than the text that fits with the ellipsis, else none: found
    // by halving, since a longer prefix is never narrower (every character adds a width of
    // zero or more), which gives the prefix that cutting one character at a time finds.
    let characters = Array(original)
    func cut(to count: Int) -> RenderedZone.Element {
      .text(String(characters[..<count]) + String(TextMetrics.ellipsis), font: font, bold: bold)
    }
    var low = 1
    var high = characters.count - 1
    var longest = 0
    while low <= high {
      let middle = (low + high) / 2
      elements[index] = cut(to: middle)
      if measure(elements) <= width {
        longest = middle
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    elements[index] = cut(to: longest)
  }
}
