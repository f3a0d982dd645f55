import Foundation
import IslandCore
import IslandJournal
import IslandPictures
import Testing

/// Seed 001's alert journal as a page, at 2 px per point.
private func alertPage() throws -> (timeline: JournalTimeline, html: String) {
  let journal = try Journal.read(path: recordedJournal("seed-001-alert"))
  let timeline = JournalTimeline(
    configuration: journal.header.configuration, entries: journal.entries, keepGoing: false)
  return (timeline, AnimatedPage.html(timeline, options: PictureOptions(scale: 2)))
}

@Suite("The animated page")
struct AnimatedPageTests {
  @Test("one self-contained file: no network, no outside scripts, styles or fonts")
  func selfContained() throws {
    let html = try alertPage().html
    let withoutNamespace = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
    #expect(!withoutNamespace.contains("http:"))
    #expect(!withoutNamespace.contains("https:"))
    #expect(!html.contains("src="))
    #expect(!html.contains("<link"))
    #expect(!html.contains("@import"))
    #expect(!html.contains("url(http"))
  }

  @Test("the page's numbers are the engine's: states, frames, sampled curves")
  func data() throws {
    let (timeline, html) = try alertPage()
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"timeline\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = String(html[start.upperBound..<end.lowerBound])
    #expect(!json.contains("<"))
    let page = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let moments = try #require(page["moments"] as? [[String: Any]])
    #expect(moments.count == timeline.moments.count)
    // Each moment carries the state's JSON, as `island replay --format jsonl` prints it.
    for (moment, data) in zip(timeline.moments, moments) {
      let state = try JSONSerialization.jsonObject(with: Data(moment.state.json.compactText.utf8))
      #expect(NSDictionary(dictionary: data["json"] as? [String: Any] ?? [:]).isEqual(state))
    }
    let curves = try #require(page["curves"] as? [[String: Any]])
    let expand = try #require(
      timeline.moments[1].state.animations.first { $0.kind == .expand })
    let values = try #require(curves.first?["values"] as? [Double])
    let engine = Motion.samples(of: expand, every: 5, policy: Policy())
    #expect(values.count == engine.count)
    #expect(zip(values, engine).allSatisfy { abs($0 - $1) < 1e-12 })
  }

  @Test("numericText rolls only what changed: 20м to 19м rolls 20 to 19, the м stays")
  func digitRoll() throws {
    let journal = try Journal.read(path: recordedJournal("seed-000-delivery"))
    let timeline = JournalTimeline(
      configuration: journal.header.configuration, entries: journal.entries, keepGoing: false)
    let before = Scene(timeline.moments[0].state)
    let after = Scene(timeline.moments[1].state)
    func trailing(_ scene: Scene) throws -> Scene.PlacedZone {
      try #require(scene.zones.first { $0.rendered.zone == .compactTrailing })
    }
    let roll = try #require(DigitRoll(from: try trailing(before), to: try trailing(after)))
    #expect(roll.out.hasSuffix(">20</text>"))
    #expect(roll.into.hasSuffix(">19</text>"))
    #expect(roll.stay.count == 1)
    #expect(roll.stay.first?.svg.hasSuffix(">м</text>") == true)
    // "20" and "19" are as wide (tabular digits): the м does not move.
    #expect(abs(roll.stay.first?.dx ?? 1) < 0.001)
  }

  @Test("a journal's text cannot close the page's script")
  func scriptSafe() throws {
    let timeline = JournalTimeline(
      configuration: Configuration(),
      entries: [
        LogEntry(
          seq: 1, t: 0,
          event: try start(
            "x", app: "com.example.food", layout: "delivery",
            patch: ["restaurantName": "</script><script>alert(1)</script>"]))
      ], keepGoing: false)
    let html = AnimatedPage.html(timeline)
    #expect(html.components(separatedBy: "</script>").count == 3)
  }
}

/// Headless Chromium on the page at several moments, the island's size in each screenshot
/// checked against the engine's geometry and the spring's value then.
///
/// Skipped, saying so, only where Chromium is not installed; where `CI` or
/// `ISLAND_REQUIRE_CHROMIUM` is set (`.ci/run` sets it, after `.ci/deps` installed Chromium),
/// a missing Chromium fails instead.
@Suite(
  "The animated page in headless Chromium", .serialized,
  .enabled(
    if: Tool.chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil
      || ProcessInfo.processInfo.environment["ISLAND_REQUIRE_CHROMIUM"] != nil,
    "SKIPPED: chromium is not installed, the page is not tested in a browser (apt-get install chromium, or run .ci/deps)"
  ))
struct BrowserTests {
  /// The moments: during grow, before the alert, mid-expand, during the alert, mid-collapse,
  /// after it; with the moment whose animation moves the island then.
  static let moments: [(t: Milliseconds, what: String)] = [
    (200, "growing in, 200 ms into the spring"),
    (800, "compact, before the alert"),
    (1_300, "expanding, 300 ms into the spring"),
    (2_500, "expanded by the alert"),
    (3_400, "collapsing, 200 ms into the spring"),
    (4_500, "compact again, after the alert"),
  ]

  @Test("the island's size at each moment is the spring's value between the geometries")
  func screenshots() throws {
    let chromium = try #require(Tool.chromium, "chromium is not installed")
    let (timeline, html) = try alertPage()
    let directory = try Tool.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("page.html")
    try Data(html.utf8).write(to: page)
    let scale = 2.0
    let device = timeline.configuration.device
    let stageRows = Int((IslandMetrics.top + IslandMetrics.expandedMaximumHeight + 20) * scale)
    for (t, what) in Self.moments {
      let shot = directory.appendingPathComponent("t\(t).png")
      let result = try Tool.run(chromium, Browser.arguments(page: page, t: t, screenshot: shot))
      let why = String(decoding: result.error, as: UTF8.self).suffix(600)
      let data = try #require(
        try? Data(contentsOf: shot), "chromium made no screenshot (exit \(result.status)): \(why)")
      let image = try PNGImage(data: data)
      let expected = try Browser.expectedIsland(timeline, at: t)
      let box = try #require(
        image.darkBox(columns: 0..<Int(device.screenWidth * scale), rows: 0..<stageRows),
        "\(what): no island in the screenshot")
      expectBox(
        box, x: (device.screenWidth - expected.width) / 2 * scale, y: IslandMetrics.top * scale,
        width: expected.width * scale, height: expected.height * scale,
        "at #t=\(t) (\(what)): \(expected.width) x \(expected.height) pt")
    }
  }
}

extension BrowserTests {
  @Test("the moment list: one entry per moment, the one at #t highlighted")
  func eventList() throws {
    let chromium = try #require(Tool.chromium, "chromium is not installed")
    let (timeline, html) = try alertPage()
    let directory = try Tool.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("page.html")
    try Data(html.utf8).write(to: page)
    var arguments = Browser.arguments(
      page: page, t: 2_500, screenshot: directory.appendingPathComponent("unused.png"))
    arguments.removeAll { $0.hasPrefix("--screenshot") }
    arguments.insert("--dump-dom", at: arguments.count - 1)
    let dom = String(decoding: try Tool.run(chromium, arguments).output, as: UTF8.self)
    let items = dom.components(separatedBy: "<li").dropFirst().filter {
      $0.hasPrefix(">") || $0.hasPrefix(" class=")
    }
    #expect(items.count == timeline.moments.count)
    let current = items.filter { $0.hasPrefix(" class=\"current\"") }
    #expect(current.count == 1)
    #expect(current.first?.contains("2 s · #3 tick · expanded") == true)
    #expect(dom.contains("<span id=\"time\">2.500 s</span>"))
  }
}

/// How the browser test runs Chromium and what it expects to see.
enum Browser {
  /// Headless, no GPU, no network services, one device pixel per CSS pixel, a fresh profile,
  /// a screenshot after the page has loaded (the page draws `#t=` at once, paused).
  static func arguments(page: URL, t: Milliseconds, screenshot: URL) -> [String] {
    var arguments = [
      "--headless", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
      "--window-size=1200,560", "--no-first-run", "--no-default-browser-check",
      "--disable-extensions", "--disable-background-networking", "--disable-sync",
      "--disable-component-update", "--disable-default-apps",
      "--user-data-dir=" + page.deletingLastPathComponent().appendingPathComponent("profile").path,
      "--screenshot=" + screenshot.path,
    ]
    // Chromium's sandbox refuses to run as root (containers, CI).
    if getuid() == 0 { arguments.insert("--no-sandbox", at: 0) }
    arguments.append(page.absoluteString + "#t=\(t)")
    return arguments
  }

  /// The island's size at `t`: the moment's geometry, or, while its grow, expand or collapse
  /// animation runs, the moment before's moved towards it by the spring's progress (as the
  /// engine's ``Motion`` computes it, not as the page samples it).
  static func expectedIsland(_ timeline: JournalTimeline, at t: Milliseconds) throws -> (
    width: Double, height: Double
  ) {
    let index = try #require(timeline.momentIndex(at: t))
    let moment = timeline.moments[index]
    let now = try #require(moment.state.presentation.geometry)
    let before =
      (index > 0
      ? timeline.moments[index - 1].state
      : IslandState(
        configuration: timeline.configuration)).presentation.geometry ?? now
    guard
      let move = moment.state.animations.first(where: {
        [.grow, .expand, .collapse].contains($0.kind)
      })
    else { return (now.width, now.height) }
    let progress = Motion.value(
      of: move, at: Double(t - moment.t), policy: timeline.configuration.policy)
    return (
      before.width + (now.width - before.width) * progress,
      before.height + (now.height - before.height) * progress
    )
  }
}
