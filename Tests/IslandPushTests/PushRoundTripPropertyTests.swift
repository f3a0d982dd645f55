import Foundation
import IslandCore
import IslandJournal
import IslandProperties
import IslandPush
import Testing

/// The properties of export and import, over generated journals (IslandProperties'
/// generator, valid events only).
@Suite struct PushRoundTripPropertyTests {
  static let epoch: Int64 = 1_700_000_000
  static let seeds: [UInt64] = (0..<120).map { PropertyRunnerSeed.seed($0) }

  /// A generated journal: the events the engine accepts of a generated case.
  static func journal(seed: UInt64) -> (header: JournalHeader, entries: [LogEntry]) {
    let options = GenerationOptions(maximumLength: 50, invalidShare: 0, variesConfiguration: true)
    let fuzzCase = EventGenerator.generate(seed: seed, options: options)
    var state = IslandState(configuration: fuzzCase.configuration)
    var entries: [LogEntry] = []
    for step in fuzzCase.steps {
      guard let outcome = try? state.apply(step.event, at: step.t) else { continue }
      entries.append(outcome.entry)
    }
    return (JournalHeader(configuration: fuzzCase.configuration), entries)
  }

  /// The events a push can carry, as an import gives them back: start, update and end, with
  /// the timestamp the export gave them, and a dismissal already past as immediate.
  static func pushable(_ entries: [LogEntry]) -> [Event] {
    entries.compactMap { entry in
      let timestamp = epoch + entry.t / 1000
      switch entry.event {
      case .start(var start):
        start.timestamp = start.timestamp ?? timestamp
        return .start(start)
      case .update(var update):
        update.timestamp = update.timestamp ?? timestamp
        return .update(update)
      case .end(var end):
        end.timestamp = end.timestamp ?? timestamp
        if case .after(let time) = end.dismissal, time <= entry.t { end.dismissal = .immediate }
        return .end(end)
      case .tap, .longPress, .tick:
        return nil
      }
    }
  }

  static func importing(_ text: String) throws -> PushReplay {
    let directory = TemporaryDirectory()
    return try PushLog.replay(path: directory.write("pushes.jsonl", text))
  }

  @Test(arguments: seeds)
  func exportThenImportOfAnInOrderLogGivesBackTheSameEvents(seed: UInt64) throws {
    let (header, entries) = Self.journal(seed: seed)
    let export = PushExport(header: header, entries: entries, epoch: Self.epoch)
    let replay = try Self.importing(export.text)
    #expect(replay.entries.map(\.event) == Self.pushable(entries), "seed \(seed)")
    #expect(replay.header.configuration == header.configuration)
    // Only the taps, long presses and ticks are left to do by hand.
    let untouched = entries.filter {
      if case .tap = $0.event { return true }
      if case .longPress = $0.event { return true }
      return $0.event == .tick
    }
    #expect(export.byHand.filter { !$0.contains("payload") }.count == untouched.count)
  }

  @Test(arguments: seeds)
  func shuffledPushesShowTheNewestContentThatArrivedBeforeTheEnd(seed: UInt64) throws {
    _ = try Self.checkShuffled(seed: seed)
  }

  /// The property is not vacuous: shuffling makes pushes arrive older than what was applied,
  /// and the fields checked are many.
  @Test func theShuffledPropertyChecksSomething() throws {
    var checked = 0
    var older = 0
    for seed in Self.seeds {
      let counts = try Self.checkShuffled(seed: seed)
      checked += counts.checked
      older += counts.older
    }
    #expect(checked > 500)
    #expect(older > 20)
  }

  /// Checks the property for the journal of `seed`: how many fields it compared, and how many
  /// pushes the import ignored as older.
  static func checkShuffled(seed: UInt64) throws -> (checked: Int, older: Int) {
    var checked = 0
    let (header, entries) = Self.journal(seed: seed)
    let export = PushExport(header: header, entries: entries, epoch: Self.epoch)
    let events = entries.map(\.event).filter {
      switch $0 {
      case .start, .update, .end: return true
      case .tap, .longPress, .tick: return false
      }
    }
    // Shuffled within a window of 4: each push moves up to 3 places; the k-th to arrive
    // arrives at the k-th time of the log.
    var random = Xoshiro256StarStar(seed: seed)
    let order = events.indices.map { ($0 + random.next(below: 4), $0) }.sorted { $0 < $1 }.map(\.1)
    let times = export.pushes.map(\.at)
    var lines = [export.lines[0]]
    for (position, index) in order.enumerated() {
      guard case .object(var members) = try JSONValue.parse(export.lines[index + 1]) else {
        Issue.record("not an object")
        return (0, 0)
      }
      members[0] = ("at", JSONValue(times[position]))
      lines.append(JSONValue.object(members).compactText)
    }
    let replay = try Self.importing(lines.map { $0 + "\n" }.joined())
    // What the import refused, by line (the k-th arrival is on line k + 2).
    var refused: [Int: String] = [:]
    for case .lineNote(_, let line, let message) in replay.warnings { refused[line] = message }
    let older = refused.values.filter { $0.contains("is older than") }.count

    for activity in replay.state.activities {
      let id = activity.id
      // Its pushes in arrival order: (arrival position, the event).
      let pushes = order.enumerated().filter { events[$0.element].activityID == id }
        .map { (position: $0.offset, event: events[$0.element], sent: times[$0.element]) }
      guard
        let startIndex = pushes.firstIndex(where: {
          if case .start = $0.event { return true }
          return false
        })
      else { continue }
      let endIndex = pushes.firstIndex {
        if case .end = $0.event {
          return refused[$0.position + 2] == nil && $0.position > pushes[startIndex].position
        }
        return false
      }
      var newest: (timestamp: Int64, state: ContentState)?
      for (offset, push) in pushes.enumerated() {
        let line = push.position + 2
        let afterStart = offset > startIndex
        let beforeEnd =
          endIndex.map { offset < $0 } ?? activity.endedAt.map { times[push.position] < $0 } ?? true
        switch push.event {
        case .start(let start) where offset == startIndex:
          newest = (start.timestamp ?? Self.epoch + push.sent / 1000, start.state)
        case .update(let update):
          // The timestamp the export gave it: when it was sent, in whole seconds.
          let timestamp = update.timestamp ?? Self.epoch + push.sent / 1000
          if !afterStart || !beforeEnd {
            #expect(refused[line] != nil, "seed \(seed): line \(line) should be refused")
            continue
          }
          if let message = refused[line], !message.contains("is older than") { continue }
          if timestamp >= newest?.timestamp ?? .min { newest = (timestamp, update.state) }
        case .start, .end, .tap, .longPress, .tick:
          continue
        }
      }
      guard let newest else { continue }
      var expected = newest.state
      if let endIndex, case .end(let end) = pushes[endIndex].event, let final = end.state {
        _ = expected.merge(final)
      }
      for field in expected.fields {
        #expect(
          activity.content[field.name] == field.value,
          "seed \(seed): \(id).\(field.name) is not the newest push's")
        checked += 1
      }
    }
    return (checked, older)
  }
}

/// Seeds for the property runs: spread over the 64-bit range by SplitMix64.
enum PropertyRunnerSeed {
  static func seed(_ index: Int) -> UInt64 { SplitMix64.mix(UInt64(index) &+ 0x5EED) }
}
