import IslandDrawing
import Testing

@Suite("Display widths")
struct DisplayWidthTests {
  @Test(
    "columns per script: Latin and Cyrillic one, CJK and kana and Hangul two, marks none",
    arguments: [
      ("abc", 3), ("20 мин", 6), ("Ёлка", 4), ("寿司", 4), ("カタカナ", 8), ("한국", 4),
      ("e\u{301}", 1), ("ＡＢ", 4), ("a\u{200B}b", 2), ("", 0), ("…", 1), ("█░", 2),
    ])
  func columns(text: String, expected: Int) {
    #expect(DisplayWidth.columns(of: text) == expected)
  }

  @Test("emoji take two columns, with or without a variation selector")
  func emoji() {
    #expect(DisplayWidth.columns(of: "🍕") == 2)
    #expect(DisplayWidth.columns(of: "❤\u{FE0F}") == 2)
    #expect(DisplayWidth.columns(of: "🇫🇷") == 2)
  }

  @Test("clipping counts columns, not characters, and ends with an ellipsis")
  func clip() {
    #expect(DisplayWidth.clip("寿司屋さん", to: 5) == "寿司…")
    #expect(DisplayWidth.clip("Готовим", to: 4) == "Гот…")
    #expect(DisplayWidth.clip("short", to: 5) == "short")
    #expect(DisplayWidth.clip("anything", to: 0) == "")
  }

  @Test("sanitizing: controls become spaces, bidirectional overrides go")
  func sanitize() {
    #expect(DisplayWidth.sanitized("a\nb\u{1B}[31mc") == "a b [31mc")
    #expect(DisplayWidth.sanitized("x\u{202E}y") == "xy")
    #expect(DisplayWidth.sanitized("plain") == "plain")
  }
}
