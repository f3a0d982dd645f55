import IslandCore
import IslandJournal
import Testing

/// The bad-input suite: every way a journal file can be wrong, with the exact error.
@Suite struct JournalReaderTests {
  static let start =
    #"{"seq":1,"t":0,"event":"start","activity":"pizza","app":"com.example.food","#
    + #""state":{"minutesLeft":20}}"#

  /// Replays `text` written as `bad.jsonl` and returns the error's text, or the warnings.
  func replay(_ text: String) -> String {
    replay(bytes: Array(text.utf8))
  }

  func replay(bytes: [UInt8]) -> String {
    let directory = TemporaryDirectory()
    let path = directory.write("bad.jsonl", bytes)
    do {
      let replay = try Journal.replay(path: path)
      let warnings = replay.warnings.map(\.description).joined(separator: "\n")
      return (warnings.isEmpty ? "ok" : warnings)
        .replacingOccurrences(of: directory.path + "/", with: "")
    } catch {
      return error.description.replacingOccurrences(of: directory.path + "/", with: "")
    }
  }

  @Test func aTornLastLineIsAWarningAndIgnored() {
    let directory = TemporaryDirectory()
    let path = directory.write(
      "torn.jsonl", headerLine + "\n" + Self.start + "\n" + #"{"seq":2,"t":5,"ev"#)
    let replay = try? Journal.replay(path: path)
    #expect(replay?.state.seq == 1)
    #expect(
      replay?.warnings.map(\.description) == [
        "\(path):3: warning: torn last line (18 bytes without a newline) ignored; "
          + "`island journal repair \(path)` cuts it off"
      ])
  }

  @Test(arguments: [
    (
      "wrong type", #"{"seq":1,"t":"0","event":"tick"}"#,
      #"bad.jsonl:2: field "t" must be an integer, not a string"#
    ),
    (
      "unknown event", #"{"seq":1,"t":0,"event":"jump"}"#,
      #"bad.jsonl:2: unknown event "jump" (expected start, update, end, tap, longPress or tick)"#
    ),
    (
      "unknown field", #"{"seq":1,"t":0,"event":"tap","target":"island","force":0.5}"#,
      #"bad.jsonl:2: unknown field "force" in a tap event"#
    ),
    (
      "field of another event", #"{"seq":1,"t":0,"event":"tick","activity":"pizza"}"#,
      #"bad.jsonl:2: unknown field "activity" in a tick event"#
    ),
    (
      "seq gap", start + "\n" + #"{"seq":3,"t":0,"event":"tick"}"#,
      "bad.jsonl:3: seq 3 skips ahead: expected 2"
    ),
    (
      "seq repeat", start + "\n" + #"{"seq":1,"t":0,"event":"tick"}"#,
      "bad.jsonl:3: seq 1 repeats or goes back: expected 2"
    ),
    (
      "seq not starting at 1", #"{"seq":0,"t":0,"event":"tick"}"#,
      "bad.jsonl:2: seq 0 repeats or goes back: expected 1"
    ),
    (
      "time going backwards",
      #"{"seq":1,"t":10,"event":"tick"}"# + "\n" + #"{"seq":2,"t":5,"event":"tick"}"#,
      "bad.jsonl:3: tick rejected: time went backwards: t=5 is before the current time 10"
    ),
    (
      "a rejected event", #"{"seq":1,"t":0,"event":"update","activity":"pizza"}"#,
      #"bad.jsonl:2: update rejected: activity "pizza" does not exist"#
    ),
    (
      "duplicated header", start + "\n" + headerLine,
      "bad.jsonl:3: a second header: the header belongs on the first line only"
    ),
    ("empty line", start + "\n", "bad.jsonl:3: empty line"),
    ("not JSON", "seq=1 t=0 tick", "bad.jsonl:2: invalid JSON: unexpected character 's' at byte 0"),
  ])
  func badLines(name: String, lines: String, message: String) {
    #expect(replay(headerLine + "\n" + lines + "\n") == message, "\(name)")
  }

  @Test(arguments: [
    (
      "missing header", start + "\n",
      #"bad.jsonl:1: missing header: the first line is an event, not "#
        + #"{"format":"island-journal","version":2,...}"#
    ),
    (
      "newer version", #"{"format":"island-journal","version":3}"# + "\n",
      "bad.jsonl:1: journal version 3 is newer than this island reads (version 2)"
    ),
    (
      "version 0", #"{"format":"island-journal","version":0}"# + "\n",
      "bad.jsonl:1: journal version 0 does not exist (versions start at 1)"
    ),
    (
      "another format", #"{"format":"chronicle","version":1}"# + "\n",
      #"bad.jsonl:1: not an island journal: format "chronicle" (expected "island-journal")"#
    ),
    (
      "unknown header field", #"{"format":"island-journal","version":1,"colour":"red"}"# + "\n",
      #"bad.jsonl:1: unknown field "colour" in the header"#
    ),
    (
      "unknown profile", #"{"format":"island-journal","version":1,"profile":"tap-dances"}"# + "\n",
      #"bad.jsonl:1: field "profile" must be tap-expands or tap-opens, not "tap-dances""#
    ),
    (
      "unknown policy key",
      #"{"format":"island-journal","version":1,"policy":{"alertTime":1}}"# + "\n",
      #"bad.jsonl:1: unknown field "policy.alertTime" in the header"#
    ),
    (
      "bad policy value",
      #"{"format":"island-journal","version":1,"policy":{"alertDuration":-1}}"# + "\n",
      #"bad.jsonl:1: field "policy.alertDuration" must be a whole number from 0 to "#
        + "9007199254740991, not -1"
    ),
    (
      "header not JSON", "island journal\n",
      "bad.jsonl:1: missing header: the first line is a line that is not JSON (unexpected "
        + "character 'i' at byte 0), not {\"format\":\"island-journal\",\"version\":2,...}"
    ),
    ("empty file", "", "bad.jsonl:1: the journal is empty: it needs a header line"),
    (
      "torn header", headerLine,
      #"bad.jsonl:1: missing header: the first line is torn (no newline), not "#
        + #"{"format":"island-journal","version":2,...}"#
    ),
  ])
  func badHeaders(name: String, text: String, message: String) {
    #expect(replay(text) == message, "\(name)")
  }

  @Test func unknownDevicesAreNamed() {
    #expect(
      replay(#"{"format":"island-journal","version":1,"device":"iPhone 99"}"# + "\n")
        .hasPrefix(#"bad.jsonl:1: unknown device "iPhone 99" (known: iPhone 14 Pro, "#))
  }

  @Test func invalidUTF8IsAnErrorAtItsLineAndByte() {
    var bytes = Array((headerLine + "\n" + Self.start + "\n").utf8)
    bytes += Array(#"{"seq":2,"t":0,"event":"update","activity":"pi"#.utf8) + [0xFF]
    bytes += Array(#"zza"}"#.utf8) + [0x0A]
    #expect(replay(bytes: bytes) == "bad.jsonl:3: invalid JSON: invalid UTF-8 at byte 46")
  }

  @Test func aLineOverOneMebibyteIsAnError() {
    let long =
      #"{"seq":2,"t":0,"event":"update","activity":"pizza","state":{"note":""#
      + String(repeating: "x", count: 3 << 20) + "\"}}"
    #expect(
      replay(headerLine + "\n" + Self.start + "\n" + long + "\n")
        == "bad.jsonl:3: line longer than 1048576 bytes")
    // Even when it is the last line and has no newline: it is too long before it is torn.
    #expect(
      replay(headerLine + "\n" + Self.start + "\n" + long)
        == "bad.jsonl:3: line longer than 1048576 bytes")
  }

  @Test func aLineOfExactlyTheLimitIsRead() {
    let prefix = #"{"seq":2,"t":0,"event":"update","activity":"pizza","state":{"note":""#
    let suffix = "\"}}"
    let filler = JournalFormat.maximumLineLength - prefix.utf8.count - suffix.utf8.count
    let line = prefix + String(repeating: "x", count: filler) + suffix
    #expect(line.utf8.count == JournalFormat.maximumLineLength)
    // The payload limit refuses it, which shows the line itself was read whole.
    #expect(
      replay(headerLine + "\n" + Self.start + "\n" + line + "\n")
        .hasPrefix(#"bad.jsonl:3: update rejected: activity "pizza" would carry"#))
  }

  @Test func missingFilesAndDirectoriesCannotBeOpened() {
    let directory = TemporaryDirectory()
    #expect(
      throws: JournalError.cannotOpen(
        path: directory.path + "/none.jsonl", reason: "no such file or directory")
    ) {
      try Journal.replay(path: directory.path + "/none.jsonl")
    }
    #expect(
      throws: JournalError.cannotOpen(
        path: directory.path, reason: "it is a directory, not a regular file")
    ) {
      try Journal.replay(path: directory.path)
    }
  }

  @Test func longJournalsStreamAcrossChunksAndFoldAsInMemory() throws {
    // About 6 MB: several of the reader's 1 MiB reads, lines cut at every boundary.
    var log = EventLog()
    try log.append(
      .start(
        Start(activity: "pizza", app: "com.example.food", state: ["minutesLeft": 0, "note": ""])),
      at: 0)
    for index in 1..<60_000 {
      let note = String(repeating: "é", count: index % 37)
      try log.append(
        .update(
          Update(
            activity: "pizza",
            state: ["minutesLeft": .number(Double(index)), "note": .string(note)])),
        at: Milliseconds(index))
    }
    let directory = TemporaryDirectory()
    let path = directory.path + "/long.jsonl"
    try Journal.write(header: JournalHeader(), entries: log.entries, to: path)
    var seen = 0
    let replay = try Journal.replay(path: path) { entry, _, _ in
      seen += 1
      #expect(entry.seq == seen)
    }
    #expect(seen == 60_000)
    #expect(replay.state == log.state)
    #expect(replay.warnings.isEmpty)
    let until = try Journal.replay(path: path, until: 1_234)
    #expect(until.state == log.state(after: 1_234))
  }

  @Test func headersRoundTripWithTheirPolicy() throws {
    var policy = Policy()
    policy.alertDuration = 3_000
    policy.activitiesPerApp = 2
    policy.springDamping = 0.5
    let header = JournalHeader(
      configuration: Configuration(
        device: try #require(Device.named("iPhone 16 Pro Max")), profile: .tapOpens,
        policy: policy))
    #expect(
      header.line
        == #"{"format":"island-journal","version":2,"device":"iPhone 16 Pro Max","#
        + #""profile":"tap-opens","policy":{"alertDuration":3000,"activitiesPerApp":2,"#
        + #""springDamping":0.5}}"#)
    #expect(try JournalHeader.decode(JSONValue.parse(header.line)) == header)
    #expect(JournalHeader().line == headerLine)
    let minimal = try JournalHeader.decode(
      JSONValue.parse(#"{"version":1,"format":"island-journal"}"#))
    // A version-1 header still reads, as version 1.
    #expect(minimal == JournalHeader(version: 1, configuration: Configuration()))
  }
}
