import Foundation
import IslandCore
import IslandJournal
import IslandPictures
import Testing

@Suite("Motion: the engine's curves")
struct MotionTests {
  let policy = Policy()

  @Test("seed 001's spring: from rest, overshooting about 4.6 % near 490 ms, settled by 637 ms")
  func spring() {
    let response = policy.springResponse
    let damping = policy.springDamping
    #expect(Motion.springProgress(at: 0, response: response, damping: damping) == 0)
    #expect(Transitions.springSettlingTime(response, damping) == 637)
    let values = (0...3_000).map {
      Motion.springProgress(at: Double($0), response: response, damping: damping)
    }
    let peak = values.enumerated().max { $0.element < $1.element }
    #expect(peak?.offset == 490)
    #expect(abs((peak?.element ?? 0) - 1.046) < 0.001)
    // From the settling time on, the envelope e^(-ζω₀t) is under 2 % (e^-4): the value stays
    // within e^-4 / √(1 - ζ²) of its target, 2.6 %.
    let bound = exp(-4.0) / (1 - damping * damping).squareRoot()
    #expect(values[637...].allSatisfy { abs($0 - 1) <= bound })
    #expect(values[..<637].contains { abs($0 - 1) > 0.02 })
    // A critically damped spring never overshoots.
    let critical = (0...3_000).map {
      Motion.springProgress(at: Double($0), response: response, damping: 1)
    }
    #expect(critical.allSatisfy { $0 <= 1 })
    #expect(zip(critical, critical.dropFirst()).allSatisfy { $0 <= $1 })
  }

  @Test("an animation's value: the spring's progress, exactly 1 from its duration on")
  func animationValue() {
    let expand = Animation(
      activity: "a", kind: .expand, timing: .spring(response: 700, damping: 0.7), duration: 637,
      clamped: false)
    #expect(Motion.value(of: expand, at: 636, policy: policy) > 1.02)
    #expect(Motion.value(of: expand, at: 637, policy: policy) == 1)
    let samples = Motion.samples(of: expand, every: 5, policy: policy)
    #expect(samples.count == 129)  // 0, 5, ..., 635, then 637
    #expect(samples.first == 0)
    #expect(samples.last == 1)
    #expect(samples[60] == Motion.springProgress(at: 300, response: 700, damping: 0.7))
  }

  @Test("seed 000's pulse: 1.0 for 100 ms, up to 1.1 by 400 ms, back to 1.0 at 600 ms")
  func pulse() {
    let keyframes = Pulse.seedKeyframes
    func scale(_ t: Double) -> Double { Motion.scale(of: keyframes, at: t, policy: policy) }
    #expect(scale(0) == 1)
    #expect(scale(50) == 1)
    #expect(scale(100) == 1)
    #expect(scale(250) > 1.05)
    #expect(abs(scale(399.999) - 1.1) < 0.01)
    #expect(scale(400) == 1.1)
    #expect(scale(500) < 1.06)
    #expect(scale(600) == 1)
    #expect(scale(10_000) == 1)
  }

  @Test("content transitions move with the policy's spring; identity does not move")
  func transitionDuration() {
    #expect(Motion.duration(of: .numericText, policy: policy) == 637)
    #expect(Motion.duration(of: .crossfade, policy: policy) == 637)
    #expect(Motion.duration(of: .identity, policy: policy) == 0)
  }
}

@Suite("Journal timelines")
struct JournalTimelineTests {
  func entries(_ events: [(Milliseconds, Event)]) -> [LogEntry] {
    events.enumerated().map { LogEntry(seq: $0.offset + 1, t: $0.element.0, event: $0.element.1) }
  }

  @Test("an alert's island collapses 2.2 s later even when the next event comes after that")
  func timerMoment() throws {
    let timeline = JournalTimeline(
      configuration: Configuration(),
      entries: entries([
        (0, try start("news", app: "com.example.news", layout: "timer")),
        (1_000, .update(Update(activity: "news", alert: Alert(title: "Now", body: "")))),
        (10_000, .tick),
      ]), keepGoing: false)
    let kinds = timeline.moments.map(\.kind)
    #expect(kinds == [.event("start"), .event("update"), .timer, .event("tick")])
    let timer = timeline.moments[2]
    #expect(timer.t == 3_200)
    #expect(timer.state.mode == .compact)
    #expect(timer.state.animations.map(\.kind) == [.collapse])
    #expect(timeline.state(at: 3_199).mode == .expanded)
    #expect(timeline.state(at: 3_200).mode == .compact)
    #expect(timeline.state(at: -1).mode == .idle)
  }

  @Test("with keepGoing a rejected event is a moment and the rest are folded")
  func keepGoing() throws {
    let events: [(Milliseconds, Event)] = [
      (0, try start("pizza", app: "com.example.food", layout: "delivery")),
      (500, .tap(.leading)),
      (1_000, .update(Update(activity: "pizza", state: ["minutesLeft": 19]))),
    ]
    let stopped = JournalTimeline(
      configuration: Configuration(), entries: entries(events), keepGoing: false)
    #expect(stopped.moments.count == 1)
    #expect(stopped.stoppedAt?.seq == 2)
    let going = JournalTimeline(
      configuration: Configuration(), entries: entries(events), keepGoing: true)
    #expect(going.moments.count == 3)
    guard case .rejected(let name, _) = going.moments[1].kind else {
      Issue.record("the tap is not rejected")
      return
    }
    #expect(name == "tap")
    #expect(going.moments[2].state.transitions.map(\.kind) == [.numericText, .numericText])
  }
}

@Suite("Filmstrips")
struct FilmstripTests {
  func timeline(_ name: String, keepGoing: Bool = false) throws -> JournalTimeline {
    let journal = try Journal.read(path: recordedJournal(name))
    return JournalTimeline(
      configuration: journal.header.configuration, entries: journal.entries,
      keepGoing: keepGoing)
  }

  @Test("seed 000's delivery: a frame per event, changed zones marked by transition")
  func seed000() throws {
    let timeline = try timeline("seed-000-delivery")
    let svg = Filmstrip.svg(timeline, frames: .perMoment)
    try Tool.expectValidXML(svg)
    #expect(svg.components(separatedBy: "class=\"frame\"").count - 1 == timeline.moments.count)
    #expect(svg.contains("data-transition=\"numericText\""))
    // Shown zones are outlined; every transition is listed, shown or not.
    #expect(!svg.contains("data-transition=\"crossfade\""))
    #expect(svg.contains("leading of pizza: crossfade “[flame.fill]” → “[bicycle]”"))
    #expect(svg.contains("pulse of pizza: compactLeading 1, 1.1, 1 over 100, 300, 200 ms<"))
    expectGolden(svg, named: "filmstrip-seed000")
  }

  @Test("seed 001's alert every 500 ms: expanded through 3199 ms, compact from 3200 ms")
  func every() throws {
    let timeline = try timeline("seed-001-alert")
    #expect(Filmstrip.frameCount(timeline, frames: .every(500)) == 9)
    let frames = Filmstrip.makeFrames(timeline, frames: .every(500))
    #expect(
      frames.map(\.state.mode) == [
        .compact, .compact, .expanded, .expanded, .expanded, .expanded, .expanded, .compact,
        .compact,
      ])
    let svg = Filmstrip.svg(timeline, frames: .every(500))
    try Tool.expectValidXML(svg)
    expectGolden(svg, named: "filmstrip-seed001-every-500ms")
  }

  @Test("a rejected event, with keepGoing: its frame says so in red, the island as it stayed")
  func rejected() throws {
    let events: [(Milliseconds, Event)] = [
      (0, try start("pizza", app: "com.example.food", layout: "delivery")),
      (500, .tap(.leading)),
    ]
    let timeline = JournalTimeline(
      configuration: Configuration(),
      entries: events.enumerated().map {
        LogEntry(seq: $0.offset + 1, t: $0.element.0, event: $0.element.1)
      }, keepGoing: true)
    let svg = Filmstrip.svg(timeline, frames: .perMoment)
    try Tool.expectValidXML(svg)
    #expect(svg.contains("#2 tap REJECTED"))
    #expect(svg.contains("class=\"rejected\""))
    #expect(svg.contains("tap rejected: "))
  }
}
