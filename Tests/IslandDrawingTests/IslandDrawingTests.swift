import IslandCore
import IslandDrawing
import Testing

/// A state folded from `events`, each at its time, on `device`.
func fold(
  _ events: [(Milliseconds, Event)], device: String = Device.defaultName,
  profile: InteractionProfile = .tapExpands
) throws -> IslandState {
  let device = try #require(Device.named(device))
  var state = IslandState(configuration: Configuration(device: device, profile: profile))
  for (t, event) in events { try state.apply(event, at: t) }
  return state
}

/// A start of built-in layout `layout` with its sample state, changed by `patch`.
func start(
  _ id: String, app: String, layout: String, relevance: Double = 0,
  stale: Milliseconds? = nil, patch: ContentState = [:]
) throws -> Event {
  var state = try #require(Layout.catalogue.first { $0.name == layout }).sampleState
  state.merge(patch)
  return .start(
    Start(
      activity: id, app: app, relevance: relevance, stale: stale, state: state,
      layout: .named(layout)))
}

@Suite("Drawing goldens")
struct IslandDrawingGoldenTests {
  @Test("idle: the resting pill")
  func idle() throws {
    expectGolden(IslandDrawing.draw(try fold([])), named: "idle")
  }

  @Test("compact: seed 000's delivery")
  func compact() throws {
    let state = try fold([(0, try start("delivery", app: "com.example.food", layout: "delivery"))])
    #expect(state.mode == .compact)
    expectGolden(IslandDrawing.draw(state), named: "compact-delivery")
  }

  @Test("minimal: two apps, one attached, one detached")
  func minimal() throws {
    let state = try fold([
      (0, try start("delivery", app: "com.example.food", layout: "delivery", relevance: 50)),
      (1_000, try start("ride", app: "com.example.ride", layout: "ride")),
    ])
    #expect(state.mode == .minimal)
    expectGolden(IslandDrawing.draw(state), named: "minimal-two-apps")
  }

  @Test("expanded: seed 000's delivery, all four regions and the progress bar")
  func expanded() throws {
    let state = try fold([
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
    ])
    #expect(state.mode == .expanded)
    #expect(state.presentation.zones.map(\.zone) == [.leading, .trailing, .center, .bottom])
    expectGolden(IslandDrawing.draw(state), named: "expanded-delivery")
  }

  @Test("a compact zone over its budget is cut with an ellipsis and noted")
  func truncated() throws {
    var layout = Layout.delivery
    layout.compactTrailing = ZoneView(
      .text(try Template("{statusText}"), font: .caption2, bold: true, lineLimit: 1))
    let state = try fold([
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
    let trailing = try #require(state.presentation.zones.last)
    #expect(trailing.truncated)
    expectGolden(IslandDrawing.draw(state), named: "compact-truncated")
  }

  @Test("a device without an island: a note, the activities, the banner")
  func withoutIsland() throws {
    let state = try fold(
      [
        (0, try start("delivery", app: "com.example.food", layout: "delivery", relevance: 10)),
        (0, try start("ride", app: "com.example.ride", layout: "ride", stale: 5_000)),
        (
          6_000,
          .update(
            Update(
              activity: "delivery", state: ["statusText": "At the door"],
              alert: Alert(title: "Order ready", body: "Your pizza is at the door")))
        ),
      ], device: "iPhone SE")
    expectGolden(IslandDrawing.draw(state), named: "no-island")
  }

  @Test("stale and hidden: a dashed outline, the hidden activities in rank order")
  func staleAndHidden() throws {
    let state = try fold([
      (0, try start("lunch", app: "com.example.food", layout: "delivery", relevance: 80)),
      (0, try start("dinner", app: "com.example.food", layout: "delivery", relevance: 20)),
      (0, try start("snack", app: "com.example.food", layout: "delivery", relevance: 50)),
      (1_000, .update(Update(activity: "lunch", stale: 2_000))),
      (3_000, .tick),
    ])
    #expect(state.activity("lunch")?.phase == .stale)
    expectGolden(IslandDrawing.draw(state), named: "compact-stale-hidden")
  }

  @Test("a large island, expanded by an alert, with wide and Cyrillic text")
  func largeExpanded() throws {
    let state = try fold(
      [
        (
          0,
          try start(
            "sushi", app: "com.example.food", layout: "delivery",
            patch: ["restaurantName": "寿司 Ёлка", "statusText": "Готовим заказ"])
        ),
        (
          1_000,
          .update(
            Update(
              activity: "sushi", state: ["deliveryProgress": 0.75],
              alert: Alert(title: "Almost there", body: "")))
        ),
      ], device: "iPhone 16 Pro Max")
    #expect(state.expandedReason == .alert)
    expectGolden(IslandDrawing.draw(state), named: "expanded-large-alert")
  }

  @Test("colour: tints, bold text and dim bars as ANSI escapes, only when asked")
  func color() throws {
    let state = try fold([
      (0, try start("delivery", app: "com.example.food", layout: "delivery")),
      (1_000, .longPress(.island)),
    ])
    let colored = IslandDrawing.draw(state, options: .colored)
    expectGolden(colored, named: "expanded-delivery-color")
    #expect(colored.contains("\u{1B}[0;38;5;208m[flame.fill]"))
    #expect(!IslandDrawing.draw(state).contains("\u{1B}"))
  }
}

@Suite("Drawing")
struct IslandDrawingTests {
  /// The states of the golden tests and a few more.
  static func states() throws -> [IslandState] {
    [
      try fold([]),
      try fold([(0, try start("d", app: "com.example.food", layout: "delivery"))]),
      try fold(
        [(0, try start("d", app: "com.example.food", layout: "delivery"))],
        device: "iPhone 15 Pro Max"),
      try fold([
        (0, try start("d", app: "com.a", layout: "delivery", relevance: 9)),
        (0, try start("s", app: "com.b", layout: "score")),
      ]),
      try fold([
        (0, try start("d", app: "com.a", layout: "delivery", patch: ["restaurantName": "寿司屋"])),
        (0, .longPress(.island)),
      ]),
      try fold([(0, try start("t", app: "com.a", layout: "timer")), (0, .longPress(.island))]),
    ]
  }

  @Test("every row of an outline is as wide on screen as the others, at any scale")
  func outlinesLineUp() throws {
    for state in try Self.states() {
      for scale in [2, 3, 4, 5, 7.5, 40] as [Double] {
        let drawing = IslandDrawing.draw(
          state, options: DrawingOptions(pointsPerColumn: scale, pointsPerRow: scale * 3))
        let rows = drawing.split(separator: "\n").filter { $0.contains("│") || $0.contains("╮") }
        let widths = Set(rows.map { DisplayWidth.columns(of: String($0)) })
        #expect(widths.count == 1, "\(drawing)")
      }
    }
  }

  @Test("the scale: 1 column per 4 pt, the island centred on the screen")
  func scale() throws {
    let drawing = IslandDrawing.draw(try Self.states()[1])
    let top = try #require(drawing.split(separator: "\n").first)
    #expect(top.prefix { $0 == " " }.count == 20)  // (393 - 230) / 2 = 81.5 pt
    #expect(DisplayWidth.columns(of: String(top.drop { $0 == " " })) == 58)  // 230 pt
    let wide = IslandDrawing.draw(try Self.states()[1], options: DrawingOptions(pointsPerColumn: 5))
    let wideTop = try #require(wide.split(separator: "\n").first)
    #expect(DisplayWidth.columns(of: String(wideTop.drop { $0 == " " })) == 46)
  }

  @Test("a scale that is not a usable number falls back to the default")
  func badScale() throws {
    let state = try Self.states()[1]
    let plain = IslandDrawing.draw(state)
    for bad in [0, -4, .nan, .infinity] as [Double] {
      #expect(
        IslandDrawing.draw(state, options: DrawingOptions(pointsPerColumn: bad, pointsPerRow: bad))
          == plain)
    }
  }

  @Test("no escape sequence unless colour is asked for")
  func noColorByDefault() throws {
    for state in try Self.states() {
      #expect(!IslandDrawing.draw(state).contains("\u{1B}"))
      #expect(!IslandDrawing.draw(state, options: .plain).contains("\u{1B}"))
    }
  }

  @Test("state text cannot inject escapes or break lines")
  func sanitized() throws {
    let state = try fold([
      (
        0,
        try start(
          "d", app: "com.a", layout: "delivery",
          patch: ["restaurantName": "Evil\n\u{1B}[2J", "statusText": "a\u{202E}b"])
      ),
      (0, .longPress(.island)),
    ])
    let drawing = IslandDrawing.draw(state)
    #expect(!drawing.contains("\u{1B}"))
    #expect(!drawing.contains("\u{202E}"))
    #expect(drawing.contains("Evil  [2J"))
  }

  @Test("the expanded regions are in place: leading and trailing beside the camera, center under")
  func regionsInPlace() throws {
    let state = try fold([
      (0, try start("d", app: "com.example.food", layout: "delivery")),
      (0, .longPress(.island)),
    ])
    let rows = IslandDrawing.draw(state).split(separator: "\n").map(String.init)
    #expect(rows[1].contains("[flame.fill]") && rows[1].contains("[clock] 20 мин"))
    #expect(!rows[1].contains("Pizza Roma"))
    #expect(rows[2].contains("Pizza Roma"))
    let barRow = try #require(rows.firstIndex { $0.contains("█") })
    #expect(rows[barRow].contains("Cooking"))
    #expect(rows[barRow + 1].contains("╰"))
  }
}
