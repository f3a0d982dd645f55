import IslandCore
import Testing

@Suite("Layouts")
struct LayoutTests {
  typealias Fixture = PresentationFixture

  @Test("seed 000's delivery layout is expressible exactly as the seed writes it")
  func deliveryAsWritten() throws {
    // Each view as seed 000 declares it, modifier by modifier.
    let seed = Layout(
      // Image(systemName: "bag.fill").foregroundColor(.orange)
      compactLeading: ZoneView(.symbol(name: try Template("bag.fill"), tint: .orange, font: nil)),
      // Text("\(minutesLeft)м").font(.caption2).bold()
      compactTrailing: ZoneView(
        .text(try Template("{minutesLeft}м"), font: .caption2, bold: true, lineLimit: nil)),
      // Image(systemName: "bag.fill")
      minimal: ZoneView(.symbol(name: try Template("bag.fill"), tint: nil, font: nil)),
      // Image(systemName: orderStatusIcon).font(.title2).foregroundColor(.orange)
      leading: ZoneView(
        .symbol(name: try Template("{orderStatusIcon}"), tint: .orange, font: .title2)),
      // Label("\(minutesLeft) мин", systemImage: "clock").font(.caption)
      trailing: ZoneView(
        .label(try Template("{minutesLeft} мин"), symbol: "clock", font: .caption, bold: false)),
      // Text(restaurantName).font(.headline).lineLimit(1)
      center: ZoneView(
        .text(try Template("{restaurantName}"), font: .headline, bold: false, lineLimit: 1)),
      // HStack { ProgressView(value: deliveryProgress).tint(.orange)
      //   Text(statusText).font(.subheadline) }.padding(.horizontal)
      bottom: ZoneView(
        .row([
          .progress(field: "deliveryProgress", tint: .orange),
          .text(try Template("{statusText}"), font: .subheadline, bold: false, lineLimit: nil),
        ]), horizontalPadding: true),
      // LinearKeyframe(1.0, duration: 0.1), SpringKeyframe(1.1, duration: 0.3),
      // SpringKeyframe(1.0, duration: 0.2), on a change of status
      pulse: Pulse(
        field: "statusText",
        keyframes: [
          Keyframe(scale: 1.0, duration: 100, curve: .linear),
          Keyframe(scale: 1.1, duration: 300, curve: .spring),
          Keyframe(scale: 1.0, duration: 200, curve: .spring),
        ]))
    #expect(seed == Layout.delivery)
    #expect(Layout.named("delivery") == seed)
    #expect(Layout.delivery.bottom?.view.fields == ["deliveryProgress", "statusText"])
  }

  @Test("every catalogue layout starts with its sample state and shows every zone it names")
  func catalogue() throws {
    #expect(Layout.catalogue.map(\.name) == ["delivery", "score", "timer", "ride"])
    for named in Layout.catalogue {
      var island = Island()
      island.at(
        0, start(named.name, state: named.sampleState, layout: .named(named.name)))
      #expect(island.state.activity(named.name)?.layoutName == named.name)
      #expect(island.state.warnings.isEmpty, "\(named.name): \(island.state.warnings)")
    }
  }

  @Test("a start without a layout gets the default layout")
  func defaultLayout() throws {
    var island = Island()
    island.at(0, start("plain", state: ["eta": 5, "driver": "Ana"]))
    let activity = try #require(island.state.activity("plain"))
    #expect(activity.layoutName == nil)
    #expect(activity.layout == Layout.default(for: ["eta": 5, "driver": "Ana"]))
    #expect(
      island.state.presentation.zones.map(\.text) == ["[app.fill]", "Ana"],
      "compact trailing shows the first field by name")
    island.at(1, .longPress(.island))
    #expect(
      island.state.presentation.zones.map(\.text) == [
        "[app.fill]", "Ana", "driver: Ana · eta: 5",
      ])
  }

  @Test("the default layout of an empty state shows only the symbol")
  func defaultLayoutOfEmptyState() {
    let layout = Layout.default(for: [:])
    #expect(layout.compactTrailing == nil)
    #expect(layout.bottom == nil)
    #expect(layout.compactLeading?.view == layout.minimal?.view)
  }

  // MARK: - Errors

  @Test("a zone that reads a field the state lacks: the error names the zone and the field")
  func missingField() {
    var island = Island()
    var state = Fixture.deliveryState
    state["restaurantName"] = nil
    island.rejects(
      0, start("pizza", state: state, layout: .named("delivery")),
      "start rejected: layout zone center reads field \"restaurantName\", which the state lacks")
    #expect(
      Rejection.Reason.missingField(zone: .center, field: "restaurantName").hint
        == "give the state a number or value for \"restaurantName\"")
  }

  @Test("a progress bar on a field that is not a number, at start or by an update")
  func progressOnText() {
    var island = Island()
    var state = Fixture.deliveryState
    state["deliveryProgress"] = "half"
    island.rejects(
      0, start("pizza", state: state, layout: .named("delivery")),
      "start rejected: layout zone bottom shows field \"deliveryProgress\" as a progress bar, "
        + "but it is not a number")
    island.at(0, Fixture.delivery())
    island.rejects(
      1, update("pizza", state: ["deliveryProgress": "half"]),
      "update rejected: layout zone bottom shows field \"deliveryProgress\" as a progress bar, "
        + "but it is not a number")
  }

  @Test("a countdown on a field that is not a number")
  func countdownOnText() {
    var island = Island()
    island.rejects(
      0, start("tea", state: ["endsAt": "soon", "title": "Tea"], layout: .named("timer")),
      "start rejected: layout zone compactTrailing shows field \"endsAt\" as a countdown, "
        + "but it is not a number")
  }

  @Test("a symbol name that is not an SF Symbol name, in the layout or from the state")
  func badSymbolName() {
    var layout = Layout.delivery
    layout.compactLeading = ZoneView(
      .symbol(name: Fixture.template("Bag Fill"), tint: nil, font: nil))
    var island = Island()
    island.rejects(
      0, Fixture.delivery(layout: .inline(layout)),
      "start rejected: layout zone compactLeading names symbol \"Bag Fill\", which is not an SF "
        + "Symbol name")
    var label = Layout.delivery
    label.trailing = ZoneView(
      .label(Fixture.template("{minutesLeft}"), symbol: "clock!", font: .caption, bold: false))
    island.rejects(
      0, Fixture.delivery(layout: .inline(label)),
      "start rejected: layout zone trailing names symbol \"clock!\", which is not an SF Symbol "
        + "name")
    island.at(0, Fixture.delivery())
    island.rejects(
      1, update("pizza", state: ["orderStatusIcon": "Flame Fill"]),
      "update rejected: layout zone leading names symbol \"Flame Fill\", which is not an SF "
        + "Symbol name")
    island.at(1, update("pizza", state: ["orderStatusIcon": "bicycle"]))
  }

  @Test(
    "SF Symbol names: lowercase words of letters and digits joined by dots",
    arguments: [
      ("bag.fill", true), ("figure.walk.circle", true), ("42.circle", true), ("Bag", false),
      ("bag..fill", false), (".bag", false), ("bag.", false), ("", false), ("bag fill", false),
    ])
  func symbolNames(name: String, valid: Bool) {
    var layout = Layout.delivery
    layout.minimal = ZoneView(.symbol(name: Template(literal: name), tint: nil, font: nil))
    var island = Island()
    do {
      try island.state.apply(Fixture.delivery(layout: .inline(layout)), at: 0)
      #expect(valid, "\(name) was accepted")
    } catch {
      #expect(!valid, "\(name) was rejected: \(error)")
      #expect(error.reason == .badSymbolName(zone: .minimal, name: name))
    }
  }

  @Test("a minimal view wider than 45 pt is an error, with its width")
  func minimalTooWide() throws {
    var layout = Layout.delivery
    layout.minimal = ZoneView(
      .text(Fixture.template("{minutesLeft} min"), font: .caption2, bold: true, lineLimit: 1))
    var island = Island()
    island.at(0, Fixture.delivery("fits", layout: .inline(layout)))
    let width = TextMetrics.width(of: "20000 min", font: .caption2, bold: true)
    #expect(width > 45)
    island.rejects(
      1, update("fits", state: ["minutesLeft": 20000]),
      "update rejected: the minimal view of \"fits\" is \(Points.format(width)) pt wide, over "
        + "the 45 pt a minimal view may take")
    layout.minimal = ZoneView(
      .text(Fixture.template("{restaurantName}"), font: .caption2, bold: true, lineLimit: 1))
    let wide = TextMetrics.width(of: "Pizza Roma", font: .caption2, bold: true)
    island.rejects(
      1, Fixture.delivery("wide", layout: .inline(layout)),
      "start rejected: the minimal view of \"wide\" is \(Points.format(wide)) pt wide, over the "
        + "45 pt a minimal view may take")
  }

  @Test("an unknown layout name, with the names there are as the hint")
  func unknownLayout() throws {
    var island = Island()
    island.rejects(
      0, Fixture.delivery(layout: .named("pizza")),
      "start rejected: there is no layout named \"pizza\"")
    #expect(
      Rejection.Reason.unknownLayout("pizza").hint == "use one of: delivery, score, timer, ride")
  }

  @Test("a pulse on a field the state lacks")
  func missingPulseField() {
    var layout = Layout.delivery
    layout.pulse = Pulse(field: "status")
    var island = Island()
    island.rejects(
      0, Fixture.delivery(layout: .inline(layout)),
      "start rejected: the layout pulses on field \"status\", which the state lacks")
  }

  // MARK: - Templates

  @Test("templates: fields in braces, doubled braces are literal")
  func templates() throws {
    let template = try Template("{minutesLeft} мин {{left}}")
    #expect(template.fields == ["minutesLeft"])
    #expect(ZoneRenderer.fill(template, ["minutesLeft": 7]) == "7 мин {left}")
    #expect(ZoneRenderer.fill(template, [:]) == " мин {left}")
    #expect(Template(literal: "a{b}").parts == [.literal("a{b}")])
  }

  @Test("malformed templates are named errors")
  func templateErrors() {
    #expect(throws: TemplateError.unclosedPlaceholder(template: "{open")) {
      try Template("{open")
    }
    #expect(throws: TemplateError.strayBrace(template: "close}")) { try Template("close}") }
    #expect(throws: TemplateError.badFieldName(template: "{9lives}", name: "9lives")) {
      try Template("{9lives}")
    }
  }
}
