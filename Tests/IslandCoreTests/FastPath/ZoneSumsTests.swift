import IslandProperties
import Testing

@testable import IslandCore

/// FastPath/ZoneSums.swift: a zone measured again from the running sums of its last measure,
/// its text summed only from the changed fields on, is the plain sum to the last bit.
@Suite struct ZoneSumsTests {
  /// A stretch of text summed from another running sum, when its sum is told from the sums
  /// at its ends the last time (``ZoneWidth/sum(from:before:after:)``), is the plain chain of
  /// additions from that sum, bit for bit: texts of every script, short and long, from
  /// running sums of every magnitude, near and across binades.
  @Test func aStretchToldFromItsLastSumsIsThePlainChain() {
    var draws = Draws(state: 31)
    var told = 0
    var shifted = 0
    for round in 0..<60_000 {
      let text = ZoneWidthTests.text(&draws, length: round % 8 == 0 ? 60 : 12)
      // The sum the stretch was last summed from, and the one it is summed from now: any
      // two sums, or two of one binade, or two a little apart.
      let before = ZoneSumsTests.start(&draws)
      let start: Double
      switch draws.below(4) {
      case 0: start = ZoneSumsTests.start(&draws)
      case 1: start = before
      case 2:
        let binade = before.binade
        start = binade + binade * Double(draws.below(1 << 20)) / Double(1 << 20)
      default:
        start = before + Double(draws.below(4_000)) / 8 - 250
      }
      let after = ZoneWidthTests.plainEms(of: text, after: before)
      guard let sum = ZoneWidth.sum(from: start, before: before, after: after) else { continue }
      let plain = ZoneWidthTests.plainEms(of: text, after: start)
      #expect(
        sum.bitPattern == plain.bitPattern, "\(text) from \(start), last from \(before)")
      told += 1
      if start.bitPattern != before.bitPattern { shifted += 1 }
    }
    #expect(told > 15_000 && shifted > 5_000)
  }

  /// A running sum a measure may be handed: one of ``ZoneWidthTests/starts``, or one a zone's
  /// text reaches (up to thousands of ems), of any bits.
  static func start(_ draws: inout Draws) -> Double {
    switch draws.below(3) {
    case 0: return ZoneWidthTests.starts[draws.below(ZoneWidthTests.starts.count)]
    case 1: return Double(draws.below(1 << 30)) / Double(1 << 18)
    default: return Double(draws.below(4_000)) * 0.27 + Double(draws.below(100)) * 0.64
    }
  }

  /// In no binade of ``ZoneWidth/tieFreeExponents`` does any scalar's width round half-way
  /// when added to a sum there: the premise of a stretch's adding the same amount to any sum
  /// of the binade. A width whose lowest bit is worth 2^k rounds half-way in the binade of
  /// exponent k + 53 alone.
  @Test func noScalarsWidthRoundsHalfWayInTheBinadesCalledTieFree() {
    var widths: Set<Double> = []
    for value in UInt32(0)...0x10_FFFF {
      widths.insert(TextMetrics.emWidth(ofScalarValue: value))
    }
    #expect(widths.count > 5)
    for width in widths where width != 0 {
      let significand = width.significandBitPattern | 1 << 52
      let lowestBit = Int(width.exponent) - 52 + significand.trailingZeroBitCount
      #expect(
        !ZoneWidth.tieFreeExponents.contains(lowestBit + 53),
        "\(width) rounds half-way in the binade of exponent \(lowestBit + 53)")
    }
  }

  /// Texts of every script and length, long enough to take a zone's sums through many
  /// binades, numbers, and the empty text.
  static let texts = [
    "courier is two streets away from your door, please keep the phone nearby",
    "order contains fresh bread and seasonal vegetables delivered by bicycle to building B",
    "Готовится на кухне, курьер выедет через несколько минут, ожидайте звонка",
    "寿司 銀座 まもなく到着 配達中 🛵 김밥천국 北京烤鸭 ラーメン一番 准备中 調理中 배달 중",
    "🍕 Pizza Napoli 🍕 👩‍👩‍👧 ❤️ Café Déjà Vu e\u{301}e\u{301} ✅ Доставлено ｆｕｌｌ",
    "iiii llll ....", "WWWW MMMM", "12", "34", "", " ",
  ]

  /// Update after update of a zone's fields, measured from its sums as the reducer measures
  /// it: as wide, to the last bit, as measured in full and as the reference renderer finds
  /// it. Default layouts of many long fields (the bottom region's sums run to hundreds of
  /// ems) and the catalogue's layouts; fields changed to texts of other widths, of the same
  /// widths, to themselves, to numbers; sums sometimes forgotten, as the budget check forgets
  /// those of a zone it does not measure.
  @Test func aZoneMeasuredFromItsSumsIsAsWideAsMeasuredInFull() throws {
    var draws = Draws(state: 37)
    var measured = 0
    for round in 0..<300 {
      var content = ContentState()
      for field in 0..<(1 + draws.below(14)) {
        content["field\(field)"] =
          draws.below(4) == 0
          ? .number(Double(draws.below(1_000))) : .string(ZoneSumsTests.text(&draws))
      }
      let named = Layout.catalogue[round % Layout.catalogue.count]
      for field in named.sampleState.fields { content[field.name] = field.value }
      let layout = draws.below(2) == 0 ? named.layout : Layout.default(for: content)
      let plan = LayoutPlan(layout)
      // A countdown or a progress bar reads a number: its field stays one.
      let numeric = Set(plan.roles.filter(\.isNumeric).map(\.name))
      var sums = ZoneSums()
      for _ in 0..<20 {
        var after = content
        var recorded = ContentChange()
        for field in content.fields where draws.below(5) == 0 {
          let value: ContentValue =
            switch numeric.contains(field.name) ? 0 : draws.below(4) {
            case 0: .number(Double(draws.below(20_000_000)) - 1_000_000)
            case 1: field.value
            default: .string(ZoneSumsTests.text(&draws))
            }
          guard value != field.value || draws.below(2) == 0 else { continue }
          after[field.name] = value
          if let number = plan.role(of: field.name) {
            recorded.record(number, before: field.value)
          }
        }
        let now = Milliseconds(draws.below(5_000_000))
        let slots = plan.slots(in: after)
        let fields = LayoutFields(plan: plan, content: after, slots: slots)
        for zone in plan.shownZones.zones {
          if draws.below(10) == 0 {
            sums.forget(ZoneSet(zone))
            continue
          }
          let width = plan.measureChange(
            zone, content: after, slots: slots, before: recorded.before, now: now,
            keeping: &sums
          ) { _ in false }.width
          let full = plan.width(zone, fields, now: now)
          #expect(width.bitPattern == full.bitPattern, "\(zone) of \(after)")
          let reference = try #require(
            ZoneRenderer.overflow(zone, of: layout, content: after, now: now, budget: 1))
          #expect(width.bitPattern == reference.width.bitPattern, "\(zone) of \(after)")
          measured += 1
        }
        content = after
      }
    }
    #expect(measured > 10_000)
  }

  /// A field's text: one of ``texts``, or several joined, or drawn from every script.
  static func text(_ draws: inout Draws) -> String {
    switch draws.below(3) {
    case 0: return texts[draws.below(texts.count)]
    case 1: return (0..<draws.below(5)).map { _ in texts[draws.below(texts.count)] }.joined()
    default: return ZoneWidthTests.text(&draws, length: 8)
    }
  }
}
