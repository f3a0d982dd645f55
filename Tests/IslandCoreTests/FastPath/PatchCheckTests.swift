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
}
