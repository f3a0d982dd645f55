/// Drawn stand-ins for the SF Symbols the catalogue and the recorded journals use (SF Symbols
/// may not be redistributed, and Linux has none): simple glyphs on a 24-unit grid. Any other
/// name is drawn as a labelled placeholder.
public enum Symbols {
  /// The names drawn as glyphs.
  public static var drawn: [String] { glyphs.keys.sorted() }

  /// SVG for a glyph on a 24 x 24 grid, painted in `color` (`currentColor` is not used:
  /// librsvg and browsers agree on explicit colours).
  static func glyph(_ name: String, color: String) -> String? {
    glyphs[name].map { $0(color) }
  }

  private static let glyphs: [String: @Sendable (String) -> String] = [
    "bag.fill": { color in
      "<path d=\"M4.5 8h15l1.2 13H3.3z\" fill=\"\(color)\"/>"
        + "<path d=\"M8.5 10V6.5a3.5 3.5 0 0 1 7 0V10\" fill=\"none\" stroke=\"\(color)\""
        + " stroke-width=\"1.8\" stroke-linecap=\"round\"/>"
    },
    "flame.fill": { color in
      "<path d=\"M12 2c1 4.5 6.5 7 6.5 13a6.5 6.5 0 0 1-13 0c0-3.5 2.2-5.2 3.2-8"
        + " .8 2 1.6 3 2.3 3.3C11.6 8 11.2 5 12 2z\" fill=\"\(color)\"/>"
    },
    "clock": { color in
      "<circle cx=\"12\" cy=\"12\" r=\"9\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>"
        + "<path d=\"M12 6.5V12l3.8 2.4\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\""
        + " stroke-linecap=\"round\"/>"
    },
    "timer": { color in
      "<circle cx=\"12\" cy=\"13.5\" r=\"8\" fill=\"none\" stroke=\"\(color)\""
        + " stroke-width=\"2\"/><path d=\"M9.5 2.5h5M12 2.5v3M12 13.5l3.5-3.5\" fill=\"none\""
        + " stroke=\"\(color)\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
    },
    "car.fill": { color in
      "<path d=\"M2.5 17v-4.5l2.3-5.2A2 2 0 0 1 6.6 6h10.8a2 2 0 0 1 1.8 1.3l2.3 5.2V17z\""
        + " fill=\"\(color)\"/><circle cx=\"7\" cy=\"17.5\" r=\"2.3\" fill=\"\(color)\"/>"
        + "<circle cx=\"17\" cy=\"17.5\" r=\"2.3\" fill=\"\(color)\"/>"
        + "<path d=\"M6.2 11.5l1.4-3.5h8.8l1.4 3.5z\" fill=\"#000000\" fill-opacity=\"0.45\"/>"
    },
    "app.fill": { color in
      "<rect x=\"3\" y=\"3\" width=\"18\" height=\"18\" rx=\"5\" fill=\"\(color)\"/>"
    },
    "bicycle": { color in
      "<g fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.8\" stroke-linecap=\"round\">"
        + "<circle cx=\"5.5\" cy=\"15.5\" r=\"4\"/><circle cx=\"18.5\" cy=\"15.5\" r=\"4\"/>"
        + "<path d=\"M5.5 15.5l4-7h6l3 7M9.5 8.5l3 7h-7M8 6h3M15.5 8.5l-1-2.5h2\"/></g>"
    },
    "checkmark.circle.fill": { color in
      "<circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"\(color)\"/>"
        + "<path d=\"M7 12.5l3.2 3.2L17 9\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.2\""
        + " stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    },
    "map": { color in
      "<path d=\"M3 6l6-2.5 6 2.5 6-2.5v14.5l-6 2.5-6-2.5-6 2.5z\" fill=\"none\""
        + " stroke=\"\(color)\" stroke-width=\"1.8\" stroke-linejoin=\"round\"/>"
        + "<path d=\"M9 3.5v14.5M15 6v14.5\" stroke=\"\(color)\" stroke-width=\"1.8\"/>"
    },
  ]
}
