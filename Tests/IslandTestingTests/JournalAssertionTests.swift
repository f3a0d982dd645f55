import Foundation
import IslandTesting
import Testing

/// A fresh directory for one test, removed when the test ends.
private final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-testing-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Copies `name` from this test file's `Journals/` folder, its text changed by `edit`.
  func copyJournal(
    _ name: String, as copy: String? = nil, edit: (String) -> String = { $0 }
  ) throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Journals").appendingPathComponent(name)
    let text = try String(contentsOf: source, encoding: .utf8)
    try write(copy ?? name, edit(text))
  }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  func read(_ name: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
  }
}

/// Matches a recorded issue whose whole text is `text`.
private func issue(_ text: String) -> KnownIssueMatcher {
  { issue in issue.comments.map(\.rawValue) == [text] }
}

@Suite("Journal assertions")
struct JournalAssertionTests {
  @Test("a journal replays exactly as its expected timeline")
  func journalMatches() {
    assertJournal("Journals/delivery.jsonl")
    assertJournal(
      "Journals/order-and-ride.jsonl", expected: "Journals/order-and-ride.expected.jsonl")
  }

  @Test("every journal of a folder replays as expected")
  func folderMatches() {
    assertJournals(in: "Journals")
  }

  @Test("a moved activity fails with the first seq, the moves and the differing fields")
  func movedActivityFails() throws {
    let directory = try TemporaryDirectory()
    // The same events, but at seq 4 the ride's relevance goes to 20 instead of 80: it stays
    // detached, where the expected timeline has it take the island.
    try directory.copyJournal("order-and-ride.jsonl") {
      $0.replacingOccurrences(of: "\"relevance\":80", with: "\"relevance\":20")
    }
    try directory.copyJournal("order-and-ride.expected.jsonl")
    let line = #line + 2
    withKnownIssue {
      assertJournal(directory.path("order-and-ride.jsonl"))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        order-and-ride.jsonl: the replay departs from order-and-ride.expected.jsonl at seq 4 \
        (update "taxi" at t=120000): 11 fields differ
          moved: "pizza": expected detached, actually on the island
          moved: "taxi": expected on the island, actually detached
          island
            − expected: "taxi"
            + actual:   "pizza"
          detached
            − expected: "pizza"
            + actual:   "taxi"
          activities["taxi"].relevance
            − expected: 80
            + actual:   20
          zones[0].activity
            − expected: "taxi"
            + actual:   "pizza"
          zones[0].text
            − expected: "[car.fill]"
            + actual:   "[bag.fill]"
          zones[0].elements[0].name
            − expected: "car.fill"
            + actual:   "bag.fill"
          zones[0].elements[0].tint
            − expected: "green"
            + actual:   null
          zones[1].activity
            − expected: "pizza"
            + actual:   "taxi"
          zones[1].text
            − expected: "[bag.fill]"
            + actual:   "[car.fill]"
          zones[1].elements[0].name
            − expected: "bag.fill"
            + actual:   "car.fill"
          zones[1].elements[0].tint
            − expected: null
            + actual:   "green"
        (ISLAND_RECORD=1 records the replay as the new expectation)
        """
      ] && issue.sourceLocation?.line == line
    }
  }

  @Test("a missing expected file is recorded, and the test fails so that it is looked at")
  func missingExpectedIsRecorded() throws {
    let directory = try TemporaryDirectory()
    try directory.copyJournal("delivery.jsonl")
    withKnownIssue {
      assertJournal(directory.path("delivery.jsonl"))
    } matching: {
      issue(
        """
        delivery.jsonl: no expected file; recorded delivery.expected.jsonl (6 states): check it \
        and run the test again
        """)($0)
    }
    try directory.copyJournal("delivery.expected.jsonl", as: "reference.jsonl")
    #expect(try directory.read("delivery.expected.jsonl") == directory.read("reference.jsonl"))
    assertJournal(directory.path("delivery.jsonl"))
  }

  @Test("recording writes the replay over a stale expected file, and passes")
  func recordingRewrites() throws {
    let directory = try TemporaryDirectory()
    try directory.copyJournal("delivery.jsonl")
    try directory.copyJournal("order-and-ride.expected.jsonl", as: "delivery.expected.jsonl")
    assertJournal(directory.path("delivery.jsonl"), record: true)
    try directory.copyJournal("delivery.expected.jsonl", as: "reference.jsonl")
    #expect(try directory.read("delivery.expected.jsonl") == directory.read("reference.jsonl"))
  }

  @Test("a journal longer than its expected timeline fails, naming the first new seq")
  func extraEventsFail() throws {
    let directory = try TemporaryDirectory()
    try directory.copyJournal("delivery.jsonl") {
      $0 + #"{"seq":7,"t":1090000,"event":"tick"}"# + "\n"
    }
    try directory.copyJournal("delivery.expected.jsonl")
    withKnownIssue {
      assertJournal(directory.path("delivery.jsonl"))
    } matching: {
      issue(
        """
        delivery.jsonl: the journal has 7 events but delivery.expected.jsonl holds 6 states; the \
        first without one is seq 7 (tick at t=1090000) (ISLAND_RECORD=1 records the replay as \
        the new expectation)
        """)($0)
    }
  }

  @Test("a journal shorter than its expected timeline fails")
  func missingEventsFail() throws {
    let directory = try TemporaryDirectory()
    try directory.copyJournal("delivery.jsonl") {
      $0.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
    }
    try directory.copyJournal("delivery.expected.jsonl")
    withKnownIssue {
      assertJournal(directory.path("delivery.jsonl"))
    } matching: {
      issue(
        """
        delivery.jsonl: delivery.expected.jsonl holds 6 states but the journal has only 5 \
        events (ISLAND_RECORD=1 records the replay as the new expectation)
        """)($0)
    }
  }

  @Test("an event the engine now refuses fails, with its seq and the rule")
  func rejectedEventFails() throws {
    let directory = try TemporaryDirectory()
    try directory.copyJournal("delivery.jsonl") {
      $0.replacingOccurrences(of: #""target":"leading""#, with: #""target":"detached""#)
    }
    try directory.copyJournal("delivery.expected.jsonl")
    withKnownIssue {
      assertJournal(directory.path("delivery.jsonl"))
    } matching: {
      issue(
        """
        delivery.jsonl: seq 5 (tap detached at t=362000) is rejected by the engine: detached is \
        not on screen: the island is expanded: tap a region or outside
        """)($0)
    }
  }

  @Test("a damaged journal fails with the reader's error at its line")
  func damagedJournalFails() throws {
    let directory = try TemporaryDirectory()
    try directory.copyJournal("delivery.jsonl") {
      $0.replacingOccurrences(of: #""event":"longPress""#, with: #""event":"longpres""#)
    }
    try directory.copyJournal("delivery.expected.jsonl")
    let journal = directory.path("delivery.jsonl")
    withKnownIssue {
      assertJournal(journal)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(journal + ":5: ")
    }
  }

  @Test("a folder without journals fails")
  func emptyFolderFails() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.path
    withKnownIssue {
      assertJournals(in: path)
    } matching: {
      issue("\(path): no journal (*.jsonl) found")($0)
    }
  }

  @Test("a folder assertion reports each journal that departs, by name")
  func folderReportsEachJournal() throws {
    let directory = try TemporaryDirectory()
    for (name, seq) in [("delivery", 7), ("order-and-ride", 8)] {
      try directory.copyJournal(name + ".jsonl") {
        $0 + #"{"seq":"# + String(seq) + #","t":9000000,"event":"tick"}"# + "\n"
      }
      try directory.copyJournal(name + ".expected.jsonl")
    }
    withKnownIssue {
      assertJournals(in: directory.url.path)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("delivery.jsonl: ") || text.hasPrefix("order-and-ride.jsonl: ")
    }
  }
}
