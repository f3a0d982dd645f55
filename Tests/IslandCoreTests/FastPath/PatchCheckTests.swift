import Testing

@testable import IslandCore

/// FastPath/PatchCheck.swift: a patch is merged as it is checked, and a patch rejected part way
/// is taken back out, leaving the island as it was.
@Suite struct PatchCheckTests {
  /// A patch rejected once all its fields are merged (over the payload limit) or at one of
  /// them (the progress given text, after a field was added before it): the content, the
  /// change the last update recorded and what the fast path keeps of the activity are as
  /// before, so that the next update is checked, measured and shown as on an island that never
  /// saw the patch.
  @Test(
    arguments: [
      [
        "deliveryProgress": 0.5, "minutesLeft": 12, "note": "ring twice",
        "statusText": "On its way", "zzz": .string(String(repeating: "x", count: 5_000)),
      ],
      ["aNote": "ring twice", "deliveryProgress": "most of the way", "statusText": "On its way"],
    ] as [ContentState])
  func aRejectedPatchIsTakenBackOut(patch: ContentState) {
    var island = Island()
    island.at(0, pizzaDelivery)
    island.at(1_000, update("pizza", state: ["minutesLeft": 19]))
    var untouched = island
    let before = island.state
    #expect(throws: Rejection.self) {
      try island.state.apply(update("pizza", state: patch), at: 2_000)
    }
    #expect(island.state == before)
    #expect(island.state.transitions == before.transitions)
    #expect(
      island.state.activity("pizza")?.derived.payloadBytes
        == before.activity("pizza")?.derived.payloadBytes)
    let next = update(
      "pizza",
      state: [
        "deliveryProgress": 0.9, "minutesLeft": 3,
        "statusText": "Almost there, just around the corner from you",
      ])
    #expect(island.at(3_000, next) == untouched.at(3_000, next))
    #expect(island.state == untouched.state)
    #expect(island.state.transitions == untouched.state.transitions)
  }

  /// A patch that adds a field no view reads, with fields the layout shows: the change records
  /// the shown ones alone, so that the transitions are those of the patch without the new
  /// field.
  @Test func aFieldNoViewReadsIsMergedButNotRecorded() {
    var island = Island()
    island.at(0, pizzaDelivery)
    var without = island
    island.at(1_000, update("pizza", state: ["aNote": "ring twice", "minutesLeft": 18]))
    without.at(1_000, update("pizza", state: ["minutesLeft": 18]))
    #expect(island.state.activity("pizza")?.content["aNote"] == "ring twice")
    #expect(!island.state.transitions.isEmpty)
    #expect(island.state.transitions == without.state.transitions)
  }

  /// Patches that replace and add fields of every kind (strings JSON escapes and strings it
  /// writes as they are, numbers, flags), on a default layout of more fields than the measures
  /// keep, some of them over the payload limit: after each, accepted or not, the payload the
  /// activity keeps is the payload rule's count of its content and attributes.
  @Test func thePayloadKeptIsThePayloadRulesCountAfterEveryPatch() throws {
    var draws = Draws(state: 12)
    var policy = Policy()
    policy.payloadLimit = 600
    var island = Island(policy: policy)
    var content = ContentState()
    for index in 0..<12 { content["field\(index)"] = .string("value \(index)") }
    island.at(0, start("wide", state: content))
    for step in 1...2_000 {
      var patch = ContentState()
      for _ in 0..<(1 + draws.below(3)) {
        let name = draws.below(8) == 0 ? "added\(draws.below(20))" : "field\(draws.below(12))"
        patch[name] = draws.value()
      }
      _ = try? island.state.apply(update("wide", state: patch), at: Milliseconds(step) * 1_000)
      let activity = try #require(island.state.activity("wide"))
      let counted =
        PayloadSize.jsonLength(of: activity.content)
        + PayloadSize.attributeBytes(
          id: "wide", app: "com.example.food", url: nil, links: RegionLinks())
      #expect(activity.derived.payloadBytes == counted, "step \(step): \(activity.content)")
    }
  }
}
