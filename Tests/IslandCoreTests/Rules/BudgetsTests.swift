import IslandCore
import Testing

// Rules/Budgets.swift: zone budgets and truncation warnings.

@Suite("Truncation warnings")
struct TruncationWarningTests {
  static func longTrailing() -> Layout {
    var layout = Layout.delivery
    layout.compactTrailing = ZoneView(
      .text(PresentationFixture.template("{statusText}"), font: .caption2, bold: true, lineLimit: 1)
    )
    return layout
  }

  @Test("a compact zone over its budget warns with the zone, the width needed and the budget")
  func compactWarning() throws {
    var island = Island()
    let outcome = island.at(0, PresentationFixture.delivery(layout: .inline(Self.longTrailing())))
    island.at(1, update("pizza", state: ["statusText": "Arriving in twenty minutes"]))
    let warnings = island.state.warnings
    #expect(warnings.count == 1)
    #expect(outcome?.warnings == [])
    let warning = try #require(warnings.first)
    guard case .truncated(let activity, let zone, let needed, let budget) = warning.kind else {
      Issue.record("not a truncation: \(warning)")
      return
    }
    #expect(activity == "pizza")
    #expect(zone == .compactTrailing)
    #expect(budget == 52.33)
    let expected = TextMetrics.width(of: "Arriving in twenty minutes", font: .caption2, bold: true)
    #expect(needed == expected)
    #expect(needed > 52.33)
    #expect(
      warning.message
        == "compactTrailing of \"pizza\" needs \(Points.format(needed)) pt but has 52.33 pt: "
        + "truncated with an ellipsis")
    let shown = try #require(island.state.presentation.zones.last)
    #expect(shown.truncated)
    #expect(shown.shownText.hasSuffix("…"))
    #expect(ZoneRenderer.measure(shown.elements) <= 52.33)
  }

  /// A default layout's bottom region of long fields, updated again and again (fields
  /// changed to texts of the same widths, to others, to themselves): every warning carries
  /// the width the reference renderer finds, to the last bit.
  @Test("a long region updated again and again warns with the width rendering finds")
  func repeatedUpdatesOfALongRegion() throws {
    let texts: [ContentValue] = [
      "courier is two streets away from your door, please keep the phone nearby",
      "Готовится на кухне, курьер выедет через несколько минут, ожидайте звонка",
      "寿司 銀座 まもなく到着 配達中 🛵 김밥천국 北京烤鸭 ラーメン一番 准备中 調理中",
      "🍕 Pizza Napoli 🍕 👩‍👩‍👧 ❤️ Café Déjà Vu e\u{301} ✅ Доставлено ｆｕｌｌ", "12", "34",
      "ii", 7,
    ]
    var random: UInt64 = 7
    func below(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    var content: ContentState = ["minutesLeft": 30]
    for field in 0..<10 { content["note\(field)"] = texts[field % texts.count] }
    var island = Island()
    island.at(0, start("wide", state: content))
    var checked = 0
    for step in 1...300 {
      var patch: ContentState = ["minutesLeft": .number(Double(10 + below(90)))]
      for field in 0..<10 where below(4) == 0 { patch["note\(field)"] = texts[below(texts.count)] }
      let t = Milliseconds(step) * second
      let outcome = island.at(t, update("wide", state: patch))
      for field in patch.fields { content[field.name] = field.value }
      for warning in outcome?.warnings ?? [] {
        guard case .truncated(_, let zone, let needed, let budget) = warning.kind else { continue }
        let reference = try #require(
          ZoneRenderer.render(
            zone, of: .default(for: content), activity: "wide", content: content, now: t,
            budget: budget))
        #expect(needed.bitPattern == reference.width.bitPattern, "\(zone) at \(step)")
        checked += 1
      }
    }
    #expect(checked > 100)
  }

  @Test("a large island's compact budget is 62.33 pt")
  func largeBudget() throws {
    var island = Island(device: "iPhone 15 Pro Max")
    island.at(0, PresentationFixture.delivery(layout: .inline(Self.longTrailing())))
    island.at(1, update("pizza", state: ["statusText": "Arriving in twenty minutes"]))
    guard case .truncated(_, _, _, let budget) = try #require(island.state.warnings.first).kind
    else {
      Issue.record("no truncation")
      return
    }
    #expect(budget == 62.33)
  }

  @Test("an update that does not touch the zone's fields warns no more")
  func onlyChangedZones() {
    var island = Island()
    island.at(0, PresentationFixture.delivery(layout: .inline(Self.longTrailing())))
    island.at(1, update("pizza", state: ["statusText": "Arriving in twenty minutes"]))
    island.at(2, update("pizza", state: ["minutesLeft": 5]))
    #expect(island.state.warnings.count == 1)
  }

  @Test("a zone of symbols only that is over budget warns too")
  func symbolsOnly() {
    var layout = Layout.delivery
    let bag = View.symbol(name: PresentationFixture.template("bag.fill"), tint: nil, font: nil)
    layout.compactLeading = ZoneView(.row([bag, bag, bag]))
    var island = Island()
    let outcome = island.at(0, PresentationFixture.delivery(layout: .inline(layout)))
    #expect(outcome?.warnings.count == 1)
    guard case .truncated(_, let zone, let needed, let budget) = outcome?.warnings.first?.kind
    else {
      Issue.record("no truncation")
      return
    }
    #expect(zone == .compactLeading)
    #expect(abs(needed - (3 * 19.55 + 2 * TextMetrics.rowSpacing)) < 0.001)
    #expect(budget == 52.33)
  }

  @Test("a device without an island has no zones, so no truncation")
  func noIsland() {
    var island = Island(device: "iPhone SE")
    let outcome = island.at(0, PresentationFixture.delivery(layout: .inline(Self.longTrailing())))
    island.at(1, update("pizza", state: ["statusText": "Arriving in twenty minutes"]))
    #expect(outcome?.warnings == [])
    #expect(island.state.warnings.isEmpty)
  }
}
