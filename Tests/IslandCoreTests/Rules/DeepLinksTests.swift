import IslandCore
import Testing

// Rules/Taps.swift: the links a tap opens.

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
