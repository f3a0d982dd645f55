import IslandCore
import Testing

// Rules/PayloadSize.swift: Part 2, "Limits and errors": the content state as compact JSON,
// plus the id, the app, the widget URL and the region links as JSON strings, at most
// `Policy.payloadLimit` (4096) bytes.

@Suite("Payload size")
struct PayloadSizeTests {
  /// The bytes a start of `state` (id "a", app "com.a") carries, as the rejection under a
  /// limit of 1 byte counts them.
  static func bytes(
    _ state: ContentState, url: String? = nil, links: RegionLinks = RegionLinks()
  ) -> Int? {
    var policy = Policy()
    policy.payloadLimit = 1
    var island = IslandState(configuration: Configuration(policy: policy))
    do {
      try island.fold(
        .start(Start(activity: "a", app: "com.a", state: state, url: url, links: links)), at: 0)
      return nil
    } catch {
      let words = error.description.split(separator: " ")
      guard let index = words.firstIndex(of: "bytes") else { return nil }
      return Int(words[index - 1])
    }
  }

  /// `"a"` and `"com.a"`: the attributes of every start here.
  static let attributes = 3 + 7

  @Test("the state counts as compact JSON: braces, commas, quoted names, values as written")
  func compactJSON() {
    #expect(PayloadSizeTests.bytes([:]) == 2 + PayloadSizeTests.attributes)
    // {"n":1}
    #expect(PayloadSizeTests.bytes(["n": 1]) == 7 + PayloadSizeTests.attributes)
    // {"n":1,"m":true}
    #expect(PayloadSizeTests.bytes(["n": 1, "m": true]) == 16 + PayloadSizeTests.attributes)
  }

  @Test(
    "a value counts as the state's JSON writes it",
    arguments: [
      (ContentValue.number(0.1), "0.1"), (.number(1e16), "10000000000000000"),
      (.number(1e17), "1e+17"), (.number(-2.5), "-2.5"), (.number(12), "12"),
      (.bool(false), "false"), (.string("Pizza"), "\"Pizza\""),
      (.string("a\"b\\c"), #""a\"b\\c""#), (.string("line\nbreak"), #""line\nbreak""#),
      (.string("\u{1}"), #""\u0001""#), (.string("é配🍕"), "\"é配🍕\""),
    ])
  func valueAsWritten(value: ContentValue, written: String) {
    // {"v":…}
    let expected = 6 + written.utf8.count + PayloadSizeTests.attributes
    #expect(PayloadSizeTests.bytes(["v": value]) == expected)
  }

  @Test("the widget URL and each region link count as JSON strings")
  func attributesCount() {
    let plain = PayloadSizeTests.bytes(["n": 1])
    #expect(PayloadSizeTests.bytes(["n": 1], url: "food://x") == plain.map { $0 + 10 })
    #expect(
      PayloadSizeTests.bytes(["n": 1], url: "food://x", links: RegionLinks(bottom: "food://b"))
        == plain.map { $0 + 20 })
  }

  @Test("exactly the limit is accepted, one byte more is rejected, at a start and an update")
  func limitIsInclusive() throws {
    // {"note":"x…"} with "a" and "com.example.food": 11 + 3 + 18 bytes around the text.
    let around = 11 + 3 + 18
    var island = Island()
    island.rejects(
      0, start("a", state: ["note": .string(String(repeating: "x", count: 4_096 - around + 1))]),
      "start rejected: activity \"a\" would carry 4097 bytes of state and attributes, over the "
        + "4096-byte limit")
    island.at(
      0, start("a", state: ["note": .string(String(repeating: "x", count: 4_096 - around))]))
    island.rejects(
      1, update("a", state: ["note": .string(String(repeating: "y", count: 4_096 - around + 1))]),
      "update rejected: activity \"a\" would carry 4097 bytes of state and attributes, over the "
        + "4096-byte limit")
    island.at(
      1, update("a", state: ["note": .string(String(repeating: "y", count: 4_096 - around))]))
  }
}
