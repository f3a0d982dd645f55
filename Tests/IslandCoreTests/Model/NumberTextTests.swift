import IslandCore
import Testing

/// One text per number (``NumberText``): what a zone shows, what the state's JSON writes and
/// what the payload limit counts are the same bytes.
@Suite struct NumberTextTests {
  static let numbers: [Double] = [
    0, -0.0, 20, -3, 0.1, 1.5, 36.67, 1e15, 9_007_199_254_740_991, 9_007_199_254_740_992,
    9_007_199_254_740_994, 1e16, -1e16, 99_999_999_999_999_984, 1e17, -1e17, 1.5e17, 1e300,
    Double.leastNonzeroMagnitude, -Double.greatestFiniteMagnitude, 2.5e-8,
  ]

  @Test(arguments: numbers)
  func theDisplayTheJSONAndThePayloadCountAgree(number: Double) {
    let written = JSONValue.number(number).compactText
    #expect(ContentValue.number(number).displayText == written)
    #expect(PayloadSize.jsonLength(of: .number(number)) == written.utf8.count)
    #expect(FieldMeasure(.number(number)).jsonLength == written.utf8.count)
  }

  @Test func wholeNumbersBelowTenToTheSeventeenAreWrittenAsIntegers() {
    #expect(ContentValue.format(1e16) == "10000000000000000")
    #expect(ContentValue.format(9_007_199_254_740_994) == "9007199254740994")
    #expect(ContentValue.format(1e17) == "1e+17")
    #expect(ContentValue.format(0.25) == "0.25")
  }

  /// The case issue 12 names: 1e16 was counted as `1e+16` (5 bytes) toward the payload limit
  /// but written as its 17 digits.
  @Test func theLimitCountsTenToTheSixteenAsItsSeventeenDigits() {
    let content: ContentState = ["n": .number(1e16)]
    let payload =
      PayloadSize.attributeBytes(id: "a", app: "com.example.food", url: nil, links: RegionLinks())
      + content.json.compactText.utf8.count
    var policy = Policy()
    policy.payloadLimit = payload
    var island = Island(policy: policy)
    island.at(0, start("a", state: content))
    #expect(island.state.activity("a")?.derived.payloadBytes == payload)
    policy.payloadLimit = payload - 1
    var tight = Island(policy: policy)
    tight.rejects(
      0, start("a", state: content),
      "start rejected: activity \"a\" would carry \(payload) bytes of state and attributes, "
        + "over the \(payload - 1)-byte limit")
  }
}
