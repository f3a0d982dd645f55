import IslandCore
import IslandJournal
import Testing

@Suite struct EventLineTests {
  static let entries: [LogEntry] = [
    LogEntry(
      seq: 1, t: 0,
      event: .start(
        Start(
          activity: "pizza", app: "com.example.food", relevance: 50, stale: 600_000,
          state: ["minutesLeft": 20, "status": "cooking", "hot": true, "progress": 0.25],
          layout: .named("delivery"), url: "food://order/42",
          links: RegionLinks(leading: "food://map", bottom: "food://order/42/details")))),
    LogEntry(seq: 2, t: 5, event: .start(Start(activity: "a", app: "com.example.a"))),
    LogEntry(
      seq: 3, t: 60_000,
      event: .update(
        Update(
          activity: "pizza", state: ["minutesLeft": 19], relevance: 60.5, stale: 900_000,
          alert: Alert(title: "On its way", body: "Courier \"Ana\"\n", sound: "default")))),
    LogEntry(seq: 4, t: 60_001, event: .update(Update(activity: "pizza"))),
    LogEntry(
      seq: 5, t: 60_002,
      event: .update(Update(activity: "pizza", alert: Alert(title: "T", body: "")))),
    LogEntry(seq: 6, t: 90_000, event: .end(End(activity: "pizza", state: ["minutesLeft": 0]))),
    LogEntry(seq: 7, t: 90_000, event: .end(End(activity: "a", state: [:], dismissal: .immediate))),
    LogEntry(seq: 8, t: 90_001, event: .end(End(activity: "b", dismissal: .after(100_000)))),
    LogEntry(seq: 9, t: 91_000, event: .tap(.island)),
    LogEntry(seq: 10, t: 91_001, event: .tap(.outside)),
    LogEntry(seq: 11, t: 92_000, event: .longPress(.detached)),
    LogEntry(seq: 12, t: 99_000, event: .tick),
    LogEntry(
      seq: 13, t: 9_007_199_254_740_991,
      event: .start(
        Start(
          activity: "inline", app: "com.example.b", relevance: -1e-9,
          state: ["é\u{0}": "🍕\u{1}"], layout: .inline(.delivery)))),
  ]

  @Test(arguments: entries)
  func encodedLinesDecodeToTheSameEntry(entry: LogEntry) throws {
    let line = EventLine.encode(entry)
    #expect(!line.contains("\n"))
    #expect(try decodeBoth(line).get() == entry)
  }

  @Test func linesAreWrittenAsTheFormatShowsThem() {
    #expect(
      EventLine.encode(EventLineTests.entries[0])
        == #"{"seq":1,"t":0,"event":"start","activity":"pizza","app":"com.example.food","#
        + #""relevance":50,"state":{"hot":true,"minutesLeft":20,"progress":0.25,"#
        + #""status":"cooking"},"layout":"delivery","url":"food://order/42","#
        + #""links":{"leading":"food://map","bottom":"food://order/42/details"},"stale":600000}"#)
    #expect(
      EventLine.encode(EventLineTests.entries[2])
        == #"{"seq":3,"t":60000,"event":"update","activity":"pizza","state":{"minutesLeft":19},"#
        + #""relevance":60.5,"stale":900000,"alert":{"title":"On its way","#
        + #""body":"Courier \"Ana\"\n","sound":"default"}}"#)
    #expect(
      EventLine.encode(EventLineTests.entries[7])
        == #"{"seq":8,"t":90001,"event":"end","activity":"b","dismissal":{"after":100000}}"#)
    #expect(EventLine.encode(EventLineTests.entries[11]) == #"{"seq":12,"t":99000,"event":"tick"}"#)
  }

  @Test func fieldsMayComeInAnyOrderWithWhitespaceAndEscapes() throws {
    let line =
      " {\r\n\t\"event\" : \"t\\u0061p\", \"target\":\"island\" ,\"t\":1000,\"s\\u0065q\":7 } \r"
    #expect(try decodeBoth(line).get() == LogEntry(seq: 7, t: 1000, event: .tap(.island)))
  }

  @Test(arguments: [
    (#"{"seq":1,"t":"0","event":"tick"}"#, #"field "t" must be an integer, not a string"#),
    (
      #"{"seq":1,"t":1.5,"event":"tick"}"#,
      #"field "t" must be a whole number from 0 to 9007199254740991, not 1.5"#
    ),
    (
      #"{"seq":1,"t":-1,"event":"tick"}"#,
      #"field "t" must be a whole number from 0 to 9007199254740991, not -1"#
    ),
    (
      #"{"seq":1,"t":9007199254740992,"event":"tick"}"#,
      #"field "t" must be a whole number from 0 to 9007199254740991, not 9007199254740992"#
    ),
    (#"{"seq":true,"t":0,"event":"tick"}"#, #"field "seq" must be an integer, not a boolean"#),
    (
      #"{"seq":1,"t":0,"event":"jump"}"#,
      #"unknown event "jump" (expected start, update, end, tap, longPress or tick)"#
    ),
    (#"{"seq":1,"t":0,"event":3}"#, #"field "event" must be a string, not a number"#),
    (#"{"seq":1,"t":0,"event":"tick","colour":"red"}"#, #"unknown field "colour" in a tick event"#),
    (
      #"{"colour":"red","seq":1,"t":0,"event":"start","activity":"a","app":"b"}"#,
      #"unknown field "colour" in a start event"#
    ),
    (#"{"seq":1,"t":0,"colour":"red"}"#, #"unknown field "colour""#),
    (
      #"{"seq":1,"t":0,"event":"tick","target":"island"}"#,
      #"unknown field "target" in a tick event"#
    ),
    (#"{"seq":1,"t":0,"event":"tap"}"#, #"missing field "target" in a tap event"#),
    (#"{"seq":1,"event":"tick"}"#, #"missing field "t""#),
    (
      #"{"seq":1,"t":0,"event":"tap","target":"nose"}"#,
      #"field "target" must be a tap target (island, detached, leading, trailing, center, "#
        + #"bottom, outside), not "nose""#
    ),
    (
      #"{"seq":1,"t":0,"event":"longPress","target":"bottom"}"#,
      #"field "target" must be a long-press target (island or detached), not "bottom""#
    ),
    (#"{"seq":1,"t":0,"event":"start","activity":"a"}"#, #"missing field "app" in a start event"#),
    (
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"b","state":{"x":[1]}}"#,
      #"field "state.x" must be a string, number or boolean, not an array"#
    ),
    (
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"b","state":{"x":null}}"#,
      #"field "state.x" must be a string, number or boolean, not a null"#
    ),
    (
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"b","state":[]}"#,
      #"field "state" must be an object, not an array"#
    ),
    (
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"b","links":{"top":"x://"}}"#,
      #"field "links" must be keyed by a region (leading, trailing, center, bottom), not "top""#
    ),
    (
      #"{"seq":1,"t":0,"event":"update","activity":"a","alert":{"body":"x"}}"#,
      #"missing field "alert.title""#
    ),
    (
      #"{"seq":1,"t":0,"event":"update","activity":"a","alert":{"title":"x","icon":"y"}}"#,
      #"unknown field "alert.icon""#
    ),
    (
      #"{"seq":1,"t":0,"event":"end","activity":"a","dismissal":"later"}"#,
      #"field "dismissal" must be "default", "immediate" or {"after":T}, not "later""#
    ),
    (
      #"{"seq":1,"t":0,"event":"end","activity":"a","dismissal":{"after":-5}}"#,
      #"field "dismissal.after" must be a whole number from 0 to 9007199254740991, not -5"#
    ),
    (
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"b","layout":7}"#,
      "layout must be a layout name or an object, not a number"
    ),
    (#"{"seq":1,"t":0,"event":"tick","seq":2}"#, #"invalid JSON: duplicate key "seq" at byte 30"#),
    (
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"b","state":{"x":1,"x":2}}"#,
      #"invalid JSON: duplicate key "x" at byte 71"#
    ),
    (
      #"{"format":"island-journal","version":1}"#,
      "a second header: the header belongs on the first line only"
    ),
    (#"[1,2]"#, "a line must be a JSON object, not an array"),
    ("", "empty line"),
    ("  \r", "empty line"),
    (
      #"{"seq":1,"t":0,"event":"tick"}x"#,
      "invalid JSON: unexpected characters after the JSON value at byte 30"
    ),
    (#"{"seq":1,"t":0,"event":"tick",}"#, "invalid JSON: unexpected character '}' at byte 30"),
    (#"{"seq":1,"t":0,"event":"tick""#, "invalid JSON: unexpected end of JSON at byte 29"),
    (#"{"seq":1,"t":01,"event":"tick"}"#, "invalid JSON: malformed number at byte 14"),
  ])
  func badLinesNameTheProblem(line: String, message: String) {
    #expect(decodeMessage(line) == message)
  }

  @Test func invalidUTF8IsAnErrorAtItsByte() {
    var bytes = Array(
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"b","state":{"x":"#.utf8)
    bytes += [0x22, 0x61, 0xC3, 0x28, 0x22, 0x7D, 0x7D]
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JournalLineError) in try EventLine.decode(buffer) }
    }
    #expect(result == .failure(.syntax(JSONParseError(offset: 71, kind: .invalidUTF8))))
    #expect(
      (try? result.get()) == nil
        && JournalLineError.syntax(JSONParseError(offset: 71, kind: .invalidUTF8)).description
          == "invalid JSON: invalid UTF-8 at byte 71"
    )
  }
}
