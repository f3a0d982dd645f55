import IslandCore
import IslandJournal
import Testing

/// The limits and rules of Part 2 that refuse an event: in a journal each is an error at the
/// event's line, and nothing after it is read.
@Suite struct JournalRejectionTests {
  /// Replays a header and `lines` (events without `seq`, which is added) and returns the
  /// error, without the directory.
  func replay(_ lines: [String], header: String = headerLine) -> String {
    var text = header + "\n"
    for (index, line) in lines.enumerated() {
      text += "{\"seq\":\(index + 1)," + line.dropFirst() + "\n"
    }
    let directory = TemporaryDirectory()
    let path = directory.write("limits.jsonl", text)
    do {
      let replay = try Journal.replay(path: path)
      return "accepted through seq \(replay.state.seq)"
    } catch {
      return error.description.replacingOccurrences(of: directory.path + "/", with: "")
    }
  }

  static func start(
    _ id: String, app: String = "com.example.a", t: Int = 0, extra: String = ""
  ) -> String {
    #"{"t":"# + String(t) + #","event":"start","activity":""# + id + #"","app":""# + app + #"""#
      + extra + "}"
  }

  @Test func anIdIsNeverReused() {
    #expect(
      replay([Self.start("a"), Self.start("a")])
        == #"limits.jsonl:3: start rejected: activity "a" already exists (ids are never reused)"#)
  }

  @Test func updatesAndEndsNeedALiveActivity() {
    #expect(
      replay([#"{"t":0,"event":"update","activity":"ghost"}"#])
        == #"limits.jsonl:2: update rejected: activity "ghost" does not exist"#)
    #expect(
      replay([
        Self.start("a"), #"{"t":1,"event":"end","activity":"a"}"#,
        #"{"t":2,"event":"update","activity":"a","state":{"n":1}}"#,
      ]) == #"limits.jsonl:4: update rejected: activity "a" has ended"#)
    #expect(
      replay([
        Self.start("a"), #"{"t":1,"event":"end","activity":"a"}"#,
        #"{"t":2,"event":"end","activity":"a"}"#,
      ]) == #"limits.jsonl:4: end rejected: activity "a" has ended"#)
  }

  @Test func fiveLiveActivitiesPerApp() {
    let starts = (1...6).map { Self.start("a\($0)") }
    #expect(
      replay(starts)
        == #"limits.jsonl:7: start rejected: app "com.example.a" already has 5 live activities, "#
        + "its limit")
    // Ended ones do not count.
    #expect(
      replay(
        starts.prefix(5) + [#"{"t":1,"event":"end","activity":"a1"}"#, Self.start("a6", t: 2)])
        == "accepted through seq 7")
  }

  @Test func tenLiveActivitiesPerDevice() {
    let starts = (1...11).map { Self.start("a\($0)", app: "com.example.app\($0)") }
    #expect(
      replay(starts)
        == "limits.jsonl:12: start rejected: the device already has 10 live activities, its limit")
  }

  @Test func theHeaderPolicyChangesTheLimits() {
    let header =
      #"{"format":"island-journal","version":1,"policy":{"activitiesPerApp":2}}"#
    #expect(
      replay([Self.start("a1"), Self.start("a2"), Self.start("a3")], header: header)
        == #"limits.jsonl:4: start rejected: app "com.example.a" already has 2 live activities, "#
        + "its limit")
  }

  @Test func stateAndAttributesOver4096Bytes() {
    let note = String(repeating: "x", count: 4_100)
    #expect(
      replay([Self.start("a", extra: #","state":{"note":""# + note + #""}"#)])
        == #"limits.jsonl:2: start rejected: activity "a" would carry 4129 bytes of state and "#
        + "attributes, over the 4096-byte limit")
  }

  @Test func malformedURLs() {
    #expect(
      replay([Self.start("a", extra: #","url":"order 42""#)])
        == #"limits.jsonl:2: start rejected: widget URL "order 42" is not a valid URL"#)
    #expect(
      replay([Self.start("a", extra: #","links":{"bottom":"no-scheme"}"#)])
        == #"limits.jsonl:2: start rejected: bottom link "no-scheme" is not a valid URL"#)
  }

  @Test func tapsOnWhatIsNotOnScreen() {
    #expect(
      replay([Self.start("a"), #"{"t":1,"event":"tap","target":"detached"}"#])
        == "limits.jsonl:3: tap rejected: detached is not on screen: the island is compact: "
        + "there is no detached bubble")
    #expect(
      replay([Self.start("a"), #"{"t":1,"event":"tap","target":"bottom"}"#])
        == "limits.jsonl:3: tap rejected: bottom is not on screen: the island is not expanded")
  }

  @Test func unknownLayoutNames() {
    #expect(
      replay([Self.start("a", extra: #","layout":"fancy""#)])
        == #"limits.jsonl:2: start rejected: there is no layout named "fancy""#)
  }

  @Test func nothingAfterTheRejectedLineIsRead() {
    #expect(
      replay([
        #"{"t":0,"event":"update","activity":"ghost"}"#, "{not even JSON",
      ]) == #"limits.jsonl:2: update rejected: activity "ghost" does not exist"#)
  }
}
