import IslandCore
import IslandTesting
import Testing

private let food = "com.example.food"
private let minute: Milliseconds = 60_000

/// The seed 000 order at its start.
private let cooking: ContentState = [
  "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
  "deliveryProgress": 0.1, "statusText": "Cooking",
]

/// A store in which "pizza" (seed 000's delivery layout) has started, as its first test
/// asserts it.
private func storeWithPizza() -> IslandTestStore {
  let store = IslandTestStore()
  store.send(
    .start(
      "pizza", app: food, state: cooking, layout: .named("delivery"),
      links: RegionLinks(leading: "food://map")),
    at: 0
  ) {
    $0.mode = .compact
    $0.island = "pizza"
    $0.activities.append(ActivitySnapshot(id: "pizza", app: food, content: cooking))
    $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "20м")
    $0.animations = [.spring(.grow, "pizza")]
  }
  return store
}

/// Matches a recorded issue whose whole text is `text`.
private func issue(_ text: String) -> KnownIssueMatcher {
  { issue in issue.comments.map(\.rawValue) == [text] }
}

@Suite("The step-by-step store")
struct IslandTestStoreTests {
  @Test("a flow described exactly passes: every change, effect and rejection asserted")
  func exactFlowPasses() {
    let store = storeWithPizza()
    store.send(.update("pizza", state: ["minutesLeft": 19]), at: minute) {
      $0.activities[id: "pizza"]?.content["minutesLeft"] = 19
      $0.zones.compactTrailing = "19м"
      $0.transitions = [
        Transition(
          activity: "pizza", zone: .compactTrailing, kind: .numericText, from: "20м", to: "19м"),
        Transition(
          activity: "pizza", zone: .trailing, kind: .numericText, from: "[clock] 20 мин",
          to: "[clock] 19 мин"),
      ]
    }
    store.send(.longPress(.island), at: 2 * minute) {
      $0.mode = .expanded
      $0.expandedReason = .user
      $0.zones = ShownZones(
        leading: "[flame.fill]", trailing: "[clock] 19 мин", center: "Pizza Roma",
        bottom: "[progress 10%] Cooking")
      $0.animations = [.spring(.expand, "pizza")]
    }
    store.send(.tap(.leading), at: 2 * minute + 500) {
      $0.mode = .compact
      $0.expandedReason = nil
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "19м")
      $0.animations = [.spring(.collapse, "pizza")]
    }
    store.receive(.openURL(url: "food://map", rule: .regionLink, activity: "pizza"))
    store.send(.end("pizza"), at: 3 * minute) {
      $0.mode = .idle
      $0.island = nil
      $0.activities[id: "pizza"]?.phase = .ended
      $0.activities[id: "pizza"]?.endedAt = 3 * minute
      $0.activities[id: "pizza"]?.dismissAt = 3 * minute + 4 * 3_600_000
      $0.zones = ShownZones()
    }
    store.send(
      .update("pizza", state: ["minutesLeft": 0]), at: 4 * minute,
      rejectedWith: .activityEnded("pizza"))
    #expect(store.state.seq == 5)
  }

  @Test("a wrong expectation fails with a diff naming the field, the activity and the seq")
  func wrongExpectationFails() {
    let store = storeWithPizza()
    let line = #line + 2
    withKnownIssue {
      store.send(.update("pizza", state: ["minutesLeft": 19]), at: minute) {
        $0.activities[id: "pizza"]?.content["minutesLeft"] = 18
        $0.zones.compactTrailing = "19м"
        $0.transitions = [
          Transition(
            activity: "pizza", zone: .compactTrailing, kind: .numericText, from: "20м",
            to: "19м"),
          Transition(
            activity: "pizza", zone: .trailing, kind: .numericText, from: "[clock] 20 мин",
            to: "[clock] 19 мин"),
        ]
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        seq 2, update "pizza" at t=60000: 1 field differs from the expectation
          activities["pizza"].content.minutesLeft
            − expected: 18
            + actual:   19
        """
      ] && issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileID == "IslandTestingTests/IslandTestStoreTests.swift"
    }
  }

  @Test("a change the test did not describe fails, each field named")
  func undescribedChangeFails() {
    let store = storeWithPizza()
    withKnownIssue {
      store.send(.longPress(.island), at: minute) {
        $0.mode = .expanded
      }
    } matching: {
      issue(
        """
        seq 2, longPress island at t=60000: 8 fields differ from the expectation
          expandedReason
            − expected: nil
            + actual:   user
          zones.compactLeading
            − expected: "[bag.fill]"
            + actual:   nil
          zones.compactTrailing
            − expected: "20м"
            + actual:   nil
          zones.leading
            − expected: nil
            + actual:   "[flame.fill]"
          zones.trailing
            − expected: nil
            + actual:   "[clock] 20 мин"
          zones.center
            − expected: nil
            + actual:   "Pizza Roma"
          zones.bottom
            − expected: nil
            + actual:   "[progress 10%] Cooking"
          animations[0]
            − expected: (absent)
            + actual:   expand of "pizza": spring(response: 700, damping: 0.7), 637 ms
        """)($0)
    }
  }

  @Test("an effect not received fails the test at the next send, which names it and its seq")
  func unreceivedEffectFailsAtNextSend() {
    let store = storeWithPizza()
    expand(store, at: minute)
    store.send(.tap(.bottom), at: 2 * minute) { collapse(&$0) }
    let line = #line + 2
    withKnownIssue {
      store.send(.tick, at: 3 * minute)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        1 effect not received before this send:
          seq 3: openURL "com.example.food://" (appDefault) of "pizza"
        """
      ] && issue.sourceLocation?.line == line
    }
  }

  @Test("an effect not received fails the test when it ends")
  func unreceivedEffectFailsAtTheEnd() {
    withKnownIssue {
      let store = storeWithPizza()
      expand(store, at: minute)
      store.send(.tap(.leading), at: 2 * minute) { collapse(&$0) }
    } matching: {
      issue(
        """
        1 effect not received before the test ended:
          seq 3: openURL "food://map" (regionLink) of "pizza"
        """)($0)
    }
  }

  @Test("finish reports what was not received at its own line")
  func finishReportsAtItsLine() {
    let store = storeWithPizza()
    expand(store, at: minute)
    store.send(.tap(.leading), at: 2 * minute) { collapse(&$0) }
    let line = #line + 2
    withKnownIssue {
      store.finish()
    } matching: {
      $0.sourceLocation?.line == line
    }
  }

  @Test("receiving another effect than the one emitted fails with both")
  func wrongEffectFails() {
    let store = storeWithPizza()
    expand(store, at: minute)
    store.send(.tap(.leading), at: 2 * minute) { collapse(&$0) }
    withKnownIssue {
      store.receive(.openURL(url: "food://order/42", rule: .widgetURL, activity: "pizza"))
    } matching: {
      issue(
        """
        the next effect, of seq 3, is not the one expected
          − expected: openURL "food://order/42" (widgetURL) of "pizza"
          + actual:   openURL "food://map" (regionLink) of "pizza"
        """)($0)
    }
  }

  @Test("receiving when nothing was emitted fails")
  func receiveWithNothingWaitingFails() {
    let store = storeWithPizza()
    withKnownIssue {
      store.receive(.openURL(url: "food://map", rule: .regionLink, activity: "pizza"))
    } matching: {
      issue(
        """
        expected to receive openURL "food://map" (regionLink) of "pizza", but no effect is \
        waiting
        """)($0)
    }
  }

  @Test("a warning is received like an effect; one not received fails the test")
  func warningsAreReceived() {
    let store = IslandTestStore()
    var long = cooking
    long["minutesLeft"] = 2_000_000
    store.send(.start("pizza", app: food, state: long, layout: .named("delivery")), at: 0) {
      $0.mode = .compact
      $0.island = "pizza"
      $0.activities.append(ActivitySnapshot(id: "pizza", app: food, content: long))
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "200000…")
      $0.animations = [.spring(.grow, "pizza")]
    }
    store.receive(
      .truncated(activity: "pizza", zone: .compactTrailing, needed: 53.4, budget: 52.33))
    withKnownIssue {
      store.send(.update("pizza", state: ["minutesLeft": 3_000_000]), at: 1) {
        $0.activities[id: "pizza"]?.content["minutesLeft"] = 3_000_000
        $0.zones.compactTrailing = "300000…"
        $0.transitions = [
          Transition(
            activity: "pizza", zone: .compactTrailing, kind: .numericText, from: "2000000м",
            to: "3000000м"),
          Transition(
            activity: "pizza", zone: .trailing, kind: .numericText, from: "[clock] 2000000 мин",
            to: "[clock] 3000000 мин"),
        ]
      }
      store.finish()
    } matching: {
      issue(
        """
        1 warning not received before the test ended:
          seq 2: truncated compactTrailing of "pizza": needs 53.4 pt, has 52.33 pt
        """)($0)
    }
  }

  @Test("a rejection is asserted by name, and the island stays as it was")
  func rejectionAsserted() {
    let store = storeWithPizza()
    store.send(.start("pizza", app: food), at: 1, rejectedWith: .duplicateActivity("pizza"))
    store.send(.update("ghost"), at: 1, rejectedWith: .unknownActivity("ghost"))
    store.send(
      .tap(.detached), at: 1,
      rejectedWith: .notOnScreen(
        target: "detached", why: "the island is compact: there is no detached bubble"))
    #expect(store.state.seq == 1)
  }

  @Test("a rejection for another reason fails, with both reasons")
  func wrongRejectionFails() {
    let store = storeWithPizza()
    withKnownIssue {
      store.send(.update("pizza"), at: -1, rejectedWith: .activityEnded("pizza"))
    } matching: {
      issue(
        """
        update "pizza" at t=-1 was rejected for another reason
          − expected: activity "pizza" has ended
          + actual:   time went backwards: t=-1 is before the current time 0
        """)($0)
    }
  }

  @Test("an accepted event that should have been rejected fails")
  func acceptedInsteadOfRejectedFails() {
    let store = storeWithPizza()
    withKnownIssue {
      store.send(.update("pizza"), at: minute, rejectedWith: .activityEnded("pizza"))
    } matching: {
      issue(
        """
        seq 2, update "pizza" at t=60000 was accepted, but it should have been rejected: \
        activity "pizza" has ended
        """)($0)
    }
  }

  @Test("an unexpected rejection fails, with the engine's message and hint")
  func unexpectedRejectionFails() {
    let store = storeWithPizza()
    withKnownIssue {
      store.send(.update("ghost"), at: minute) { _ in }
    } matching: {
      issue(
        """
        update "ghost" at t=60000 was rejected: activity "ghost" does not exist (start it \
        first, or check the id (`explain` lists them))
        """)($0)
    }
  }

  @Test("with exhaustivity off, only the fields written are checked")
  func nonExhaustive() {
    let store = storeWithPizza()
    store.exhaustivity = .off
    store.send(.longPress(.island), at: minute) { $0.mode = .expanded }
    store.send(.tap(.leading), at: 2 * minute)
    withKnownIssue {
      store.send(.update("pizza", state: ["minutesLeft": 3]), at: 3 * minute) {
        $0.zones.compactTrailing = "4м"
      }
    } matching: {
      issue(
        """
        seq 4, update "pizza" at t=180000: 1 field differs from the expectation
          zones.compactTrailing
            − expected: "4м"
            + actual:   "3м"
        """)($0)
    }
  }

  @Test("a store can start where a recorded journal leaves the island")
  func startFromJournal() {
    let store = IslandTestStore(replaying: "Journals/delivery.jsonl", until: 2)
    #expect(store.snapshot.seq == 2)
    #expect(store.snapshot.zones.compactTrailing == "19м")
    expand(store, at: 2 * minute, minutesLeft: 19)
  }

  @Test("a journal that cannot be replayed fails the test where the store is made")
  func startFromMissingJournal() {
    let line = #line + 2
    withKnownIssue {
      let store = IslandTestStore(replaying: "Journals/nowhere.jsonl")
      #expect(store.state.seq == 0)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue).joined().contains("nowhere.jsonl: cannot open")
    }
  }
}

/// Asserts a long press that expands "pizza" from compact, the order still cooking.
private func expand(_ store: IslandTestStore, at t: Milliseconds, minutesLeft: Int = 20) {
  store.send(.longPress(.island), at: t) {
    $0.mode = .expanded
    $0.expandedReason = .user
    $0.zones = ShownZones(
      leading: "[flame.fill]", trailing: "[clock] \(minutesLeft) мин", center: "Pizza Roma",
      bottom: "[progress 10%] Cooking")
    $0.animations = [.spring(.expand, "pizza")]
  }
}

/// What a tap that collapses "pizza" back to compact changes, the order still cooking.
private func collapse(_ island: inout IslandSnapshot) {
  island.mode = .compact
  island.expandedReason = nil
  island.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "20м")
  island.animations = [.spring(.collapse, "pizza")]
}
