import IslandCore
import Testing

// Rules/Taps.swift: Part 2, "Interaction profiles".

@Suite("Interaction profiles")
struct InteractionTests {
  /// Two apps: "a" attached (com.a), "b" detached (com.b).
  static func twoApps(_ profile: InteractionProfile) -> Island {
    var island = Island(profile: profile)
    island.at(0, start("a", app: "com.a", relevance: 2, url: "a://widget"))
    island.at(0, start("b", app: "com.b", relevance: 1))
    return island
  }

  @Test("tap-expands: a tap on the island expands that activity")
  func tapExpandsIsland() {
    var island = Self.twoApps(.tapExpands)
    island.at(1, .tap(.island))
    #expect(island.mode == .expanded)
    #expect(island.island == "a")
    #expect(island.state.expandedReason == .user)
    #expect(island.state.effects.isEmpty)
  }

  @Test("tap-expands: a tap on the detached bubble expands that activity")
  func tapExpandsDetached() {
    var island = Self.twoApps(.tapExpands)
    island.at(1, .tap(.detached))
    #expect(island.mode == .expanded)
    #expect(island.island == "b")
  }

  @Test("tap-opens: a tap on the island opens its widget URL")
  func tapOpensIsland() {
    var island = Self.twoApps(.tapOpens)
    island.at(1, .tap(.island))
    #expect(island.mode == .minimal)
    #expect(
      island.state.effects == [
        Effect(seq: 3, kind: .openURL(url: "a://widget", rule: .widgetURL, activity: "a"))
      ])
  }

  @Test("tap-opens: a tap on the detached bubble opens its widget URL, else the app's default")
  func tapOpensDetached() {
    var island = Self.twoApps(.tapOpens)
    island.at(1, .tap(.detached))
    #expect(
      island.state.effects == [
        Effect(seq: 3, kind: .openURL(url: "com.b://", rule: .appDefault, activity: "b"))
      ])
  }

  @Test(
    "long-press on the island or the detached bubble expands that activity, in both profiles",
    arguments: InteractionProfile.allCases, LongPressTarget.allCases)
  func longPressExpands(profile: InteractionProfile, target: LongPressTarget) {
    var island = Self.twoApps(profile)
    island.at(1, .longPress(target))
    #expect(island.mode == .expanded)
    #expect(island.island == (target == .island ? "a" : "b"))
    #expect(island.state.effects.isEmpty)
  }

  @Test(
    "a tap on an expanded region opens its link, else the widget URL, and collapses",
    arguments: InteractionProfile.allCases)
  func tapRegion(profile: InteractionProfile) {
    var island = Island(profile: profile)
    island.at(
      0,
      start(
        "pizza", url: "food://order/42",
        links: RegionLinks(leading: "food://map")))
    island.at(1, .longPress(.island))
    island.at(2, .tap(.leading))
    #expect(island.mode == .compact)
    island.at(3, .longPress(.island))
    island.at(4, .tap(.bottom))
    #expect(
      island.state.effects == [
        Effect(seq: 3, kind: .openURL(url: "food://map", rule: .regionLink, activity: "pizza")),
        Effect(seq: 5, kind: .openURL(url: "food://order/42", rule: .widgetURL, activity: "pizza")),
      ])
  }

  @Test(
    "a tap outside collapses an expansion, in both profiles", arguments: InteractionProfile.allCases
  )
  func tapOutside(profile: InteractionProfile) {
    var island = Self.twoApps(profile)
    island.at(1, .longPress(.island))
    island.at(2, .tap(.outside))
    #expect(island.mode == .minimal)
    #expect(island.state.effects.isEmpty)
    island.at(3, .tap(.outside))
    #expect(island.mode == .minimal)
  }

  @Test("a device without an island: alerts are banners, nothing is on the island")
  func noIsland() {
    var island = Island(device: "iPhone 14")
    island.at(0, start("a"))
    island.at(1, update("a", alert: Alert(title: "Hi", body: "There", sound: "default")))
    #expect(island.mode == .idle)
    #expect(island.hidden == ["a"])
    #expect(
      island.state.effects == [
        Effect(
          seq: 2,
          kind: .banner(activity: "a", alert: Alert(title: "Hi", body: "There", sound: "default")))
      ])
    island.rejects(
      2, .tap(.island), "tap rejected: island is not on screen: the iPhone 14 has no Dynamic Island"
    )
  }
}

/// Issue 13, defect 13 (Part 2, interaction profiles): a tap `outside` while nothing is
/// expanded is accepted and changes nothing, on every device, one without an island included.
@Suite struct TapOutsideTests {
  @Test(arguments: Device.all)
  func aTapOutsideWithNothingExpandedChangesNothing(device: Device) throws {
    var state = IslandState(configuration: Configuration(device: device))
    try state.fold(.start(Start(activity: "a", app: "com.a", state: ["n": 1])), at: 0)
    let before = state
    let outcome = try state.apply(.tap(.outside), at: 5)
    #expect(outcome.effects.isEmpty)
    #expect(state.seq == before.seq + 1)
    #expect(state.activities == before.activities)
    #expect(state.mode == before.mode)
    #expect(state.expandedReason == nil)
  }
}
