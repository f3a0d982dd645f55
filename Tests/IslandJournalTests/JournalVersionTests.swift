import IslandCore
import IslandJournal
import Testing

/// Version 2 of the journal format: `timestamp` and `arrived`; version-1 journals still read.
@Suite struct JournalVersionTests {
  static let timed = LogEntry(
    seq: 1, t: 0,
    event: .update(
      Update(activity: "pizza", state: ["minutesLeft": 3], timestamp: 1_700_000_000, arrived: 7)))

  @Test func timestampAndArrivedRoundTripInBothDecoders() throws {
    let line = EventLine.encode(Self.timed)
    #expect(
      line == #"{"seq":1,"t":0,"event":"update","activity":"pizza","state":{"minutesLeft":3},"#
        + #""timestamp":1700000000,"arrived":7}"#)
    #expect(try EventLine.decode(line) == Self.timed)
    let tree = try Array(line.utf8).withUnsafeBufferPointer { try EventLine.decodeTree($0) }
    #expect(tree == Self.timed)
    let end = LogEntry(seq: 2, t: 5, event: .end(End(activity: "pizza", timestamp: 12)))
    #expect(try EventLine.decode(EventLine.encode(end)) == end)
    let start = LogEntry(
      seq: 3, t: 5, event: .start(Start(activity: "a", app: "com.a", timestamp: 1, arrived: 2)))
    #expect(try EventLine.decode(EventLine.encode(start)) == start)
  }

  @Test func aVersionOneJournalStillReadsAndRefusesVersionTwoFields() throws {
    let directory = TemporaryDirectory()
    let old = directory.write(
      "old.jsonl",
      #"{"format":"island-journal","version":1}"# + "\n"
        + #"{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a"}"# + "\n")
    #expect(try Journal.replay(path: old).state.activities.count == 1)
    let mixed = directory.write(
      "mixed.jsonl",
      #"{"format":"island-journal","version":1}"# + "\n"
        + #"{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a","timestamp":5}"# + "\n")
    #expect(throws: JournalError.self) { try Journal.replay(path: mixed) }
    do {
      _ = try Journal.replay(path: mixed)
    } catch {
      #expect(
        error.description
          == mixed + #":2: field "timestamp" needs journal version 2, but the header says "#
          + "version 1")
    }
  }

  @Test func aTickHasNoTimestamp() throws {
    #expect(throws: JournalLineError.self) {
      try EventLine.decode(#"{"seq":1,"t":0,"event":"tick","timestamp":3}"#)
    }
  }

  @Test func encodingUpgradesAnOldHeaderWhenTheEventsNeedIt() {
    let header = JournalHeader(version: 1, configuration: Configuration())
    #expect(
      JournalFormat.encode(header: header, entries: []).hasPrefix(
        #"{"format":"island-journal","version":1"#))
    #expect(
      JournalFormat.encode(header: header, entries: [Self.timed]).hasPrefix(
        #"{"format":"island-journal","version":2"#))
  }
}
