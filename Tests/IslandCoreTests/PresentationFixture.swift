import IslandCore
import Testing

/// Starts and states for the presentation tests.
enum PresentationFixture {
  /// Seed 000's delivery state, as the catalogue's sample gives it.
  static let deliveryState: ContentState = [
    "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
    "deliveryProgress": 0.1, "statusText": "Cooking",
  ]

  /// A start of seed 000's delivery layout.
  static func delivery(
    _ id: String = "pizza", app: String = "com.example.food", relevance: Double = 0,
    layout: LayoutReference = .named("delivery"), url: String? = nil,
    links: RegionLinks = RegionLinks()
  ) -> Event {
    start(
      id, app: app, relevance: relevance, state: deliveryState, layout: layout, url: url,
      links: links)
  }

  static func template(_ source: String) -> Template {
    (try? Template(source)) ?? Template(literal: source)
  }
}
