import IslandCore

/// How pictures are drawn.
public struct PictureOptions: Equatable, Sendable {
  /// Pixels per point of the SVG's size (its `viewBox` is in points): 3, as on a Pro
  /// iPhone's screen, unless told.
  public var scale: Double
  /// The wallpaper behind the island: light unless told.
  public var wallpaper: Wallpaper
  /// Whether a caption (mode, device, size) goes under the island.
  public var caption: Bool

  /// The wallpapers.
  public enum Wallpaper: String, Equatable, Sendable {
    /// A pale one, against which the island's black stands out.
    case light
    /// A dark one, as in Dark Mode.
    case dark
  }

  /// Options; the defaults are 3 px per point, the light wallpaper, a caption.
  public init(scale: Double = 3, wallpaper: Wallpaper = .light, caption: Bool = true) {
    self.scale = scale
    self.wallpaper = wallpaper
    self.caption = caption
  }

  /// The font family the pictures name: DejaVu Sans, free and on every Debian machine
  /// (`fonts-dejavu-core`). Text is drawn at the engine's estimated widths (`textLength`),
  /// so the font changes the glyphs' look, never where text ends.
  public static let fontFamily = "DejaVu Sans"
}

/// Pictures of island states as SVG: the top of the device's screen at its real size in
/// points, the island in black, every shown zone where the scene places it.
///
/// Pure: a state in, the SVG's text out.
public enum IslandPicture {
  /// The SVG of `state`: a whole document, ending in a newline.
  public static func svg(_ state: IslandState, options: PictureOptions = PictureOptions())
    -> String
  {
    let frame = StateFrame(state, options: options, id: "s")
    let width = state.configuration.device.screenWidth
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      SVG.open(width: width, height: frame.height, scale: options.scale),
      SVG.element("title", [], text: frame.caption),
      SVG.element(
        "desc", [],
        text: "island state after seq \(state.seq) at t=\(state.t) ms, drawn by IslandPictures"),
    ]
    lines += frame.lines
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The caption of `state`: its mode, device and size, as the text drawing writes them
  /// (`compact · iPhone 15 Pro · 230 x 36.67 pt`).
  public static func caption(of state: IslandState) -> String {
    let presentation = state.presentation
    let device = state.configuration.device
    guard let geometry = presentation.geometry else {
      return "no island · \(device.name) · alerts show as banners"
    }
    var caption = presentation.mode.rawValue
    if presentation.mode == .expanded {
      caption += state.expandedReason == .alert ? " by an alert" : " by the user"
    }
    caption +=
      " · " + device.name + " · " + SVG.number(geometry.width) + " x "
      + SVG.number(geometry.height) + " pt"
    if let bubble = geometry.detached {
      caption +=
        ", detached " + SVG.number(bubble.width) + " x " + SVG.number(bubble.height)
        + " pt"
    }
    if state.islandActivity?.phase == .stale { caption += " · stale" }
    return caption
  }
}

extension SVG {
  /// The opening `svg` tag of a picture `width` x `height` points at `scale` px per point.
  static func open(width: Double, height: Double, scale: Double) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width * scale))\" "
      + "height=\"\(number(height * scale))\" viewBox=\"0 0 \(number(width)) \(number(height))\" "
      + "font-family=\"\(PictureOptions.fontFamily), sans-serif\">"
  }
}

/// One state drawn: the wallpaper, the island, its zones and the caption, as SVG elements
/// whose ids start with `id` (a filmstrip holds many).
struct StateFrame {
  /// The elements, from the top of the screen.
  var lines: [String] = []
  /// The height drawn, in points.
  var height: Double
  /// The caption.
  let caption: String

  /// How far under the island the caption's baseline is.
  static let captionGap = 18.0
  /// The wallpaper under the caption.
  static let bottomMargin = 10.0

  init(_ state: IslandState, options: PictureOptions, id: String) {
    let scene = Scene(state)
    caption = IslandPicture.caption(of: state)
    let width = scene.screenWidth
    let dark = options.wallpaper == .dark
    var bottom = max(scene.island?.frame.maxY ?? 0, scene.bubble?.frame.maxY ?? 0)
    let banner = StateFrame.banner(of: state)
    if banner != nil { bottom = max(bottom, StateFrame.bannerFrame(width: width).maxY) }
    if bottom == 0 { bottom = 48 }
    height = bottom + (options.caption ? StateFrame.captionGap + StateFrame.bottomMargin : 11)
    // Whole points, so that the picture is whole pixels at any whole scale.
    height = height.rounded(.up)

    lines.append(
      "<defs><linearGradient id=\"\(id)-wallpaper\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">"
        + (dark
          ? "<stop offset=\"0\" stop-color=\"#1C1C2E\"/><stop offset=\"1\" stop-color=\"#2E2A3A\"/>"
          : "<stop offset=\"0\" stop-color=\"#DDE7F2\"/><stop offset=\"1\" stop-color=\"#F4EFE8\"/>")
        + "</linearGradient>" + clipPaths(scene, id: id) + "</defs>")
    lines.append(
      SVG.element(
        "rect",
        [
          ("class", "wallpaper"), ("width", SVG.number(width)), ("height", SVG.number(height)),
          ("fill", "url(#\(id)-wallpaper)"),
        ]))
    for (name, outline) in [("island", scene.island), ("bubble", scene.bubble)] {
      guard let outline else { continue }
      lines.append(StateFrame.outline(outline, class: name))
    }
    for zone in scene.zones {
      lines.append(StateFrame.zone(zone, clip: clipID(zone.clip, scene, id: id)))
    }
    if let banner { lines += StateFrame.drawBanner(banner, width: width, dark: dark) }
    if options.caption {
      let fitted = StateFrame.fit(caption, size: 11, bold: false, width: width - 16)
      let captionWidth = FontWidths.width(of: fitted, size: 11, bold: false)
      lines.append(
        SVG.text(
          fitted, x: (width - captionWidth) / 2, y: bottom + StateFrame.captionGap - 4, size: 11,
          weight: nil, fill: dark ? "#AEAEB2" : "#8E8E93", className: "caption"))
    }
  }

  private func clipPaths(_ scene: Scene, id: String) -> String {
    var result = ""
    for (name, outline) in [("island", scene.island), ("bubble", scene.bubble)] {
      guard let outline else { continue }
      result +=
        "<clipPath id=\"\(id)-\(name)-clip\">"
        + SVG.element("rect", SVG.rect(outline.frame, radius: outline.cornerRadius))
        + "</clipPath>"
    }
    return result
  }

  private func clipID(_ outline: Scene.Outline, _ scene: Scene, id: String) -> String {
    outline == scene.bubble ? "\(id)-bubble-clip" : "\(id)-island-clip"
  }

  /// The island or the bubble: black, its corners as the geometry says; a stale one with a
  /// dashed grey line just inside its edge (so that the black keeps its size).
  static func outline(_ outline: Scene.Outline, class name: String) -> String {
    var result = SVG.element(
      "rect",
      [("class", name)] + SVG.rect(outline.frame, radius: outline.cornerRadius)
        + [("fill", "#000000")])
    if outline.stale {
      let inset = Rect(
        x: outline.frame.x + 0.75, y: outline.frame.y + 0.75, width: outline.frame.width - 1.5,
        height: outline.frame.height - 1.5)
      result += SVG.element(
        "rect",
        [("class", name + "-stale")] + SVG.rect(inset, radius: max(0, outline.cornerRadius - 0.75))
          + [
            ("fill", "none"), ("stroke", Palette.staleOutline), ("stroke-width", "1.5"),
            ("stroke-dasharray", "4 3"),
          ])
    }
    return result
  }

  /// A zone's pieces, clipped to its outline, in a group naming the zone and its activity.
  static func zone(_ zone: Scene.PlacedZone, clip: String) -> String {
    var result =
      "<g class=\"zone\" data-zone=\"\(zone.rendered.zone.rawValue)\" data-activity=\""
      + SVG.escape(zone.rendered.activity) + "\" clip-path=\"url(#\(clip))\">"
    if zone.rendered.truncated {
      result += SVG.element(
        "title", [],
        text: "\(zone.rendered.zone.rawValue) truncated: needs "
          + "\(SVG.number(zone.rendered.width)) pt, has "
          + "\(zone.rendered.budget.map(SVG.number) ?? "?") pt")
    }
    for piece in zone.pieces { result += draw(piece) }
    return result + "</g>"
  }

  static func draw(_ piece: Scene.Piece) -> String {
    switch piece {
    case .symbol(let name, let tint, let x, let y, let size):
      return symbol(name, color: Palette.color(tint), x: x, y: y, size: size)
    case .text(let text, let font, let bold, let x, let y, let width):
      return SVG.text(
        text, x: x, y: y, size: font.pointSize,
        weight: bold ? "bold" : font.isSemibold ? "600" : nil, fill: "#FFFFFF", width: width)
    case .progress(let value, let tint, let frame):
      var filled = frame
      filled.width = frame.width * value
      let radius = frame.height / 2
      var result = SVG.element(
        "rect", SVG.rect(frame, radius: radius) + [("fill", Palette.track)])
      if value > 0 {
        result += SVG.element(
          "rect",
          SVG.rect(filled, radius: min(radius, filled.width / 2))
            + [("fill", Palette.color(tint ?? .blue))])
      }
      return result
    }
  }

  /// A symbol: its glyph scaled into a square `size` points on a side, or a placeholder: a
  /// dashed rounded square with the name's first letters, the whole name as its title.
  static func symbol(_ name: String, color: String, x: Double, y: Double, size: Double)
    -> String
  {
    let scale = size / 24
    let place =
      "<g class=\"symbol\" data-symbol=\"" + SVG.escape(name) + "\" transform=\"translate("
      + SVG.number(x) + " " + SVG.number(y) + ") scale("
      + SVG.fine(scale) + ")\">"
    if let glyph = Symbols.glyph(name, color: color) { return place + glyph + "</g>" }
    let label = String(name.prefix(4))
    return place + SVG.element("title", [], text: name)
      + "<rect x=\"2\" y=\"2\" width=\"20\" height=\"20\" rx=\"5\" fill=\"none\" stroke=\""
      + color + "\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>"
      + SVG.text(label, x: 4, y: 14.5, size: 7, weight: nil, fill: color, width: 16) + "</g>"
  }

  // MARK: - Banners

  /// The alert the last event showed as a banner, on a device without an island.
  static func banner(of state: IslandState) -> (activity: String, alert: Alert)? {
    guard !state.configuration.device.hasIsland, let last = state.effects.last,
      last.seq == state.seq, case .banner(let activity, let alert) = last.kind
    else { return nil }
    return (activity, alert)
  }

  static func bannerFrame(width: Double) -> Rect {
    Rect(x: 8, y: 8, width: width - 16, height: 72)
  }

  /// A notification banner at the top of the screen: the activity's app initial, the alert's
  /// title in bold and its body, each cut with an ellipsis to the banner's width.
  static func drawBanner(
    _ banner: (activity: String, alert: Alert), width: Double, dark: Bool
  ) -> [String] {
    let frame = bannerFrame(width: width)
    let textLeft = frame.x + 58
    let room = frame.maxX - 14 - textLeft
    let ink = dark ? "#FFFFFF" : "#1C1C1E"
    func line(_ text: String, font: Font, bold: Bool, y: Double) -> String {
      let fitted = fit(text, size: font.pointSize, bold: bold, width: room)
      return SVG.text(
        fitted, x: textLeft, y: y, size: font.pointSize, weight: bold ? "bold" : nil, fill: ink)
    }
    return [
      "<g class=\"banner\" data-activity=\"" + SVG.escape(banner.activity) + "\">",
      SVG.element(
        "rect",
        [("class", "banner-card")] + SVG.rect(frame, radius: 22)
          + [("fill", dark ? "#2C2C2E" : "#FFFFFF"), ("fill-opacity", "0.94")]),
      SVG.element(
        "rect",
        SVG.rect(Rect(x: frame.x + 12, y: frame.y + 17, width: 38, height: 38), radius: 9)
          + [("fill", "#8E8E93")]),
      line(banner.alert.title, font: .subheadline, bold: true, y: frame.y + 31),
      line(banner.alert.body, font: .subheadline, bold: false, y: frame.y + 51),
      "</g>",
    ]
  }

  /// `text` cut with an ellipsis to `width` points in DejaVu Sans at `size`, for the
  /// pictures' own labels (zones are cut by the engine): the longest prefix that fits, found
  /// by halving (a longer prefix is never narrower).
  static func fit(_ text: String, size: Double, bold: Bool, width: Double) -> String {
    guard FontWidths.width(of: text, size: size, bold: bold) > width else { return text }
    let characters = Array(text)
    var low = 0
    var high = characters.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      let cut = String(characters[..<middle]) + "…"
      if FontWidths.width(of: cut, size: size, bold: bold) <= width {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return String(characters[..<low]) + "…"
  }
}
