import IslandCore

/// Draws an island state as text, in Unicode box characters, for terminals and golden files.
///
/// The drawing is to scale across: one column stands for ``DrawingOptions/pointsPerColumn``
/// points (4 by default), the island is centred on the device's screen width, and each zone
/// takes the columns of its points (compact zones 52.33 or 62.33 pt, the expanded regions
/// their budgets). Down, one row stands for ``DrawingOptions/pointsPerRow`` points (12 by
/// default), never fewer rows than the content needs. Under the island: a caption (mode,
/// device, size), every live activity in rank order with where it is (`island`,
/// `attached`, `detached`, `expanded`, `hidden`), and a line per truncated zone. A stale
/// activity's outline is dashed (`┄`, `┆`). A device without an island gets a note and the
/// list instead of a drawing.
///
/// ```
///                     ╭────────────────────────────────────────────────────────╮
///                     │ [bag.fill]                                         20м │
///                     ╰────────────────────────────────────────────────────────╯
/// compact · iPhone 15 Pro · 230 x 36.67 pt
/// #1 delivery (com.example.food) · island
/// ```
public enum IslandDrawing {
  /// The drawing of `state`: lines joined by `\n`, with no newline at the end.
  public static func draw(_ state: IslandState, options: DrawingOptions = .plain) -> String {
    var drawer = Drawer(state: state, options: options)
    drawer.draw()
    return drawer.canvas.lines(color: options.color).joined(separator: "\n")
  }

  /// The gap between the island and the detached bubble, in points (Apple gives none).
  public static let detachedGap = 8.0
}

/// Draws one state into a canvas.
private struct Drawer {
  let state: IslandState
  let presentation: Presentation
  let scale: Scale
  var canvas = Canvas()

  init(state: IslandState, options: DrawingOptions) {
    self.state = state
    self.presentation = state.presentation
    self.scale = options.scale
  }

  var device: Device { state.configuration.device }

  mutating func draw() {
    guard let geometry = presentation.geometry, device.hasIsland else {
      drawWithoutIsland()
      return
    }
    let rows: Int
    switch presentation.mode {
    case .idle: rows = drawPill(geometry)
    case .compact: rows = drawCompact(geometry)
    case .minimal: rows = drawMinimal(geometry)
    case .expanded: rows = drawExpanded(geometry)
    }
    drawNotes(geometry, from: rows)
  }

  // MARK: - Modes

  /// The outline's columns: the island centred on the screen, at least 4 columns wide.
  func columns(left x: Double, width: Double) -> Range<Int> {
    let left = scale.column(x)
    return left..<max(left + 4, scale.column(x + width))
  }

  func islandLeft(_ geometry: Geometry) -> Double { (device.screenWidth - geometry.width) / 2 }

  func flatRows(_ height: Double) -> Int { max(3, scale.rows(height)) }

  mutating func drawPill(_ geometry: Geometry) -> Int {
    let rows = flatRows(geometry.height)
    let outline = columns(left: islandLeft(geometry), width: geometry.width)
    drawOutline(outline, rows: rows, dashed: false)
    return rows
  }

  mutating func drawCompact(_ geometry: Geometry) -> Int {
    let rows = flatRows(geometry.height)
    let left = islandLeft(geometry)
    let outline = columns(left: left, width: geometry.width)
    drawOutline(outline, rows: rows, dashed: state.islandActivity?.phase == .stale)
    let inner = (outline.lowerBound + 1)..<(outline.upperBound - 1)
    for zone in presentation.zones {
      let budget = zone.budget ?? 0
      switch zone.zone {
      case .compactLeading:
        let range = clamp(inner.lowerBound..<scale.column(left + budget), to: inner)
        place(
          ZoneText.line(zone.elements, columns: range.count), in: range, row: rows / 2, .left,
          margin: 1)
      case .compactTrailing:
        let start = scale.column(left + geometry.width - budget)
        let range = clamp(start..<inner.upperBound, to: inner)
        place(
          ZoneText.line(zone.elements, columns: range.count), in: range, row: rows / 2, .right,
          margin: 1)
      default: break
      }
    }
    return rows
  }

  mutating func drawMinimal(_ geometry: Geometry) -> Int {
    let rows = flatRows(geometry.height)
    let left = islandLeft(geometry)
    let outline = columns(left: left, width: geometry.width)
    drawOutline(outline, rows: rows, dashed: state.islandActivity?.phase == .stale)
    let inner = (outline.lowerBound + 1)..<(outline.upperBound - 1)
    let attachedID = state.islandActivity?.id
    if let attached = presentation.zones.first(where: { $0.activity == attachedID }) {
      let width = min(
        IslandMetrics.minimalMaximumWidth, max(IslandMetrics.minimalMinimumWidth, attached.width))
      let range = clamp(inner.lowerBound..<scale.column(left + width), to: inner)
      place(
        ZoneText.line(attached.elements, columns: range.count), in: range, row: rows / 2, .center)
    }
    if let bubble = geometry.detached {
      let bubbleLeft = left + geometry.width + IslandDrawing.detachedGap
      var bubbleColumns = columns(left: bubbleLeft, width: bubble.width)
      if bubbleColumns.lowerBound <= outline.upperBound {
        bubbleColumns = (outline.upperBound + 1)..<(outline.upperBound + 1 + bubbleColumns.count)
      }
      drawOutline(bubbleColumns, rows: rows, dashed: state.detachedActivity?.phase == .stale)
      let detachedID = state.detachedActivity?.id
      if let detached = presentation.zones.first(where: { $0.activity == detachedID }) {
        let range = (bubbleColumns.lowerBound + 1)..<(bubbleColumns.upperBound - 1)
        place(
          ZoneText.line(detached.elements, columns: range.count), in: range, row: rows / 2,
          .center)
      }
    }
    return rows
  }

  mutating func drawExpanded(_ geometry: Geometry) -> Int {
    guard let islandClass = device.islandClass else { return 0 }
    let left = islandLeft(geometry)
    let outline = columns(left: left, width: geometry.width)
    let padding = ZoneBudget.expandedPadding
    let contentLeft = left + padding
    let contentRight = left + geometry.width - padding
    func budget(_ zone: Zone) -> Double { ZoneBudget.width(of: zone, in: islandClass) ?? 0 }
    let centerLeft = contentLeft + budget(.leading)
    let centerRight = centerLeft + budget(.center)
    let inner = (outline.lowerBound + 1)..<(outline.upperBound - 1)
    func range(_ from: Double, _ to: Double) -> Range<Int> {
      clamp(scale.column(from)..<scale.column(to), to: inner)
    }
    func zone(_ zone: Zone) -> RenderedZone? { presentation.zones.first { $0.zone == zone } }
    func lines(_ rendered: RenderedZone?, _ columns: Range<Int>) -> [[Run]] {
      guard let rendered else { return [] }
      return ZoneText.lines(rendered.elements, columns: columns.count, count: rendered.lines)
    }

    let leadingRange = range(contentLeft, centerLeft)
    let centerRange = range(centerLeft, centerRight)
    let trailingRange = range(centerRight, contentRight)
    let bottomPadding =
      state.islandActivity?.layout.bottom?.horizontalPadding == true
      ? TextMetrics.horizontalPadding : 0
    let bottomRange = range(contentLeft + bottomPadding, contentRight - bottomPadding)
    let leading = lines(zone(.leading), leadingRange)
    let trailing = lines(zone(.trailing), trailingRange)
    let center = lines(zone(.center), centerRange)
    let bottom = lines(zone(.bottom), bottomRange)

    // Leading and trailing sit beside the camera, from the first row; the center sits under
    // the camera band, from the second; the bottom region at the foot, a row below the rest.
    let top = max(leading.count, trailing.count, center.isEmpty ? 1 : 1 + center.count)
    let needed = top + (bottom.isEmpty ? 0 : 1 + bottom.count)
    let innerRows = max(needed, scale.rows(geometry.height) - 2)
    let rows = innerRows + 2
    drawOutline(outline, rows: rows, dashed: state.islandActivity?.phase == .stale)
    for (index, line) in leading.enumerated() {
      place(line, in: leadingRange, row: 1 + index, .left)
    }
    for (index, line) in trailing.enumerated() {
      place(line, in: trailingRange, row: 1 + index, .right)
    }
    for (index, line) in center.enumerated() {
      place(line, in: centerRange, row: 2 + index, .center)
    }
    let bottomStart = rows - 1 - bottom.count
    for (index, line) in bottom.enumerated() {
      place(line, in: bottomRange, row: bottomStart + index, .left)
    }
    return rows
  }

  // MARK: - Notes

  mutating func drawNotes(_ geometry: Geometry, from row: Int) {
    var row = row
    var caption = presentation.mode.rawValue
    if presentation.mode == .expanded {
      caption += state.expandedReason == .alert ? " by an alert" : " by the user"
    }
    caption += " · " + device.name + " · " + size(geometry.width, geometry.height)
    if let bubble = geometry.detached {
      caption += ", detached " + size(bubble.width, bubble.height)
    }
    canvas.write(caption, row: row, column: 0)
    row += 1
    for (rank, activity) in state.rankedActivities.enumerated() {
      let place = self.place(of: activity)
      var line = "#\(rank + 1) \(activity.id) (\(activity.app)) · \(place)"
      if activity.phase == .stale { line += " · stale" }
      canvas.write(line, style: place == "hidden" ? .dimmed : .plain, row: row, column: 0)
      row += 1
    }
    for zone in presentation.zones where zone.truncated {
      let budget = zone.budget.map(Points.format) ?? "?"
      let line =
        "\(zone.zone.rawValue) of \(zone.activity) truncated: needs "
        + "\(Points.format(zone.width)) pt, has \(budget) pt"
      canvas.write(line, row: row, column: 0)
      row += 1
    }
  }

  func place(of activity: Activity) -> String {
    if activity.id == state.islandActivity?.id {
      switch presentation.mode {
      case .expanded: return "expanded"
      case .minimal: return "attached"
      case .compact, .idle: return "island"
      }
    }
    return activity.id == state.detachedActivity?.id ? "detached" : "hidden"
  }

  func size(_ width: Double, _ height: Double) -> String {
    Points.format(width) + " x " + Points.format(height) + " pt"
  }

  // MARK: - Without an island

  mutating func drawWithoutIsland() {
    var row = 0
    var note = "(no island) the \(device.name) has no Dynamic Island: alerts show as banners"
    if state.rankedActivities.isEmpty { note += "; no activity is live" }
    canvas.write(note, row: row, column: 0)
    row += 1
    for (rank, activity) in state.rankedActivities.enumerated() {
      var runs = [Run("#\(rank + 1) \(activity.id) (\(activity.app))")]
      var elements: [RenderedZone.Element] = []
      for zone in [Zone.compactLeading, .compactTrailing] {
        let rendered = ZoneRenderer.render(
          zone, of: activity.layout, activity: activity.id, content: activity.content,
          now: state.t, budget: nil)
        elements += rendered?.elements ?? []
      }
      if !elements.isEmpty { runs += [Run(" · ")] + ZoneText.natural(elements) }
      if activity.phase == .stale { runs.append(Run(" · stale")) }
      canvas.write(runs, row: row, column: 0)
      row += 1
    }
    for effect in state.effects where effect.seq == state.seq {
      guard case .banner(let activity, let alert) = effect.kind else { continue }
      let text =
        "banner from \(activity): " + DisplayWidth.sanitized(alert.title) + " · "
        + DisplayWidth.sanitized(alert.body)
      canvas.write(text, style: Style(bold: true), row: row, column: 0)
      row += 1
    }
  }

  // MARK: - Pieces

  enum Alignment {
    case left
    case center
    case right
  }

  func clamp(_ range: Range<Int>, to bounds: Range<Int>) -> Range<Int> {
    let lower = min(max(range.lowerBound, bounds.lowerBound), bounds.upperBound)
    let upper = min(max(range.upperBound, lower), bounds.upperBound)
    return lower..<upper
  }

  /// Writes `runs` in `range` of `row`, `margin` columns in from the side it aligns to when
  /// there is room.
  mutating func place(
    _ runs: [Run], in range: Range<Int>, row: Int, _ alignment: Alignment, margin: Int = 0
  ) {
    let runs = runs.clipped(to: range.count)
    let width = runs.columns
    let margin = min(margin, range.count - width)
    let column: Int
    switch alignment {
    case .left: column = range.lowerBound + margin
    case .right: column = range.upperBound - width - margin
    case .center: column = range.lowerBound + (range.count - width) / 2
    }
    canvas.write(runs, row: row, column: column)
  }

  /// Draws a rounded outline over `columns` and `rows` rows from the top; dashed for a
  /// stale activity.
  mutating func drawOutline(_ columns: Range<Int>, rows: Int, dashed: Bool) {
    let style = dashed ? Style.dimmed : .plain
    let horizontal = String(repeating: dashed ? "┄" : "─", count: max(0, columns.count - 2))
    let vertical = dashed ? "┆" : "│"
    canvas.write("╭" + horizontal + "╮", style: style, row: 0, column: columns.lowerBound)
    for row in 1..<max(1, rows - 1) {
      canvas.write(vertical, style: style, row: row, column: columns.lowerBound)
      canvas.write(vertical, style: style, row: row, column: columns.upperBound - 1)
    }
    canvas.write("╰" + horizontal + "╯", style: style, row: rows - 1, column: columns.lowerBound)
  }
}
