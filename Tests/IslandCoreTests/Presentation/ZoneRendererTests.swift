import IslandCore
import Testing

@Suite("Zone rendering")
struct ZoneRendererTests {
  typealias Fixture = PresentationFixture

  func render(
    _ zone: Zone, of layout: Layout = .delivery, content: ContentState = Fixture.deliveryState,
    now: Milliseconds = 0, budget: Double?
  ) -> RenderedZone? {
    ZoneRenderer.render(
      zone, of: layout, activity: "pizza", content: content, now: now, budget: budget)
  }

  @Test("compact trailing of seed 000: `20м`, 19.59 pt of its 52.33")
  func compactTrailing() throws {
    let zone = try #require(render(.compactTrailing, budget: 52.33))
    #expect(zone.elements == [.text("20м", font: .caption2, bold: true)])
    #expect(zone.text == "20м")
    #expect(Points.format(zone.width) == "19.59")
    #expect(zone.budget == 52.33)
    #expect(zone.lines == 1)
    #expect(zone.height == 11 * 1.2)
    #expect(!zone.truncated)
  }

  @Test("a label is a symbol then its text; a row is its views with 6 pt between")
  func labelsAndRows() throws {
    let trailing = try #require(render(.trailing, budget: 101.7))
    #expect(
      trailing.elements == [
        .symbol(name: "clock", tint: nil, font: .caption),
        .text("20 мин", font: .caption, bold: false),
      ])
    #expect(trailing.text == "[clock] 20 мин")
    let bottom = try #require(render(.bottom, budget: 339))
    #expect(bottom.text == "[progress 10%] Cooking")
    let expected =
      TextMetrics.progressMinimumWidth + TextMetrics.rowSpacing
      + TextMetrics.width(of: "Cooking", font: .subheadline, bold: false)
      + 2 * TextMetrics.horizontalPadding
    #expect(abs(bottom.width - expected) < 1e-9)
  }

  @Test("a zone the layout leaves empty renders as nothing")
  func emptyZone() {
    #expect(
      render(.center, of: Layout.timer, content: ["endsAt": 0, "title": "Tea"], budget: 1) != nil)
    #expect(
      render(.bottom, of: Layout.timer, content: ["endsAt": 0, "title": "Tea"], budget: 339) == nil)
  }

  @Test("over budget: the last text is cut with an ellipsis until it fits; the text is kept whole")
  func truncation() throws {
    var content = Fixture.deliveryState
    content["minutesLeft"] = 123_456_789
    let zone = try #require(render(.compactTrailing, content: content, budget: 52.33))
    #expect(zone.truncated)
    #expect(zone.text == "123456789м")
    #expect(zone.shownText.hasSuffix("…"))
    #expect(ZoneRenderer.measure(zone.elements) <= 52.33)
    #expect(zone.width > 52.33)
  }

  @Test("an expanded region wraps up to its line limit, then cuts")
  func wrapping() throws {
    var content = Fixture.deliveryState
    content["restaurantName"] = "The Very Long Name of a Restaurant by the Sea"
    content["statusText"] = "The courier has picked up your order and is on the way to you now"
    let center = try #require(render(.center, content: content, budget: 135.6))
    #expect(center.lines == 1)
    #expect(center.truncated)
    let bottom = try #require(render(.bottom, content: content, budget: 339))
    #expect(bottom.lines == 2)
    #expect(!bottom.truncated)
    #expect(bottom.height == 2 * 15 * 1.2)
  }

  @Test("progress is clamped to 0...1")
  func progressClamped() throws {
    var content = Fixture.deliveryState
    content["deliveryProgress"] = 1.7
    #expect(
      try #require(render(.bottom, content: content, budget: 339)).text.hasPrefix("[progress 100%]")
    )
    content["deliveryProgress"] = -1
    #expect(
      try #require(render(.bottom, content: content, budget: 339)).text.hasPrefix("[progress 0%]"))
  }

  @Test(
    "countdowns: m:ss under an hour, h:mm:ss from an hour, never negative, partial seconds up",
    arguments: [
      (0, "0:00"), (1, "0:01"), (999, "0:01"), (1_000, "0:01"), (65_000, "1:05"),
      (3_600_000, "1:00:00"), (3_725_000, "1:02:05"), (-5_000, "0:00"),
    ] as [(Milliseconds, String)])
  func countdown(remaining: Milliseconds, text: String) {
    #expect(ZoneRenderer.countdown(remaining) == text)
  }

  @Test("a countdown counts down to its field's time from the state's time")
  func countdownZone() throws {
    let zone = try #require(
      render(
        .compactTrailing, of: .timer, content: ["endsAt": 600_000, "title": "Tea"], now: 15_000,
        budget: 52.33))
    #expect(zone.text == "9:45")
  }
}

@Suite("Zone renderer edge cases")
struct ZoneRendererEdgeCaseTests {
  @Test("a budget of zero or less renders one truncated line instead of crashing")
  func zeroBudget() throws {
    let content: ContentState = ["minutesLeft": 20]
    for budget in [0.0, -5.0] {
      let zone = try #require(
        ZoneRenderer.render(
          .compactTrailing, of: .delivery, activity: "pizza", content: content, now: 0,
          budget: budget))
      #expect(zone.lines == 1)
      #expect(zone.truncated)
    }
  }
}

@Suite struct ProgressTotalTests {
  static let layout = Layout(
    compactLeading: ZoneView(.progress(field: "done", total: 12, tint: nil)),
    compactTrailing: nil, minimal: nil)

  @Test func theBarShowsValueOverTotalClamped() {
    for (done, shown) in [(6.0, 0.5), (0, 0), (12, 1), (30, 1), (-2, 0)] {
      let zone = ZoneRenderer.render(
        .compactLeading, of: Self.layout, activity: "t", content: ["done": .number(done)],
        now: 0, budget: nil)
      #expect(zone?.elements == [.progress(shown, tint: nil)])
    }
  }

  @Test func aTotalOfZeroIsRejectedAtTheStart() {
    var layout = Self.layout
    layout.compactLeading = ZoneView(.progress(field: "done", total: 0, tint: nil))
    var state = IslandState()
    let start = Start(
      activity: "t", app: "com.example.tasks", relevance: 0, stale: nil,
      state: ["done": 6], layout: .inline(layout))
    #expect(
      throws: Rejection(
        event: "start", reason: .badProgressTotal(zone: .compactLeading, total: 0))
    ) { try state.apply(.start(start), at: 0) }
  }
}
