import IslandCore

/// Small helpers to write SVG text: numbers, escaping, elements.
package enum SVG {
  /// A number as SVG writes it: at most two decimals, no trailing zeros (`52.33`, `126`).
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    return Points.format(value)
  }

  /// `text` safe inside XML text and attribute values: `&`, `<`, `>`, `"` and `'` escaped,
  /// and the characters XML 1.0 does not allow (controls but tab and newline, U+FFFE,
  /// U+FFFF) replaced by U+FFFD, so that no control character from a journal reaches a file.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n": result.unicodeScalars.append(" ")
      default:
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
          result.unicodeScalars.append("\u{FFFD}")
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// An element with attributes (values escaped) and optional text content.
  static func element(_ name: String, _ attributes: [(String, String)], text: String? = nil)
    -> String
  {
    var result = "<" + name
    for (key, value) in attributes { result += " " + key + "=\"" + escape(value) + "\"" }
    guard let text else { return result + "/>" }
    return result + ">" + escape(text) + "</" + name + ">"
  }

  /// Text in DejaVu Sans at `size` points, its left end at `x` and baseline at `y`, `width`
  /// points long: drawn at the font's own width (``FontWidths``), squeezed or stretched to
  /// `width` by a transform, with `textLength` saying the same to renderers that read it.
  /// Without `width`, at the font's width.
  static func text(
    _ text: String, x: Double, y: Double, size: Double, weight: String?, fill: String,
    width: Double? = nil, className: String? = nil
  ) -> String {
    let natural = FontWidths.width(of: text, size: size, bold: weight != nil)
    var attributes: [(String, String)] = []
    if let className { attributes.append(("class", className)) }
    let squeeze = natural > 0 ? (width ?? natural) / natural : 1
    let place = "translate(" + number(x) + " " + number(y) + ")"
    attributes.append(
      ("transform", abs(squeeze - 1) < 0.0005 ? place : place + " scale(" + fine(squeeze) + " 1)"))
    attributes.append(("font-size", number(size)))
    if let weight { attributes.append(("font-weight", weight)) }
    attributes += [
      ("fill", fill), ("textLength", number(natural)), ("lengthAdjust", "spacingAndGlyphs"),
    ]
    return element("text", attributes, text: text)
  }

  /// A factor with four decimals.
  package static func fine(_ value: Double) -> String {
    guard value.isFinite else { return "1" }
    let rounded = (value * 10_000).rounded() / 10_000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// A rounded rectangle's attributes.
  static func rect(_ frame: Rect, radius: Double = 0) -> [(String, String)] {
    var attributes = [
      ("x", number(frame.x)), ("y", number(frame.y)), ("width", number(frame.width)),
      ("height", number(frame.height)),
    ]
    if radius > 0 { attributes.append(("rx", number(radius))) }
    return attributes
  }
}

/// The colours of the pictures.
package enum Palette {
  /// A tint as the island shows it: on the island's black, iOS's dark-appearance system
  /// colours; no tint is the primary label colour, white.
  static func color(_ tint: Tint?) -> String {
    switch tint {
    case nil, .white, .primary: return "#FFFFFF"
    case .red: return "#FF453A"
    case .orange: return "#FF9F0A"
    case .yellow: return "#FFD60A"
    case .green: return "#30D158"
    case .mint: return "#63E6E2"
    case .teal: return "#40C8E0"
    case .cyan: return "#64D2FF"
    case .blue: return "#0A84FF"
    case .indigo: return "#5E5CE6"
    case .purple: return "#BF5AF2"
    case .pink: return "#FF375F"
    case .brown: return "#AC8E68"
    case .gray: return "#8E8E93"
    case .secondary: return "#EBEBF599"
    }
  }

  /// The track under a progress bar.
  package static let track = "#FFFFFF33"
  /// A stale island's dashed outline.
  static let staleOutline = "#8E8E93"
}
