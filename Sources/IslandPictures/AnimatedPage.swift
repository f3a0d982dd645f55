import IslandCore

/// A journal as one self-contained HTML page that plays it: the island on a time axis,
/// moving with the engine's own animations, a play/pause control, a scrubber, the list of
/// moments beside it (a click jumps there), and `#t=MS` in the address to open at a moment.
///
/// The page holds no rules: every number it plays comes from the engine, written into the
/// page as JSON. Per moment of the ``JournalTimeline``: the state's JSON (what
/// `island replay --format jsonl` prints), the island's and the bubble's frames and each
/// zone's SVG from the ``Scene``, the animations the state records and its transitions.
/// Curves: each animation's values every ``sampleStep`` ms from ``Motion`` (a spring's
/// progress, a pulse's scale), and the content transitions' spring
/// (``Motion/duration(of:policy:)``). The script only looks values up and interpolates
/// between samples: the island's frame moves from the moment before's to this moment's by
/// the island animation's progress (grow, expand, collapse), the zones fade in with it,
/// a pulse scales its icon, `numericText` rolls the characters that changed (``DigitRoll``),
/// a crossfade fades one into the other, `identity` swaps at once.
public enum AnimatedPage {
  /// The step of the sampled curves, in milliseconds.
  public static let sampleStep: Milliseconds = 5

  /// The page of `timeline`.
  public static func html(_ timeline: JournalTimeline, options: PictureOptions = PictureOptions())
    -> String
  {
    let configuration = timeline.configuration
    let device = configuration.device
    let width = device.screenWidth
    let height = IslandMetrics.top + IslandMetrics.expandedMaximumHeight + 20
    var curves = Curves(policy: configuration.policy)
    let initial = IslandState(configuration: configuration)
    var moments: [JSONValue] = []
    for (index, moment) in timeline.moments.enumerated() {
      moments.append(
        data(
          of: moment, previous: index > 0 ? timeline.moments[index - 1].state : initial,
          curves: &curves, dark: options.wallpaper == .dark))
    }
    let lastT = timeline.moments.last?.t ?? 0
    let longest =
      timeline.moments.last.map { moment in
        moment.state.animations.map(\.duration).max() ?? 0
      } ?? 0
    let page: JSONValue = .object([
      ("device", .string(device.name)),
      ("screenWidth", .number(width)),
      ("stageHeight", .number(height)),
      ("scale", .number(options.scale)),
      ("end", .number(Double(lastT + max(longest, 1_000) + 500))),
      ("initial", state(initial, dark: options.wallpaper == .dark)),
      ("moments", .array(moments)),
      (
        "curves",
        .array(
          curves.values.map {
            .object([
              ("step", .number(Double(sampleStep))), ("values", .array($0.map(JSONValue.number))),
            ])
          })
      ),
    ])
    let dark = options.wallpaper == .dark
    return fill(
      template,
      [
        "TITLE": SVG.escape("island · \(device.name) · \(timeline.moments.count) moments"),
        "BACKGROUND": dark ? "#111113" : "#F5F5F7",
        "INK": dark ? "#F2F2F7" : "#1C1C1E",
        "WALLPAPER": dark
          ? "<stop offset=\"0\" stop-color=\"#1C1C2E\"/><stop offset=\"1\" stop-color=\"#2E2A3A\"/>"
          : "<stop offset=\"0\" stop-color=\"#DDE7F2\"/><stop offset=\"1\" stop-color=\"#F4EFE8\"/>",
        "FONT": PictureOptions.fontFamily,
        "DATA": scriptSafe(page.compactText),
      ])
  }

  /// The animation curves a page uses, each once.
  struct Curves {
    let policy: Policy
    var values: [[Double]] = []
    var index: [Animation: Int] = [:]

    init(policy: Policy) { self.policy = policy }

    mutating func id(of animation: Animation) -> Int {
      var key = animation
      key.activity = ""
      if let known = index[key] { return known }
      values.append(Motion.samples(of: animation, every: AnimatedPage.sampleStep, policy: policy))
      index[key] = values.count - 1
      return values.count - 1
    }
  }

  private static func frame(_ rect: Rect, radius: Double) -> JSONValue {
    .array([rect.x, rect.y, rect.width, rect.height, radius].map(JSONValue.number))
  }

  /// What the page needs of one state: its outlines, zones and caption.
  private static func state(_ state: IslandState, dark: Bool) -> JSONValue {
    let scene = Scene(state)
    var zones: [JSONValue] = []
    for zone in scene.zones {
      let clip = zone.clip == scene.bubble ? "p-bubble-clip" : "p-island-clip"
      zones.append(
        .object([
          ("zone", .string(zone.rendered.zone.rawValue)),
          ("activity", .string(zone.rendered.activity)),
          ("frame", frame(zone.frame, radius: 0)),
          ("svg", .string(StateFrame.zone(zone, clip: clip))),
        ]))
    }
    let banner = StateFrame.banner(of: state).map {
      StateFrame.drawBanner($0, width: scene.screenWidth, dark: dark).joined()
    }
    return .object([
      ("island", scene.island.map { frame($0.frame, radius: $0.cornerRadius) } ?? .null),
      ("stale", .bool(scene.island?.stale ?? false)),
      ("bubble", scene.bubble.map { frame($0.frame, radius: $0.cornerRadius) } ?? .null),
      ("bubbleStale", .bool(scene.bubble?.stale ?? false)),
      ("zones", .array(zones)),
      ("banner", banner.map(JSONValue.string) ?? .null),
      ("caption", .string(IslandPicture.caption(of: state))),
      ("who", .string(Filmstrip.whoIsWhere(state))),
    ])
  }

  private static func data(
    of moment: JournalTimeline.Moment, previous: IslandState, curves: inout Curves, dark: Bool
  ) -> JSONValue {
    let label: String
    var rejection: String?
    switch moment.kind {
    case .event(let name): label = "#\(moment.seq) \(name)"
    case .rejected(let name, let why):
      label = "#\(moment.seq) \(name) rejected"
      rejection = why.description
    case .timer: label = "timers after #\(moment.seq)"
    }
    let accepted = rejection == nil
    let animations: [JSONValue] =
      accepted
      ? moment.state.animations.map { animation in
        var members: [(String, JSONValue)] = [
          ("kind", .string(animation.kind.rawValue)),
          ("activity", .string(animation.activity)),
          ("duration", .number(Double(animation.duration))),
          ("curve", .number(Double(curves.id(of: animation)))),
        ]
        if case .keyframes(_, let zone) = animation.timing {
          members.append(("zone", .string(zone.rawValue)))
        }
        return .object(members)
      } : []
    let policy = moment.state.configuration.policy
    let before = Scene(previous)
    let after = Scene(moment.state)
    func roll(_ transition: Transition) -> JSONValue {
      func find(_ scene: Scene) -> Scene.PlacedZone? {
        scene.zones.first {
          $0.rendered.zone == transition.zone && $0.rendered.activity == transition.activity
        }
      }
      guard transition.kind == .numericText, let old = find(before), let new = find(after),
        let roll = DigitRoll(from: old, to: new)
      else { return .null }
      return .object([
        (
          "stay",
          .array(
            roll.stay.map { .object([("svg", .string($0.svg)), ("dx", .number($0.dx))]) })
        ),
        ("out", .string(roll.out)),
        ("in", .string(roll.into)),
      ])
    }
    let transitions: [JSONValue] =
      accepted
      ? moment.state.transitions.map { transition in
        let duration = Motion.duration(of: transition.kind, policy: policy)
        let spring = Animation(
          activity: "", kind: .expand,
          timing: .spring(response: policy.springResponse, damping: policy.springDamping),
          duration: duration, clamped: false)
        return .object([
          ("zone", .string(transition.zone.rawValue)),
          ("activity", .string(transition.activity)),
          ("kind", .string(transition.kind.rawValue)),
          ("from", .string(transition.from)),
          ("to", .string(transition.to)),
          ("duration", .number(Double(duration))),
          ("curve", .number(Double(curves.id(of: spring)))),
          ("roll", roll(transition)),
        ])
      } : []
    var members: [(String, JSONValue)] = [
      ("t", .number(Double(moment.t))),
      ("seq", .number(Double(moment.seq))),
      ("label", .string(label)),
      ("time", .string(Clock.format(moment.t))),
      ("rejection", rejection.map(JSONValue.string) ?? .null),
      ("animations", .array(animations)),
      ("transitions", .array(transitions)),
      ("json", moment.state.json),
    ]
    if case .object(let drawn) = state(moment.state, dark: dark) { members += drawn }
    return .object(members)
  }

  /// `template` with each `@NAME@` replaced by `values[NAME]`, in one pass (a value is never
  /// read for placeholders).
  static func fill(_ template: String, _ values: [String: String]) -> String {
    var result = ""
    var rest = Substring(template)
    while let start = rest.firstIndex(of: "@") {
      result += rest[..<start]
      let after = rest[rest.index(after: start)...]
      if let end = after.firstIndex(of: "@"), let value = values[String(after[..<end])] {
        result += value
        rest = after[after.index(after: end)...]
      } else {
        result += "@"
        rest = after
      }
    }
    return result + rest
  }

  /// JSON that can sit inside a `<script>` element: every `<` written as `\u003c`, so that
  /// no text from a journal can close the element.
  static func scriptSafe(_ json: String) -> String {
    var result = ""
    result.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      if scalar == "<" {
        result += "\\u003c"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The page, with `@NAME@` placeholders.
  static let template = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>@TITLE@</title>
    <style>
    html, body { margin: 0; padding: 0; background: @BACKGROUND@; color: @INK@;
      font: 13px "@FONT@", sans-serif; }
    #app { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 16px; }
    #stage { display: block; }
    #left { flex: none; }
    #controls { display: flex; align-items: center; gap: 8px; padding: 8px; }
    #scrub { flex: 1; min-width: 200px; }
    #time { font-variant-numeric: tabular-nums; min-width: 8em; }
    #caption, #who { padding: 0 8px 4px; color: #8E8E93; }
    #side { flex: 1; min-width: 280px; max-height: 100vh; overflow: auto; padding: 8px; }
    #events { list-style: none; margin: 0; padding: 0; }
    #events li { padding: 3px 6px; border-radius: 6px; cursor: pointer; color: #6E6E73; }
    #events li.current { background: #0A84FF; color: #FFFFFF; }
    #events li.rejected { color: #FF3B30; }
    #events li.current.rejected { background: #FF3B30; color: #FFFFFF; }
    #rejection { color: #FF3B30; padding: 0 8px; }
    pre { font-size: 11px; white-space: pre-wrap; word-break: break-all; }
    </style>
    </head>
    <body>
    <div id="app">
    <div id="left">
    <svg id="stage" xmlns="http://www.w3.org/2000/svg">
    <defs>
    <linearGradient id="p-wallpaper" x1="0" y1="0" x2="1" y2="1">@WALLPAPER@</linearGradient>
    <clipPath id="p-island-clip"><rect id="island-clip-rect"/></clipPath>
    <clipPath id="p-bubble-clip"><rect id="bubble-clip-rect"/></clipPath>
    </defs>
    <rect id="wallpaper" x="0" y="0" fill="url(#p-wallpaper)"/>
    <rect id="island" fill="#000000"/>
    <rect id="island-stale" fill="none" stroke="#8E8E93" stroke-width="1.5" stroke-dasharray="4 3"/>
    <rect id="bubble" fill="#000000"/>
    <rect id="bubble-stale" fill="none" stroke="#8E8E93" stroke-width="1.5" stroke-dasharray="4 3"/>
    <g id="zones" font-family="@FONT@, sans-serif"></g>
    <g id="overlay" font-family="@FONT@, sans-serif"></g>
    </svg>
    <div id="controls">
    <button id="play" type="button">Play</button>
    <input id="scrub" type="range" min="0" step="1" value="0">
    <span id="time"></span>
    </div>
    <div id="caption"></div>
    <div id="who"></div>
    <div id="rejection"></div>
    </div>
    <div id="side">
    <ol id="events"></ol>
    <details><summary>state JSON at this moment</summary><pre id="json"></pre></details>
    </div>
    </div>
    <script type="application/json" id="timeline">@DATA@</script>
    <script>
    "use strict";
    const D = JSON.parse(document.getElementById("timeline").textContent);
    const SVGNS = "http://www.w3.org/2000/svg";
    const $ = (id) => document.getElementById(id);
    const stage = $("stage");
    stage.setAttribute("viewBox", "0 0 " + D.screenWidth + " " + D.stageHeight);
    stage.setAttribute("width", D.screenWidth * D.scale);
    stage.setAttribute("height", D.stageHeight * D.scale);
    $("wallpaper").setAttribute("width", D.screenWidth);
    $("wallpaper").setAttribute("height", D.stageHeight);
    const scrub = $("scrub");
    scrub.max = D.end;
    let T = 0;
    let playing = false;
    let shown = null;

    // The value of curve `id`, `elapsed` ms after its start: the engine's samples, linearly
    // between them, the last one after the end.
    function curve(id, elapsed) {
      const c = D.curves[id];
      const v = c.values;
      if (elapsed <= 0) return v[0];
      const i = elapsed / c.step;
      if (i >= v.length - 1) return v[v.length - 1];
      const k = Math.floor(i);
      return v[k] + (v[k + 1] - v[k]) * (i - k);
    }
    function momentIndex(t) {
      let lo = 0, hi = D.moments.length;
      while (lo < hi) { const m = (lo + hi) >> 1; if (D.moments[m].t <= t) lo = m + 1; else hi = m; }
      return lo - 1;
    }
    const lerp = (a, b, p) => a + (b - a) * p;
    function lerpFrame(a, b, p) { return a.map((x, i) => lerp(x, b[i], p)); }
    function place(id, f, inset) {
      const r = $(id);
      if (!f) { r.setAttribute("display", "none"); return; }
      r.removeAttribute("display");
      const d = inset || 0;
      r.setAttribute("x", f[0] + d); r.setAttribute("y", f[1] + d);
      r.setAttribute("width", Math.max(0, f[2] - 2 * d));
      r.setAttribute("height", Math.max(0, f[3] - 2 * d));
      r.setAttribute("rx", Math.max(0, Math.min(f[4], f[3] / 2) - d));
    }
    const islandKinds = ["grow", "expand", "collapse"];

    function render() {
      const i = momentIndex(T);
      const cur = i >= 0 ? D.moments[i] : D.initial;
      const prev = i > 0 ? D.moments[i - 1] : D.initial;
      const elapsed = i >= 0 ? T - cur.t : 0;
      const animations = i >= 0 ? cur.animations : [];
      const move = animations.find((a) => islandKinds.includes(a.kind));
      const p = move ? curve(move.curve, elapsed) : 1;
      let island = cur.island;
      if (move && cur.island && prev.island) island = lerpFrame(prev.island, cur.island, p);
      let bubble = cur.bubble;
      if (move && cur.bubble && prev.bubble) bubble = lerpFrame(prev.bubble, cur.bubble, p);
      else if (move && cur.bubble && !prev.bubble) {
        const b = cur.bubble, s = Math.max(0, p);
        bubble = [b[0] + b[2] * (1 - s) / 2, b[1] + b[3] * (1 - s) / 2, b[2] * s, b[3] * s, b[4] * s];
      }
      // While the island grows, its new content grows with it from the top centre, from half
      // its size at the least (seed 001's scaleEffect(0.5 ... 1, anchor: .top)), clipped to the
      // final outline scaled alike.
      let grow = 1;
      if (move && island && cur.island) grow = Math.min(1, Math.max(0.5, island[2] / cur.island[2]));
      const zoneTransform = grow < 1
        ? "translate(" + (cur.island[0] + cur.island[2] / 2) + " " + cur.island[1] + ") scale(" + grow
          + ") translate(" + -(cur.island[0] + cur.island[2] / 2) + " " + -cur.island[1] + ")"
        : "";
      place("island", island); place("island-clip-rect", grow < 1 ? cur.island : island);
      place("island-stale", cur.stale ? island : null, 0.75);
      place("bubble", bubble); place("bubble-clip-rect", bubble);
      place("bubble-stale", cur.bubbleStale ? bubble : null, 0.75);

      // Zones: this moment's, fading in with the island's move; a changed zone's old content
      // rolls or fades out as its transition says.
      const fade = move ? Math.min(1, Math.max(0, p)) : 1;
      let html = "";
      cur.zones.forEach((z, n) => {
        const tr = (i >= 0 ? cur.transitions : []).find((t) => t.zone === z.zone && t.activity === z.activity);
        const old = prev.zones.find((o) => o.zone === z.zone && o.activity === z.activity);
        let q = 1;
        if (tr && tr.duration > 0 && elapsed < tr.duration) q = curve(tr.curve, elapsed);
        const f = z.frame;
        const roll = tr && tr.kind === "numericText" && old && q < 1;
        const cross = tr && tr.kind === "crossfade" && old && q < 1;
        const qq = Math.min(1, Math.max(0, q));
        // While digits roll, a nested viewport clips the zone to its frame.
        const box = f.slice(0, 4).join(" ");
        html += (roll ? '<svg x="' + f[0] + '" y="' + f[1] + '" width="' + f[2] + '" height="'
          + f[3] + '" viewBox="' + box + '" overflow="hidden">' : "") + '<g opacity="' + fade + '">';
        if (roll && tr.roll) {
          // Digit by digit: what both texts share stays (sliding across), the old middle
          // rolls up and out, the new one in from below.
          html += '<g clip-path="url(#p-island-clip)">';
          tr.roll.stay.forEach((s) => {
            html += '<g transform="translate(' + (s.dx * (1 - q)) + ' 0)">' + s.svg + '</g>';
          });
          html += '<g class="old" transform="translate(0 ' + (-f[3] * q) + ')" opacity="' + (1 - qq) + '">' + tr.roll.out + '</g>';
          html += '<g class="new" transform="translate(0 ' + (f[3] * (1 - q)) + ')" opacity="' + qq + '">' + tr.roll.in + '</g>';
          html += '</g>';
        } else if (roll) {
          html += '<g class="old" transform="translate(0 ' + (-f[3] * q) + ')" opacity="' + (1 - qq) + '">' + old.svg + '</g>';
          html += '<g class="new" transform="translate(0 ' + (f[3] * (1 - q)) + ')" opacity="' + qq + '">' + pulsed(z, animations, elapsed) + '</g>';
        } else if (cross) {
          html += '<g class="old" opacity="' + (1 - qq) + '">' + old.svg + '</g>';
          html += '<g class="new" opacity="' + qq + '">' + pulsed(z, animations, elapsed) + '</g>';
        } else {
          html += pulsed(z, animations, elapsed);
        }
        html += '</g>' + (roll ? '</svg>' : "");
      });
      $("zones").innerHTML = html;
      if (zoneTransform) $("zones").setAttribute("transform", zoneTransform);
      else $("zones").removeAttribute("transform");
      $("overlay").innerHTML = cur.banner || "";

      scrub.value = T;
      $("time").textContent = (T / 1000).toFixed(3) + " s";
      if (shown !== i) {
        shown = i;
        $("caption").textContent = cur.caption;
        $("who").textContent = cur.who;
        $("rejection").textContent = i >= 0 && cur.rejection ? cur.rejection : "";
        $("json").textContent = i >= 0 ? JSON.stringify(cur.json, null, 2) : "";
        document.querySelectorAll("#events li").forEach((li, n) => li.classList.toggle("current", n === i));
      }
    }

    // A pulse scales its zone's first icon about its centre.
    function pulsed(z, animations, elapsed) {
      const a = animations.find((x) => x.kind === "pulse" && x.zone === z.zone && x.activity === z.activity);
      if (!a) return z.svg;
      const s = curve(a.curve, elapsed);
      return z.svg.replace(/(<g class="symbol"[^>]*transform="[^"]*)"/, '$1 translate(12 12) scale(' + s + ') translate(-12 -12)"');
    }

    const list = $("events");
    D.moments.forEach((m) => {
      const li = document.createElement("li");
      li.textContent = m.time + " · " + m.label + " · " + m.json.mode;
      if (m.rejection) li.classList.add("rejected");
      li.addEventListener("click", () => { pause(); T = m.t; render(); });
      list.appendChild(li);
    });

    let last = null;
    function frame(now) {
      if (!playing) return;
      if (last !== null) {
        T += now - last;
        // Quiet stretches (nothing moving, the next moment over 3 s away) are skipped to 1 s
        // before it: a journal may span hours.
        const i = momentIndex(T);
        const next = D.moments[i + 1];
        const cur = i >= 0 ? D.moments[i] : null;
        const busy = cur && [...cur.animations, ...cur.transitions].some((a) => T - cur.t < a.duration);
        if (!busy && next && next.t - T > 3000) T = next.t - 1000;
      }
      last = now;
      if (T >= D.end) { T = D.end; render(); pause(); return; }
      render();
      requestAnimationFrame(frame);
    }
    function play() { if (T >= D.end) T = 0; playing = true; last = null; $("play").textContent = "Pause"; requestAnimationFrame(frame); }
    function pause() { playing = false; $("play").textContent = "Play"; }
    $("play").addEventListener("click", () => (playing ? pause() : play()));
    scrub.addEventListener("input", () => { pause(); T = Number(scrub.value); render(); });
    function fromHash() {
      const m = /^#t=(-?\d+(\.\d+)?)$/.exec(location.hash);
      if (!m) return false;
      pause(); T = Number(m[1]); render(); return true;
    }
    window.addEventListener("hashchange", fromHash);
    if (!fromHash()) { T = D.moments.length ? D.moments[0].t : 0; render(); play(); }
    </script>
    </body>
    </html>

    """#
}
