import Foundation
import IslandCore
import IslandJournal
import Testing

/// Issue 13's reproducers for the journal: whole numbers only as integer literals (defect
/// 14), the one bound every writer keeps (3), files that are not regular (11).
@Suite struct HostileJournalTests {
  static func message(_ line: String) -> String {
    do {
      _ = try EventLine.decode(line)
      return "accepted"
    } catch {
      return error.description
    }
  }

  static func header(_ text: String) -> JSONValue {
    (try? JSONValue.parse(text)) ?? .null
  }

  static let notDigits =
    "must be a whole number from 0 to 9007199254740991 in digits only, not a number with a "
    + "fraction, an exponent or a minus sign"

  /// Each was rounded into a whole number, while `0.5` was refused.
  @Test(arguments: [
    #"{"seq":1,"t":1e-400,"event":"tick"}"#, #"{"seq":1,"t":-0,"event":"tick"}"#,
    #"{"seq":1,"t":1.0000000000000000001,"event":"tick"}"#, #"{"seq":1,"t":1.0,"event":"tick"}"#,
    #"{"seq":1,"t":1e3,"event":"tick"}"#, #"{"seq":1.0,"t":0,"event":"tick"}"#,
    #"{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a","stale":1E2}"#,
    #"{"seq":1,"t":0,"event":"end","activity":"a","dismissal":{"after":5.0}}"#,
  ])
  func wholeNumberFieldsTakeOnlyIntegerLiterals(line: String) {
    #expect(Self.message(line).contains(Self.notDigits), "\(Self.message(line))")
    // The tree decoder agrees, error for error.
    let tree = Array(line.utf8).withUnsafeBufferPointer { buffer in
      Result { () throws(JournalLineError) in try EventLine.decodeTree(buffer) }
    }
    #expect(throws: JournalLineError.self) { try tree.get() }
    if case .failure(let error) = tree { #expect(error.description == Self.message(line)) }
  }

  @Test func headerAndLayoutNumbersTakeOnlyIntegerLiterals() {
    let policy = #"{"format":"island-journal","version":1,"policy":{"alertDuration":2200.0}}"#
    #expect(throws: JournalLineError.self) {
      try JournalHeader.decode(try JSONValue.parse(policy))
    }
    let version = #"{"format":"island-journal","version":1.0}"#
    do throws(JournalLineError) {
      _ = try JournalHeader.decode(Self.header(version))
      Issue.record("version 1.0 accepted")
    } catch {
      #expect(error.description == #"field "version" must be an integer, such as 1, not 1"#)
    }
    let layout =
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a","layout":{"#
      + #""compactLeading":{"text":"x","lineLimit":2.0}}}"#
    #expect(Self.message(layout).contains(#""lineLimit" must be a whole number from 1 to 100"#))
  }

  /// "in a update event", and a pulse duration "not a number".
  @Test func messagesReadAsEnglish() {
    #expect(
      Self.message(#"{"seq":1,"t":0,"event":"update","activity":"a","colour":1}"#)
        == #"unknown field "colour" in an update event"#)
    let pulse =
      #"{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a","layout":{"#
      + #""pulse":{"field":"n","keyframes":[{"scale":1.1,"duration":0.5}]}}}"#
    #expect(
      Self.message(pulse).contains(
        #""duration" must be a whole number of milliseconds up to 86400000, not 0.5"#),
      "\(Self.message(pulse))")
  }

  // MARK: - 3: one bound for every writer

  @Test func aWriterRefusesWhatNoReaderCouldReadBackAndGoesOn() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/j.jsonl"
    let writer = try JournalWriter(creating: path, header: JournalHeader())
    let late = LogEntry(seq: 1, t: EventBounds.largestTime + 1, event: .tick)
    #expect(throws: JournalError.outOfRange(path: path, seq: 1, late.outOfRange!)) {
      try writer.append(late)
    }
    let stale = LogEntry(
      seq: 1, t: EventBounds.largestTime,
      event: .start(Start(activity: "a", app: "com.a", stale: EventBounds.largestTime + 1)))
    #expect(throws: JournalError.self) { try writer.append(stale) }
    try writer.append(LogEntry(seq: 1, t: EventBounds.largestTime, event: .tick))
    writer.close()
    #expect(try Journal.replay(path: path).state.t == EventBounds.largestTime)
  }

  @Test func saveRefusesAnEntryOutOfRangeBeforeWritingAnything() {
    let directory = TemporaryDirectory()
    let path = directory.path + "/s.jsonl"
    let entries = [
      LogEntry(seq: 1, t: 5, event: .tick),
      LogEntry(seq: 2, t: 6, event: .end(End(activity: "a", dismissal: .after(-1)))),
    ]
    #expect(throws: JournalError.self) {
      try Journal.write(header: JournalHeader(), entries: entries, to: path)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) == [])
  }

  /// A line of exactly the longest length a reader takes is written and read back; one byte
  /// more is refused by both writers.
  @Test func aLineAtTheReadersLimitIsWrittenAndOneByteMoreIsRefused() throws {
    func start(_ padding: Int) -> LogEntry {
      LogEntry(
        seq: 1, t: 0,
        event: .start(
          Start(
            activity: "a", app: "com.a",
            state: ["pad": .string(String(repeating: "x", count: padding))])))
    }
    let overhead = EventLine.encode(start(0)).utf8.count
    let longest = start(JournalFormat.maximumLineLength - overhead)
    let tooLong = start(JournalFormat.maximumLineLength - overhead + 1)
    var policy = Policy()
    policy.payloadLimit = 2 * JournalFormat.maximumLineLength
    let header = JournalHeader(configuration: Configuration(policy: policy))
    let directory = TemporaryDirectory()
    let path = directory.path + "/long.jsonl"
    try Journal.write(header: header, entries: [longest], to: path)
    #expect(try Journal.replay(path: path).state.activity("a") != nil)
    #expect(
      throws: JournalError.entryTooLong(
        path: path, seq: 1, bytes: JournalFormat.maximumLineLength + 1)
    ) {
      try Journal.write(header: header, entries: [tooLong], to: path)
    }
    let fresh = directory.path + "/fresh.jsonl"
    let writer = try JournalWriter(creating: fresh, header: header)
    #expect(throws: JournalError.self) { try writer.append(tooLong) }
    try writer.append(longest)
    writer.close()
    #expect(try Journal.replay(path: fresh).state.seq == 1)
  }

  @Test func saveRefusesAJournalAWriterHolds() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/held.jsonl"
    let writer = try JournalWriter(creating: path, header: JournalHeader())
    try writer.append(LogEntry(seq: 1, t: 0, event: .tick))
    #expect(throws: JournalError.locked(path: path)) {
      try Journal.write(header: JournalHeader(), entries: [], to: path)
    }
    try writer.append(LogEntry(seq: 2, t: 1, event: .tick))
    writer.close()
    #expect(try Journal.replay(path: path).state.seq == 2)
    try Journal.write(header: JournalHeader(), entries: [], to: path)
    #expect(try Journal.replay(path: path).state.seq == 0)
  }

  // MARK: - 11: only regular files

  @Test func aFIFOIsRefusedWithoutWaiting() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/pipe.jsonl"
    #expect(mkfifo(path, 0o644) == 0)
    let reason = "it is a FIFO (named pipe), not a regular file"
    #expect(throws: JournalError.cannotOpen(path: path, reason: reason)) {
      _ = try JournalReader(path: path)
    }
    #expect(throws: JournalError.cannotOpen(path: path, reason: reason)) {
      _ = try JournalWriter(appendingTo: path)
    }
    #expect(throws: JournalError.cannotOpen(path: path, reason: reason)) {
      _ = try Journal.repair(path: path)
    }
    #expect(
      throws: JournalError.cannotOpen(
        path: "/dev/null", reason: "it is a character device, not a regular file")
    ) {
      _ = try JournalReader(path: "/dev/null")
    }
  }
}
