import IslandProperties
import Testing

@testable import IslandCore

/// A layout plan measures a changed zone as the reference renderer does: the width it
/// renders at, and whether its text changed, decided from bytes written on the stack.
@Suite struct LayoutPlanTests {
  /// A change of some of a content's fields, as an update records it: the fields' values
  /// before, and the content after.
  struct Change {
    let plan: LayoutPlan
    let before: ContentState
    let after: ContentState
    let recorded: ContentChange

    /// `zone` as the reference renderer renders it before the change and after, at `now`.
    func rendered(_ zone: Zone, now: Milliseconds) throws -> (old: RenderedZone, new: RenderedZone)
    {
      func render(_ content: ContentState) throws -> RenderedZone {
        try #require(
          ZoneRenderer.render(
            zone, of: plan.layout, activity: "a", content: content, now: now, budget: nil))
      }
      return (try render(before), try render(after))
    }
  }

  /// Calls `body` with `rounds` changes of every catalogue layout's sample state, each under
  /// the catalogued plan and then under the default plan of the content changed, drawn in
  /// that order from `draws` (its layout's name and the time with each).
  static func forEachChange(
    _ draws: inout Draws, rounds: Int,
    _ body: (_ change: Change, _ layoutName: String, _ now: Milliseconds) throws -> Void
  ) throws {
    for named in Layout.catalogue {
      let catalogued = try #require(LayoutPlan.named(named.name))
      for _ in 0..<rounds {
        let (content, now) = draws.content(varying: named.sampleState, of: named.name)
        for plan in [catalogued, LayoutPlan(.default(for: content))] {
          let numeric = Set(plan.roles.filter(\.isNumeric).map(\.name))
          try body(
            change(of: content, plan: plan, draws: &draws, numeric: numeric), named.name, now)
        }
      }
    }
  }

  /// A change of random fields of `content` (kept numbers where a countdown reads them),
  /// recorded the way the reducer records it.
  static func change(
    of content: ContentState, plan: LayoutPlan, draws: inout Draws,
    numeric: Set<String>
  ) -> Change {
    var after = content
    var recorded = ContentChange()
    for field in content.fields where draws.below(3) == 0 {
      // Sometimes the same value: a field that changes to what it was shows no change.
      let value: ContentValue =
        numeric.contains(field.name)
        ? .number(Double(draws.below(20_000_000)) - 1_000_000)
        : draws.below(4) == 0 ? field.value : draws.value()
      after[field.name] = value
      if let number = plan.role(of: field.name) { recorded.record(number, before: field.value) }
    }
    return Change(plan: plan, before: content, after: after, recorded: recorded)
  }

  @Test func aChangedZoneMeasuresAndComparesAsTheReferenceRendererDoes() throws {
    var draws = Draws(state: 7)
    var changed = 0
    var unchanged = 0
    try LayoutPlanTests.forEachChange(&draws, rounds: 300) { change, name, now in
      let plan = change.plan
      for zone in plan.shownZones.zones {
        let (old, new) = try change.rendered(zone, now: now)
        var sums = ZoneSums()
        let measured = plan.measureChange(
          zone, content: change.after, slots: plan.slots(in: change.after),
          before: change.recorded.before, now: now, keeping: &sums
        ) { _ in true }
        #expect(measured.width == new.width, "\(name) \(zone): \(change.after)")
        #expect(
          measured.textChanged == (old.text != new.text),
          "\(name) \(zone): \(change.before) to \(change.after)")
        let texts = plan.texts(
          zone,
          before: FieldsBeforeChange(
            after: LayoutFields(
              plan: plan, content: change.after, slots: plan.slots(in: change.after)),
            before: change.recorded.before),
          after: LayoutFields(
            plan: plan, content: change.after, slots: plan.slots(in: change.after)),
          now: now)
        #expect(texts?.old == (old.text != new.text ? old.text : nil))
        #expect(texts?.new == (old.text != new.text ? new.text : nil))
        if old.text != new.text { changed += 1 } else { unchanged += 1 }
      }
    }
    #expect(changed > 1_000 && unchanged > 1_000)
  }

  /// Zones that show a field twice, a field as a symbol's name, a field beside a progress bar
  /// or a countdown of another, a field as a bar and as text: whether a change of some of their
  /// fields changed their text is what the reference renderer finds (told from the changed
  /// fields alone where the plan's fields of the zone allow, by writing both texts where not).
  @Test func aZoneShowingAFieldTwiceOrAsANumberComparesAsTheReferenceRendererDoes() throws {
    func text(_ source: String) throws -> View {
      .text(try Template(source), font: .caption, bold: false, lineLimit: nil)
    }
    let layout = Layout(
      compactLeading: ZoneView(try text("{a}-{a}")),
      compactTrailing: ZoneView(
        .row([.symbol(name: try Template("{icon}"), tint: nil, font: nil), try text("{b}")])),
      minimal: ZoneView(try text("{b}")),
      leading: ZoneView(.row([.progress(field: "p", tint: nil), try text("{p} {a}")])),
      trailing: ZoneView(
        .row([.countdown(field: "t", font: .caption, bold: true), try text("{b}")])),
      center: ZoneView(try text("{a} {b}")),
      bottom: ZoneView(try text("{b}{a}{b} · {a}")))
    let plan = LayoutPlan(layout)
    var draws = Draws(state: 8)
    var changed = 0
    var unchanged = 0
    for _ in 0..<2_000 {
      var content: ContentState = ["icon": "star", "p": 0.5, "t": 60_000]
      for name in ["a", "b"] { content[name] = draws.value() }
      var after = content
      var recorded = ContentChange()
      for field in content.fields where draws.below(2) == 0 {
        let value: ContentValue =
          ["p", "t"].contains(field.name)
          ? .number(Double(draws.below(200_000)) / 1_000)
          : field.name == "icon"
            ? ["star", "bolt"][draws.below(2)]
            : draws.below(3) == 0 ? field.value : draws.value()
        after[field.name] = value
        if let number = plan.role(of: field.name) { recorded.record(number, before: field.value) }
      }
      let now = Milliseconds(draws.below(100_000))
      let change = Change(plan: plan, before: content, after: after, recorded: recorded)
      for zone in plan.shownZones.zones {
        let (old, new) = try change.rendered(zone, now: now)
        var sums = ZoneSums()
        let measured = plan.measureChange(
          zone, content: after, slots: plan.slots(in: after), before: recorded.before, now: now,
          keeping: &sums
        ) { _ in true }
        #expect(measured.width == new.width, "\(zone): \(after)")
        #expect(
          measured.textChanged == (old.text != new.text), "\(zone): \(content) to \(after)")
        if old.text != new.text { changed += 1 } else { unchanged += 1 }
      }
    }
    #expect(changed > 1_000 && unchanged > 1_000)
  }

  /// A zone measured as a change, update after update, is as wide, to the last bit, as the
  /// reference renderer finds it: long default layouts in every script, fields changed to
  /// texts of other widths, of the same widths (digits for digits) and to themselves.
  @Test func aZoneMeasuredAsAChangeIsAsWideAsTheReferenceRendererFindsIt() throws {
    var draws = Draws(state: 17)
    // Long texts, and short.
    let texts = [
      "courier is two streets away from your door, please keep the phone nearby",
      "Готовится на кухне, курьер выедет через несколько минут, ожидайте звонка",
      "寿司 銀座 まもなく到着 配達中 🛵 김밥천국 北京烤鸭 ラーメン一番 准备中 調理中 배달 중",
      "🍕 Pizza Napoli 🍕 👩‍👩‍👧 ❤️ Café Déjà Vu e\u{301}e\u{301} ✅ Доставлено ｆｕｌｌ",
      "12", "34", "ii", "ll", "WW", "",
    ]
    for _ in 0..<100 {
      var content = ContentState()
      for field in 0..<(3 + draws.below(10)) {
        content["field\(field)"] =
          draws.below(3) == 0
          ? .number(Double(draws.below(100))) : .string(texts[draws.below(texts.count)])
      }
      let plan = LayoutPlan(.default(for: content))
      for _ in 0..<12 {
        var after = content
        var recorded = ContentChange()
        for field in content.fields where draws.below(4) == 0 {
          let value: ContentValue =
            switch draws.below(3) {
            case 0: .number(Double(draws.below(100)))
            case 1: field.value
            default: .string(texts[draws.below(texts.count)])
            }
          after[field.name] = value
          if value != field.value, let number = plan.role(of: field.name) {
            recorded.record(number, before: field.value)
          }
        }
        let reference = try #require(
          ZoneRenderer.overflow(.bottom, of: plan.layout, content: after, now: 0, budget: 1))
        var sums = ZoneSums()
        let measured = plan.measureChange(
          .bottom, content: after, slots: plan.slots(in: after), before: recorded.before,
          now: 0, keeping: &sums
        ) { _ in false }
        #expect(measured.width.bitPattern == reference.width.bitPattern, "\(after)")
        content = after
      }
    }
  }

  @Test func aZoneNotComparedIsNotCalledChanged() throws {
    let plan = try #require(LayoutPlan.named("delivery"))
    var recorded = ContentChange()
    recorded.record(try #require(plan.role(of: "restaurantName")), before: "Pizza Roma")
    let content: ContentState = [
      "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Sushi Ginza",
      "deliveryProgress": 0.1, "statusText": "Cooking",
    ]
    var sums = ZoneSums()
    let measured = plan.measureChange(
      .center, content: content, slots: plan.slots(in: content), before: recorded.before,
      now: 0, keeping: &sums
    ) { _ in false }
    #expect(!measured.textChanged)
    #expect(measured.width > 0)
  }
}

/// FastPath/LayoutPlan.swift: a zone's width and overflow in its plan are what rendering it finds,
/// and the start's quick symbol check agrees with the full one.
@Suite struct LayoutPlanRenderingTests {
  @Test func aZonesOverflowIsWhatRenderingItFinds() {
    var draws = Draws(state: 3)
    for _ in 0..<3_000 {
      let named = Layout.catalogue[draws.below(Layout.catalogue.count)]
      let content = draws.content(redrawingTheStringsOf: named.sampleState)
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
      let content = draws.content(redrawingTheStringsOf: named.sampleState)
      let plan = LayoutPlan(named.layout)
      let fields = LayoutFields(plan: plan, content: content, slots: plan.slots(in: content))
      let budget = Double(draws.below(400)) / 3
      for zone in plan.shownZones.zones {
        let overflow = ZoneRenderer.overflow(
          zone, of: named.layout, content: content, now: 0, budget: budget)
        #expect(plan.width(zone, fields, now: 0) == overflow?.width, "\(named.name) \(zone)")
      }
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
