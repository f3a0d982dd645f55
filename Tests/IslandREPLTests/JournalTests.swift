import Foundation
import IslandCore
import IslandJournal
import IslandREPL
import Testing

/// `save`, `load`, `--journal` recording, and inline layouts, through real files.
@Suite final class JournalTests {
  private let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-journal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private let script = """
    device iPhone 16 Pro Max
    \(deliveryStart) --link leading=food://map --stale 30m
    start ride com.example.ride n=1 --relevance 10 --after 1m
    update pizza minutesLeft=9 --alert Soon --after 2m
    wait 3s
    tap detached
    end ride --dismissal immediate

    """

  @Test func saveThenLoadGivesTheSameSession() throws {
    let first = Transcript(script + "save \(path("s.jsonl"))\n")
    #expect(first.summary.failures == 0, "\(first.text)")
    #expect(first.text.contains("saved 6 events to \(path("s.jsonl"))"))
    let second = Transcript("load \(path("s.jsonl"))\n")
    #expect(second.summary.failures == 0, "\(second.text)")
    #expect(second.repl.session == first.repl.session)
    #expect(second.repl.session.configuration.device.name == "iPhone 16 Pro Max")
  }

  @Test func loadSaysWhatTheReaderNoticedAndRefusesABadJournal() throws {
    let torn = path("torn.jsonl")
    try (JournalFormat.encode(header: JournalHeader(), entries: []) + "{\"seq\":1,\"t\"")
      .write(toFile: torn, atomically: true, encoding: .utf8)
    let loaded = Transcript("load \(torn)\n")
    #expect(loaded.summary.failures == 0)
    #expect(loaded.text.contains("warning: \(torn):2: "))

    let bad = path("bad.jsonl")
    try "{\"format\":\"island-journal\",\"version\":9}\n".write(
      toFile: bad, atomically: true, encoding: .utf8)
    let output = Output()
    let repl = makeREPL(output)
    repl.execute(deliveryStart)
    let before = repl.session
    #expect(repl.execute("load \(bad)") == .failed)
    #expect(output.lines.contains { $0.hasPrefix("error: \(bad):1: ") })
    #expect(repl.session == before)
  }

  @Test func recordingAppendsEveryAcceptedEventAndResumes() throws {
    let journal = path("rec.jsonl")
    do {
      let (session, recorder) = try JournalRecorder.open(journal)
      let output = Output()
      let repl = REPL(session: session, recorder: recorder, write: { output.lines.append($0) })
      var reader = ScriptLineReader(text: "start a com.x n=1\n! update ghost n=1\nwait 1s\n")
      #expect(repl.run(&reader, source: "t", keepGoing: false).failures == 0)
      let read = try Journal.read(path: journal)
      #expect(read.entries == repl.session.entries)
      #expect(read.entries.count == 2)
    }
    let (resumed, _) = try JournalRecorder.open(journal)
    #expect(resumed.seq == 2)
    #expect(resumed.state.activity("a")?.content["n"] == 1)
  }

  @Test func aSecondRecorderOnOneJournalGetsTheLockError() throws {
    let journal = path("locked.jsonl")
    let (_, first) = try JournalRecorder.open(journal)
    #expect(throws: SessionError.journal(.locked(path: journal))) {
      _ = try JournalRecorder.open(journal)
    }
    _ = first
  }

  @Test func saveOverTheRecordingIsRefused() throws {
    let journal = path("rec.jsonl")
    let (session, recorder) = try JournalRecorder.open(journal)
    let output = Output()
    let repl = REPL(session: session, recorder: recorder, write: { output.lines.append($0) })
    repl.execute("start a com.x n=1")
    #expect(
      repl.execute("save \(directory.path)/../\(directory.lastPathComponent)/rec.jsonl") == .failed)
    #expect(output.lines.contains { $0.contains("is the journal this session records to") })
    #expect(try Journal.read(path: journal).entries.count == 1)
  }

  @Test func anInlineLayoutIsReadAndLoggedAsJSON() throws {
    let layout =
      #"{"compactLeading":{"symbol":"timer","tint":"orange"},"#
      + #""compactTrailing":{"text":"{left}s","font":"caption2","bold":true},"#
      + #""minimal":{"symbol":"timer"},"bottom":{"text":"{title}","transition":"identity"}}"#
    let first = Transcript(
      "start tea com.example.tea --layout '\(layout)' left=90 title=Tea\nlog\n")
    #expect(first.summary.failures == 0, "\(first.text)")
    #expect(first.text.contains("│ [timer]"))
    let start = try #require(first.repl.session.entries.first)
    guard case .start(let payload) = start.event, case .inline(let decoded) = payload.layout else {
      Issue.record("not an inline layout: \(start)")
      return
    }
    #expect(decoded.bottom?.transition == .identity)
    first.output.lines = []
    first.repl.execute("log")
    let second = Transcript(first.output.lines.joined(separator: "\n") + "\n")
    #expect(second.summary.failures == 0, "\(second.text)")
    #expect(second.repl.session == first.repl.session)
  }

  @Test func aBadInlineLayoutIsAnErrorNamingWhy() {
    let transcript = Transcript("start tea com.x --layout '{\"compactLeading\":{\"symbol\":1}}'\n")
    #expect(transcript.summary.failures == 1)
    #expect(transcript.text.contains("error: test.island:1: --layout: "))
    let notJSON = Transcript("start tea com.x --layout '{nope'\n")
    #expect(notJSON.text.contains("--layout: not JSON: "))
  }
}
