import IslandCore
import Testing

/// What a layout read from SwiftUI brings to the engine: static attributes, which no update
/// changes, and a widget URL of its own.
@Suite struct LayoutAttributesTests {
  static let layout = Layout(
    compactLeading: ZoneView(
      .text(template("{driver}"), font: .caption, bold: false, lineLimit: 1)),
    compactTrailing: ZoneView(
      .text(template("{minutes}m"), font: .caption2, bold: true, lineLimit: nil)),
    minimal: ZoneView(.symbol(name: template("car.fill"), tint: nil, font: nil)),
    widgetURL: "rides://current", attributes: ["driver"])

  static func started(profile: InteractionProfile = .tapExpands) throws -> IslandState {
    var state = IslandState(configuration: Configuration(profile: profile))
    try state.fold(
      .start(
        Start(
          activity: "ride", app: "com.example.rides", state: ["driver": "Ana", "minutes": 5],
          layout: .inline(layout))), at: 0)
    return state
  }

  @Test func anUpdateMayNotChangeAnAttribute() throws {
    var state = try Self.started()
    let before = state
    #expect(throws: Rejection.self) {
      try state.fold(.update(Update(activity: "ride", state: ["driver": "Bo"])), at: 1_000)
    }
    #expect(state == before)
    do {
      try state.fold(.update(Update(activity: "ride", state: ["driver": "Bo"])), at: 1_000)
    } catch {
      #expect(
        error.reason == .attributeChanged(activity: "ride", field: "driver"))
      #expect(
        error.reason.message
          == "activity \"ride\" cannot change \"driver\": its layout reads it as a static "
          + "attribute, fixed at the start")
    }
    // The same value again, or another field, is an update like any other.
    try state.fold(
      .update(Update(activity: "ride", state: ["driver": "Ana", "minutes": 4])), at: 2_000)
    #expect(state.activity("ride")?.content["minutes"] == 4)
  }

  @Test func theReferenceReducerAgrees() throws {
    var reference = ReferenceIsland(configuration: Configuration(profile: .tapOpens))
    try reference.apply(
      .start(
        Start(
          activity: "ride", app: "com.example.rides", state: ["driver": "Ana", "minutes": 5],
          layout: .inline(Self.layout))), at: 0)
    var fast = try Self.started(profile: .tapOpens)
    #expect(reference.state == fast)
    do {
      try reference.apply(.update(Update(activity: "ride", state: ["driver": "Bo"])), at: 1_000)
      Issue.record("the reference changed an attribute")
    } catch {
      #expect(error.reason == .attributeChanged(activity: "ride", field: "driver"))
    }
    try reference.apply(.tap(.island), at: 2_000)
    _ = try fast.apply(.tap(.island), at: 2_000)
    #expect(reference.state == fast)
    #expect(
      reference.state.effects.map(\.kind).last
        == .openURL(url: "rides://current", rule: .widgetURL, activity: "ride"))
  }

  @Test func anEndMayNotChangeAnAttributeEither() throws {
    var state = try Self.started()
    #expect(throws: Rejection.self) {
      try state.fold(.end(End(activity: "ride", state: ["driver": "Bo"])), at: 1_000)
    }
  }

  @Test func aTapOpensTheLayoutsWidgetURLWhenTheStartGivesNone() throws {
    var state = try Self.started(profile: .tapOpens)
    let outcome = try state.apply(.tap(.island), at: 1_000)
    #expect(
      outcome.effects.map(\.kind) == [
        .openURL(url: "rides://current", rule: .widgetURL, activity: "ride")
      ])
  }

  @Test func aCubicKeyframeEasesInAndOut() {
    let keyframes = [Keyframe(scale: 2, duration: 100, curve: .cubic)]
    #expect(Motion.scale(of: keyframes, at: 0, policy: Policy()) == 1)
    #expect(Motion.scale(of: keyframes, at: 25, policy: Policy()) == 1.15625)
    #expect(Motion.scale(of: keyframes, at: 50, policy: Policy()) == 1.5)
    #expect(Motion.scale(of: keyframes, at: 100, policy: Policy()) == 2)
  }

  @Test func aBadWidgetURLInTheLayoutIsRefused() {
    var layout = Self.layout
    layout.widgetURL = "no scheme"
    var state = IslandState()
    #expect(throws: Rejection.self) {
      try state.fold(
        .start(
          Start(
            activity: "ride", app: "com.example.rides", state: ["driver": "Ana", "minutes": 5],
            layout: .inline(layout))), at: 0)
    }
  }
}

private func template(_ source: String) -> Template {
  (try? Template(source)) ?? Template(literal: source)
}
