import IslandCore
import Testing

// Rules/Ranking.swift: Part 2, "Ranking and placement": eligible activities (active or
// stale), higher relevance first, equal relevance the earlier start first.

@Suite("Ranking")
struct RankingTests {
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

  @Test("relevance changed by an update re-ranks at once")
  func updateReranks() {
    var island = Island()
    island.at(0, start("a", app: "com.a", relevance: 30))
    island.at(1, start("b", app: "com.b", relevance: 20))
    island.at(2, update("b", relevance: 40))
    #expect(island.island == "b")
    #expect(island.detached == "a")
  }

  @Test("every eligible activity is ranked: relevance first, then start order, whatever the app")
  func rankedActivitiesInOrder() {
    var island = Island()
    island.at(0, start("a", app: "com.a", relevance: 5))
    island.at(1, start("b", app: "com.b", relevance: 50))
    island.at(2, start("c", app: "com.a", relevance: 5))
    island.at(3, start("d", app: "com.c", relevance: 0.5))
    island.at(4, start("e", app: "com.b", relevance: 50))
    #expect(island.state.rankedActivities.map(\.id) == ["b", "e", "a", "c", "d"])
  }

  @Test("a stale activity is still ranked; an ended one is not")
  func eligibility() {
    var island = Island()
    island.at(0, start("stale", app: "com.a", relevance: 9, stale: 10))
    island.at(1, start("ended", app: "com.b", relevance: 99))
    island.at(2, start("live", app: "com.c", relevance: 1))
    island.at(20, end("ended"))
    #expect(island.state.activity("stale")?.phase == .stale)
    #expect(island.state.rankedActivities.map(\.id) == ["stale", "live"])
  }
}
