import IslandCore
import Testing

/// The state keeps its most recent effects and warnings, each at its place in the whole
/// series; outcomes still report every one.
@Suite struct RecentWindowTests {
  /// One activity under tap-opens, tapped `taps` times: one openURL effect a tap.
  static func tapped(_ taps: Int) -> (island: Island, outcomes: [Outcome?]) {
    var island = Island(profile: .tapOpens)
    island.at(0, start("a", url: "a://widget"))
    let outcomes = (1...taps).map { island.at(Milliseconds($0) * second, .tap(.island)) }
    return (island, outcomes)
  }

  @Test func theStateKeepsTheMostRecentEffectsAtTheirPositions() {
    let (island, outcomes) = Self.tapped(300)
    let capacity = RecentWindow<Effect>.capacity
    #expect(capacity == 256)
    #expect(island.state.effects.count == capacity)
    #expect(island.state.effects.startIndex == 300 - capacity)
    #expect(island.state.effects.endIndex == 300)
    #expect(island.state.effects.first?.seq == 2 + 300 - capacity)
    #expect(island.state.effects.last?.seq == 301)
    #expect(island.state.effects[299].seq == 301)
    #expect(outcomes.allSatisfy { $0?.effects.count == 1 })
  }

  @Test func aWindowUnderItsCapacityIsTheWholeSeries() {
    let (island, _) = Self.tapped(3)
    #expect(island.state.effects.map(\.seq) == [2, 3, 4])
    #expect(island.state.effects.startIndex == 0)
  }

  @Test func aRejectedEventLeavesAFullWindowAsItWas() {
    var (island, _) = Self.tapped(600)
    island.rejects(
      700 * second, update("ghost"), "update rejected: activity \"ghost\" does not exist")
  }

  @Test func twoStatesWithTheSameRecentEffectsButDifferentPastsDiffer() {
    #expect(Self.tapped(300).island.state.effects != Self.tapped(301).island.state.effects)
    #expect(Self.tapped(300).island.state.effects == Self.tapped(300).island.state.effects)
  }
}
