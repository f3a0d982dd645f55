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

  /// The plain definition: `start` (zero, or a running sum) plus each scalar's width in ems,
  /// added in order in floating point.
  static func plainEms(of text: String, after start: Double = 0) -> Double {
    var ems = start
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

  // MARK: - Running sums of any magnitude

  /// Running sums of every magnitude a measure could be handed: zero, below a quarter, each
  /// power of two from 2^-4 to 2^60 and the doubles just below and above it (a binade's first
  /// and last steps), sums in between, and the sums in no binade (negative, subnormal,
  /// infinite, NaN).
  static let starts: [Double] = {
    var starts: [Double] = [
      0, -0.0, 0.1, 0.2499, -1, -8.5, Double.leastNonzeroMagnitude, .leastNormalMagnitude,
      .infinity, .nan, .greatestFiniteMagnitude, 0x1p52 - 1, 0x1p53 - 1, 7.99, 8.01, 1.5,
    ]
    for exponent in -4...60 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      starts += [power, power.nextDown, power.nextUp, power * 1.37, power * 1.999]
      starts.append(Double(bitPattern: power.nextUp.bitPattern + 5))
    }
    return starts
  }()

  /// A running sum to start from: zero one time in three, else one of ``starts``.
  static func start(_ draws: inout Draws) -> Double {
    draws.below(3) == 0 ? 0 : starts[draws.below(starts.count)]
  }

  /// A text of `draws`: up to `length` pieces of ASCII, two-byte (Latin, Cyrillic, combining
  /// marks), CJK and emoji, zero-width scalars, any narrow scalar, and long ASCII runs.
  static func text(_ draws: inout Draws, length: Int) -> String {
    var text = ""
    for _ in 0..<draws.below(length) {
      switch draws.below(6) {
      case 0: text += pieces[draws.below(pieces.count)]
      case 1:
        // Any scalar of the narrow table, even a control character.
        text.unicodeScalars.append(Unicode.Scalar(UInt16(draws.below(0x800))) ?? "?")
      case 2: text += ["\u{200B}", "\u{200D}", "\u{FE0F}", "\u{301}", "\u{36F}"][draws.below(5)]
      case 3: text += ["寿", "司", "🍕", "👩", "𝔘", "\u{FFFD}", "ｆ", "✅"][draws.below(8)]
      default:
        for _ in 0..<draws.below(40) {
          text.unicodeScalars.append(Unicode.Scalar(UInt8(0x20 + draws.below(0x5F))))
        }
      }
    }
    return text
  }

  /// A text's widths added to a running sum are the plain chain of floating-point additions,
  /// bit for bit, on texts of every script, short and long (crossing many binades), from
  /// running sums of every magnitude: what a quicker sum must keep.
  @Test func aWidthAfterARunningSumOfAnyMagnitudeIsThePlainChainToTheLastBit() {
    var draws = Draws(state: 21)
    for round in 0..<30_000 {
      let text = ZoneWidthTests.text(&draws, length: round % 10 == 0 ? 200 : 16)
      let start = ZoneWidthTests.start(&draws)
      let ems = text.withUTF8Bytes { ZoneWidth.ems(of: $0, after: start) }
      let plain = ZoneWidthTests.plainEms(of: text, after: start)
      #expect(ems.bitPattern == plain.bitPattern, "\(text) after \(start)")
    }
  }

  /// A field's text as a zone measure sums it (a leading run of ASCII eight bytes at a time,
  /// with no test of its bytes, then the rest) is the plain chain of additions, bit for bit:
  /// texts of every script that start with ASCII runs of every length, from running sums of
  /// every magnitude.
  @Test func aFieldsTextSummedInAZoneIsThePlainChainToTheLastBit() {
    var draws = Draws(state: 22)
    for round in 0..<30_000 {
      var text = ""
      for _ in 0..<draws.below(70) {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(0x20 + draws.below(0x5F))))
      }
      text += ZoneWidthTests.text(&draws, length: round % 10 == 0 ? 60 : 6)
      let start = ZoneWidthTests.start(&draws)
      let ems = text.withUTF8Bytes { ZoneWidth.ems(ofField: $0, after: start) }
      let plain = ZoneWidthTests.plainEms(of: text, after: start)
      #expect(ems.bitPattern == plain.bitPattern, "\(text) after \(start)")
    }
  }

  /// Every narrow scalar, alone and repeated (in runs of eight ASCII bytes and one by one),
  /// from every running sum: each table entry adds as the plain additions do.
  @Test(arguments: [1, 9])
  func everyNarrowWidthAddsAsThePlainChain(repeats: Int) {
    for value in 0..<0x800 {
      var text = ""
      for _ in 0..<repeats { text.unicodeScalars.append(Unicode.Scalar(UInt16(value)) ?? "?") }
      for start in ZoneWidthTests.starts {
        let ems = text.withUTF8Bytes { ZoneWidth.ems(of: $0, after: start) }
        let plain = ZoneWidthTests.plainEms(of: text, after: start)
        #expect(ems.bitPattern == plain.bitPattern, "U+\(value) × \(repeats) after \(start)")
      }
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
