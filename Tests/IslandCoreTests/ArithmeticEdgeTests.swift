import IslandCore
import Testing

/// Issue 13, defect 2: no arithmetic on input may trap. Times at the end of `Int64`, policies
/// of its largest numbers, springs and keyframes that would last longer than the clock: each
/// event is accepted or refused, and a time past the end of the clock stays at its end.
@Suite struct ArithmeticEdgeTests {
  static let largest = Milliseconds.max

  static func largestPolicy() -> Policy {
    var policy = Policy()
    policy.alertDuration = largest
    policy.maximumActiveDuration = largest
    policy.dismissalDelay = largest
    policy.maximumAnimationDuration = largest
    policy.springResponse = largest
    policy.springDamping = 0.000_001
    return policy
  }

  /// Every kind of event near the end of the clock, under the largest policy and the default.
  @Test(arguments: [Policy(), largestPolicy()])
  func eventsAtTheEndOfTheClockNeverTrap(policy: Policy) throws {
    var state = IslandState(configuration: Configuration(policy: policy))
    let pulse = Layout(
      compactLeading: ZoneView(.symbol(name: Template(literal: "bag"), tint: nil, font: nil)),
      minimal: ZoneView(.symbol(name: Template(literal: "bag"), tint: nil, font: nil)),
      pulse: Pulse(
        field: "n",
        keyframes: [
          Keyframe(scale: 1.1, duration: Self.largest, curve: .spring),
          Keyframe(scale: 1, duration: Self.largest, curve: .linear),
        ]))
    let start = Self.largest - 10
    let events: [(Milliseconds, Event)] = [
      (start, .start(Start(activity: "a", app: "com.a", state: ["n": 1, "end": 1e300]))),
      (
        start + 1,
        .start(Start(activity: "b", app: "com.b", state: ["n": 1], layout: .inline(pulse)))
      ),
      (
        start + 2,
        .update(Update(activity: "b", state: ["n": 2], alert: Alert(title: "T", body: "")))
      ),
      (start + 3, .update(Update(activity: "a", alert: Alert(title: "T", body: "")))),
      (start + 4, .tap(.outside)),
      (start + 5, .longPress(.island)),
      (start + 6, .end(End(activity: "a", dismissal: .after(Self.largest)))),
      (start + 7, .end(End(activity: "b"))),
      (Self.largest, .tick),
    ]
    for (t, event) in events {
      _ = try? state.apply(event, at: t)
      _ = state.json.compactText
      _ = state.presentation
      _ = state.transitions
    }
    #expect(state.t == Self.largest)
    for activity in state.activities {
      if let dismissAt = activity.dismissAt { #expect(dismissAt >= activity.endedAt ?? 0) }
    }
  }

  /// A timer whose due time is past the end of the clock stays there: an 8 h limit added to a
  /// start near the end never wraps around to fire at once.
  @Test func aTimerPastTheEndOfTheClockDoesNotFireEarly() throws {
    var state = IslandState()
    try state.fold(.start(Start(activity: "a", app: "com.a")), at: Self.largest - 1_000)
    try state.fold(.tick, at: Self.largest - 1)
    #expect(state.activity("a")?.phase == .active)
  }

  @Test func springsAndKeyframesLongerThanTheClockAreBounded() {
    #expect(Transitions.springSettlingTime(Self.largest, 0) > 0)
    let scaled = Transitions.scale(
      [
        Keyframe(scale: 1.1, duration: Self.largest, curve: .spring),
        Keyframe(scale: 1, duration: Self.largest, curve: .linear),
      ], to: 2_000)
    #expect(scaled.map(\.duration).reduce(0, +) == 2_000)
  }
}
