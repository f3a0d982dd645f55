import IslandProperties
import Testing

@testable import IslandCore

/// The reducer's shortcuts give what the long way gives: zone widths estimated from field
/// widths, field measures kept per activity, timers put back after a rejection.
@Suite struct FastPathTests {
  /// Deterministic draws (IslandProperties' SplitMix64), so that a failure replays.
  struct Draws {
    var random: SplitMix64

    init(state: UInt64) { random = SplitMix64(seed: state) }

    mutating func next() -> UInt64 { random.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    static let words = [
      "Pizza", "Roma", "é", "配達", "iiii", "WWWW", "12", " ", "🍕", "Готовится", "a\"b", "\\", "\n",
    ]

    /// A value of any kind: a text of words, an integer, a fraction, a large or tiny number,
    /// a flag.
    mutating func value() -> ContentValue {
      switch below(7) {
      case 0, 1:
        var text = ""
        for _ in 0..<below(6) { text += Draws.words[below(Draws.words.count)] }
        return .string(text)
      case 2: return .number(Double(below(2_000_000)) - 1_000_000)
      case 3: return .number(Double(below(1_000)) / 20)
      case 4: return .number(Double(below(1_000)) * 1e17)
      case 5: return .number(1 / Double(1 + below(100_000)))
      default: return .bool(below(2) == 0)
      }
    }
  }

  @Test func aZoneWidthEstimatedFromItsFieldsIsTheMeasuredWidth() throws {
    var draws = Draws(state: 1)
    var compared = 0
    for named in Layout.catalogue {
      let plan = try #require(LayoutPlan.named(named.name))
      for _ in 0..<400 {
        var content = named.sampleState
        for field in content.fields where draws.below(3) > 0 {
          // Countdowns read numbers: keep them numbers, from the past to hours ahead.
          content[field.name] =
            named.name == "timer" && field.name == "endsAt"
            ? .number(Double(draws.below(20_000_000)) - 1_000_000) : draws.value()
        }
        let now = Milliseconds(draws.below(5_000_000))
        let fields = LayoutFields(plan: plan, content: content, slots: plan.slots(in: content))
        let measures = FieldMeasures(fields, count: plan.roles.count)
        for zone in Zone.allCases where plan.shownZones.contains(zone) {
          guard let model = plan.widthModels[zone.ordinal] else { continue }
          let estimate = model.width(measures, now: now) { fields.value($0) }
          let measured = plan.width(zone, fields, now: now)
          #expect(
            abs(estimate - measured) <= 1e-9 * max(1, measured),
            "\(named.name) \(zone): estimated \(estimate), measured \(measured) for \(content)")
          compared += 1
        }
      }
    }
    #expect(compared > 4_000)
  }

  /// The fast path's renderer (compiled zone programs) against the reference renderer:
  /// the same text and the same width, for every catalogue layout's shown zones.
  @Test func aCompiledZoneWritesWhatTheReferenceRendererWrites() throws {
    var draws = Draws(state: 5)
    var compared = 0
    for named in Layout.catalogue {
      let plan = try #require(LayoutPlan.named(named.name))
      for _ in 0..<300 {
        var content = named.sampleState
        for field in content.fields where draws.below(3) > 0 {
          content[field.name] =
            named.name == "timer" && field.name == "endsAt"
            ? .number(Double(draws.below(20_000_000)) - 1_000_000) : draws.value()
        }
        let now = Milliseconds(draws.below(5_000_000))
        // The catalogue's layout, and the default one for the same fields.
        for plan in [plan, LayoutPlan(.default(for: content))] {
          let fields = LayoutFields(plan: plan, content: content, slots: plan.slots(in: content))
          for zone in Zone.allCases where plan.shownZones.contains(zone) {
            let fast = plan.render(zone, fields, now: now)
            let reference = try #require(
              ZoneRenderer.render(
                zone, of: plan.layout, activity: "a", content: content, now: now, budget: nil))
            #expect(fast.text == reference.text, "\(named.name) \(zone) for \(content)")
            #expect(fast.width == reference.width, "\(named.name) \(zone) for \(content)")
            compared += 1
          }
        }
      }
    }
    #expect(compared > 3_000)
  }

  @Test func everyCatalogueZoneHasAWidthModel() throws {
    for named in Layout.catalogue {
      let plan = try #require(LayoutPlan.named(named.name))
      for zone in Zone.allCases where plan.shownZones.contains(zone) {
        #expect(plan.widthModels[zone.ordinal] != nil, "\(named.name) \(zone)")
      }
    }
  }

  @Test func aFieldMeasureIsTheValuesJSONLengthAndWidth() {
    var draws = Draws(state: 2)
    for _ in 0..<5_000 {
      let value = draws.value()
      let measure = FieldMeasure(value)
      #expect(measure.jsonLength == PayloadSize.jsonLength(of: value), "\(value)")
      let width = TextMetrics.width(of: value.displayText, font: .body, bold: false)
      #expect(
        abs(measure.ems * Font.body.pointSize - width) <= 1e-9 * max(1, width), "\(value)")
    }
  }

  @Test func timerQueuesHoldingTheSameTimersFireThemInOneOrderHoweverBuilt() {
    let timers = (0..<40).map { index in
      Timer(
        due: Milliseconds(index % 7) * 1_000, kind: Timer.Kind(rawValue: index % 4) ?? .stale,
        startSeq: index)
    }
    var forward = TimerQueue()
    for timer in timers { forward.insert(timer) }
    var backward = TimerQueue()
    for timer in timers.reversed() { backward.insert(timer) }
    // Taken out and put back, as after a rejected event.
    var putBack = forward
    var taken: [Timer] = []
    for _ in 0..<15 { taken.append(putBack.removeFirst() ?? timers[0]) }
    for timer in taken { putBack.insert(timer) }
    var fewer = forward
    _ = fewer.removeFirst()
    var order: [[Timer]] = []
    for var queue in [forward, backward, putBack, fewer] {
      var due: [Timer] = []
      while let timer = queue.removeFirst() { due.append(timer) }
      order.append(due)
    }
    #expect(order[0] == order[1])
    #expect(order[0] == order[2])
    #expect(order[0].count == 40)
    #expect(order[3] == Array(order[0].dropFirst()))
  }

  /// Found by the snapshot property: the 8-hour limit ends an activity (adding its dismissal
  /// timer) just before an event that is then rejected. The rejection must leave every timer
  /// as it was, not only the ones that fired.
  @Test func aRejectedEventAfterTheEightHourLimitLeavesTheTimersAsTheyWere() {
    var island = Island()
    island.at(
      0, start("pizza", state: Layout.catalogue[0].sampleState, layout: .named("delivery")))
    island.at(60_000, update("pizza", alert: Alert(title: "Cooking", body: "")))
    island.at(60_000, start("timer-3", app: "com.example.timer", state: ["endsAt": 34_136_751]))
    island.rejects(
      28_800_000, start("timer-3", app: "org.example.news", state: ["headline": "A story"]),
      "start rejected: activity \"timer-3\" already exists (ids are never reused)")
    // Folding the accepted events again gives the same state.
    var again = IslandState()
    for (t, event) in [
      (
        Milliseconds(0),
        start("pizza", state: Layout.catalogue[0].sampleState, layout: .named("delivery"))
      ),
      (60_000, update("pizza", alert: Alert(title: "Cooking", body: ""))),
      (60_000, start("timer-3", app: "com.example.timer", state: ["endsAt": 34_136_751])),
    ] {
      _ = try? again.apply(event, at: t)
    }
    #expect(again == island.state)
  }

  /// Transitions are rendered when read, from the values the update replaced: a field that
  /// changes without changing its zone's text makes none, and an added field reads as absent
  /// before.
  @Test func transitionsAreRenderedFromTheValuesBefore() {
    var island = Island()
    island.at(
      0, start("pizza", state: Layout.catalogue[0].sampleState, layout: .named("delivery")))
    island.at(1_000, update("pizza", state: ["minutesLeft": 19]))
    #expect(
      island.state.transitions.map { "\($0.zone) \($0.kind) \($0.from) → \($0.to)" } == [
        "compactTrailing numericText 20м → 19м",
        "trailing numericText [clock] 20 мин → [clock] 19 мин",
      ])
    // The same text again: no transition (the field is a number now as before).
    island.at(2_000, update("pizza", state: ["minutesLeft": 19.0]))
    #expect(island.state.transitions.isEmpty)
    // Another event forgets them.
    island.at(3_000, update("pizza", state: ["minutesLeft": 18]))
    #expect(!island.state.transitions.isEmpty)
    island.at(4_000, .tick)
    #expect(island.state.transitions.isEmpty)
  }

  @Test func theDefaultLayoutIsTheOneItsTemplatesParseTo() throws {
    func parsed(_ source: String) -> Template {
      (try? Template(source)) ?? Template(literal: source)
    }
    for names in [
      ["eta"], ["a", "b_2", "minutesLeft"], ["имя", "x"], ["e\u{301}x", "y"], ["z9", "Zz"],
    ] {
      var state = ContentState()
      for name in names { state[name] = 1 }
      let layout = Layout.default(for: state)
      let sorted = state.names
      let first = try #require(sorted.first)
      let all = sorted.map { "\($0): {\($0)}" }.joined(separator: " · ")
      guard case .text(let trailing, _, _, _) = layout.compactTrailing?.view,
        case .text(let bottom, _, _, _) = layout.bottom?.view
      else {
        Issue.record("the default layout has no text in compact trailing or bottom")
        continue
      }
      #expect(trailing == parsed("{\(first)}"))
      #expect(bottom == parsed(all))
    }
  }

  @Test func activitiesWithTheSameFieldsShareTheirDefaultLayoutsPlan() {
    var island = Island()
    island.at(0, start("a", app: "com.example.a", state: ["eta": 3, "note": "x"]))
    island.at(1, start("b", app: "com.example.b", state: ["eta": 9, "note": "y"]))
    island.at(2, start("c", app: "com.example.c", state: ["eta": 9]))
    let plans = ["a", "b", "c"].map { island.state.activity($0)?.attributes.plan }
    #expect(plans[0] === plans[1])
    #expect(plans[0] !== plans[2])
    #expect(plans[2]?.layout == Layout.default(for: ["eta": 9]))
  }

  @Test func aZonesOverflowIsWhatRenderingItFinds() {
    var draws = Draws(state: 3)
    for _ in 0..<3_000 {
      let named = Layout.catalogue[draws.below(Layout.catalogue.count)]
      var content = named.sampleState
      for field in content.fields {
        guard case .string = field.value else { continue }
        content[field.name] = draws.value()
      }
      let zone = Zone.allCases[draws.below(Zone.allCases.count)]
      let budget = Double(draws.below(400)) / 3
      let rendered = ZoneRenderer.render(
        zone, of: named.layout, activity: "a", content: content, now: 0, budget: budget)
      let overflow = ZoneRenderer.overflow(
        zone, of: named.layout, content: content, now: 0, budget: budget)
      #expect(rendered?.width == overflow?.width)
      #expect(rendered?.truncated == overflow?.truncated)
    }
  }

  @Test func aZonesWidthInItsPlanIsExactlyWhatRenderingItFinds() {
    var draws = Draws(state: 5)
    for _ in 0..<3_000 {
      let named = Layout.catalogue[draws.below(Layout.catalogue.count)]
      var content = named.sampleState
      for field in content.fields {
        guard case .string = field.value else { continue }
        content[field.name] = draws.value()
      }
      let plan = LayoutPlan(named.layout)
      let fields = LayoutFields(plan: plan, content: content, slots: plan.slots(in: content))
      let budget = Double(draws.below(400)) / 3
      for zone in Zone.allCases where plan.shownZones.contains(zone) {
        let overflow = ZoneRenderer.overflow(
          zone, of: named.layout, content: content, now: 0, budget: budget)
        #expect(plan.width(zone, fields, now: 0) == overflow?.width, "\(named.name) \(zone)")
      }
    }
  }

  @Test func aStringsJSONLengthIsTheLengthItIsWrittenIn() {
    var draws = Draws(state: 4)
    let pieces = ["a", "\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", "é", "🍕", " ", "xxxxxxx", "\r"]
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<draws.below(40) { text += pieces[draws.below(pieces.count)] }
      var written: [UInt8] = []
      JSONWriter.appendString(text, to: &written)
      #expect(PayloadSize.jsonLength(of: text) == written.count, "\(text.debugDescription)")
      var number: [UInt8] = []
      let value = Double(draws.below(1_000_000)) / Double(1 + draws.below(1_000))
      JSONWriter.appendNumber(value, to: &number)
      #expect(PayloadSize.jsonLength(of: .number(value)) == number.count, "\(value)")
    }
  }

  /// The quick layout check at a start (a symbol named by one field alone is named by that
  /// field's text) accepts and refuses what the full check does, with its error.
  @Test func aSymbolNamedByAFieldIsCheckedAtTheStart() {
    var island = Island()
    var state = Layout.catalogue[0].sampleState
    state["orderStatusIcon"] = "Not A Symbol"
    island.rejects(
      0, start("a", state: state, layout: .named("delivery")),
      "start rejected: layout zone leading names symbol \"Not A Symbol\", which is not an SF "
        + "Symbol name")
    state["orderStatusIcon"] = 12
    island.at(0, start("b", state: state, layout: .named("delivery")))
    state["orderStatusIcon"] = -1
    island.rejects(
      1, start("c", state: state, layout: .named("delivery")),
      "start rejected: layout zone leading names symbol \"-1\", which is not an SF Symbol name")
  }
}
