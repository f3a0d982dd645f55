import IslandCore
import IslandJournal

/// Checks of the journal's line decoders on any bytes at all: what the libFuzzer target
/// under `Fuzz/` calls on every input, and what its regression tests call on each input it
/// once failed on.
public enum ParserChecks {
  /// What is wrong with how `line` (one journal line, without its newline) is read; nil when
  /// nothing is. Checks that:
  ///
  /// - the fast event decoder and the tree decoder agree: both accept the line and read the
  ///   same entry, or both refuse it, with the same error when the line is JSON;
  /// - an entry read is written back and read again as the same entry, in the same bytes;
  /// - the engine, given the entry's event on a small island already holding activities,
  ///   accepts it exactly when ``RuleModel`` does (for the reason it gives), changes nothing
  ///   when it refuses, and keeps every invariant when it accepts;
  /// - a header read is written back and read again as the same header.
  public static func journalLine(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    checkHeader(line) ?? checkEvent(line)
  }

  private static func checkEvent(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    let fast = Result { () throws(JournalLineError) in try EventLine.decode(line) }
    let tree = Result { () throws(JournalLineError) in try EventLine.decodeTree(line) }
    let entry: LogEntry
    switch (fast, tree) {
    case (.success(let fastEntry), .success(let treeEntry)):
      guard fastEntry == treeEntry else {
        return "the decoders read different entries: \(fastEntry) and \(treeEntry)"
      }
      entry = fastEntry
    case (.success(let fastEntry), .failure(let error)):
      return "the fast decoder reads \(fastEntry), the tree decoder refuses: \(error)"
    case (.failure(let error), .success(let treeEntry)):
      return "the tree decoder reads \(treeEntry), the fast decoder refuses: \(error)"
    case (.failure(let fastError), .failure(let treeError)):
      let isJSON = (try? JSONValue.parse(line)) != nil
      if isJSON, fastError != treeError {
        return "the decoders refuse for different reasons: \(fastError) and \(treeError)"
      }
      return nil
    }
    let written = EventLine.encode(entry)
    guard let again = try? EventLine.decode(written) else {
      return "the entry written back cannot be read: \(written)"
    }
    guard again == entry else { return "the entry written back reads differently: \(written)" }
    guard EventLine.encode(again) == written else {
      return "the entry written twice gives different bytes: \(written)"
    }
    return checkEngine(entry)
  }

  private static func checkEngine(_ entry: LogEntry) -> String? {
    let state = sampleIsland
    let at = state.t + entry.t
    let verdict = RuleModel.verdict(for: entry.event, at: at, in: state)
    var after = state
    do {
      let outcome = try after.apply(entry.event, at: at)
      guard verdict.isAccept else {
        return "the engine accepts \(EventLine.encode(entry)), the rules say \(verdict.summary)"
      }
      if let violation = IslandInvariants.check(
        step: outcome, event: entry.event, from: state, to: after)
      {
        return "after \(EventLine.encode(entry)): \(violation)"
      }
      _ = after.json.compactText
    } catch {
      guard after == state else {
        return "the engine refuses \(EventLine.encode(entry)) but changes the state"
      }
      guard verdict.admits(error) else {
        return "the engine refuses \(EventLine.encode(entry)) (\(error.reason.message)), the "
          + "rules say \(verdict.summary)"
      }
    }
    return nil
  }

  private static func checkHeader(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    guard let header = try? JournalHeader.decode(line) else { return nil }
    let written = header.line
    let again = Array(written.utf8).withUnsafeBufferPointer { try? JournalHeader.decode($0) }
    guard again == header else { return "the header written back reads differently: \(written)" }
    return nil
  }

  /// An island two apps share, one activity expanded by an alert, for fuzzed events to land
  /// on: `pizza` (delivery layout) and `dessert` of `com.example.food`, `ride` (ride layout)
  /// of `com.example.ride`, and `match`, ended.
  public static let sampleIsland: IslandState = {
    var state = IslandState()
    let food = Layout.catalogue.first { $0.name == "delivery" }?.sampleState ?? ContentState()
    let ride = Layout.catalogue.first { $0.name == "ride" }?.sampleState ?? ContentState()
    let score = Layout.catalogue.first { $0.name == "score" }?.sampleState ?? ContentState()
    let events: [(Milliseconds, Event)] = [
      (
        0,
        .start(
          Start(
            activity: "pizza", app: "com.example.food", relevance: 50, state: food,
            layout: .named("delivery"), url: "food://order/42",
            links: RegionLinks(leading: "food://map")))
      ),
      (1_000, .start(Start(activity: "dessert", app: "com.example.food", state: ["item": "Tart"]))),
      (
        2_000,
        .start(
          Start(
            activity: "ride", app: "com.example.ride", relevance: 40, state: ride,
            layout: .named("ride")))
      ),
      (
        3_000,
        .start(
          Start(activity: "match", app: "com.example.sports", state: score, layout: .named("score"))
        )
      ),
      (4_000, .end(End(activity: "match"))),
      (5_000, .update(Update(activity: "ride", alert: Alert(title: "Here", body: "")))),
    ]
    for (t, event) in events { _ = try? state.apply(event, at: t) }
    return state
  }()
}
