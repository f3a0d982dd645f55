import IslandCore
import Testing

// One test per rule of Part 2 of the reference, named after the rule.

@Suite("Ranking and placement")
struct RankingAndPlacementTests {
  @Test("no eligible activity gives idle")
  func idle() {
    let island = Island()
    #expect(island.mode == .idle)
    #expect(island.island == nil)
    #expect(island.state.presentation.geometry?.width == 126)
  }

  @Test("same-app activities give compact, showing the top one")
  func sameAppGivesCompact() {
    var island = Island()
    island.at(0, start("a", relevance: 10))
    island.at(1, start("b", relevance: 20))
    #expect(island.mode == .compact)
    #expect(island.island == "b")
    #expect(island.detached == nil)
    #expect(island.hidden == ["a"])
  }

  @Test("higher relevance ranks first")
  func relevanceRanks() {
    var island = Island()
    island.at(0, start("low", app: "com.a", relevance: 1))
    island.at(1, start("high", app: "com.b", relevance: 5))
    #expect(island.island == "high")
    #expect(island.detached == "low")
  }

  @Test("tie-break by start order: equal relevance, the earlier start wins")
  func tieBreakByStartOrder() {
    var island = Island()
    island.at(0, start("first", app: "com.a", relevance: 7))
    island.at(1, start("second", app: "com.b", relevance: 7))
    island.at(2, start("third", app: "com.c", relevance: 7))
    #expect(island.island == "first")
    #expect(island.detached == "second")
    #expect(island.hidden == ["third"])
  }

  @Test("detached slot goes to the best activity of another app than the attached one")
  func detachedSlotFromAnotherApp() {
    var island = Island()
    island.at(0, start("food1", app: "com.food", relevance: 90))
    island.at(1, start("food2", app: "com.food", relevance: 80))
    island.at(2, start("ride", app: "com.ride", relevance: 10))
    #expect(island.mode == .minimal)
    #expect(island.island == "food1")
    #expect(island.detached == "ride")
    #expect(island.hidden == ["food2"])
  }

  @Test("a hidden activity returns as soon as a slot frees")
  func hiddenReturnsWhenSlotFrees() {
    var island = Island()
    island.at(0, start("a", app: "com.a", relevance: 30))
    island.at(1, start("b", app: "com.b", relevance: 20))
    island.at(2, start("c", app: "com.c", relevance: 10))
    #expect(island.hidden == ["c"])
    island.at(3, end("b"))
    #expect(island.island == "a")
    #expect(island.detached == "c")
    #expect(island.hidden == [])
  }

  @Test("relevance changed by an update re-ranks at once")
  func updateReranks() {
    var island = Island()
    island.at(0, start("a", app: "com.a", relevance: 30))
    island.at(1, start("b", app: "com.b", relevance: 20))
    island.at(2, update("b", relevance: 40))
    #expect(island.island == "b")
    #expect(island.detached == "a")
  }

  @Test("ended and dismissed activities are never shown; the last one leaves the island idle")
  func endedNotShown() {
    var island = Island()
    island.at(0, start("a"))
    island.at(1, end("a"))
    #expect(island.mode == .idle)
    #expect(island.phase("a") == .ended)
    #expect(island.state.rankedActivities.isEmpty)
  }

  @Test("an expansion sits on top of the placement and collapses back to it")
  func expansionOnTop() {
    var island = Island()
    island.at(0, start("a", app: "com.a", relevance: 30))
    island.at(1, start("b", app: "com.b", relevance: 20))
    island.at(2, .longPress(.detached))
    #expect(island.mode == .expanded)
    #expect(island.island == "b")
    #expect(island.detached == nil)
    #expect(island.hidden == ["a"])
    island.at(3, .tap(.outside))
    #expect(island.mode == .minimal)
    #expect(island.island == "a")
    #expect(island.detached == "b")
  }
}

@Suite("Lifecycle and timers")
struct LifecycleTests {
  @Test("alert expands the island, then it collapses at 2.2 s")
  func alertExpandsThenCollapses() {
    var island = Island()
    island.at(0, start("pizza"))
    island.at(
      1_000, update("pizza", state: ["minutesLeft": 5], alert: Alert(title: "Soon", body: "5 min")))
    #expect(island.mode == .expanded)
    #expect(island.state.expandedReason == .alert)
    #expect(island.state.animations.map(\.kind) == [.expand])
    island.at(3_199, .tick)
    #expect(island.mode == .expanded)
    island.at(3_200, .tick)
    #expect(island.mode == .compact)
    #expect(island.state.animations.map(\.kind) == [.collapse])
  }

  @Test("a later alert restarts the 2.2 s")
  func laterAlertRestarts() {
    var island = Island()
    island.at(0, start("pizza"))
    let alert = Alert(title: "t", body: "b")
    island.at(0, update("pizza", alert: alert))
    island.at(2_000, update("pizza", alert: alert))
    island.at(2_200, .tick)
    #expect(island.mode == .expanded)
    island.at(4_200, .tick)
    #expect(island.mode == .compact)
  }

  @Test("an activity ending while expanded collapses the island at once")
  func endingWhileExpandedCollapses() {
    var island = Island()
    island.at(0, start("a", app: "com.a", relevance: 2))
    island.at(0, start("b", app: "com.b", relevance: 1))
    island.at(1, .tap(.island))
    #expect(island.mode == .expanded)
    island.at(2, end("a"))
    #expect(island.mode == .compact)
    #expect(island.island == "b")
    #expect(island.state.animations.map(\.kind) == [.collapse])
  }

  @Test("default dismissal keeps an ended activity on the Lock Screen for 4 h")
  func defaultDismissal() {
    var island = Island()
    island.at(0, start("a"))
    island.at(10, end("a"))
    #expect(island.state.activity("a")?.dismissAt == 10 + 4 * hour)
    island.at(10 + 4 * hour - 1, .tick)
    #expect(island.phase("a") == .ended)
    island.at(10 + 4 * hour, .tick)
    #expect(island.phase("a") == .dismissed)
  }

  @Test("immediate dismissal removes the activity at once")
  func immediateDismissal() {
    var island = Island()
    island.at(0, start("a"))
    island.at(10, end("a", dismissal: .immediate))
    #expect(island.phase("a") == .dismissed)
  }

  @Test("dismissal after a time removes it then")
  func dismissalAfterTime() {
    var island = Island()
    island.at(0, start("a"))
    island.at(10, end("a", dismissal: .after(30 * minute)))
    island.at(30 * minute - 1, .tick)
    #expect(island.phase("a") == .ended)
    island.at(30 * minute, .tick)
    #expect(island.phase("a") == .dismissed)
  }

  @Test("dismissal after a time is capped at 4 h after the end")
  func dismissalAfterTimeCapped() {
    var island = Island()
    island.at(0, start("a"))
    island.at(hour, end("a", dismissal: .after(24 * hour)))
    #expect(island.state.activity("a")?.dismissAt == 5 * hour)
    island.at(5 * hour, .tick)
    #expect(island.phase("a") == .dismissed)
  }

  @Test("dismissal after a time already past removes the activity at once")
  func dismissalAfterPastTime() {
    var island = Island()
    island.at(0, start("a"))
    island.at(hour, end("a", dismissal: .after(minute)))
    #expect(island.phase("a") == .dismissed)
  }

  @Test("the 8 h limit ends the activity, with the default dismissal 4 h later")
  func eightHourLimit() {
    var island = Island()
    island.at(0, start("a", app: "com.a"))
    island.at(hour, start("b", app: "com.b"))
    island.at(8 * hour - 1, .tick)
    #expect(island.phase("a") == .active)
    island.at(8 * hour, .tick)
    #expect(island.phase("a") == .ended)
    #expect(island.state.activity("a")?.endedAt == 8 * hour)
    #expect(island.mode == .compact)
    #expect(island.island == "b")
    island.rejects(8 * hour, update("a"), "update rejected: activity \"a\" has ended")
    island.at(12 * hour, .tick)
    #expect(island.phase("a") == .dismissed)
  }

  @Test("timers due before an event fire before it, in time order")
  func timersFireInOrder() {
    var island = Island()
    island.at(0, start("a", app: "com.a", stale: 5 * minute))
    island.at(0, start("b", app: "com.b"))
    island.at(1 * minute, end("b", dismissal: .after(3 * minute)))
    // One event far later: the dismissal (3 min) and the stale date (5 min) both fire first.
    island.at(10 * minute, update("a", state: ["minutesLeft": 1]))
    #expect(island.phase("b") == .dismissed)
    #expect(island.phase("a") == .stale)
  }

  @Test("the stale phase: past its stale date an activity is stale and still shown")
  func stalePhase() {
    var island = Island()
    island.at(0, start("a", stale: 10 * minute))
    island.at(10 * minute - 1, .tick)
    #expect(island.phase("a") == .active)
    island.at(10 * minute, .tick)
    #expect(island.phase("a") == .stale)
    #expect(island.island == "a")
    island.at(11 * minute, update("a", stale: 20 * minute))
    #expect(island.phase("a") == .active)
  }

  @Test("a stale date at or before the start makes the activity stale at once")
  func staleAtStart() {
    var island = Island()
    island.at(5, start("a", stale: 5))
    #expect(island.phase("a") == .stale)
  }

  @Test("an update without a stale date keeps the stale one")
  func updateKeepsStale() {
    var island = Island()
    island.at(0, start("a", stale: 10))
    island.at(20, update("a", state: ["minutesLeft": 3]))
    #expect(island.phase("a") == .stale)
  }

  @Test("a rejected event fires no timer: the state stays as it was")
  func rejectedEventFiresNoTimer() {
    var island = Island()
    island.at(0, start("a", stale: 10))
    island.at(0, start("b", app: "com.b"))
    island.at(0, end("b", dismissal: .after(5)))
    island.rejects(20, update("nope"), "update rejected: activity \"nope\" does not exist")
    #expect(island.phase("a") == .active)
    #expect(island.phase("b") == .ended)
    island.at(20, .tick)
    #expect(island.phase("a") == .stale)
    #expect(island.phase("b") == .dismissed)
  }
}

@Suite("Limits and errors")
struct LimitTests {
  @Test("start of an id already used is rejected, even after it ended")
  func reusedID() {
    var island = Island()
    island.at(0, start("a"))
    island.rejects(
      1, start("a"), "start rejected: activity \"a\" already exists (ids are never reused)")
    island.at(2, end("a", dismissal: .immediate))
    island.rejects(
      3, start("a"), "start rejected: activity \"a\" already exists (ids are never reused)")
  }

  @Test("update or end of an unknown activity is rejected")
  func unknownActivity() {
    var island = Island()
    island.rejects(0, update("ghost"), "update rejected: activity \"ghost\" does not exist")
    island.rejects(0, end("ghost"), "end rejected: activity \"ghost\" does not exist")
  }

  @Test("update or end of an ended activity is rejected")
  func endedActivity() {
    var island = Island()
    island.at(0, start("pizza"))
    island.at(1, end("pizza"))
    island.rejects(2, update("pizza"), "update rejected: activity \"pizza\" has ended")
    island.rejects(2, end("pizza"), "end rejected: activity \"pizza\" has ended")
  }

  @Test("more than 5 live activities of one app is rejected")
  func perAppLimit() {
    var island = Island()
    for index in 1...5 { island.at(0, start("a\(index)")) }
    island.rejects(
      0, start("a6"),
      "start rejected: app \"com.example.food\" already has 5 live activities, its limit")
    island.at(1, end("a1"))
    island.at(2, start("a6"))
  }

  @Test("more than 10 live activities on the device is rejected")
  func deviceLimit() {
    var island = Island()
    for index in 1...10 { island.at(0, start("a\(index)", app: "com.app\(index)")) }
    island.rejects(
      0, start("a11", app: "com.app11"),
      "start rejected: the device already has 10 live activities, its limit")
  }

  @Test("state plus attributes over 4096 bytes is rejected, at start and on update")
  func payloadLimit() {
    var island = Island()
    let big = String(repeating: "x", count: 4_000)
    island.rejects(
      0, start("a", state: ["minutesLeft": 1, "note": .string(big + big)]),
      "start rejected: activity \"a\" would carry 8048 bytes of state and attributes, over the "
        + "4096-byte limit")
    island.at(0, start("a", state: ["minutesLeft": 1, "note": .string(big)]))
    island.rejects(
      1, update("a", state: ["more": .string(String(repeating: "y", count: 100))]),
      "update rejected: activity \"a\" would carry 4158 bytes of state and attributes, over the "
        + "4096-byte limit")
  }

  @Test(
    "a malformed URL is rejected", arguments: ["food", "://x", "food://a b", "1food://x", "food:"])
  func malformedURL(url: String) {
    var island = Island()
    island.rejects(
      0, start("a", url: url), "start rejected: widget URL \"\(url)\" is not a valid URL")
    island.rejects(
      0, start("a", links: RegionLinks(bottom: url)),
      "start rejected: bottom link \"\(url)\" is not a valid URL")
  }

  @Test("time going backwards is rejected")
  func timeBackwards() {
    var island = Island()
    island.at(100, start("a"))
    island.rejects(
      99, .tick, "tick rejected: time went backwards: t=99 is before the current time 100")
  }

  @Test("a tap on something not on screen is rejected")
  func tapNotOnScreen() {
    var island = Island()
    island.rejects(
      0, .tap(.island),
      "tap rejected: island is not on screen: the island is idle: no activity is shown")
    island.at(0, start("a"))
    island.rejects(
      0, .tap(.detached),
      "tap rejected: detached is not on screen: the island is compact: there is no detached bubble")
    island.rejects(
      0, .tap(.bottom), "tap rejected: bottom is not on screen: the island is not expanded")
    island.rejects(
      0, .longPress(.detached),
      "longPress rejected: detached is not on screen: the island is compact: there is no detached bubble"
    )
    island.at(0, .tap(.island))
    island.rejects(
      0, .tap(.island),
      "tap rejected: island is not on screen: the island is expanded: tap a region or outside")
  }

  @Test("invalid ids, apps and relevance are rejected")
  func invalidValues() {
    var island = Island()
    island.rejects(0, start(""), "start rejected: \"\" is not a valid activity id")
    island.rejects(0, start("a b"), "start rejected: \"a b\" is not a valid activity id")
    island.rejects(
      0, start("a", app: "9app"), "start rejected: \"9app\" is not a valid app bundle id")
    island.rejects(
      0, start("a", relevance: .infinity), "start rejected: relevance inf is not a finite number")
  }

  @Test("every rejection carries a hint that says what would make it valid")
  func hints() {
    var island = Island()
    do {
      try island.state.apply(update("ghost"), at: 0)
    } catch {
      #expect(error.reason.hint.contains("start it first"))
    }
  }
}

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
