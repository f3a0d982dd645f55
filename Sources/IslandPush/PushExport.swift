import IslandCore
import IslandJournal

/// A journal written as the pushes that would drive a device through the same events: what
/// `island push export` prints.
///
/// Starts become push-to-start pushes, updates and ends pushes to the activity's token, each
/// at its event's time (`at`), with the event's `timestamp` or else the epoch plus the event's
/// time in whole seconds. Journal times become UNIX seconds after the epoch (with a fraction
/// only when the time is not whole seconds), countdown fields dates as the app decodes them.
/// Taps, long presses and ticks cannot be pushed: they are listed as what the user must do
/// by hand.
public struct PushExport: Sendable {
  /// The push log, a line each, the header first, without newlines.
  public var lines: [String]
  /// The pushes, in order (for `--curl`).
  public var pushes: [ExportedPush]
  /// The events that are not pushes, as what to do by hand: `seq 4 at 91000 ms: tap island`.
  public var byHand: [String]

  /// One push of an export.
  public struct ExportedPush: Sendable {
    /// Its line in the log.
    public var line: Int
    /// When it is sent, on the journal's clock.
    public var at: Milliseconds
    /// `apns-priority`.
    public var priority: Int
    /// `apns-topic`.
    public var topic: String
    /// The token it goes to.
    public var token: String
    /// The payload, compact JSON.
    public var payload: String
  }

  /// The export of `entries` of a journal with `header`: `epoch` is the UNIX time of the
  /// journal's time 0; `tokens` maps activity ids (and, for push-to-start, bundle ids) to
  /// push tokens (the id itself without one); `dates` is how the app decodes dates.
  public init(
    header: JournalHeader, entries: [LogEntry], epoch: Int64, tokens: [String: String] = [:],
    dates: ContentDates = .reference
  ) {
    let pushHeader = PushLogHeader(
      configuration: header.configuration, epoch: Double(epoch), dates: dates)
    lines = [pushHeader.line]
    pushes = []
    byHand = []
    var countdowns: [String: Set<String>] = [:]
    var apps: [String: String] = [:]
    func seconds(_ time: Milliseconds) -> JSONValue {
      .number(Double(epoch) + Double(time) / 1000)
    }
    func content(_ state: ContentState, of activity: String) -> JSONValue {
      let fields = countdowns[activity] ?? []
      return .object(
        state.fields.map { field in
          if fields.contains(field.name), case .number(let time) = field.value {
            return (field.name, dates.value(unix: Double(epoch) + time / 1000))
          }
          return (field.name, field.value.json)
        })
    }
    for entry in entries {
      let t = entry.t
      let stamp = entry.event.timestamp ?? (epoch + t / 1000)
      var aps: [(String, JSONValue)] = [("timestamp", JSONValue(stamp))]
      var line: [(String, JSONValue)] = [("at", JSONValue(t))]
      let app: String
      let token: String
      var priority = 10
      switch entry.event {
      case .start(let start):
        countdowns[start.activity] =
          start.layout.flatMap(PushImporter.resolve).map(PushImporter.countdownFields) ?? []
        app = start.app
        apps[start.activity] = start.app
        token = tokens[start.app] ?? start.app
        aps.append(("event", "start"))
        aps.append(("content-state", content(start.state, of: start.activity)))
        aps.append(("attributes-type", "IslandAttributes"))
        aps.append(("attributes", .object([])))
        if let stale = start.stale { aps.append(("stale-date", seconds(stale))) }
        if start.relevance != 0 { aps.append(("relevance-score", .number(start.relevance))) }
        aps.append(("input-push-token", 1))
        line.append(("activity-token", .string(tokens[start.activity] ?? start.activity)))
        if let layout = start.layout { line.append(("layout", LayoutCodec.encode(layout))) }
        if let url = start.url { line.append(("url", .string(url))) }
        if !start.links.isEmpty {
          var links: [(String, JSONValue)] = []
          for region in Region.allCases {
            if let link = start.links[region] { links.append((region.rawValue, .string(link))) }
          }
          line.append(("links", .object(links)))
        }
      case .update(let update):
        app = apps[update.activity] ?? "com.example.unknown"
        token = tokens[update.activity] ?? update.activity
        priority = update.alert == nil ? 5 : 10
        aps.append(("event", "update"))
        aps.append(("content-state", content(update.state, of: update.activity)))
        if let stale = update.stale { aps.append(("stale-date", seconds(stale))) }
        if let relevance = update.relevance { aps.append(("relevance-score", .number(relevance))) }
        if let alert = update.alert {
          var fields: [(String, JSONValue)] = [
            ("title", .string(alert.title)), ("body", .string(alert.body)),
          ]
          if let sound = alert.sound { fields.append(("sound", .string(sound))) }
          aps.append(("alert", .object(fields)))
        }
      case .end(let end):
        app = apps[end.activity] ?? "com.example.unknown"
        token = tokens[end.activity] ?? end.activity
        aps.append(("event", "end"))
        if let state = end.state { aps.append(("content-state", content(state, of: end.activity))) }
        switch end.dismissal {
        case .default: break
        case .immediate: aps.append(("dismissal-date", seconds(t)))
        case .after(let time): aps.append(("dismissal-date", seconds(time)))
        }
      case .tap(let target):
        byHand.append("seq \(entry.seq) at \(t) ms: tap \(target.rawValue)")
        continue
      case .longPress(let target):
        byHand.append("seq \(entry.seq) at \(t) ms: long-press \(target.rawValue)")
        continue
      case .tick:
        byHand.append("seq \(entry.seq) at \(t) ms: wait (nothing to push)")
        continue
      }
      let topic = app + PushLogFormat.topicSuffix
      let payload = JSONValue.object([("aps", .object(aps))]).compactText
      if payload.utf8.count > PushLogFormat.payloadLimit {
        byHand.append(
          "seq \(entry.seq) at \(t) ms: its payload is \(payload.utf8.count) bytes, over APNs' "
            + "\(PushLogFormat.payloadLimit): APNs would refuse it")
      }
      line.insert(("apns-priority", .number(Double(priority))), at: 1)
      line.insert(("apns-topic", .string(topic)), at: 2)
      line.insert(("token", .string(token)), at: 3)
      line.append(("payload", .object([("aps", .object(aps))])))
      pushes.append(
        ExportedPush(
          line: lines.count + 1, at: t, priority: priority, topic: topic, token: token,
          payload: payload))
      lines.append(JSONValue.object(line).compactText)
    }
  }

  /// The log as text: every line with its newline.
  public var text: String { lines.map { $0 + "\n" }.joined() }

  /// The `curl --http2` command lines that send the pushes to a real device through APNs's
  /// development server (`APNS_HOST` to change it), authenticated by `AUTHENTICATION_TOKEN`
  /// (a JSON Web Token for the team's key): printed, never run.
  public var curlLines: [String] {
    var lines = [
      "# The pushes of this journal, for a real device. Island never runs these.",
      "# Set AUTHENTICATION_TOKEN (a JWT signed with your APNs key) and, for production,",
      "# APNS_HOST=api.push.apple.com. Send each at its time (at, ms after the first).",
    ]
    for push in pushes {
      lines.append("# line \(push.line), at \(push.at) ms")
      lines.append(
        "curl --http2 --header \(PushExport.quoted("apns-topic: " + push.topic)) "
          + "--header 'apns-push-type: liveactivity' "
          + "--header 'apns-priority: \(push.priority)' "
          + "--header \"authorization: bearer $AUTHENTICATION_TOKEN\" "
          + "--data \(PushExport.quoted(push.payload)) "
          + "\"https://${APNS_HOST:-api.sandbox.push.apple.com}/3/device/\""
          + PushExport.quoted(push.token))
    }
    return lines
  }

  /// `text` in single quotes for a POSIX shell.
  static func quoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
  }
}
