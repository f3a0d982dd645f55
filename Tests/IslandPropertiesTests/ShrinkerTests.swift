import Foundation
import IslandCore
import IslandJournal
import IslandProperties
import Testing

/// The shrinker at work on invariants broken on purpose (in the test, not in the product):
/// each is caught, shrunk to a journal of a handful of events, and the journal, replayed,
/// breaks the invariant again.
@Suite struct ShrinkerTests {
  /// "The island is never minimal": false as soon as two apps have an activity.
  static let neverMinimal = IslandInvariants.Extra(name: "neverMinimal") { state in
    state.placement.mode == .minimal ? "the island is minimal" : nil
  }

  /// "Nothing stale is ever on the island": false once a stale time passes.
  static let neverStaleOnTheIsland = IslandInvariants.Extra(name: "neverStaleOnTheIsland") {
    state in
    state.islandActivity?.phase == .stale ? "\(state.islandActivity?.id ?? "") is stale" : nil
  }

  /// "An alert never shows while another activity waits hidden beneath": two apps, an alert.
  static let noAlertOverHiddenApps = IslandInvariants.Extra(name: "noAlertOverHiddenApps") {
    state in
    state.expandedReason == .alert && !state.hiddenActivities.isEmpty
      && state.placement.detached != nil ? "an alert over hidden activities" : nil
  }

  @Test(arguments: [
    (neverMinimal, 2), (neverStaleOnTheIsland, 2), (noAlertOverHiddenApps, 3),
  ])
  func aBrokenInvariantIsCaughtAndShrunk(_ extra: IslandInvariants.Extra, smallest: Int) throws {
    let runner = PropertyRunner(property: .invariants, extras: [extra])
    let result = runner.run(seed: 4_242, runs: 2_000)
    let counterexample = try #require(result.counterexample)
    #expect(counterexample.failure.kind == extra.name)
    #expect(counterexample.original.steps.count >= counterexample.shrunk.steps.count)
    // A handful of events: every one needed.
    let entries = counterexample.entries
    #expect(entries.count <= 5, "\(counterexample.journalText)")
    #expect(entries.count >= smallest)
    for index in entries.indices {
      var fewer = entries
      fewer.remove(at: index)
      #expect(!breaks(extra, refolding: fewer, counterexample), "event \(index + 1) is not needed")
    }

    // Written as a journal, it replays to a state that breaks the invariant again.
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-shrinker-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = try counterexample.write(into: directory)
    #expect(path.hasSuffix("/invariants-\(counterexample.caseSeed).jsonl"))
    let replay = try Journal.replay(path: path)
    #expect(extra.check(replay.state) != nil)

    // The case seed, run alone, finds the same failure.
    let again = runner.run(seed: counterexample.caseSeed, runs: 1)
    #expect(again.counterexample?.shrunk == counterexample.shrunk)
  }

  private func breaks(
    _ extra: IslandInvariants.Extra, refolding entries: [LogEntry], _ counterexample: Counterexample
  ) -> Bool {
    var state = IslandState(configuration: counterexample.shrunk.configuration)
    for entry in entries {
      guard (try? state.apply(entry.event, at: entry.t)) != nil else { continue }
      if extra.check(state) != nil { return true }
    }
    return false
  }

  @Test func theShrunkCaseKeepsItsPreconditions() throws {
    let runner = PropertyRunner(property: .invariants, extras: [Self.noAlertOverHiddenApps])
    let counterexample = try #require(runner.run(seed: 4_242, runs: 2_000).counterexample)
    // Each step still is what it was generated to be, where it now stands.
    var state = counterexample.shrunk.prefix.state
    for step in counterexample.shrunk.steps {
      let verdict = RuleModel.verdict(for: step.event, at: step.t, in: state)
      switch step.intent {
      case .valid: #expect(verdict.isAccept)
      case .invalid: #expect(!verdict.isAccept)
      case .unconstrained: break
      }
      _ = try? state.apply(step.event, at: step.t)
    }
    #expect(Shrinker.normalized(counterexample.shrunk) == counterexample.shrunk)
  }

  @Test func normalizingDropsStepsThatNoLongerStandWhereTheyWereMeant() {
    let start = Step(
      t: 0, event: .start(Start(activity: "a", app: "com.a", state: ["n": 1])), intent: .valid)
    let update = Step(
      t: 10, event: .update(Update(activity: "a", state: ["n": 2])), intent: .valid)
    let duplicate = Step(
      t: 20, event: .start(Start(activity: "a", app: "com.a")),
      intent: .invalid(.duplicateStart))
    let full = FuzzCase(seed: 1, prefix: Prefix(), steps: [start, update, duplicate])
    #expect(Shrinker.normalized(full) == full)
    // Without its start, the update is no longer valid and the duplicate no longer one.
    let cut = FuzzCase(seed: 1, prefix: Prefix(), steps: [update, duplicate])
    #expect(Shrinker.normalized(cut).steps.isEmpty)
  }
}
