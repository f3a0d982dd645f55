import IslandCore

/// The food-delivery Live Activity of seed 000, as an app would declare it: its layout (the
/// `DynamicIsland { ... }` of the seed, zone by zone), its content state, and the events the
/// app sends.
public enum DeliveryActivity {
  /// The app's bundle id.
  public static let app = "com.example.food"

  /// The seed's `DynamicIsland` declaration, written out:
  ///
  /// ```swift
  /// DynamicIslandExpandedRegion(.leading) {
  ///   Image(systemName: orderStatusIcon).font(.title2).foregroundColor(.orange)
  /// }
  /// DynamicIslandExpandedRegion(.trailing) {
  ///   Label("\(minutesLeft) мин", systemImage: "clock").font(.caption)
  /// }
  /// DynamicIslandExpandedRegion(.center) {
  ///   Text(restaurantName).font(.headline).lineLimit(1)
  /// }
  /// DynamicIslandExpandedRegion(.bottom) {
  ///   HStack {
  ///     ProgressView(value: deliveryProgress).tint(.orange)
  ///     Text(statusText).font(.subheadline)
  ///   }
  ///   .padding(.horizontal)
  /// }
  /// } compactLeading: {
  ///   Image(systemName: "bag.fill").foregroundColor(.orange)
  /// } compactTrailing: {
  ///   Text("\(minutesLeft)м").font(.caption2).bold()
  /// } minimal: {
  ///   Image(systemName: "bag.fill")
  /// }
  /// ```
  ///
  /// with the seed's keyframe pulse of the leading icon when the status changes.
  public static let layout = Layout(
    compactLeading: ZoneView(.symbol(name: template("bag.fill"), tint: .orange, font: nil)),
    compactTrailing: ZoneView(
      .text(template("{minutesLeft}м"), font: .caption2, bold: true, lineLimit: nil)),
    minimal: ZoneView(.symbol(name: template("bag.fill"), tint: nil, font: nil)),
    leading: ZoneView(.symbol(name: template("{orderStatusIcon}"), tint: .orange, font: .title2)),
    trailing: ZoneView(
      .label(template("{minutesLeft} мин"), symbol: "clock", font: .caption, bold: false)),
    center: ZoneView(
      .text(template("{restaurantName}"), font: .headline, bold: false, lineLimit: 1)),
    bottom: ZoneView(
      .row([
        .progress(field: "deliveryProgress", tint: .orange),
        .text(template("{statusText}"), font: .subheadline, bold: false, lineLimit: nil),
      ]),
      horizontalPadding: true),
    pulse: Pulse(field: "statusText"))

  /// The content state of an order.
  public struct Order: Equatable, Sendable {
    /// The SF Symbol of the order's status.
    public var orderStatusIcon: String
    /// Minutes until delivery.
    public var minutesLeft: Int
    /// The restaurant's name.
    public var restaurantName: String
    /// How far the delivery is, from 0 to 1.
    public var deliveryProgress: Double
    /// The status, in words.
    public var statusText: String

    /// An order in this state.
    public init(
      orderStatusIcon: String, minutesLeft: Int, restaurantName: String,
      deliveryProgress: Double, statusText: String
    ) {
      self.orderStatusIcon = orderStatusIcon
      self.minutesLeft = minutesLeft
      self.restaurantName = restaurantName
      self.deliveryProgress = deliveryProgress
      self.statusText = statusText
    }

    /// The order as the activity's content state.
    public var content: ContentState {
      [
        "orderStatusIcon": .string(orderStatusIcon), "minutesLeft": .number(Double(minutesLeft)),
        "restaurantName": .string(restaurantName), "deliveryProgress": .number(deliveryProgress),
        "statusText": .string(statusText),
      ]
    }
  }

  /// The start of the activity for order `id`: the widget URL opens the order, the leading
  /// region the courier's map (seed 000: "the leading region opens the map").
  public static func start(_ id: String, order: Order) -> Event {
    .start(
      Start(
        activity: id, app: app, relevance: 50, state: order.content, layout: .inline(layout),
        url: "food://order/\(id)", links: RegionLinks(leading: "food://map/\(id)")))
  }

  /// An update of order `id` to `order`.
  public static func update(_ id: String, to order: Order) -> Event {
    .update(Update(activity: id, state: order.content))
  }

  /// The end of order `id`, delivered.
  public static func delivered(_ id: String, order: Order) -> Event {
    .end(End(activity: id, state: order.content))
  }

  private static func template(_ source: String) -> Template {
    (try? Template(source)) ?? Template(literal: source)
  }
}
