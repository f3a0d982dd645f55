import IslandCore
import Testing

@Suite("Text width estimates")
struct TextMetricsTests {
  @Test(
    "per-character widths, in ems",
    arguments: [
      ("a", 0.50), ("Z", 0.64), ("7", 0.58), (" ", 0.26), ("i", 0.27), (".", 0.27), ("-", 0.40),
      ("м", 0.52), ("Ж", 0.66), ("寿", 1.0), ("한", 1.0), ("ア", 1.0), ("é", 0.55),
      ("\u{301}", 0.0), ("\u{200D}", 0.0),
    ] as [(Unicode.Scalar, Double)])
  func emWidths(scalar: Unicode.Scalar, ems: Double) {
    #expect(TextMetrics.emWidth(of: scalar) == ems)
  }

  @Test("a width is the ems times the font's size; bold adds 6 %, headline's semibold 3 %")
  func widths() {
    #expect(TextMetrics.width(of: "ab", font: .body, bold: false) == 1.0 * 17)
    #expect(
      abs(TextMetrics.width(of: "20м", font: .caption2, bold: true) - 1.68 * 11 * 1.06) < 1e-9)
    #expect(abs(TextMetrics.width(of: "ab", font: .headline, bold: false) - 17 * 1.03) < 1e-9)
    #expect(TextMetrics.width(of: "", font: .title, bold: true) == 0)
  }

  @Test("combining marks take no width: é precomposed or decomposed is about one letter")
  func combining() {
    let decomposed = TextMetrics.width(of: "e\u{301}", font: .body, bold: false)
    #expect(decomposed == TextMetrics.width(of: "e", font: .body, bold: false))
  }

  @Test("a symbol is 1.15 em of its font, body (17 pt) when none is given")
  func symbols() {
    #expect(abs(TextMetrics.symbolWidth(font: nil) - 19.55) < 1e-9)
    #expect(abs(TextMetrics.symbolWidth(font: .title2) - 25.3) < 1e-9)
  }

  @Test("font sizes are Dynamic Type's at the default setting")
  func fontSizes() {
    let sizes = Font.allCases.map(\.pointSize)
    #expect(sizes == [11, 12, 13, 15, 16, 17, 17, 20, 22, 28, 34])
    #expect(Font.allCases.filter(\.isSemibold) == [.headline])
    #expect(TextMetrics.lineHeight(of: .body) == 17 * 1.2)
  }

  @Test("seed 000's advice holds: an icon and a short number fit a compact zone, a phrase not")
  func seedAdvice() {
    let budget = IslandClass.standard.compactZoneWidth
    #expect(TextMetrics.width(of: "20м", font: .caption2, bold: true) < budget)
    #expect(TextMetrics.symbolWidth(font: nil) < budget)
    #expect(TextMetrics.width(of: "Out for delivery", font: .caption2, bold: true) > budget)
  }
}
