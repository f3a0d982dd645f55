import IslandProperties
import Testing

@testable import IslandCore

/// FastPath/ContentChange.swift: transitions are rendered from the values an update replaced.
@Suite struct ContentChangeTests {
  /// Transitions are rendered when read, from the values the update replaced: a field that
  /// changes without changing its zone's text makes none, and an added field reads as absent
  /// before.
  @Test func transitionsAreRenderedFromTheValuesBefore() {
    var island = Island()
    island.at(0, pizzaDelivery)
    island.at(1_000, update("pizza", state: ["minutesLeft": 19]))
    #expect(
      island.state.transitions.map { "\($0.zone) \($0.kind) \($0.from) → \($0.to)" } == [
        "compactTrailing numericText 20м → 19м",
        "trailing numericText [clock] 20 мин → [clock] 19 мин",
      ])
    // The same text again: no transition (the field is a number now as before).
    island.at(2_000, update("pizza", state: ["minutesLeft": 19.0]))
    #expect(island.state.transitions.isEmpty)
    // Another event forgets them.
    island.at(3_000, update("pizza", state: ["minutesLeft": 18]))
    #expect(!island.state.transitions.isEmpty)
    island.at(4_000, .tick)
    #expect(island.state.transitions.isEmpty)
  }
}
