import IslandCore

/// A journal as a column of pictures: one frame per moment of its timeline (or one every so
/// often), each under a headline (seq, time, event, mode, who is where), the zones that
/// changed outlined in their transition's colour and listed under it (`numericText`,
/// `crossfade`, `identity`), with the animations the event started; a rejected event's frame
/// says so in red and shows the island as it stayed.
public enum Filmstrip {
  /// Which frames a filmstrip has.
  public enum Frames: Equatable, Sendable {
    /// One per moment: every event (rejected ones too, with `keepGoing`) and every timer
    /// that changed the island between events.
    case perMoment
    /// One every `interval` milliseconds of the journal's clock, from its first event to its
    /// last, each with what happened since the one before.
    case every(Milliseconds)
  }

  /// How many frames `frames` makes of `timeline` (to refuse a filmstrip too long to look
  /// at before making it).
  public static func frameCount(_ timeline: JournalTimeline, frames: Frames) -> Int {
    switch frames {
    case .perMoment: return timeline.moments.count
    case .every(let interval):
      guard let first = timeline.moments.first?.t, let last = timeline.moments.last?.t,
        interval > 0
      else { return 0 }
      return Int((last - first) / interval) + 1
    }
  }

  /// The filmstrip of `timeline` as one SVG document.
  public static func svg(
    _ timeline: JournalTimeline, frames: Frames, options: PictureOptions = PictureOptions()
  ) -> String {
    let width = timeline.configuration.device.screenWidth
    var pictureOptions = options
    pictureOptions.caption = false
    let dark = options.wallpaper == .dark
    var body: [String] = []
    var y = 8.0
    for (index, frame) in makeFrames(timeline, frames: frames).enumerated() {
      let drawn = draw(frame, index: index, width: width, options: pictureOptions, dark: dark)
      body.append(
        "<g class=\"frame\" data-seq=\"\(frame.seq)\" transform=\"translate(0 \(SVG.number(y)))\">")
      body += drawn.lines
      body.append("</g>")
      y += drawn.height + 14
    }
    let height = y.rounded(.up)
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      SVG.open(width: width, height: height, scale: options.scale),
      SVG.element(
        "title", [],
        text: "filmstrip · \(timeline.configuration.device.name) · "
          + "\(timeline.moments.count) moments"),
      SVG.element(
        "rect",
        [
          ("width", SVG.number(width)), ("height", SVG.number(height)),
          ("fill", dark ? "#000000" : "#FFFFFF"),
        ]),
    ]
    lines += body
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One frame: its headline, the state, and what changed.
  package struct Frame {
    package var headline: String
    package var seq: Int
    package var state: IslandState
    package var rejection: Rejection?
    /// The moments since the frame before (one, per moment).
    package var changes: [JournalTimeline.Moment]
  }

  package static func makeFrames(_ timeline: JournalTimeline, frames: Frames) -> [Frame] {
    switch frames {
    case .perMoment:
      return timeline.moments.map { moment in
        var rejection: Rejection?
        let what: String
        switch moment.kind {
        case .event(let name): what = "#\(moment.seq) \(name)"
        case .rejected(let name, let why):
          what = "#\(moment.seq) \(name) REJECTED"
          rejection = why
        case .timer: what = "timers after #\(moment.seq)"
        }
        return Frame(
          headline: what + " · " + Clock.format(moment.t) + " · " + moment.state.mode.rawValue,
          seq: moment.seq, state: moment.state, rejection: rejection, changes: [moment])
      }
    case .every(let interval):
      guard let first = timeline.moments.first?.t, interval > 0 else { return [] }
      var result: [Frame] = []
      var time = first
      var next = 0
      let last = timeline.moments.last?.t ?? first
      while time <= last {
        var changes: [JournalTimeline.Moment] = []
        while next < timeline.moments.count, timeline.moments[next].t <= time {
          changes.append(timeline.moments[next])
          next += 1
        }
        let state = timeline.state(at: time)
        let after = timeline.momentIndex(at: time).map { "after #\(timeline.moments[$0].seq)" }
        result.append(
          Frame(
            headline: Clock.format(time) + " · " + (after ?? "before any event") + " · "
              + state.mode.rawValue,
            seq: state.seq, state: state, rejection: nil, changes: changes))
        time += interval
      }
      return result
    }
  }

  /// The colour a transition kind is marked in.
  static func color(_ kind: Transition.Kind) -> String {
    switch kind {
    case .numericText: return "#0A84FF"
    case .crossfade: return "#BF5AF2"
    case .identity: return "#8E8E93"
    }
  }

  private static func draw(
    _ frame: Frame, index: Int, width: Double, options: PictureOptions, dark: Bool
  ) -> (lines: [String], height: Double) {
    let ink = dark ? "#F2F2F7" : "#1C1C1E"
    let gray = dark ? "#AEAEB2" : "#6E6E73"
    let room = width - 16
    func text(_ text: String, y: Double, size: Double, fill: String, bold: Bool = false)
      -> String
    {
      let fitted = StateFrame.fit(text, size: size, bold: bold, width: room)
      return SVG.text(fitted, x: 8, y: y, size: size, weight: bold ? "bold" : nil, fill: fill)
    }
    var lines: [String] = []
    lines.append(
      text(
        frame.headline, y: 12, size: 12, fill: frame.rejection == nil ? ink : "#FF3B30",
        bold: true))
    lines.append(text(whoIsWhere(frame.state), y: 27, size: 11, fill: gray))
    let picture = StateFrame(frame.state, options: options, id: "f\(index)")
    let scene = Scene(frame.state)
    lines.append("<g transform=\"translate(0 34)\">")
    lines += picture.lines
    // The changed zones, outlined in their transition's colour.
    let transitions = frame.changes.flatMap { moment -> [Transition] in
      if case .rejected = moment.kind { return [] }
      return moment.state.transitions
    }
    for transition in transitions {
      guard
        let zone = scene.zones.first(where: {
          $0.rendered.zone == transition.zone && $0.rendered.activity == transition.activity
        })
      else { continue }
      let outline = Rect(
        x: zone.frame.x - 1, y: zone.frame.y + 1, width: zone.frame.width + 2,
        height: zone.frame.height - 2)
      lines.append(
        SVG.element(
          "rect",
          [("class", "changed"), ("data-transition", transition.kind.rawValue)]
            + SVG.rect(outline, radius: 6)
            + [
              ("fill", "none"), ("stroke", color(transition.kind)), ("stroke-width", "1.5"),
              ("stroke-dasharray", "3 2"),
            ]))
    }
    // A pulsed icon's zone, outlined in orange.
    for moment in frame.changes {
      if case .rejected = moment.kind { continue }
      for animation in moment.state.animations {
        guard animation.kind == .pulse, case .keyframes(_, let pulsed) = animation.timing,
          let zone = scene.zones.first(where: {
            $0.rendered.zone == pulsed && $0.rendered.activity == animation.activity
          })
        else { continue }
        let outline = Rect(
          x: zone.frame.x + 2, y: zone.frame.y + 3, width: zone.frame.width - 4,
          height: zone.frame.height - 6)
        lines.append(
          SVG.element(
            "rect",
            [("class", "pulsed")] + SVG.rect(outline, radius: 6)
              + [
                ("fill", "none"), ("stroke", "#FF9F0A"), ("stroke-width", "1.5"),
                ("stroke-dasharray", "1.5 2"),
              ]))
      }
    }
    if frame.rejection != nil {
      lines.append(
        SVG.element(
          "rect",
          [
            ("class", "rejected"), ("x", "1"), ("y", "1"), ("width", SVG.number(width - 2)),
            ("height", SVG.number(picture.height - 2)), ("fill", "none"), ("stroke", "#FF3B30"),
            ("stroke-width", "2"),
          ]))
    }
    lines.append("</g>")
    var y = 34 + picture.height + 14
    var notes: [(String, String)] = []
    if let rejection = frame.rejection {
      notes.append(("#FF3B30", rejection.description))
    }
    for transition in transitions {
      notes.append(
        (
          color(transition.kind),
          "\(transition.zone.rawValue) of \(transition.activity): \(transition.kind.rawValue) "
            + "“\(transition.from)” → “\(transition.to)”"
        ))
    }
    for moment in frame.changes {
      if case .rejected = moment.kind { continue }
      for animation in moment.state.animations {
        notes.append(
          (
            animation.kind == .pulse ? "#FF9F0A" : gray,
            "\(animation.kind.rawValue) of \(animation.activity): " + describe(animation)
          ))
      }
      for warning in moment.state.warnings where warning.seq == moment.state.seq {
        notes.append(("#FF9500", "warning: " + warning.message))
      }
    }
    for (fill, note) in notes {
      lines.append(text(note, y: y, size: 11, fill: fill))
      y += 14
    }
    return (lines, y - 8)
  }

  /// Who is where: `pizza island, ride detached, news hidden`, or `no activity`.
  static func whoIsWhere(_ state: IslandState) -> String {
    let ranked = state.rankedActivities
    guard !ranked.isEmpty else { return "no live activity" }
    return ranked.map { activity -> String in
      var place = "hidden"
      if activity.id == state.islandActivity?.id {
        switch state.mode {
        case .expanded: place = "expanded"
        case .minimal: place = "attached"
        case .compact, .idle: place = "island"
        }
      } else if activity.id == state.detachedActivity?.id {
        place = "detached"
      }
      return activity.id + " " + place + (activity.phase == .stale ? " (stale)" : "")
    }.joined(separator: ", ")
  }

  /// An animation's timing in words: `spring 700 ms / 0.7, 637 ms`, `compactLeading 1, 1.1, 1
  /// over 100, 300, 200 ms`.
  static func describe(_ animation: Animation) -> String {
    let clamped = animation.clamped ? " (clamped)" : ""
    switch animation.timing {
    case .spring(let response, let damping):
      return "spring \(response) ms / \(SVG.number(damping)), \(animation.duration) ms" + clamped
    case .keyframes(let keyframes, let zone):
      return zone.rawValue + " " + keyframes.map { SVG.number($0.scale) }.joined(separator: ", ")
        + " over " + keyframes.map { String($0.duration) }.joined(separator: ", ") + " ms"
        + clamped
    }
  }
}

/// Times on the journal's clock, for headlines: `0 ms`, `2.5 s`, `1 min 2.5 s`, `4 h 0 min 3 s`.
public enum Clock {
  /// `t` milliseconds in words.
  public static func format(_ t: Milliseconds) -> String {
    guard t >= 1_000 || t <= -1_000 else { return "\(t) ms" }
    let negative = t < 0
    let magnitude = t.magnitude
    let hours = magnitude / 3_600_000
    let minutes = magnitude % 3_600_000 / 60_000
    let milliseconds = magnitude % 60_000
    var text = negative ? "-" : ""
    if hours > 0 { text += "\(hours) h " }
    if hours > 0 || minutes > 0 { text += "\(minutes) min " }
    text += String(milliseconds / 1_000)
    if milliseconds % 1_000 > 0 {
      var fraction = String(milliseconds % 1_000)
      fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + " s"
  }
}
