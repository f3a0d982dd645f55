import IslandCore
import Testing

// Rules/Placement.swift: Part 2, "Ranking and placement" (the ranking itself: RankingTests).

@Suite("Placement")
struct PlacementTests {
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
