import IslandProperties
import Testing

@testable import IslandCore

/// FastPath/ZoneWidth.swift: a text's width in ems, summed from words of ASCII and from tables,
/// is the plain definition's sum (each scalar's ``TextMetrics/emWidth(of:)``, in order) to the
/// last bit, and a zone measured without writing its text is as wide as the reference
/// renderer finds it, whatever the script.
@Suite struct ZoneWidthTests {
  /// Texts of every kind the measure reads differently: ASCII runs longer and shorter than a
  /// word, Latin with accents, Cyrillic, CJK, kana, Hangul, emoji (with joiners and
  /// variation selectors), combining marks, control characters, full-width forms.
  static let pieces = [
    "courier is two streets away", "a", "WW", "iiii", "1234567", "12345678", " ", ".", "\"",
    "\\", "\n", "\t", "é", "e\u{301}", "Готовится", "Ж", "寿司 銀座", "まもなく到着", "김밥천국",
    "🍕", "👩‍👩‍👧", "✅", "❤️", "\u{200D}", "ｆｕｌｌ", "\u{7F}", "ß", "\u{7FF}", "\u{800}",
    "\u{FFFD}", "𝔘", "·", " · note3: ",
  ]

  /// The plain definition: each scalar's width in ems, added in order from zero.
  static func plainEms(of text: String) -> Double {
    var ems = 0.0
    for scalar in text.unicodeScalars { ems += TextMetrics.emWidth(of: scalar) }
    return ems
  }

  @Test func aTextsWidthIsThePlainSumToTheLastBit() {
    var draws = Draws(state: 11)
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<draws.below(12) {
        text += ZoneWidthTests.pieces[draws.below(ZoneWidthTests.pieces.count)]
      }
      let ems = text.withUTF8Bytes { ZoneWidth.ems(of: $0) }
      #expect(ems.bitPattern == ZoneWidthTests.plainEms(of: text).bitPattern, "\(text)")
    }
  }

  /// A text's widths added to a running sum (a piece's text after its literal or an earlier
  /// field) are the same operands in the same order as the sum made in one go.
  @Test func aWidthAddedToARunningSumIsTheSumInOneGo() {
    var draws = Draws(state: 12)
    for _ in 0..<5_000 {
      let first = ZoneWidthTests.pieces[draws.below(ZoneWidthTests.pieces.count)]
      let second = ZoneWidthTests.pieces[draws.below(ZoneWidthTests.pieces.count)]
      let added = second.withUTF8Bytes {
        ZoneWidth.ems(of: $0, after: first.withUTF8Bytes { ZoneWidth.ems(of: $0) })
      }
      #expect(added.bitPattern == ZoneWidthTests.plainEms(of: first + second).bitPattern)
    }
  }

  @Test func theTableOfNarrowWidthsIsEachScalarsWidth() throws {
    #expect(TextMetrics.narrowEmWidths.count == 0x800)
    for value in 0..<0x800 {
      let scalar = try #require(Unicode.Scalar(UInt32(value)))
      #expect(TextMetrics.narrowEmWidths[value] == TextMetrics.emWidth(of: scalar))
    }
  }

  /// Every catalogue layout, and the default layout of content with many long fields, in
  /// every script: the width measured without writing the text is the reference renderer's.
  @Test func aZoneMeasuredWithoutItsTextIsAsWideAsTheReferenceRendererFindsIt() throws {
    var draws = Draws(state: 13)
    var compared = 0
    for _ in 0..<600 {
      var content = ContentState()
      for field in 0..<(1 + draws.below(12)) {
        var text = ""
        for _ in 0..<draws.below(10) {
          text += ZoneWidthTests.pieces[draws.below(ZoneWidthTests.pieces.count)]
        }
        content["field\(field)"] = draws.below(4) == 0 ? draws.value() : .string(text)
      }
      let named = Layout.catalogue[draws.below(Layout.catalogue.count)]
      for (key, value) in named.sampleState.fields.map({ ($0.name, $0.value) }) {
        content[key] = draws.below(2) == 0 ? value : .string("Пицца 寿司 🍕 \(key)")
      }
      if named.name == "timer" { content["endsAt"] = .number(Double(draws.below(9_000_000))) }
      let now = Milliseconds(draws.below(5_000_000))
      for layout in [named.layout, Layout.default(for: content)] {
        let plan = LayoutPlan(layout)
        let fields = LayoutFields(plan: plan, content: content, slots: plan.slots(in: content))
        for zone in plan.shownZones.zones {
          let reference = try #require(
            ZoneRenderer.overflow(zone, of: layout, content: content, now: now, budget: 1))
          let width = plan.width(zone, fields, now: now)
          #expect(width.bitPattern == reference.width.bitPattern, "\(zone) for \(content)")
          compared += 1
        }
      }
    }
    #expect(compared > 2_000)
  }
}
