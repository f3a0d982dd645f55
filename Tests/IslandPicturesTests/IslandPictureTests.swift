import Foundation
import IslandCore
import IslandDrawing
import IslandPictures
import Testing

@Suite("SVG pictures: goldens and valid XML")
struct SVGGoldenTests {
  @Test("every mode on both island classes, stale, truncated: golden and well-formed")
  func modes() throws {
    for (name, mode, state) in try States.all() {
      #expect(state.mode == mode, "\(name)")
      let svg = IslandPicture.svg(state)
      try Tool.expectValidXML(svg)
      expectGolden(svg, named: name)
    }
  }

  @Test("a device without an island: the banner of the last event's alert")
  func withoutIsland() throws {
    let state = try States.withoutIsland()
    let svg = IslandPicture.svg(state)
    #expect(svg.contains("class=\"banner\""))
    #expect(svg.contains("Order ready"))
    #expect(!svg.contains("class=\"island\""))
    try Tool.expectValidXML(svg)
    expectGolden(svg, named: "no-island-banner")
  }

  @Test("the dark wallpaper and another scale change only the wallpaper and the size")
  func darkAndScale() throws {
    let state = try States.deliveryExpanded()
    let svg = IslandPicture.svg(state, options: PictureOptions(scale: 2, wallpaper: .dark))
    #expect(svg.contains("width=\"786\""))
    #expect(svg.contains("viewBox=\"0 0 393 "))
    try Tool.expectValidXML(svg)
    expectGolden(svg, named: "seed000-expanded-dark")
  }

  @Test("text is the engine's, with its ellipsis, at the width the engine measured")
  func engineText() throws {
    let state = try States.truncated()
    let trailing = try #require(state.presentation.zones.first { $0.zone == .compactTrailing })
    #expect(trailing.truncated)
    guard case .text(let shown, let font, let bold) = try #require(trailing.elements.first) else {
      Issue.record("compact trailing is not text")
      return
    }
    #expect(shown.hasSuffix("…"))
    let svg = IslandPicture.svg(state)
    // Drawn in DejaVu Sans at its own width, squeezed to the engine's.
    let engineWidth = TextMetrics.width(of: shown, font: font, bold: bold)
    let natural = FontWidths.width(of: shown, size: font.pointSize, bold: bold)
    let squeeze = SVG.fine(engineWidth / natural)
    #expect(abs(natural * (Double(squeeze) ?? 0) - engineWidth) < 0.01)
    #expect(
      svg.contains(
        "scale(\(squeeze) 1)\" font-size=\"11\" font-weight=\"bold\" fill=\"#FFFFFF\" "
          + "textLength=\"\(SVG.number(natural))\" lengthAdjust=\"spacingAndGlyphs\">\(shown)</text>"
      ))
    // The placeholder of a symbol with no glyph names it.
    #expect(svg.contains("data-symbol=\"sportscourt.fill\""))
    #expect(svg.contains("<title>sportscourt.fill</title>"))
    #expect(svg.contains("font-family=\"DejaVu Sans, sans-serif\""))
  }

  @Test("text from a journal is escaped, and control characters never reach the file")
  func escaping() throws {
    let state = try fold([
      (
        0,
        try start(
          "x", app: "com.example.food", layout: "delivery",
          patch: ["minutesLeft": "<b>&\u{1B}[31m\"'", "restaurantName": "]]></svg>"])
      ),
      (1_000, .longPress(.island)),
    ])
    let svg = IslandPicture.svg(state)
    #expect(!svg.contains("\u{1B}"))
    #expect(svg.contains("&lt;b&gt;&amp;\u{FFFD}[31m&quot;&apos;"))
    #expect(!svg.contains("]]></svg>"))
    try Tool.expectValidXML(svg)
  }
}

@Suite("PNG pictures, checked by their pixels")
struct PNGPixelTests {
  /// The island's (and the bubble's) black bounding box in the PNG is the engine's geometry,
  /// centred on the screen, 11 pt from the top, within one pixel, at 3 and 2 px per point.
  @Test("the black outline has the geometry's bounding box, for each mode", arguments: [3.0, 2.0])
  func outline(scale: Double) throws {
    for (name, _, state) in try States.all() {
      let geometry = try #require(state.presentation.geometry)
      let screen = state.configuration.device.screenWidth
      let image = try Tool.png(of: IslandPicture.svg(state, options: PictureOptions(scale: scale)))
      #expect(image.width == Int((screen * scale).rounded()), "\(name)")
      let left = (screen - geometry.width) / 2
      let right = left + geometry.width
      let split = Int(((right + IslandDrawing.detachedGap / 2) * scale).rounded())
      let rows = 0..<Int(((geometry.top + geometry.height + 4) * scale).rounded())
      let box = try #require(image.darkBox(columns: 0..<split, rows: rows), "\(name): no black")
      expectBox(
        box, x: left * scale, y: geometry.top * scale, width: geometry.width * scale,
        height: geometry.height * scale, "\(name) at \(scale) px/pt")
      if let bubble = geometry.detached {
        let bubbleBox = try #require(
          image.darkBox(columns: split..<image.width, rows: rows), "\(name): no bubble")
        expectBox(
          bubbleBox, x: (right + IslandDrawing.detachedGap) * scale, y: geometry.top * scale,
          width: bubble.width * scale, height: bubble.height * scale, "\(name) bubble at \(scale)")
      } else {
        #expect(image.darkBox(columns: split..<image.width, rows: rows) == nil, "\(name)")
      }
    }
  }

  @Test("a device without an island has no island: no pure black, the banner's card instead")
  func withoutIsland() throws {
    let image = try Tool.png(of: IslandPicture.svg(try States.withoutIsland()))
    var black = 0
    var card: (minX: Int, maxX: Int, minY: Int, maxY: Int) = (Int.max, -1, Int.max, -1)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image.pixel(x, y)
        if p.r == 0 && p.g == 0 && p.b == 0 { black += 1 }
        if p.r > 250 && p.g > 250 && p.b > 250 {
          card = (min(card.minX, x), max(card.maxX, x), min(card.minY, y), max(card.maxY, y))
        }
      }
    }
    #expect(black == 0)
    // The banner: 8 pt from the screen's edges and top, 72 pt tall, at 3 px per point.
    let width = try #require(Device.named("iPhone SE")).screenWidth
    expectBox(
      (card.minX, card.minY, card.maxX - card.minX + 1, card.maxY - card.minY + 1), x: 24, y: 24,
      width: (width - 16) * 3, height: 72 * 3, "the banner's card", tolerance: 2)
  }
}

/// Expects the pixel box `box` to be the rectangle `x`, `y`, `width`, `height` (in pixels,
/// possibly fractional) within one pixel on every edge.
func expectBox(
  _ box: (x: Int, y: Int, width: Int, height: Int), x: Double, y: Double, width: Double,
  height: Double, _ what: String, tolerance: Double = 1,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let edges = [
    ("left", Double(box.x), x), ("top", Double(box.y), y),
    ("right", Double(box.x + box.width), x + width),
    ("bottom", Double(box.y + box.height), y + height),
  ]
  for (edge, found, expected) in edges {
    #expect(
      abs(found - expected) <= tolerance,
      "\(what): \(edge) edge at \(found) px, the geometry says \(expected)",
      sourceLocation: sourceLocation)
  }
}
