import IslandCore
import Testing

/// The payloads of updates and ends keep what only some of them carry in a box of their own
/// (``Update``, ``End``): they must read, compare, hash and print as plain values of all
/// their fields do.
@Suite struct EventTests {
  static let alert = Alert(title: "Arriving", body: "2 min", sound: "default")

  @Test func anUpdateReadsBackEveryFieldItWasMadeWith() {
    let update = Update(
      activity: "a", state: ["n": .number(1)], relevance: 0.5, stale: 9, alert: EventTests.alert,
      timestamp: 7, arrived: 8)
    #expect(update.activity == "a")
    #expect(update.state == ["n": .number(1)])
    #expect(update.relevance == 0.5)
    #expect(update.stale == 9)
    #expect(update.alert == EventTests.alert)
    #expect(update.timestamp == 7)
    #expect(update.arrived == 8)
  }

  @Test func aChangedCopyLeavesTheOriginalAsItWas() {
    let original = Update(activity: "a", relevance: 0.5, alert: EventTests.alert)
    var changed = original
    changed.alert = nil
    changed.arrived = 3
    #expect(original.alert == EventTests.alert)
    #expect(original.arrived == nil)
    #expect(changed.alert == nil)
    #expect(changed.relevance == 0.5)
    #expect(changed.arrived == 3)
    #expect(changed != original)
  }

  @Test func updatesWithTheSameFieldsAreEqualHoweverTheyWereMade() {
    var cleared = Update(activity: "a", stale: 4, timestamp: 2)
    cleared.stale = nil
    cleared.timestamp = nil
    #expect(cleared == Update(activity: "a"))
    #expect(Set([cleared, Update(activity: "a")]).count == 1)
    var set = Update(activity: "a")
    set.relevance = 1
    #expect(set == Update(activity: "a", relevance: 1))
    #expect(set.hashValue == Update(activity: "a", relevance: 1).hashValue)
    #expect(Update(activity: "a", relevance: 1) != Update(activity: "a", relevance: 2))
    #expect(Update(activity: "a") != Update(activity: "a", arrived: 0))
  }

  @Test func anEndReadsBackEveryFieldAndComparesByThem() {
    let end = End(
      activity: "a", state: ["n": .number(1)], dismissal: .after(60), timestamp: 7, arrived: 8)
    #expect(end.dismissal == .after(60))
    #expect(end.timestamp == 7)
    #expect(end.arrived == 8)
    var cleared = end
    cleared.dismissal = .default
    cleared.timestamp = nil
    cleared.arrived = nil
    #expect(cleared == End(activity: "a", state: ["n": .number(1)]))
    #expect(cleared.dismissal == .default)
    #expect(End(activity: "a", dismissal: .immediate) != End(activity: "a"))
    #expect(Set([cleared, End(activity: "a", state: ["n": .number(1)])]).count == 1)
  }

  @Test func theDescriptionsShowEveryField() {
    #expect(
      String(describing: Update(activity: "a", relevance: 0.5))
        == "Update(activity: \"a\", state: IslandCore.ContentState(fields: []),"
        + " relevance: Optional(0.5), stale: nil, alert: nil, timestamp: nil, arrived: nil)")
    #expect(
      String(describing: End(activity: "a", dismissal: .immediate))
        == "End(activity: \"a\", state: nil, dismissal: IslandCore.Dismissal.immediate,"
        + " timestamp: nil, arrived: nil)")
  }
}
