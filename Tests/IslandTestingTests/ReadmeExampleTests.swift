import IslandCore
import IslandTesting
import Testing

// The first test of README.md's "Testing your integration", exactly as printed there.
@Suite("README example")
struct ReadmeExampleTests {
  @Test func orderCountsDown() {
    let order: ContentState = [
      "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
      "deliveryProgress": 0.1, "statusText": "Cooking",
    ]
    let store = IslandTestStore()  // iPhone 15 Pro, tap-expands, the default policy
    store.send(
      .start("42", app: "com.example.food", state: order, layout: .named("delivery")), at: 0
    ) {
      $0.mode = .compact
      $0.island = "42"
      $0.activities = [ActivitySnapshot(id: "42", app: "com.example.food", content: order)]
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "20м")
      $0.animations = [.spring(.grow, "42")]
    }
    store.send(.update("42", state: ["minutesLeft": 19]), at: 60_000) {
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
    store.send(.update("nope"), at: 61_000, rejectedWith: .unknownActivity("nope"))
  }
}
