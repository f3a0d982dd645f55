import IslandCore
import IslandREPL
import Testing

@Suite struct ValueSyntaxTests {
  @Test(arguments: [
    ("20", false, ContentValue.number(20)), ("-3", false, .number(-3)),
    ("0.25", false, .number(0.25)), (".5", false, .number(0.5)), ("1e-05", false, .number(1e-05)),
    ("1.5E+20", false, .number(1.5e20)), ("true", false, .bool(true)),
    ("false", false, .bool(false)), ("Cooking", false, .string("Cooking")),
    ("nan", false, .string("nan")), ("inf", false, .string("inf")),
    ("1.2.3", false, .string("1.2.3")), ("0x10", false, .string("0x10")),
    ("20", true, .string("20")), ("true", true, .string("true")), ("", false, .string("")),
  ])
  func fieldValuesReadAsNumbersBooleansOrStrings(
    text: String, quoted: Bool, value: ContentValue
  ) {
    #expect(ValueSyntax.fieldValue(text, quoted: quoted) == value)
  }

  @Test(arguments: [
    ContentValue.number(20), .number(-0.5), .number(1e-05), .number(1e300), .bool(true),
    .string("20"), .string("Pizza Roma"), .string("false"), .string(""), .string("a\"b'c"),
  ])
  func writtenValuesReadBackEqual(value: ContentValue) throws {
    let written = ValueSyntax.write(value)
    let token = try #require(try Token.split("x=" + written).first)
    let text = String(token.text.dropFirst(2))
    #expect(ValueSyntax.fieldValue(text, quoted: token.quotedFrom != nil) == value)
  }

  @Test(arguments: [
    ("500ms", Milliseconds(500)), ("2.5s", 2_500), ("10m", 600_000), ("8h", 28_800_000),
    ("1h30m", 5_400_000), ("1m2.2s", 62_200), ("0s", 0), (".5s", 500), ("0.1h", 360_000),
  ])
  func durationsRead(text: String, milliseconds: Milliseconds) {
    #expect(ValueSyntax.duration(text) == milliseconds)
  }

  @Test(arguments: ["5", "", "s", "2.5.5s", "1x", "0.0001s", "-5s", "5 s", "1e3s", "99999999999h"])
  func notDurations(text: String) {
    #expect(ValueSyntax.duration(text) == nil)
  }

  @Test(
    arguments: [
      0, 1, 999, 1_000, 1_500, 62_200, 600_000, 3_600_000, 5_400_000, 3_600_500, 29_400_001,
    ] as [Milliseconds])
  func writtenDurationsReadBackEqual(milliseconds: Milliseconds) {
    #expect(ValueSyntax.duration(ValueSyntax.write(duration: milliseconds)) == milliseconds)
  }

  @Test func durationsAreWrittenInHoursMinutesAndSeconds() {
    #expect(ValueSyntax.write(duration: 62_200) == "1m2.2s")
    #expect(ValueSyntax.write(duration: 5_400_000) == "1h30m")
    #expect(ValueSyntax.write(duration: 500) == "500ms")
    #expect(ValueSyntax.write(duration: 0) == "0s")
  }

  @Test func momentsAreFromNowOrOnTheClock() {
    #expect(ValueSyntax.moment("10m", now: 60_000) == 660_000)
    #expect(ValueSyntax.moment("@1h", now: 60_000) == 3_600_000)
    #expect(ValueSyntax.write(moment: 660_000, now: 60_000) == "10m")
    #expect(ValueSyntax.write(moment: 30_000, now: 60_000) == "@30s")
  }
}
