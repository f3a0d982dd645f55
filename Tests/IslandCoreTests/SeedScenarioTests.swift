import IslandCore
import IslandTesting
import Testing

// The two scenarios of the seeds, folded event by event with the step-by-step store we ship
// to users: each step states the whole change to the island, and every effect is received.

@Suite("Seed scenarios")
struct SeedScenarioTests {
  @Test("seed 000: one food delivery, from cooking to delivered")
  func delivery() {
    let food = "com.example.food"
    let cooking: ContentState = [
      "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
      "deliveryProgress": 0.1, "statusText": "Cooking",
    ]
    let store = IslandTestStore()

    // The order is placed: the island grows in, compact, for the only app.
    store.send(
      .start(
        "pizza", app: food, state: cooking, layout: .named("delivery"), url: "food://order/42",
        links: RegionLinks(leading: "food://map")),
      at: 0
    ) {
      $0.mode = .compact
      $0.island = "pizza"
      $0.activities = [ActivitySnapshot(id: "pizza", app: food, content: cooking)]
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "20м")
      $0.animations = [.spring(.grow, "pizza")]
    }

    // A minute counts down: only digits change, so both zones that show it use numericText.
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

    // The courier picks it up: the status changes, so the leading icon pulses (the layout
    // pulses on statusText) with the seed's keyframes, in the compact leading zone.
    let onItsWay: ContentState = [
      "orderStatusIcon": "bicycle", "statusText": "On its way", "deliveryProgress": 0.5,
      "minutesLeft": 12,
    ]
    store.send(.update("pizza", state: onItsWay), at: 5 * minute) {
      $0.activities[id: "pizza"]?.content.merge(onItsWay)
      $0.zones.compactTrailing = "12м"
      $0.transitions = [
        Transition(
          activity: "pizza", zone: .compactTrailing, kind: .numericText, from: "19м", to: "12м"),
        Transition(
          activity: "pizza", zone: .leading, kind: .crossfade, from: "[flame.fill]",
          to: "[bicycle]"),
        Transition(
          activity: "pizza", zone: .trailing, kind: .numericText, from: "[clock] 19 мин",
          to: "[clock] 12 мин"),
        Transition(
          activity: "pizza", zone: .bottom, kind: .crossfade, from: "[progress 10%] Cooking",
          to: "[progress 50%] On its way"),
      ]
      $0.animations = [.pulse("pizza", in: .compactLeading)]
    }

    // A long press shows the four expanded regions of the seed.
    store.send(.longPress(.island), at: 6 * minute) {
      $0.mode = .expanded
      $0.expandedReason = .user
      $0.zones = ShownZones(
        leading: "[bicycle]", trailing: "[clock] 12 мин", center: "Pizza Roma",
        bottom: "[progress 50%] On its way")
      $0.animations = [.spring(.expand, "pizza")]
    }

    // A tap on the leading region follows its own link (the courier's map) and collapses.
    store.send(.tap(.leading), at: 6 * minute + 2 * second) {
      $0.mode = .compact
      $0.expandedReason = nil
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "12м")
      $0.animations = [.spring(.collapse, "pizza")]
    }
    store.receive(.openURL(url: "food://map", rule: .regionLink, activity: "pizza"))

    // Delivered: the activity ends with its final state and leaves the island at once; it
    // stays on the Lock Screen for the default 4 h.
    let delivered: ContentState = [
      "statusText": "Delivered", "deliveryProgress": 1, "minutesLeft": 0,
      "orderStatusIcon": "checkmark.circle.fill",
    ]
    store.send(.end("pizza", state: delivered), at: 18 * minute) {
      $0.mode = .idle
      $0.island = nil
      $0.zones = ShownZones()
      $0.activities[id: "pizza"]?.content.merge(delivered)
      $0.activities[id: "pizza"]?.phase = .ended
      $0.activities[id: "pizza"]?.endedAt = 18 * minute
      $0.activities[id: "pizza"]?.dismissAt = 18 * minute + 4 * hour
    }
    store.send(
      .update("pizza", state: ["minutesLeft": 1]), at: 19 * minute,
      rejectedWith: .activityEnded("pizza"))
    store.send(.tick, at: 18 * minute + 4 * hour) {
      $0.activities[id: "pizza"]?.phase = .dismissed
    }
  }

  @Test("two apps compete for the minimal slots; a third activity waits hidden until one ends")
  func competition() {
    let food = "com.example.food"
    let ride = "com.example.ride"
    let order: ContentState = [
      "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
      "deliveryProgress": 0.1, "statusText": "Cooking",
    ]
    let car: ContentState = [
      "minutesAway": 5, "driver": "Ana", "car": "Blue Prius", "progress": 0.2,
    ]
    let dessert: ContentState = [
      "orderStatusIcon": "birthday.cake", "minutesLeft": 30, "restaurantName": "Gelato",
      "deliveryProgress": 0, "statusText": "Waiting",
    ]
    let store = IslandTestStore()

    store.send(
      .start("pizza", app: food, relevance: 50, state: order, layout: .named("delivery")), at: 0
    ) {
      $0.mode = .compact
      $0.island = "pizza"
      $0.activities = [ActivitySnapshot(id: "pizza", app: food, relevance: 50, content: order)]
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "20м")
      $0.animations = [.spring(.grow, "pizza")]
    }

    // A second app: minimal. The ride ranks higher, so it takes the island; the food order
    // moves to the detached bubble.
    store.send(
      .start("taxi", app: ride, relevance: 80, state: car, layout: .named("ride")), at: second
    ) {
      $0.mode = .minimal
      $0.island = "taxi"
      $0.detached = "pizza"
      $0.activities.append(ActivitySnapshot(id: "taxi", app: ride, relevance: 80, content: car))
      $0.zones = ShownZones(minimal: "[car.fill]", detached: "[bag.fill]")
      $0.animations = [.spring(.grow, "taxi")]
    }

    // A second order of the food app: the detached slot already holds that app's best
    // activity, so the new one waits, hidden.
    store.send(
      .start("gelato", app: food, relevance: 40, state: dessert, layout: .named("delivery")),
      at: 2 * second
    ) {
      $0.hidden = ["gelato"]
      $0.activities.append(
        ActivitySnapshot(id: "gelato", app: food, relevance: 40, content: dessert))
    }

    // Only the two shown activities can be pressed; the detached one expands over the rest.
    store.send(.longPress(.detached), at: 3 * second) {
      $0.mode = .expanded
      $0.island = "pizza"
      $0.detached = nil
      $0.hidden = ["taxi", "gelato"]
      $0.expandedReason = .user
      $0.zones = ShownZones(
        leading: "[flame.fill]", trailing: "[clock] 20 мин", center: "Pizza Roma",
        bottom: "[progress 10%] Cooking")
      $0.animations = [.spring(.expand, "pizza")]
    }
    store.send(.tap(.outside), at: 4 * second) {
      $0.mode = .minimal
      $0.island = "taxi"
      $0.detached = "pizza"
      $0.hidden = ["gelato"]
      $0.expandedReason = nil
      $0.zones = ShownZones(minimal: "[car.fill]", detached: "[bag.fill]")
      $0.animations = [.spring(.collapse, "pizza")]
    }

    // The ride ends: the food app's order takes the island; with no other app left, the
    // island is compact and the second order stays hidden behind the first.
    store.send(.end("taxi", dismissal: .immediate), at: minute) {
      $0.mode = .compact
      $0.island = "pizza"
      $0.detached = nil
      $0.activities[id: "taxi"]?.phase = .dismissed
      $0.activities[id: "taxi"]?.endedAt = minute
      $0.activities[id: "taxi"]?.dismissAt = minute
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "20м")
    }

    // The first order ends: the hidden one comes back at once.
    store.send(.end("pizza"), at: 2 * minute) {
      $0.island = "gelato"
      $0.hidden = []
      $0.activities[id: "pizza"]?.phase = .ended
      $0.activities[id: "pizza"]?.endedAt = 2 * minute
      $0.activities[id: "pizza"]?.dismissAt = 2 * minute + 4 * hour
      $0.zones = ShownZones(compactLeading: "[bag.fill]", compactTrailing: "30м")
    }
  }
}
