import IslandCore

/// The states of a replay, one per event: the state's JSON after seq 1, 2, 3, ..., as
/// `island replay --format jsonl` prints them. An expected file holds one, a line each.
struct StateTimeline: Equatable, Sendable {
  /// The state after each event, in seq order.
  var states: [JSONValue]

  /// The timeline of folding `entries` under `configuration`, or the first rejection.
  static func replay(
    _ entries: [LogEntry], configuration: Configuration
  ) -> Result<StateTimeline, RejectedEntry> {
    var state = IslandState(configuration: configuration)
    var states: [JSONValue] = []
    states.reserveCapacity(entries.count)
    for entry in entries {
      do {
        try state.apply(entry.event, at: entry.t)
      } catch {
        return .failure(RejectedEntry(entry: entry, rejection: error))
      }
      states.append(state.json)
    }
    return .success(StateTimeline(states: states))
  }

  /// The timeline as JSON Lines: one compact state a line, each ending in a newline.
  var text: String {
    states.map { $0.compactText + "\n" }.joined()
  }

  /// Reads a timeline from JSON Lines text; blank lines are skipped.
  static func parse(_ text: String) throws(TimelineError) -> StateTimeline {
    var states: [JSONValue] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    where !line.allSatisfy(\.isWhitespace) {
      do {
        states.append(try JSONValue.parse(String(line)))
      } catch {
        throw .badLine(line: index + 1, why: error.description)
      }
    }
    return StateTimeline(states: states)
  }

  /// Where `self` (the actual replay) first departs from `expected`, or nil when they are
  /// equal.
  func firstDivergence(from expected: StateTimeline) -> Divergence? {
    for (index, (want, got)) in zip(expected.states, states).enumerated() where want != got {
      return .state(
        index: index,
        differences: DiffTree.differences(expected: want.diffTree, actual: got.diffTree),
        moves: Move.between(expected: want, actual: got))
    }
    if states.count > expected.states.count { return .extraStates(from: expected.states.count) }
    if states.count < expected.states.count { return .missingStates(from: states.count) }
    return nil
  }

  /// How an actual timeline departs from the expected one.
  enum Divergence: Equatable, Sendable {
    /// The state at `index` (seq `index + 1`) differs.
    case state(index: Int, differences: [FieldDifference], moves: [Move])
    /// The replay has states past the expected ones, from `index` on.
    case extraStates(from: Int)
    /// The expected file has states past the replay's, from `index` on.
    case missingStates(from: Int)
  }
}

/// An activity shown somewhere else than expected: on the island, expanded, detached, hidden
/// or not shown.
struct Move: Equatable, Sendable {
  /// The activity's id.
  var activity: String
  /// Where the expected state has it.
  var expected: String
  /// Where the actual state has it.
  var actual: String

  /// `"taxi": expected detached, actually on the island`.
  var line: String {
    "\(quoted(activity)): expected \(expected), actually \(actual)"
  }

  /// Every activity whose place differs between two states' JSON, in start order.
  static func between(expected: JSONValue, actual: JSONValue) -> [Move] {
    var ids: [String] = []
    for state in [expected, actual] {
      for activity in state["activities"]?.arrayValue ?? [] {
        if let id = activity["id"]?.stringValue, !ids.contains(id) { ids.append(id) }
      }
    }
    return ids.compactMap { id in
      let want = place(of: id, in: expected)
      let got = place(of: id, in: actual)
      return want == got ? nil : Move(activity: id, expected: want, actual: got)
    }
  }

  /// Where `state` shows activity `id`.
  static func place(of id: String, in state: JSONValue) -> String {
    if state["island"]?.stringValue == id {
      return state["mode"]?.stringValue == Mode.expanded.rawValue ? "expanded" : "on the island"
    }
    if state["detached"]?.stringValue == id { return "detached" }
    let hidden = state["hidden"]?.arrayValue?.compactMap(\.stringValue) ?? []
    if let rank = hidden.firstIndex(of: id) { return "hidden (\(rank + 1) of \(hidden.count))" }
    return "not shown"
  }
}

/// A journal entry the engine refused on replay.
struct RejectedEntry: Error, Equatable, Sendable {
  /// The entry.
  var entry: LogEntry
  /// Why it was refused.
  var rejection: Rejection
}

/// Why an expected timeline could not be read.
enum TimelineError: Error, Equatable, Sendable {
  /// A line that is not one JSON value.
  case badLine(line: Int, why: String)
}
