import Foundation
import IslandCore
import IslandJournal
import Testing

@Suite struct JournalWriterTests {
  static let events: [(Milliseconds, Event)] = [
    (0, .start(Start(activity: "pizza", app: "com.example.food", state: ["minutesLeft": 20]))),
    (1_000, .update(Update(activity: "pizza", state: ["minutesLeft": 19]))),
    (2_000, .tap(.island)),
    (3_000, .tap(.bottom)),
  ]

  @Test func aWriterAppendsWholeLinesThatReplay() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/session.jsonl"
    var log = EventLog()
    let writer = try JournalWriter(creating: path, header: JournalHeader())
    for (t, event) in Self.events {
      let outcome = try log.append(event, at: t)
      try writer.append(outcome.entry)
    }
    writer.close()
    let lines = directory.read("session.jsonl").split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == Self.events.count + 2)
    #expect(lines.first.map(String.init) == headerLine)
    #expect(lines.last == "")
    #expect(try Journal.replay(path: path).state == log.state)
  }

  @Test func appendingReopensWhereTheJournalEnds() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/session.jsonl"
    var log = EventLog()
    do {
      let writer = try JournalWriter(creating: path, header: JournalHeader())
      for (t, event) in Self.events.prefix(2) {
        try writer.append(try log.append(event, at: t).entry)
      }
    }
    let writer = try JournalWriter(appendingTo: path)
    #expect(writer.lastSeq == 2)
    #expect(writer.lastTime == 1_000)
    #expect(writer.initialState == log.state)
    for (t, event) in Self.events.dropFirst(2) {
      try writer.append(try log.append(event, at: t).entry)
    }
    writer.close()
    #expect(try Journal.replay(path: path).state == log.state)
  }

  @Test func aSecondWriterGetsTheLockError() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/session.jsonl"
    let first = try JournalWriter(creating: path, header: JournalHeader())
    #expect(throws: JournalError.locked(path: path)) { try JournalWriter(appendingTo: path) }
    #expect(throws: JournalError.locked(path: path)) { try Journal.repair(path: path) }
    #expect(
      JournalError.locked(path: path).description
        == "\(path): journal is locked by another writer (one writer at a time)")
    first.close()
    let second = try JournalWriter(appendingTo: path)
    #expect(second.lastSeq == 0)
  }

  @Test func entriesMustComeInOrder() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/session.jsonl"
    let writer = try JournalWriter(creating: path, header: JournalHeader())
    #expect(throws: JournalError.outOfOrder(path: path, seq: 2, expected: 1)) {
      try writer.append(LogEntry(seq: 2, t: 0, event: .tick))
    }
    try writer.append(LogEntry(seq: 1, t: 10, event: .tick))
    #expect(throws: JournalError.self) { try writer.append(LogEntry(seq: 2, t: 9, event: .tick)) }
    #expect(throws: JournalError.alreadyExists(path: path)) {
      try JournalWriter(creating: path, header: JournalHeader())
    }
    writer.close()
    #expect(throws: JournalError.writerClosed(path: path)) {
      try writer.append(LogEntry(seq: 2, t: 10, event: .tick))
    }
  }

  @Test func repairCutsATornLastLineAndKeepsABackup() throws {
    let directory = TemporaryDirectory()
    let whole = headerLine + "\n" + #"{"seq":1,"t":0,"event":"tick"}"# + "\n"
    let torn = whole + #"{"seq":2,"t":5,"eve"#
    let path = directory.write("torn.jsonl", torn)
    #expect(throws: JournalError.tornTail(path: path, line: 3)) {
      try JournalWriter(appendingTo: path)
    }
    #expect(
      try Journal.repair(path: path)
        == .cutTornLine(bytes: 19, line: 3, backup: path + ".bak"))
    #expect(directory.read("torn.jsonl") == whole)
    #expect(directory.read("torn.jsonl.bak") == torn)
    #expect(try Journal.repair(path: path) == .nothingToRepair)
    let writer = try JournalWriter(appendingTo: path)
    try writer.append(LogEntry(seq: 2, t: 5, event: .tick))
    writer.close()
    #expect(try Journal.replay(path: path).state.seq == 2)
  }

  /// An empty journal would be unreadable (issue 13, defect 7): the torn header gives way to
  /// the default one, the file as it was kept in the backup.
  @Test func repairOfAFileWithoutNewlinesWritesTheDefaultHeader() throws {
    let directory = TemporaryDirectory()
    let torn = #"{"format":"island-journal","version":1,"device":"iPhone 14""#
    let path = directory.write("header.jsonl", torn)
    #expect(
      try Journal.repair(path: path)
        == .wroteHeader(header: JournalHeader(), cutBytes: torn.utf8.count, backup: path + ".bak"))
    #expect(directory.read("header.jsonl") == JournalHeader().line + "\n")
    #expect(directory.read("header.jsonl.bak") == torn)
    #expect(try Journal.replay(path: path).state.seq == 0)
  }

  @Test func writingAWholeJournalReplacesTheFile() throws {
    let directory = TemporaryDirectory()
    let path = directory.write("saved.jsonl", "old contents")
    var log = EventLog()
    for (t, event) in Self.events { try log.append(event, at: t) }
    try Journal.write(header: JournalHeader(), entries: log.entries, to: path)
    #expect(
      directory.read("saved.jsonl")
        == JournalFormat.encode(header: JournalHeader(), entries: log.entries))
    let read = try Journal.read(path: path)
    #expect(read.entries == log.entries)
    #expect(read.header == JournalHeader())
    #expect(
      (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["saved.jsonl"])
  }
}
