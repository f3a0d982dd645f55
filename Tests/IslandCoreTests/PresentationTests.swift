import IslandCore
import Testing

/// Starts and states for the presentation tests.
enum PresentationFixture {
  /// Seed 000's delivery state, as the catalogue's sample gives it.
  static let deliveryState: ContentState = [
    "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
    "deliveryProgress": 0.1, "statusText": "Cooking",
  ]

  /// A start of seed 000's delivery layout.
  static func delivery(
    _ id: String = "pizza", app: String = "com.example.food", relevance: Double = 0,
    layout: LayoutReference = .named("delivery"), url: String? = nil,
    links: RegionLinks = RegionLinks()
  ) -> Event {
    start(
      id, app: app, relevance: relevance, state: deliveryState, layout: layout, url: url,
      links: links)
  }

  static func template(_ source: String) -> Template {
    (try? Template(source)) ?? Template(literal: source)
  }
}

@Suite("Content transitions")
struct ContentTransitionTests {
  @Test("only digits changed: numericText, in every zone that shows them")
  func numericText() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, update("pizza", state: ["minutesLeft": 9]))
    #expect(
      island.state.transitions == [
        Transition(
          activity: "pizza", zone: .compactTrailing, kind: .numericText, from: "20м", to: "9м"),
        Transition(
          activity: "pizza", zone: .trailing, kind: .numericText, from: "[clock] 20 мин",
          to: "[clock] 9 мин"),
      ])
  }

  @Test("a progress bar that moves is numeric text too")
  func progressIsNumeric() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, update("pizza", state: ["deliveryProgress": 0.5]))
    #expect(
      island.state.transitions == [
        Transition(
          activity: "pizza", zone: .bottom, kind: .numericText, from: "[progress 10%] Cooking",
          to: "[progress 50%] Cooking")
      ])
  }

  @Test("text that changes otherwise: crossfade")
  func crossfade() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(
      1, update("pizza", state: ["statusText": "On the way", "orderStatusIcon": "bicycle"]))
    #expect(
      island.state.transitions == [
        Transition(
          activity: "pizza", zone: .leading, kind: .crossfade, from: "[flame.fill]",
          to: "[bicycle]"),
        Transition(
          activity: "pizza", zone: .bottom, kind: .crossfade, from: "[progress 10%] Cooking",
          to: "[progress 10%] On the way"),
      ])
  }

  @Test("identity when the layout asks for it, even when only digits changed")
  func identity() {
    var layout = Layout.delivery
    layout.compactTrailing?.transition = .identity
    var island = Island()
    island.at(0, PresentationFixture.delivery(layout: .inline(layout)))
    island.at(1, update("pizza", state: ["minutesLeft": 19]))
    #expect(island.state.transitions.map(\.kind) == [.identity, .numericText])
    #expect(island.state.transitions.map(\.zone) == [.compactTrailing, .trailing])
  }

  @Test("no transition when no shown text changes; only the last event's are kept")
  func noTransition() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, update("pizza", state: ["minutesLeft": 19]))
    #expect(island.state.transitions.count == 2)
    island.at(2, update("pizza", state: ["minutesLeft": 19, "unshown": "x"]))
    #expect(island.state.transitions.isEmpty)
    island.at(3, update("pizza", state: ["minutesLeft": 18]))
    island.at(4, .tick)
    #expect(island.state.transitions.isEmpty)
  }

  @Test(
    "only digits differ: digits taken out, the rest is equal",
    arguments: [
      ("9м", "10м", true), ("1:05", "1:04", true), ("0.5", "0.75", true), ("5", "5", false),
      ("9 min", "9 mins", false), ("Cooking", "Ready", false), ("1", "one", false),
    ])
  func onlyDigitsDiffer(before: String, after: String, expected: Bool) {
    #expect(Transitions.onlyDigitsDiffer(before, after) == expected)
  }
}

@Suite("Animations")
struct AnimationTests {
  static let spring = Animation.Timing.spring(response: 700, damping: 0.7)

  @Test("seed 001's spring settles in 637 ms")
  func springSettles() {
    #expect(Transitions.duration(of: Self.spring) == 637)
  }

  @Test("the island grows in with the spring when an activity starts on it")
  func growOnStart() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    #expect(
      island.state.animations == [
        Animation(
          activity: "pizza", kind: .grow, timing: Self.spring, duration: 637, clamped: false)
      ])
    island.at(1, PresentationFixture.delivery("other", app: "com.other"))
    #expect(island.state.animations.map(\.kind) == [.grow])
    #expect(island.state.animations.map(\.activity) == ["other"])
  }

  @Test("an activity that starts hidden does not grow in")
  func noGrowWhenHidden() {
    var island = Island()
    island.at(0, PresentationFixture.delivery("a", relevance: 10))
    island.at(1, PresentationFixture.delivery("b", relevance: 5))
    #expect(island.hidden == ["b"])
    #expect(island.state.animations.isEmpty)
  }

  @Test("expansion and collapse use seed 001's spring (response 0.7, damping 0.7)")
  func expandAndCollapse() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, .longPress(.island))
    #expect(
      island.state.animations == [
        Animation(
          activity: "pizza", kind: .expand, timing: Self.spring, duration: 637, clamped: false)
      ])
    island.at(2, .tap(.outside))
    #expect(
      island.state.animations == [
        Animation(
          activity: "pizza", kind: .collapse, timing: Self.spring, duration: 637, clamped: false)
      ])
  }

  @Test("an alert's expansion and its collapse at 2.2 s use the spring")
  func alertSprings() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1_000, update("pizza", alert: Alert(title: "Ready", body: "At the door")))
    #expect(island.state.animations.map(\.kind) == [.expand])
    island.at(3_200, .tick)
    #expect(island.state.animations.map(\.kind) == [.collapse])
    #expect(island.state.animations.first?.timing == Self.spring)
  }

  @Test("the pulse field's change pulses the leading icon: 1.0, 1.1, 1.0 over 100, 300, 200 ms")
  func pulse() throws {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, update("pizza", state: ["statusText": "On the way"]))
    let animation = try #require(island.state.animations.first)
    #expect(island.state.animations.count == 1)
    #expect(animation.kind == .pulse)
    #expect(animation.duration == 600)
    #expect(!animation.clamped)
    guard case .keyframes(let keyframes, let zone) = animation.timing else {
      Issue.record("not keyframes: \(animation.timing)")
      return
    }
    #expect(zone == .compactLeading)
    #expect(keyframes.map(\.scale) == [1.0, 1.1, 1.0])
    #expect(keyframes.map(\.duration) == [100, 300, 200])
    #expect(keyframes.map(\.curve) == [.linear, .spring, .spring])
  }

  @Test("the pulse plays where the icon is: expanded leading, minimal; not when hidden")
  func pulseWhereShown() {
    var island = Island()
    island.at(0, PresentationFixture.delivery("a", relevance: 10))
    island.at(1, PresentationFixture.delivery("b", relevance: 5))
    island.at(2, update("b", state: ["statusText": "Ready"]))
    #expect(island.state.animations.isEmpty)
    island.at(3, PresentationFixture.delivery("ride", app: "com.ride", relevance: 1))
    island.at(4, update("ride", state: ["statusText": "Ready"]))
    #expect(pulseZone(island) == .minimal)
    island.at(5, .longPress(.island))
    island.at(6, update("a", state: ["statusText": "Ready"]))
    #expect(pulseZone(island) == .leading)
  }

  @Test("a change of another field does not pulse")
  func noPulseOnOtherField() {
    var island = Island()
    island.at(0, PresentationFixture.delivery())
    island.at(1, update("pizza", state: ["minutesLeft": 5]))
    #expect(island.state.animations.isEmpty)
  }

  @Test("a spring that would settle after 2 s is clamped to 2 s, with a warning")
  func springClamped() {
    var policy = Policy()
    policy.springResponse = 3_000
    var island = Island(policy: policy)
    let outcome = island.at(0, PresentationFixture.delivery())
    let spring = Animation.Timing.spring(response: 3_000, damping: 0.7)
    #expect(
      island.state.animations == [
        Animation(activity: "pizza", kind: .grow, timing: spring, duration: 2_000, clamped: true)
      ])
    let warning = Warning(
      seq: 1,
      kind: .animationClamped(
        activity: "pizza", animation: "grow", requested: 2_728, maximum: 2_000))
    #expect(outcome?.warnings == [warning])
    #expect(
      warning.message
        == "grow animation of \"pizza\" lasts 2728 ms, over the 2000 ms limit: clamped to 2000 ms")
  }

  @Test("a pulse with keyframes over 2 s is scaled to 2 s in proportion, with a warning")
  func keyframesClamped() throws {
    var layout = Layout.delivery
    layout.pulse = Pulse(
      field: "statusText",
      keyframes: [
        Keyframe(scale: 1.0, duration: 1_000, curve: .linear),
        Keyframe(scale: 1.2, duration: 1_500, curve: .spring),
        Keyframe(scale: 1.0, duration: 500, curve: .spring),
      ])
    var island = Island()
    island.at(0, PresentationFixture.delivery(layout: .inline(layout)))
    let outcome = island.at(1, update("pizza", state: ["statusText": "Ready"]))
    let animation = try #require(island.state.animations.first)
    #expect(animation.duration == 2_000)
    #expect(animation.clamped)
    guard case .keyframes(let keyframes, _) = animation.timing else {
      Issue.record("not keyframes")
      return
    }
    #expect(keyframes.map(\.duration) == [666, 1_000, 334])
    #expect(keyframes.map(\.scale) == [1.0, 1.2, 1.0])
    #expect(
      outcome?.warnings == [
        Warning(
          seq: 2,
          kind: .animationClamped(
            activity: "pizza", animation: "pulse", requested: 3_000, maximum: 2_000))
      ])
  }

  @Test("the limit itself is the policy's: 2 s by default")
  func limit() {
    #expect(Policy().maximumAnimationDuration == 2_000)
    #expect(Policy().springResponse == 700)
    #expect(Policy().springDamping == 0.7)
  }

  private func pulseZone(_ island: Island) -> Zone? {
    for animation in island.state.animations where animation.kind == .pulse {
      if case .keyframes(_, let zone) = animation.timing { return zone }
    }
    return nil
  }
}

@Suite("Deep links")
struct DeepLinkTests {
  /// Taps `region` of the expanded activity started by `event`, and returns the effect.
  func tapRegion(
    _ region: TapTarget, of event: Event, profile: InteractionProfile
  ) -> Effect.Kind? {
    var island = Island(profile: profile)
    island.at(0, event)
    island.at(1, .longPress(.island))
    island.at(2, .tap(region))
    #expect(island.mode == .compact)
    return island.state.effects.last?.kind
  }

  @Test(
    "a region with its own link (given at start) opens it", arguments: InteractionProfile.allCases)
  func regionLink(profile: InteractionProfile) {
    let event = PresentationFixture.delivery(
      url: "food://order/42", links: RegionLinks(leading: "food://map", bottom: "food://order"))
    #expect(
      tapRegion(.leading, of: event, profile: profile)
        == .openURL(url: "food://map", rule: .regionLink, activity: "pizza"))
    #expect(
      tapRegion(.bottom, of: event, profile: profile)
        == .openURL(url: "food://order", rule: .regionLink, activity: "pizza"))
  }

  @Test(
    "a region whose layout carries a link opens it; a start's link overrides it",
    arguments: InteractionProfile.allCases)
  func layoutLink(profile: InteractionProfile) {
    var layout = Layout.delivery
    layout.center?.link = "food://restaurant"
    layout.bottom?.link = "food://layout-order"
    let event = PresentationFixture.delivery(
      layout: .inline(layout), url: "food://order/42", links: RegionLinks(bottom: "food://order"))
    #expect(
      tapRegion(.center, of: event, profile: profile)
        == .openURL(url: "food://restaurant", rule: .regionLink, activity: "pizza"))
    #expect(
      tapRegion(.bottom, of: event, profile: profile)
        == .openURL(url: "food://order", rule: .regionLink, activity: "pizza"))
  }

  @Test("a region without a link opens the widget URL", arguments: InteractionProfile.allCases)
  func widgetURL(profile: InteractionProfile) {
    let event = PresentationFixture.delivery(
      url: "food://order/42", links: RegionLinks(leading: "food://map"))
    #expect(
      tapRegion(.trailing, of: event, profile: profile)
        == .openURL(url: "food://order/42", rule: .widgetURL, activity: "pizza"))
  }

  @Test("no link and no widget URL: the app's default", arguments: InteractionProfile.allCases)
  func appDefault(profile: InteractionProfile) {
    #expect(
      tapRegion(.center, of: PresentationFixture.delivery(), profile: profile)
        == .openURL(url: "com.example.food://", rule: .appDefault, activity: "pizza"))
  }

  @Test("tap-opens: a tap on compact opens the widget URL, else the app's default")
  func tapOpensCompact() {
    var island = Island(profile: .tapOpens)
    island.at(0, PresentationFixture.delivery(url: "food://order/42"))
    island.at(1, .tap(.island))
    #expect(island.mode == .compact)
    #expect(
      island.state.effects.map(\.kind) == [
        .openURL(url: "food://order/42", rule: .widgetURL, activity: "pizza")
      ])
    var bare = Island(profile: .tapOpens)
    bare.at(0, PresentationFixture.delivery())
    bare.at(1, .tap(.island))
    #expect(
      bare.state.effects.map(\.kind) == [
        .openURL(url: "com.example.food://", rule: .appDefault, activity: "pizza")
      ])
  }

  @Test("tap-expands: a tap on compact opens nothing, it expands")
  func tapExpandsCompact() {
    var island = Island(profile: .tapExpands)
    island.at(0, PresentationFixture.delivery(url: "food://order/42"))
    island.at(1, .tap(.island))
    #expect(island.mode == .expanded)
    #expect(island.state.effects.isEmpty)
  }

  @Test("a region link that is not a URL is rejected at start")
  func malformedLayoutLink() {
    var layout = Layout.delivery
    layout.leading?.link = "not a url"
    var island = Island()
    island.rejects(
      0, PresentationFixture.delivery(layout: .inline(layout)),
      "start rejected: leading link \"not a url\" is not a valid URL")
  }
}

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
