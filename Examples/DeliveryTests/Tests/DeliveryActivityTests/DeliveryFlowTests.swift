import DeliveryActivity
import IslandCore
import IslandTesting
import Testing

/// The delivery flow, step by step: each event, and everything it should change on the
/// island.
@Suite("Delivery flow")
struct DeliveryFlowTests {
  let cooking = DeliveryActivity.Order(
    orderStatusIcon: "flame.fill", minutesLeft: 20, restaurantName: "Pizza Roma",
    deliveryProgress: 0.1, statusText: "Cooking")

  @Test("an order from cooking to delivered")
  func orderFlow() {
    let store = IslandTestStore()
    store.send(DeliveryActivity.start("42", order: cooking), at: 0) {
      $0.mode = .compact
      $0.island = "42"
      $0.activities = [
        ActivitySnapshot(
          id: "42", app: DeliveryActivity.app, relevance: 50, content: cooking.content)
      ]
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "20м")
      $0.animations = [.spring(.grow, "42")]
    }

    var order = cooking
    order.minutesLeft = 19
    store.send(DeliveryActivity.update("42", to: order), at: 60_000) {
      $0.activities[id: "42"]?.content["minutesLeft"] = 19
      $0.zones.compactTrailing = "19м"
      $0.transitions = [
        Transition(
          activity: "42", zone: .compactTrailing, kind: .numericText, from: "20м", to: "19м"),
        Transition(
          activity: "42", zone: .trailing, kind: .numericText, from: "[clock] 20 мин",
          to: "[clock] 19 мин"),
      ]
    }

    order.statusText = "On its way"
    order.orderStatusIcon = "bicycle"
    order.deliveryProgress = 0.6
    store.send(DeliveryActivity.update("42", to: order), at: 300_000) {
      $0.activities[id: "42"]?.content = order.content
      $0.transitions = [
        Transition(
          activity: "42", zone: .leading, kind: .crossfade, from: "[flame.fill]",
          to: "[bicycle]"),
        Transition(
          activity: "42", zone: .bottom, kind: .crossfade, from: "[progress 10%] Cooking",
          to: "[progress 60%] On its way"),
      ]
      $0.animations = [.pulse("42", in: .compactLeading)]
    }

    store.send(.longPress(.island), at: 310_000) {
      $0.mode = .expanded
      $0.expandedReason = .user
      $0.zones = ShownZones(
        leading: "[bicycle]", trailing: "[clock] 19 мин", center: "Pizza Roma",
        bottom: "[progress 60%] On its way")
      $0.animations = [.spring(.expand, "42")]
    }

    store.send(.tap(.leading), at: 312_000) {
      $0.mode = .compact
      $0.expandedReason = nil
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "19м")
      $0.animations = [.spring(.collapse, "42")]
    }
    store.receive(.openURL(url: "food://map/42", rule: .regionLink, activity: "42"))

    order.statusText = "Delivered"
    order.orderStatusIcon = "checkmark.circle.fill"
    order.deliveryProgress = 1
    order.minutesLeft = 0
    store.send(DeliveryActivity.delivered("42", order: order), at: 1_080_000) {
      $0.mode = .idle
      $0.island = nil
      $0.zones = ShownZones()
      $0.activities[id: "42"]?.content = order.content
      $0.activities[id: "42"]?.phase = .ended
      $0.activities[id: "42"]?.endedAt = 1_080_000
      $0.activities[id: "42"]?.dismissAt = 1_080_000 + 4 * 3_600_000
    }

    // The app must not update a delivered order: the engine refuses it, by name.
    store.send(
      DeliveryActivity.update("42", to: order), at: 1_090_000,
      rejectedWith: .activityEnded("42"))
  }

  @Test("a recorded competition, continued step by step: the hidden order comes back")
  func competitionContinued() {
    // After seq 3 of the recorded journal: the ride on the island, order 42 detached, and
    // order 43 of the same app hidden behind it.
    let store = IslandTestStore(replaying: "Journals/order-and-ride.jsonl", until: 3)
    #expect(store.snapshot.hidden == ["43"])

    store.send(.end(End(activity: "ride-7", dismissal: .immediate)), at: 30_000) {
      $0.mode = .compact
      $0.island = "42"
      $0.detached = nil
      $0.activities[id: "ride-7"]?.phase = .dismissed
      $0.activities[id: "ride-7"]?.endedAt = 30_000
      $0.activities[id: "ride-7"]?.dismissAt = 30_000
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "20м")
    }
    store.send(DeliveryActivity.delivered("42", order: cooking), at: 40_000) {
      $0.island = "43"
      $0.hidden = []
      $0.activities[id: "42"]?.phase = .ended
      $0.activities[id: "42"]?.endedAt = 40_000
      $0.activities[id: "42"]?.dismissAt = 40_000 + 4 * 3_600_000
    }
  }
}
