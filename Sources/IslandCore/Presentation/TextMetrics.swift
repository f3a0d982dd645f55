/// Estimates how wide text and symbols are, in points, without a font renderer.
///
/// The widths are per character class, as a fraction of the font's point size (an "em"),
/// rounded averages of SF Pro's advance widths at text sizes: SF Pro's lowercase Latin
/// letters average about half an em, capitals about 0.64, its digits are tabular at about
/// 0.58, spaces and narrow punctuation about a quarter. Wide scripts (CJK, kana, Hangul)
/// and emoji take a full em. Bold text is 6 % wider, semibold 3 %. An SF Symbol takes
/// 1.15 em of the font it is set in (17 pt, `body`, when none is given). These are
/// estimates good to about 10 %: enough to tell "fits" from "does not fit" in a 52-pt zone,
/// which is what the engine uses them for.
public enum TextMetrics {
  /// The font a symbol is set in when its view names none.
  public static let defaultSymbolFont = Font.body
  /// The gap between the views of a row (an `HStack`'s spacing), in points.
  public static let rowSpacing = 6.0
  /// The width a progress bar takes at the least, in points.
  public static let progressMinimumWidth = 40.0
  /// The height of a progress bar, in points.
  public static let progressHeight = 6.0
  /// Horizontal padding of a zone that asks for it, on each side, in points.
  public static let horizontalPadding = 16.0
  /// The ellipsis that ends truncated text.
  public static let ellipsis: Character = "…"

  /// The width of `text` in `font`, in points.
  public static func width(of text: String, font: Font, bold: Bool) -> Double {
    var ems = 0.0
    // Narrow scalars from the table, in the same order: the same sum as from `emWidth` alone.
    let narrow = narrowEmWidths
    for scalar in text.unicodeScalars {
      ems += scalar.value < 0x800 ? narrow[Int(scalar.value)] : emWidth(of: scalar)
    }
    return ems * font.pointSize * weightFactor(font: font, bold: bold)
  }

  /// The width of one SF Symbol set in `font`, in points.
  public static func symbolWidth(font: Font?) -> Double {
    (font ?? defaultSymbolFont).pointSize * 1.15
  }

  /// The height of one line of `font`, in points.
  public static func lineHeight(of font: Font) -> Double { font.pointSize * 1.2 }

  /// The width of one character, in ems.
  public static func emWidth(of scalar: Unicode.Scalar) -> Double {
    emWidth(ofScalarValue: scalar.value)
  }

  /// ``emWidth(of:)`` of the scalar whose value is `value`, for a measure that decodes UTF-8
  /// itself; a value that is no scalar takes the width of U+FFFD, the replacement character.
  ///
  /// Inlined: measuring a text calls it once for each scalar that is not ASCII.
  @inline(__always)
  static func emWidth(ofScalarValue value: UInt32) -> Double {
    switch value {
    case 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x21, 0x7C, 0x69, 0x6C: return 0.27  // . , : ; ' ! | i l
    case 0x30...0x39: return 0.58
    case 0x41...0x5A: return 0.64
    case 0x61...0x7A: return 0.50
    case 0x20: return 0.26
    case 0x21...0x7E: return 0.40
    case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0  // combining, joiners
    case 0x0410...0x042F: return 0.66  // Cyrillic capitals
    case 0x0430...0x044F: return 0.52  // Cyrillic lowercase
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60:
      return 1.0  // CJK, kana, Hangul, full-width forms
    case 0x1F000...0x1FAFF, 0x2600...0x27BF: return 1.0  // emoji and pictographs
    default: return 0.55
    }
  }

  /// ``emWidth(of:)`` of each scalar below U+0800 (those UTF-8 writes in one or two bytes:
  /// ASCII, Latin, Cyrillic, combining marks), by value: what measuring reads in its inner
  /// loop.
  static let narrowEmWidths: [Double] = (0..<0x800).map { emWidth(ofScalarValue: UInt32($0)) }

  /// How much wider bold and semibold text is than regular.
  static func weightFactor(font: Font, bold: Bool) -> Double {
    if bold { return 1.06 }
    return font.isSemibold ? 1.03 : 1.0
  }
}
