import IslandCore
import Testing

@Suite struct JSONWriterTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (20, "20"), (-3, "-3"), (0.1, "0.1"), (1.5, "1.5"),
    (36.67, "36.67"), (1e16, "10000000000000000"), (1e17, "1e+17"),
    (Double.leastNonzeroMagnitude, "5e-324"),
    (9_007_199_254_740_991, "9007199254740991"),
    (Double.infinity, "null"), (Double.nan, "null"),
  ])
  func numbers(value: Double, text: String) {
    #expect(JSONValue.number(value).compactText == text)
  }

  @Test func stringsEscapeOnlyWhatJSONRequires() {
    let text = "a\"b\\c\n\t\r\u{8}\u{c}\u{1}/é🍕\u{2028}"
    #expect(
      JSONValue.string(text).compactText
        == "\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001/é🍕\u{2028}\"")
  }

  /// The writer appends the runs between escapes whole, found eight bytes at a time: it
  /// writes what escaping byte by byte writes, for escapes at every position of a word,
  /// next to each other, at either end, and among non-ASCII text.
  @Test func stringsAreWrittenAsEscapingByteByByteWrites() {
    func byteByByte(_ text: String) -> [UInt8] {
      var bytes: [UInt8] = [0x22]
      for byte in text.utf8 {
        switch byte {
        case 0x22, 0x5C: bytes += [0x5C, byte]
        case 0x0A: bytes += Array(#"\n"#.utf8)
        case 0x0D: bytes += Array(#"\r"#.utf8)
        case 0x09: bytes += Array(#"\t"#.utf8)
        case 0x08: bytes += Array(#"\b"#.utf8)
        case 0x0C: bytes += Array(#"\f"#.utf8)
        case 0..<0x20:
          let hex = Array("0123456789abcdef".utf8)
          bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default: bytes.append(byte)
        }
      }
      return bytes + [0x22]
    }
    let pieces =
      ["a", "Z", "0", " ", "/", "\"", "\\", "é", "🍕", "\u{2028}", "\u{7F}"]
      + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<20_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var draw = seed
      let length = Int(draw % 41)
      var text = ""
      for _ in 0..<length {
        // Mostly plain letters, so that runs of every length come between the escapes.
        draw = draw &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let pick = Int(draw >> 33)
        text += pick % 4 == 0 ? pieces[(pick >> 2) % pieces.count] : "x"
      }
      var bytes: [UInt8] = []
      JSONWriter.appendString(text, to: &bytes)
      #expect(bytes == byteByByte(text), "\(Array(text.utf8))")
    }
  }

  @Test func objectsKeepTheirOrder() {
    let value: JSONValue = ["z": 1, "a": [true, nil, "x"], "m": [:], "e": []]
    #expect(value.compactText == #"{"z":1,"a":[true,null,"x"],"m":{},"e":[]}"#)
    #expect(
      value.indentedText == """
        {
          "z": 1,
          "a": [
            true,
            null,
            "x"
          ],
          "m": {},
          "e": []
        }
        """)
  }

  @Test func writtenTextParsesBackToTheSameValue() throws {
    let value: JSONValue = [
      "n": [0.1, 1e300, -2.5e-8, 123_456_789_012_345_680, 0.3], "s": "\u{0}\u{1F}ü\u{10FFFF}",
      "nested": ["a": [[], [:]]],
    ]
    #expect(try JSONValue.parse(value.compactText) == value)
    #expect(try JSONValue.parse(value.indentedText) == value)
  }
}

@Suite struct JSONParserTests {
  @Test(arguments: [
    ("1e3", 1000.0), ("-0", -0.0), ("1.5", 1.5), ("0.000123", 0.000123), ("1E+2", 100),
    ("123456789012345678901234567890", 1.2345678901234568e29),
    ("2.2250738585072014e-308", 2.2250738585072014e-308),
    ("0.30000000000000004", 0.30000000000000004), ("9007199254740993.0", 9_007_199_254_740_992),
    ("1e-400", 0), ("17976931348623157e292", 1.7976931348623157e308),
  ])
  func numbers(text: String, value: Double) throws {
    #expect(try JSONValue.parse(text) == .number(value))
  }

  @Test func escapesAndSurrogatePairs() throws {
    #expect(
      try JSONValue.parse(#""\"\\\/\b\f\n\r\t\u00e9\uD83C\uDF55\u0000""#)
        == .string("\"\\/\u{8}\u{c}\n\r\t\u{e9}🍕\u{0}"))
  }

  @Test(arguments: [
    ("", "unexpected end of JSON at byte 0"),
    ("  ", "unexpected end of JSON at byte 2"),
    ("01", "malformed number at byte 1"),
    ("1.", "malformed number at byte 2"),
    ("-", "malformed number at byte 1"),
    (".5", "unexpected character '.' at byte 0"),
    ("1e", "malformed number at byte 2"),
    ("1e400", "number out of range at byte 0"),
    ("tru", "unexpected end of JSON at byte 3"),
    ("trUe", "unexpected character 'U' at byte 2"),
    ("nul", "unexpected end of JSON at byte 3"),
    ("[1,]", "unexpected character ']' at byte 3"),
    ("[1 2]", "unexpected character '2' at byte 3"),
    ("{\"a\":1,}", "unexpected character '}' at byte 7"),
    ("{\"a\" 1}", "unexpected character '1' at byte 5"),
    ("{a:1}", "unexpected character 'a' at byte 1"),
    ("{\"a\":1,\"a\":2}", "duplicate key \"a\" at byte 7"),
    ("\"a\\x\"", "invalid escape in string at byte 2"),
    ("\"\\uD83C\"", "invalid \\u escape (bad hex or unpaired surrogate) at byte 1"),
    ("\"\\uDF55\"", "invalid \\u escape (bad hex or unpaired surrogate) at byte 1"),
    ("\"\\u12G4\"", "invalid \\u escape (bad hex or unpaired surrogate) at byte 1"),
    ("\"a\tb\"", "unescaped control character in string at byte 2"),
    ("\"abc", "unexpected end of JSON at byte 4"),
    ("1 2", "unexpected characters after the JSON value at byte 2"),
    ("NaN", "unexpected character 'N' at byte 0"),
    ("'a'", "unexpected character ''' at byte 0"),
  ])
  func errorsNameTheByte(text: String, message: String) {
    #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    do {
      _ = try JSONValue.parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func invalidUTF8IsAnErrorAtItsByte() {
    for (bytes, offset) in [
      ([0x22, 0x61, 0xFF, 0x22], 2), ([0x22, 0xC3, 0x22], 1), ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),
      ([0x22, 0xC0, 0xAF, 0x22], 1), ([0x22, 0x5C, 0x6E, 0xE2, 0x82, 0x22], 3),
    ] as [([UInt8], Int)] {
      #expect(throws: JSONParseError(offset: offset, kind: .invalidUTF8)) {
        try JSONValue.parse(bytes)
      }
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONParseError(offset: JSONScanner.maximumDepth, kind: .tooDeep)) {
      try JSONValue.parse(deep)
    }
  }

  @Test func largeObjectsFindDuplicates() throws {
    let keys = (0..<40).map { "\"k\($0)\":\($0)" }
    #expect(throws: JSONParseError.self) {
      try JSONValue.parse("{" + (keys + ["\"k33\":1"]).joined(separator: ",") + "}")
    }
    #expect(try JSONValue.parse("{" + keys.joined(separator: ",") + "}")["k39"] == 39)
  }
}

@Suite struct IslandStateJSONTests {
  @Test func keysComeInTheContractOrder() throws {
    var state = IslandState()
    try state.apply(
      .start(
        Start(
          activity: "pizza", app: "com.example.food", relevance: 50,
          state: Layout.catalogue[0].sampleState, layout: .named("delivery"))), at: 0)
    guard case .object(let members) = state.json else {
      Issue.record("not an object")
      return
    }
    #expect(
      members.map(\.0) == [
        "seq", "t", "device", "profile", "mode", "island", "detached", "expandedReason", "hidden",
        "activities", "geometry", "zones", "transitions", "animations", "effects", "warnings",
      ])
    #expect(state.json["mode"] == "compact")
    #expect(state.json["island"] == "pizza")
    #expect(
      state.json["geometry"]
        == ["width": 230, "height": 36.67, "top": 11, "cornerRadius": 18.34, "detached": nil])
    let activity = state.json["activities"]?.arrayValue?.first
    #expect(
      activity?.objectValue?.map(\.0) == [
        "id", "app", "phase", "relevance", "startSeq", "startedAt", "staleAt", "endedAt",
        "dismissAt", "layout", "url", "links", "alert", "state",
      ])
    #expect(activity?["state"]?.objectValue?.map(\.0) == Layout.catalogue[0].sampleState.names)
  }
}

/// Issue 13, defect 10: whole numbers above 2^53 printed as doubles lost their last digits.
@Suite struct JSONIntegerTests {
  @Test(arguments: [
    ("9007199254740993", Int64(9_007_199_254_740_993)), ("0", 0), ("-5", -5),
    ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
  ])
  func integerLiteralsReadAndWriteExactly(text: String, value: Int64) throws {
    let parsed = try JSONValue.parse(text)
    #expect(parsed.integerValue == value)
    #expect(parsed.compactText == text)
  }

  @Test(arguments: ["-0", "1.0", "1e3", "1e-400", "9223372036854775808", "1.0000000000000000001"])
  func otherNumbersAreNotIntegerLiterals(text: String) throws {
    #expect(try JSONValue.parse(text).integerValue == nil)
  }

  @Test func anIntegerEqualsTheSameNumber() {
    #expect(JSONValue.integer(20) == .number(20))
    #expect(JSONValue.integer(9_007_199_254_740_993) != .number(9_007_199_254_740_992))
  }

  @Test func stateTimesAboveTwoToThe53PrintExactly() throws {
    var policy = Policy()
    policy.dismissalDelay = 14_400_000
    var state = IslandState(configuration: Configuration(policy: policy))
    try state.fold(.start(Start(activity: "a", app: "com.a")), at: 9_007_199_254_740_001)
    try state.fold(.end(End(activity: "a")), at: 9_007_199_254_740_001)
    let text = state.json.compactText
    #expect(text.contains(#""dismissAt":9007199269140001"#), "\(text)")
  }
}
