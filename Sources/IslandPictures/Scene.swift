import IslandCore
import IslandDrawing

/// A rectangle in points, from the top left of the screen.
public struct Rect: Equatable, Sendable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// The right edge.
  public var maxX: Double { x + width }
  /// The bottom edge.
  public var maxY: Double { y + height }
}

/// Everything a picture of one state draws, placed in points: the island's outline, the
/// detached bubble, and each shown zone's pieces. The SVG and the animated page both draw
/// from a scene, so that they place things alike.
///
/// Where the engine leaves placement open, the scene decides as the text drawing does: the
/// island centred on the screen's width, 11 pt from its top; compact leading and trailing
/// each take their budget from the island's edge, their content centred in it; minimal's
/// attached view takes the island's left (36.67-45 pt, as wide as its view), the detached
/// bubble sits ``IslandDrawing/detachedGap`` to the right; expanded, as
/// ``Presentation/expandedHeight(of:)`` counts the height: the camera band (the compact
/// height) on top, under it one row as tall as the tallest of leading (30 % of the content
/// area, the island less 16 pt each side), center (40 %) and trailing (30 %) side by side,
/// each centred down the row, then 8 pt, the bottom region, and 12 pt of padding.
public struct Scene: Equatable, Sendable {
  /// The screen's width, in points.
  public var screenWidth: Double
  /// The presentation's mode.
  public var mode: Mode
  /// The island's outline, nil on a device without an island.
  public var island: Outline?
  /// The detached bubble, in minimal.
  public var bubble: Outline?
  /// Every shown zone, placed.
  public var zones: [PlacedZone]

  /// A rounded rectangle.
  public struct Outline: Equatable, Sendable {
    /// Where it is.
    public var frame: Rect
    /// Its corner radius (at most half its height, as a continuous corner is drawn).
    public var cornerRadius: Double
    /// Whether its activity is stale: the outline is dashed.
    public var stale: Bool
  }

  /// One zone: where it is, and its pieces.
  public struct PlacedZone: Equatable, Sendable {
    /// The zone as the engine rendered it.
    public var rendered: RenderedZone
    /// The zone's frame: its budget across (or the view's width), its height down.
    public var frame: Rect
    /// The outline that clips it (the island, or the bubble).
    public var clip: Outline
    /// Its pieces, left to right, line by line.
    public var pieces: [Piece]
  }

  /// A piece of a zone, placed.
  public enum Piece: Equatable, Sendable {
    /// A symbol, in a square `size` points on a side, its top left at `x`, `y`.
    case symbol(name: String, tint: Tint?, x: Double, y: Double, size: Double)
    /// Text, its left end at `x`, its baseline at `y`, `width` points long as the engine
    /// measured it.
    case text(String, font: Font, bold: Bool, x: Double, y: Double, width: Double)
    /// A progress bar, `value` of it filled.
    case progress(Double, tint: Tint?, frame: Rect)
  }

  /// The scene of `state`.
  public init(_ state: IslandState) {
    let presentation = state.presentation
    let device = state.configuration.device
    screenWidth = device.screenWidth
    mode = presentation.mode
    zones = []
    guard let geometry = presentation.geometry, let islandClass = device.islandClass else {
      island = nil
      bubble = nil
      return
    }
    let left = (device.screenWidth - geometry.width) / 2
    let islandFrame = Rect(x: left, y: geometry.top, width: geometry.width, height: geometry.height)
    let islandOutline = Outline(
      frame: islandFrame, cornerRadius: min(geometry.cornerRadius, geometry.height / 2),
      stale: state.islandActivity?.phase == .stale)
    island = islandOutline
    bubble = geometry.detached.map { size in
      Outline(
        frame: Rect(
          x: islandFrame.maxX + IslandDrawing.detachedGap, y: geometry.top, width: size.width,
          height: size.height),
        cornerRadius: size.height / 2, stale: state.detachedActivity?.phase == .stale)
    }
    let padded = state.islandActivity?.layout.bottom?.horizontalPadding == true
    // The row of leading, center and trailing under the camera band: as tall as the tallest.
    let row =
      presentation.zones.filter { $0.zone.region != nil && $0.zone != .bottom }
      .map(\.height).max() ?? 0
    for rendered in presentation.zones {
      let placement = Scene.place(
        rendered, island: islandOutline, bubble: bubble,
        detachedID: state.detachedActivity?.id, islandClass: islandClass, row: row)
      zones.append(
        PlacedZone(
          rendered: rendered, frame: placement.frame, clip: placement.clip,
          pieces: Scene.pieces(
            of: rendered, in: placement.frame, align: placement.alignment,
            padding: rendered.zone == .bottom && padded ? TextMetrics.horizontalPadding : 0,
            within: placement.clip)))
    }
  }

  enum Alignment { case leading, center, trailing }

  private static func place(
    _ rendered: RenderedZone, island: Outline, bubble: Outline?, detachedID: String?,
    islandClass: IslandClass, row: Double
  ) -> (frame: Rect, clip: Outline, alignment: Alignment) {
    let frame = island.frame
    let band = IslandMetrics.zoneHeight
    func budget(_ zone: Zone) -> Double { ZoneBudget.width(of: zone, in: islandClass) ?? 0 }
    let contentLeft = frame.x + ZoneBudget.expandedPadding
    switch rendered.zone {
    case .compactLeading:
      return (
        Rect(x: frame.x, y: frame.y, width: budget(.compactLeading), height: frame.height),
        island, .center
      )
    case .compactTrailing:
      let width = budget(.compactTrailing)
      return (
        Rect(x: frame.maxX - width, y: frame.y, width: width, height: frame.height), island,
        .center
      )
    case .minimal:
      if let bubble, rendered.activity == detachedID { return (bubble.frame, bubble, .center) }
      let width = min(
        IslandMetrics.minimalMaximumWidth, max(IslandMetrics.minimalMinimumWidth, rendered.width))
      return (Rect(x: frame.x, y: frame.y, width: width, height: frame.height), island, .center)
    case .leading:
      return (
        Rect(x: contentLeft, y: frame.y + band, width: budget(.leading), height: row), island,
        .leading
      )
    case .trailing:
      let width = budget(.trailing)
      return (
        Rect(
          x: frame.maxX - ZoneBudget.expandedPadding - width, y: frame.y + band, width: width,
          height: row), island, .trailing
      )
    case .center:
      return (
        Rect(
          x: contentLeft + budget(.leading), y: frame.y + band, width: budget(.center),
          height: row), island, .center
      )
    case .bottom:
      return (
        Rect(
          x: contentLeft, y: frame.maxY - 12 - rendered.height, width: budget(.bottom),
          height: rendered.height), island, .leading
      )
    }
  }

  /// A zone's elements laid out in its frame: one line, or as many as the engine counted,
  /// wrapped at spaces; progress bars stretched over what the line leaves free (SwiftUI's
  /// `ProgressView` takes the room it is offered).
  private static func pieces(
    of rendered: RenderedZone, in frame: Rect, align: Alignment, padding: Double,
    within outline: Outline
  ) -> [Piece] {
    let available = (rendered.budget ?? frame.width) - 2 * padding
    let lineCount = max(1, rendered.lines)
    let lineHeight = rendered.height / Double(lineCount)
    var lines: [[RenderedZone.Element]] = []
    if lineCount == 1 {
      lines = [rendered.elements]
    } else {
      lines = wrap(rendered.elements, width: available, lines: lineCount)
    }
    var pieces: [Piece] = []
    // Centred down the frame (compact and minimal zones are the island's height).
    let contentTop = frame.y + max(0, (frame.height - rendered.height) / 2)
    for (index, line) in lines.enumerated() {
      let measured = ZoneRenderer.measure(line)
      let bars = line.filter {
        if case .progress = $0 { return true }
        return false
      }.count
      let stretch = bars > 0 ? max(0, available - measured) / Double(bars) : 0
      let width = measured + stretch * Double(bars)
      var x: Double
      switch align {
      case .leading: x = frame.x + padding
      case .center:
        x = frame.x + (frame.width - width) / 2
        // Kept clear of the outline's rounded ends (a wide compact zone's text would lose its
        // ellipsis there), moving towards the camera if it must: `clearance` from the edge,
        // where the curve leaves room for the content's height, plus 2 pt.
        let radius = outline.cornerRadius
        let half = min(radius, rendered.height / 2)
        let clearance = radius - (radius * radius - half * half).squareRoot() + 2
        if frame.x <= outline.frame.x { x = max(x, outline.frame.x + clearance) }
        if frame.maxX >= outline.frame.maxX { x = min(x, outline.frame.maxX - clearance - width) }
      case .trailing: x = frame.maxX - padding - width
      }
      let top = contentTop + Double(index) * lineHeight
      let middle = top + lineHeight / 2
      for element in line {
        switch element {
        case .symbol(let name, let tint, let font):
          let size = TextMetrics.symbolWidth(font: font)
          pieces.append(.symbol(name: name, tint: tint, x: x, y: middle - size / 2, size: size))
          x += size
        case .text(let text, let font, let bold):
          let width = TextMetrics.width(of: text, font: font, bold: bold)
          pieces.append(
            .text(
              text, font: font, bold: bold, x: x, y: middle + font.pointSize * 0.35,
              width: width))
          x += width
        case .progress(let value, let tint):
          let width = TextMetrics.progressMinimumWidth + stretch
          let height = TextMetrics.progressHeight
          pieces.append(
            .progress(
              value, tint: tint,
              frame: Rect(
                x: x, y: middle - height / 2, width: width,
                height: height)))
          x += width
        }
        x += TextMetrics.rowSpacing
      }
    }
    return pieces
  }

  /// Elements on at most `lines` lines of `width` points, texts broken at spaces; the last
  /// line takes what is left (the engine has already cut it to fit).
  private static func wrap(_ elements: [RenderedZone.Element], width: Double, lines: Int)
    -> [[RenderedZone.Element]]
  {
    var result: [[RenderedZone.Element]] = [[]]
    func fits(_ element: RenderedZone.Element) -> Bool {
      let line = result[result.count - 1]
      return ZoneRenderer.measure(line + [element]) <= width
    }
    for element in elements {
      guard case .text(let text, let font, let bold) = element else {
        if !result[result.count - 1].isEmpty, !fits(element), result.count < lines {
          result.append([])
        }
        result[result.count - 1].append(element)
        continue
      }
      var current = ""
      for word in text.split(separator: " ", omittingEmptySubsequences: false) {
        let candidate = current.isEmpty ? String(word) : current + " " + word
        // The last line takes the rest unmeasured (the engine cut it): linear in the text.
        let lineIsEmpty = result[result.count - 1].isEmpty
        if result.count >= lines || (current.isEmpty && lineIsEmpty)
          || fits(.text(candidate, font: font, bold: bold))
        {
          current = candidate
          continue
        }
        if !current.isEmpty {
          result[result.count - 1].append(.text(current, font: font, bold: bold))
        }
        result.append([])
        current = String(word)
      }
      if !current.isEmpty {
        result[result.count - 1].append(.text(current, font: font, bold: bold))
      }
    }
    result = result.filter { !$0.isEmpty }
    // Broken at words, the last line may hold more than the engine's per-line share: then
    // it is cut with an ellipsis, as SwiftUI cuts the last line of a limited text.
    if let last = result.indices.last, ZoneRenderer.measure(result[last]) > width {
      result[last] = cut(result[last], toFit: width)
    }
    return result
  }

  /// `line` with its last text cut, with an ellipsis, to the longest prefix that fits
  /// `width` (found by halving: a longer prefix is never narrower).
  private static func cut(_ line: [RenderedZone.Element], toFit width: Double)
    -> [RenderedZone.Element]
  {
    guard
      let index = line.lastIndex(where: {
        if case .text = $0 { return true }
        return false
      }), case .text(let text, let font, let bold) = line[index]
    else { return line }
    let characters = Array(text)
    var line = line
    func cut(to count: Int) -> RenderedZone.Element {
      .text(String(characters[..<count]) + String(TextMetrics.ellipsis), font: font, bold: bold)
    }
    var low = 0
    var high = characters.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      line[index] = cut(to: middle)
      if ZoneRenderer.measure(line) <= width { low = middle } else { high = middle - 1 }
    }
    line[index] = cut(to: max(0, low))
    return line
  }
}
