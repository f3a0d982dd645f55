import IslandCore
import IslandProperties
import Testing

/// The rule model judges events by the rules of Part 2, independently of the reducer.
@Suite struct RuleModelTests {
  static let food = Layout.catalogue[0].sampleState

  static func island(_ events: [(Milliseconds, Event)], configuration: Configuration = .init())
    -> IslandState
  {
    var state = IslandState(configuration: configuration)
    for (t, event) in events { _ = try? state.apply(event, at: t) }
    return state
  }

  static func start(_ id: String, _ app: String, relevance: Double = 0) -> Event {
    .start(Start(activity: id, app: app, relevance: relevance, state: ["n": 1]))
  }

  @Test func validEventsAreAccepted() {
    let state = Self.island([(0, Self.start("a", "com.a")), (0, Self.start("b", "com.b"))])
    #expect(RuleModel.verdict(for: .tap(.detached), at: 10, in: state) == .accept)
    #expect(RuleModel.verdict(for: .longPress(.island), at: 10, in: state) == .accept)
    #expect(RuleModel.verdict(for: .update(Update(activity: "a")), at: 10, in: state) == .accept)
    #expect(RuleModel.verdict(for: .tick, at: 10, in: state) == .accept)
  }

  @Test func eachBrokenRuleIsNamed() {
    let state = Self.island([(0, Self.start("a", "com.a")), (5, .end(End(activity: "a")))])
    #expect(
      RuleModel.verdict(for: .tick, at: 4, in: state)
        == .reject([.timeWentBackwards(t: 4, now: 5)]))
    #expect(
      RuleModel.verdict(for: .update(Update(activity: "a")), at: 5, in: state)
        == .reject([.activityEnded("a")]))
    #expect(
      RuleModel.verdict(for: .end(End(activity: "zz")), at: 5, in: state)
        == .reject([.unknownActivity("zz")]))
    // Several rules at once: every one is listed, in any order the engine might check them.
    let bad = Start(activity: "a", app: "9x", url: "no scheme")
    guard case .reject(let reasons) = RuleModel.verdict(for: .start(bad), at: 5, in: state) else {
      Issue.record("accepted")
      return
    }
    #expect(
      Set(reasons.map(\.message)) == [
        Rejection.Reason.duplicateActivity("a").message, Rejection.Reason.invalidApp("9x").message,
        Rejection.Reason.malformedURL(field: "widget URL", url: "no scheme").message,
      ])
  }

  @Test func limitsCountLiveActivitiesOnly() {
    var policy = Policy()
    policy.activitiesPerApp = 2
    policy.activitiesPerDevice = 3
    let configuration = Configuration(policy: policy)
    let state = Self.island(
      [
        (0, Self.start("a", "com.a")), (0, Self.start("b", "com.a")), (0, Self.start("c", "com.c")),
      ],
      configuration: configuration)
    #expect(
      RuleModel.verdict(for: Self.start("d", "com.a"), at: 0, in: state)
        == .reject([.appLimitReached(app: "com.a", limit: 2), .deviceLimitReached(limit: 3)]))
    let afterAnEnd = Self.island(
      [
        (0, Self.start("a", "com.a")), (0, Self.start("b", "com.a")),
        (0, Self.start("c", "com.c")), (1, .end(End(activity: "a"))),
      ], configuration: configuration)
    #expect(RuleModel.verdict(for: Self.start("d", "com.a"), at: 1, in: afterAnEnd) == .accept)
  }

  /// Timers due by the event's time fire before the event: an activity past its 8 hours is
  /// no longer on the island to tap.
  @Test func timersFireBeforeTheVerdict() {
    let state = Self.island([(0, Self.start("a", "com.a"))])
    let eightHours: Milliseconds = 8 * 3_600_000
    #expect(RuleModel.verdict(for: .tap(.island), at: eightHours - 1, in: state) == .accept)
    let late = RuleModel.verdict(for: .tap(.island), at: eightHours, in: state)
    #expect(!late.isAccept)
    #expect(
      RuleModel.verdict(for: .update(Update(activity: "a")), at: eightHours, in: state)
        == .reject([.activityEnded("a")]))
  }

  @Test func tapsLandOnlyOnWhatIsShown() {
    let compact = Self.island([(0, Self.start("a", "com.a"))])
    #expect(!RuleModel.verdict(for: .tap(.detached), at: 0, in: compact).isAccept)
    #expect(!RuleModel.verdict(for: .tap(.bottom), at: 0, in: compact).isAccept)
    #expect(RuleModel.verdict(for: .tap(.outside), at: 0, in: compact).isAccept)
    let expanded = Self.island([(0, Self.start("a", "com.a")), (1, .tap(.island))])
    #expect(RuleModel.verdict(for: .tap(.bottom), at: 2, in: expanded).isAccept)
    #expect(!RuleModel.verdict(for: .tap(.island), at: 2, in: expanded).isAccept)
    #expect(!RuleModel.verdict(for: .longPress(.island), at: 2, in: expanded).isAccept)
    let phone = Self.island(
      [(0, Self.start("a", "com.a"))],
      configuration: Configuration(device: Device.named("iPhone SE")!))
    // Part 2: outside is accepted on every device, one without an island included.
    #expect(RuleModel.verdict(for: .tap(.outside), at: 0, in: phone).isAccept)
    #expect(!RuleModel.verdict(for: .tap(.island), at: 0, in: phone).isAccept)
  }

  /// The payload is measured whole, from the rules, not from the engine's running count.
  @Test func thePayloadLimitIsMeasuredWhole() {
    let state = Self.island([(0, Self.start("a", "com.a"))])
    let limit = Policy().payloadLimit
    // {"n":1,"x":"..."} plus "a" and "com.a": 2 + 5 + 1 + 4 + text + 2 + 3 + 7 bytes.
    let fits = String(repeating: "x", count: limit - 24)
    #expect(
      RuleModel.verdict(
        for: .update(Update(activity: "a", state: ["x": .string(fits)])), at: 0, in: state)
        == .accept)
    let over = fits + "x"
    #expect(
      RuleModel.verdict(
        for: .update(Update(activity: "a", state: ["x": .string(over)])), at: 0, in: state)
        == .reject([.payloadTooLarge(activity: "a", bytes: limit + 1, limit: limit)]))
  }

  @Test func layoutRulesAreChecked() {
    let start = Start(
      activity: "p", app: "com.example.food", state: ["minutesLeft": 3],
      layout: .named("delivery"))
    guard
      case .reject(let reasons) = RuleModel.verdict(for: .start(start), at: 0, in: IslandState())
    else {
      Issue.record("accepted")
      return
    }
    #expect(
      reasons.contains { if case .missingField(_, "statusText") = $0 { true } else { false } })
    #expect(reasons.contains(.missingPulseField("statusText")))
  }
}
