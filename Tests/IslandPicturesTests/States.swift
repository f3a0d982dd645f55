import IslandCore
import Testing

/// The states the picture tests draw: every mode on both island classes, a stale island, a
/// truncated zone with a symbol the glyphs do not have, and a device without an island.
enum States {
  /// Seed 000's delivery, compact, on the standard class.
  static func deliveryCompact(device: String = Device.defaultName) throws -> IslandState {
    try fold(
      [(0, try start("delivery", app: "com.example.food", layout: "delivery"))], device: device)
  }

  /// Seed 000's delivery attached, a ride detached.
  static func deliveryMinimal(device: String = Device.defaultName) throws -> IslandState {
    try fold(
      [
        (0, try start("delivery", app: "com.example.food", layout: "delivery", relevance: 50)),
        (1_000, try start("ride", app: "com.example.ride", layout: "ride")),
      ], device: device)
  }

  /// Seed 000's delivery on its way, expanded by a long press: all four regions.
  static func deliveryExpanded(device: String = Device.defaultName) throws -> IslandState {
    try fold(
      [
        (0, try start("delivery", app: "com.example.food", layout: "delivery")),
        (
          60_000,
          .update(
            Update(
              activity: "delivery",
              state: [
                "orderStatusIcon": "bicycle", "minutesLeft": 12, "deliveryProgress": 0.4,
                "statusText": "On the way",
              ]))
        ),
        (61_000, .longPress(.island)),
      ], device: device)
  }

  /// A ride expanded by an alert.
  static func rideAlert(device: String) throws -> IslandState {
    try fold(
      [
        (0, try start("ride", app: "com.example.ride", layout: "ride")),
        (
          1_000,
          .update(
            Update(
              activity: "ride", state: ["minutesAway": 2],
              alert: Alert(title: "Ana is close", body: "2 minutes away")))
        ),
      ], device: device)
  }

  /// A match score, compact.
  static func scoreCompact(device: String) throws -> IslandState {
    try fold(
      [
        (
          0,
          try start(
            "match", app: "com.example.sports", layout: "score", patch: ["home": 2, "away": 1])
        )
      ], device: device)
  }

  /// A stale delivery, compact: the outline dashed.
  static func stale() throws -> IslandState {
    try fold([
      (0, try start("lunch", app: "com.example.food", layout: "delivery", stale: 2_000)),
      (3_000, .tick),
    ])
  }

  /// A compact trailing zone over its budget, cut with an ellipsis, and a symbol the
  /// glyphs do not draw (a placeholder).
  static func truncated() throws -> IslandState {
    var layout = Layout.delivery
    layout.compactLeading = ZoneView(
      .symbol(name: try Template("sportscourt.fill"), tint: .green, font: nil))
    layout.compactTrailing = ZoneView(
      .text(try Template("{statusText}"), font: .caption2, bold: true, lineLimit: 1))
    return try fold([
      (
        0,
        .start(
          Start(
            activity: "delivery", app: "com.example.food",
            state: [
              "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
              "deliveryProgress": 0.1, "statusText": "Arriving in twenty minutes",
            ], layout: .inline(layout)))
      )
    ])
  }

  /// An iPhone SE: no island; the last event's alert is a banner.
  static func withoutIsland() throws -> IslandState {
    try fold(
      [
        (0, try start("delivery", app: "com.example.food", layout: "delivery")),
        (
          6_000,
          .update(
            Update(
              activity: "delivery", state: ["statusText": "At the door"],
              alert: Alert(title: "Order ready", body: "Your pizza is at the door")))
        ),
      ], device: "iPhone SE")
  }

  /// An activity started without a layout (the default one), expanded: its bottom region
  /// wraps onto two lines.
  static func defaultLayoutWrapped() throws -> IslandState {
    try fold([
      (
        0,
        .start(
          Start(
            activity: "flight", app: "com.example.air",
            state: [
              "gate": "B12", "boarding": "10:40", "seat": "14C", "status": "Boarding soon",
              "terminal": "2", "flight": "IB 3124 to Lisbon",
            ]))
      ),
      (1_000, .longPress(.island)),
    ])
  }

  /// Every state with an island, by golden name, with the mode it must be in.
  static func all() throws -> [(name: String, mode: Mode, state: IslandState)] {
    [
      ("idle-standard", .idle, try fold([])),
      ("idle-large", .idle, try fold([], device: "iPhone 15 Pro Max")),
      ("seed000-compact", .compact, try deliveryCompact()),
      ("seed000-minimal", .minimal, try deliveryMinimal()),
      ("seed000-expanded", .expanded, try deliveryExpanded()),
      ("compact-large-score", .compact, try scoreCompact(device: "iPhone 15 Pro Max")),
      ("minimal-large", .minimal, try deliveryMinimal(device: "iPhone 16 Plus")),
      ("expanded-large-alert", .expanded, try rideAlert(device: "iPhone 15 Pro Max")),
      ("expanded-standard-alert", .expanded, try rideAlert(device: "iPhone 15 Pro")),
      ("compact-stale", .compact, try stale()),
      ("compact-truncated", .compact, try truncated()),
      ("expanded-default-wrapped", .expanded, try defaultLayoutWrapped()),
    ]
  }
}
