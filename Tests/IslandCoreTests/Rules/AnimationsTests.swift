import IslandCore
import Testing

// Rules/Animations.swift.

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
