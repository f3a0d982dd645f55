import IslandCore
import IslandJournal

/// An exhaustive, step-by-step test of an island, in the spirit of The Composable
/// Architecture's `TestStore`.
///
/// Each ``send(_:at:assert:fileID:filePath:line:column:)`` applies one event and compares
/// the island the engine gives with the one the test describes: the test starts from the
/// island as it was and writes, in a closure, only what the event should change. Any field
/// that differs fails the test with a diff naming the field, the activity and the seq.
///
/// ```swift
/// let store = IslandTestStore()
/// store.send(.start("pizza", app: "com.example.food", state: ["minutesLeft": 20]), at: 0) {
///   $0.mode = .compact
///   $0.island = "pizza"
///   $0.activities.append(
///     ActivitySnapshot(id: "pizza", app: "com.example.food", content: ["minutesLeft": 20]))
///   $0.zones = ShownZones(compactLeading: "[app.fill]", compactTrailing: "20")
///   $0.animations = [.spring(.grow, "pizza")]
/// }
/// store.send(.tap(.island), at: 1_000) { ... }
/// store.send(.tap(.bottom), at: 2_000) { ... }
/// store.receive(.openURL(url: "com.example.food://", rule: .appDefault, activity: "pizza"))
/// ```
///
/// Effects (an opened URL, a banner) and warnings are what an event emits: each must be
/// checked with `receive(_:)`, in order. One left
/// unreceived fails the test at the next send (reported at that send) or, when no send
/// follows, when the test ends (``finish(fileID:filePath:line:column:)``, or when the store
/// goes away, reported where it was created). An event the engine must refuse is sent with
/// ``send(_:at:rejectedWith:fileID:filePath:line:column:)``: the rejection is named, and
/// the island must be exactly as it was.
///
/// Failures go to Swift Testing (`Issue.record`) when a Swift Testing test is running, to
/// XCTest (`XCTFail`) otherwise, at the line of the call that failed.
public final class IslandTestStore {
  /// The island as the engine left it after the last event.
  public private(set) var state: IslandState
  /// Whether every change must be described (``Exhaustivity/on``, the default) or only the
  /// ones a test cares about (``Exhaustivity/off``).
  public var exhaustivity: Exhaustivity = .on

  private var unreceivedEffects: [Effect] = []
  private var unreceivedWarnings: [Warning] = []
  private var finished = false
  private let creation: CallSite

  /// A store for an empty island under `configuration`.
  public convenience init(
    configuration: Configuration = Configuration(), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      state: IslandState(configuration: configuration), fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// A store that starts from `state` (a replayed journal's, say); the effects and warnings
  /// already in it count as received.
  public init(
    state: IslandState, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.state = state
    creation = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A store that starts where the journal at `journal` leaves the island: after its last
  /// event, or after event `seq`. A relative path is taken from the directory of the test
  /// file. A journal that cannot be replayed fails the test, and the store starts from an
  /// empty island.
  public convenience init(
    replaying journal: String, until seq: Int? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let url = JournalAssertion.resolve(journal, from: filePath)
    let state: IslandState
    do {
      state = try Journal.replay(path: url.path, until: seq).state
    } catch {
      FailureReporter.fail(
        error.description,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      state = IslandState()
    }
    self.init(state: state, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    if !finished { checkNothingUnreceived(at: creation, when: "the test ended") }
  }

  /// What a test can see of the island now.
  public var snapshot: IslandSnapshot { IslandSnapshot(state) }

  // MARK: - Sending

  /// Applies `event` at time `t` and checks that the island changed exactly as `expected`
  /// describes.
  ///
  /// The closure receives the island as it was before the event, with ``IslandSnapshot/seq``
  /// and ``IslandSnapshot/t`` already moved on and ``IslandSnapshot/transitions`` and
  /// ``IslandSnapshot/animations`` emptied (they hold what one event caused), and writes
  /// every other change the event should make. Leave it out when the event should change
  /// nothing else. The event fails the test if it is rejected, and so does any effect or
  /// warning of an earlier event not yet received.
  public func send(
    _ event: Event, at t: Milliseconds,
    assert expected: ((inout IslandSnapshot) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    checkNothingUnreceived(at: site, when: "this send")
    let before = snapshot
    let outcome: Outcome
    do {
      outcome = try state.apply(event, at: t)
    } catch {
      FailureReporter.fail(
        "\(describe(event)) at t=\(t) was rejected: \(error.reason.message) "
          + "(\(error.reason.hint))",
        at: site)
      return
    }
    var expectation = before
    expectation.seq = outcome.entry.seq
    expectation.t = outcome.entry.t
    expectation.transitions = []
    expectation.animations = []
    let actual = snapshot
    do {
      if exhaustivity == .off {
        // Only what the closure writes is checked: apply it to the actual island, which is
        // unchanged exactly when the closure agrees with it.
        expectation = actual
      }
      try expected?(&expectation)
    } catch {
      FailureReporter.fail(
        "\(header(outcome.entry)): the expectation threw an error: \(error)", at: site)
    }
    let differences = DiffTree.differences(
      expected: expectation.diffTree, actual: actual.diffTree)
    if !differences.isEmpty {
      FailureReporter.fail(
        mismatch(header(outcome.entry), differences, from: "the expectation"), at: site)
    }
    unreceivedEffects += outcome.effects
    unreceivedWarnings += outcome.warnings
  }

  /// Applies `event` at time `t` and checks that the engine refuses it for `reason`, leaving
  /// the island exactly as it was.
  public func send(
    _ event: Event, at t: Milliseconds, rejectedWith reason: Rejection.Reason,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    checkNothingUnreceived(at: site, when: "this send")
    let before = state
    do {
      let outcome = try state.apply(event, at: t)
      FailureReporter.fail(
        "\(header(outcome.entry)) was accepted, but it should have been rejected: "
          + reason.message,
        at: site)
      // The test has failed already: its emissions are not asked for again.
    } catch {
      if error.reason != reason {
        FailureReporter.fail(
          "\(describe(event)) at t=\(t) was rejected for another reason\n"
            + "  − expected: \(reason.message)\n  + actual:   \(error.reason.message)",
          at: site)
      }
      if state != before {
        let differences = DiffTree.differences(
          expected: IslandSnapshot(before).diffTree, actual: snapshot.diffTree)
        FailureReporter.fail(
          mismatch(
            "\(describe(event)) at t=\(t) was rejected but changed the island",
            differences, from: "the island before it"),
          at: site)
        state = before
      }
    }
  }

  // MARK: - Receiving

  /// Checks that the oldest effect not yet received is `effect`.
  public func receive(
    _ effect: Effect.Kind, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let next = unreceivedEffects.first else {
      FailureReporter.fail(
        "expected to receive \(describe(effect)), but no effect is waiting", at: site)
      return
    }
    unreceivedEffects.removeFirst()
    if next.kind != effect {
      FailureReporter.fail(
        "the next effect, of seq \(next.seq), is not the one expected\n"
          + "  − expected: \(describe(effect))\n  + actual:   \(describe(next.kind))",
        at: site)
    }
  }

  /// Checks that the oldest warning not yet received is `warning`. Widths in points compare
  /// as warnings show them, to the hundredth (the engine's widths are estimates with many
  /// more digits than that).
  public func receive(
    _ warning: Warning.Kind, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let next = unreceivedWarnings.first else {
      FailureReporter.fail(
        "expected to receive \(describe(warning)), but no warning is waiting", at: site)
      return
    }
    unreceivedWarnings.removeFirst()
    if describe(next.kind) != describe(warning) {
      FailureReporter.fail(
        "the next warning, of seq \(next.seq), is not the one expected\n"
          + "  − expected: \(describe(warning))\n  + actual:   \(describe(next.kind))",
        at: site)
    }
  }

  /// Drops every effect and warning not yet received, without checking them.
  public func skipReceived() {
    unreceivedEffects = []
    unreceivedWarnings = []
  }

  /// Ends the test: fails it if an effect or a warning was not received. Called by itself
  /// when the store goes away; call it to report at a line of your own.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    finished = true
    checkNothingUnreceived(
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      when: "the test ended")
  }

  // MARK: - Messages

  private func checkNothingUnreceived(at site: CallSite, when moment: String) {
    defer { skipReceived() }
    guard exhaustivity == .on else { return }
    var lines: [String] = []
    if !unreceivedEffects.isEmpty {
      lines.append(
        "\(count(unreceivedEffects.count, "effect")) not received before \(moment):")
      lines += unreceivedEffects.map { "  seq \($0.seq): \(describe($0.kind))" }
    }
    if !unreceivedWarnings.isEmpty {
      lines.append(
        "\(count(unreceivedWarnings.count, "warning")) not received before \(moment):")
      lines += unreceivedWarnings.map { "  seq \($0.seq): \(describe($0.kind))" }
    }
    if !lines.isEmpty { FailureReporter.fail(lines.joined(separator: "\n"), at: site) }
  }

  private func header(_ entry: LogEntry) -> String {
    "seq \(entry.seq), \(describe(entry.event)) at t=\(entry.t)"
  }

  private func mismatch(
    _ header: String, _ differences: [FieldDifference], from reference: String
  ) -> String {
    let summary =
      "\(header): \(count(differences.count, "field")) "
      + (differences.count == 1 ? "differs" : "differ") + " from \(reference)"
    return ([summary] + differences.flatMap(\.lines).map { "  " + $0 }).joined(separator: "\n")
  }
}

/// How much of each change a test must describe.
public enum Exhaustivity: Equatable, Sendable {
  /// Every change to the island, and every effect and warning (the default).
  case on
  /// Only the fields a test writes are checked; effects and warnings need not be received.
  case off
}

/// `1 effect`, `2 effects`.
func count(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)" + (number == 1 ? "" : "s")
}
