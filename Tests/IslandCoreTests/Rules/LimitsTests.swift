import IslandCore
import Testing

// Part 2, "Limits and errors": Rules/Limits.swift, PayloadSize.swift, Validation.swift,
// LayoutChecks.swift.

@Suite("Limits and errors")
struct LimitTests {
  @Test("start of an id already used is rejected, even after it ended")
  func reusedID() {
    var island = Island()
    island.at(0, start("a"))
    island.rejects(
      1, start("a"), "start rejected: activity \"a\" already exists (ids are never reused)")
    island.at(2, end("a", dismissal: .immediate))
    island.rejects(
      3, start("a"), "start rejected: activity \"a\" already exists (ids are never reused)")
  }

  @Test("update or end of an unknown activity is rejected")
  func unknownActivity() {
    var island = Island()
    island.rejects(0, update("ghost"), "update rejected: activity \"ghost\" does not exist")
    island.rejects(0, end("ghost"), "end rejected: activity \"ghost\" does not exist")
  }

  @Test("update or end of an ended activity is rejected")
  func endedActivity() {
    var island = Island()
    island.at(0, start("pizza"))
    island.at(1, end("pizza"))
    island.rejects(2, update("pizza"), "update rejected: activity \"pizza\" has ended")
    island.rejects(2, end("pizza"), "end rejected: activity \"pizza\" has ended")
  }

  @Test("more than 5 live activities of one app is rejected")
  func perAppLimit() {
    var island = Island()
    for index in 1...5 { island.at(0, start("a\(index)")) }
    island.rejects(
      0, start("a6"),
      "start rejected: app \"com.example.food\" already has 5 live activities, its limit")
    island.at(1, end("a1"))
    island.at(2, start("a6"))
  }

  @Test("more than 10 live activities on the device is rejected")
  func deviceLimit() {
    var island = Island()
    for index in 1...10 { island.at(0, start("a\(index)", app: "com.app\(index)")) }
    island.rejects(
      0, start("a11", app: "com.app11"),
      "start rejected: the device already has 10 live activities, its limit")
  }

  @Test("state plus attributes over 4096 bytes is rejected, at start and on update")
  func payloadLimit() {
    var island = Island()
    let big = String(repeating: "x", count: 4_000)
    island.rejects(
      0, start("a", state: ["minutesLeft": 1, "note": .string(big + big)]),
      "start rejected: activity \"a\" would carry 8048 bytes of state and attributes, over the "
        + "4096-byte limit")
    island.at(0, start("a", state: ["minutesLeft": 1, "note": .string(big)]))
    island.rejects(
      1, update("a", state: ["more": .string(String(repeating: "y", count: 100))]),
      "update rejected: activity \"a\" would carry 4158 bytes of state and attributes, over the "
        + "4096-byte limit")
  }

  @Test(
    "a malformed URL is rejected", arguments: ["food", "://x", "food://a b", "1food://x", "food:"])
  func malformedURL(url: String) {
    var island = Island()
    island.rejects(
      0, start("a", url: url), "start rejected: widget URL \"\(url)\" is not a valid URL")
    island.rejects(
      0, start("a", links: RegionLinks(bottom: url)),
      "start rejected: bottom link \"\(url)\" is not a valid URL")
  }

  @Test("time going backwards is rejected")
  func timeBackwards() {
    var island = Island()
    island.at(100, start("a"))
    island.rejects(
      99, .tick, "tick rejected: time went backwards: t=99 is before the current time 100")
  }

  @Test("a tap on something not on screen is rejected")
  func tapNotOnScreen() {
    var island = Island()
    island.rejects(
      0, .tap(.island),
      "tap rejected: island is not on screen: the island is idle: no activity is shown")
    island.at(0, start("a"))
    island.rejects(
      0, .tap(.detached),
      "tap rejected: detached is not on screen: the island is compact: there is no detached bubble")
    island.rejects(
      0, .tap(.bottom), "tap rejected: bottom is not on screen: the island is not expanded")
    island.rejects(
      0, .longPress(.detached),
      "longPress rejected: detached is not on screen: the island is compact: there is no detached bubble"
    )
    island.at(0, .tap(.island))
    island.rejects(
      0, .tap(.island),
      "tap rejected: island is not on screen: the island is expanded: tap a region or outside")
  }

  @Test("invalid ids, apps and relevance are rejected")
  func invalidValues() {
    var island = Island()
    island.rejects(0, start(""), "start rejected: \"\" is not a valid activity id")
    island.rejects(0, start("a b"), "start rejected: \"a b\" is not a valid activity id")
    island.rejects(
      0, start("a", app: "9app"), "start rejected: \"9app\" is not a valid app bundle id")
    island.rejects(
      0, start("a", relevance: .infinity), "start rejected: relevance inf is not a finite number")
  }

  @Test("every rejection carries a hint that says what would make it valid")
  func hints() {
    var island = Island()
    do {
      try island.state.apply(update("ghost"), at: 0)
    } catch {
      #expect(error.reason.hint.contains("start it first"))
    }
  }
}
