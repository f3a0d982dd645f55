import IslandCore
import IslandProperties
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

  /// A fraction is written as Swift's shortest text that reads back as it (the engine writes
  /// the short ones itself): decimals of every length and scale, sums that gather rounding
  /// error (`0.30000000000000004`), random bit patterns from 2^-12 to 2^53 and their
  /// neighbours, and the edges of the engine's own writing (10^-3, 10^8, seven digits).
  @Test func fractionsAreWrittenAsSwiftWritesThem() {
    var random = SplitMix64(seed: 12)
    var numbers: [Double] = [
      1e-3, 0.000_999_999_999_999_999_9, 0.1 + 0.2, 0.5, 0.25, 1.5, 2.5, 0x1p-3, 0x1p51 + 0.5,
      99_999_999.5, 100_000_000.5, 99_999_999.999_999_9, 0.000_000_1, 0.123_456_7,
      0.123_456_78, 1_234_567.123_456_7, 0.023_379_999_999_999_998, 0.061_269_999_999_999_99,
    ]
    let powers = (0...19).map { power in
      (0..<power).reduce(1 as UInt64) { product, _ in product * 10 }
    }
    for _ in 0..<40_000 {
      // A decimal of up to 17 digits with up to 19 after the point.
      let digits = Int(random.next() % 17) + 1
      let scale = Int(random.next() % 20)
      numbers.append(Double(random.next() % powers[digits]) / Double(powers[scale]))
      // A random double between 2^-12 and 2^53, and its neighbours.
      let exponent = UInt64(1023 - 12 + Int(random.next() % 65))
      let number = Double(bitPattern: exponent << 52 | random.next() >> 12)
      numbers += [number, number.nextUp, number.nextDown, -number]
    }
    var sum = 0.0
    for step in 0..<2_000 {
      sum += 0.01
      numbers += [sum, Double(step) * 0.1, Double(step) / 3, 1 / Double(step + 1)]
    }
    for number in numbers where number.rounded() != number || abs(number) >= 1e17 {
      var expected = ""
      number.write(to: &expected)
      guard ContentValue.format(number) == expected else {
        Issue.record("\(expected) written as \(ContentValue.format(number))")
        return
      }
    }
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
