/// How many terminal columns text takes, so that drawings line up whatever the script.
///
/// A `Character` count is not a width: `м` is one column, `寿` two, `é` written as `e` and a
/// combining accent one, a bidirectional control none. The rules are those of `wcwidth`:
/// East Asian Wide and Fullwidth characters (CJK, kana, Hangul syllables, full-width forms)
/// and emoji shown as emoji take two columns; combining marks, format characters and
/// variation selectors take none; everything else, Cyrillic and the other "ambiguous" East
/// Asian widths included, takes one, as in every non-CJK terminal locale.
public enum DisplayWidth {
  /// The columns `text` takes once ``sanitized(_:)``.
  public static func columns(of text: String) -> Int {
    var total = 0
    for character in text { total += columns(of: character) }
    return total
  }

  /// The columns one character (a grapheme cluster) takes: 0, 1 or 2.
  public static func columns(of character: Character) -> Int {
    var width = 0
    var emojiVariation = false
    var base: Unicode.Scalar?
    for scalar in character.unicodeScalars {
      if scalar.value == 0xFE0F { emojiVariation = true }
      width = max(width, columns(of: scalar))
      if base == nil { base = scalar }
    }
    if emojiVariation, let base, base.properties.isEmoji { return 2 }
    return min(2, width)
  }

  /// The columns one scalar takes on its own.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// `text` made safe to draw: control characters (a newline, an escape) become spaces and
  /// bidirectional controls are removed, so that no state value can move the cursor, start a
  /// terminal escape or reorder the drawing.
  public static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsSanitizing) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if isBidirectionalControl(value) { continue }
      if value < 0x20 || (0x7F..<0xA0).contains(value) {
        scalars.append(" ")
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// `text` cut to at most `columns` columns, ending with `…` when anything was cut.
  public static func clip(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    guard DisplayWidth.columns(of: text) > columns else { return text }
    var kept = ""
    var used = 0
    for character in text {
      let width = DisplayWidth.columns(of: character)
      if used + width > columns - 1 { break }
      kept.append(character)
      used += width
    }
    return kept + "…"
  }

  // MARK: - Tables

  private static func needsSanitizing(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F..<0xA0).contains(value) || isBidirectionalControl(value)
  }

  private static func isBidirectionalControl(_ value: UInt32) -> Bool {
    value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's `EastAsianWidth.txt`, merged
  /// into blocks; emoji are found through `isEmojiPresentation` instead.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    return wideRanges.contains { $0.contains(value) }
  }
}
