import IslandCore
import IslandJournal

/// One line of a push log: a push as it arrived on the device.
///
/// The line's keys: `at` (when it arrived, milliseconds on the log's clock), `apns-priority`
/// (5 or 10), `apns-topic` (`<bundle id>.push-type.liveactivity`: the app follows from it),
/// `token` (the Live Activity's push token; for a push-to-start, the app's push-to-start
/// token), `payload` (`{"aps":{...}}` as sent), and for a start only: `activity-token` (the
/// push token the started activity gets, which later pushes address; it is the activity's
/// id in the journal), `layout`, `url` and `links` (what the app's widget shows, as in a
/// journal's start).
public struct Push: Equatable, Sendable {
  /// The three ActivityKit push events.
  public enum Kind: String, CaseIterable, Equatable, Sendable {
    /// Push-to-start.
    case start
    /// New content.
    case update
    /// The end.
    case end
  }

  /// When it arrived, on the log's clock.
  public var at: Milliseconds
  /// `apns-priority`: 5 or 10.
  public var priority: Int
  /// The app's bundle id, from the topic.
  public var app: String
  /// The push token it was sent to.
  public var token: String
  /// For a start: the token of the activity it starts.
  public var activityToken: String?
  /// For a start: the layout.
  public var layout: LayoutReference?
  /// For a start: the widget URL.
  public var url: String?
  /// For a start: the per-region links.
  public var links: RegionLinks
  /// The payload's `aps` dictionary, read.
  public var aps: Aps
  /// The payload's size, in bytes of compact JSON.
  public var payloadBytes: Int

  /// The activity the push is for: the started one's token for a start, else the token.
  public var activity: String { activityToken ?? token }

  /// A payload's `aps` dictionary (ActivityKit's keys).
  public struct Aps: Equatable, Sendable {
    /// `event`.
    public var event: Kind
    /// `timestamp`: when the data was generated, UNIX seconds.
    public var timestamp: Int64
    /// `content-state`, as sent (its dates are read once the layout is known).
    public var contentState: JSONValue?
    /// `attributes-type` (start).
    public var attributesType: String?
    /// `attributes` (start).
    public var attributes: JSONValue?
    /// `stale-date`, UNIX seconds.
    public var staleDate: Double?
    /// `dismissal-date`, UNIX seconds (end).
    public var dismissalDate: Double?
    /// `relevance-score`.
    public var relevanceScore: Double?
    /// `alert`.
    public var alert: Alert?
    /// `input-push-token` (start): whether the new activity asks for a push token.
    public var inputPushToken: Bool?
  }

  /// The `aps` keys each event takes, and which it needs.
  static func keys(of event: Kind) -> (allowed: Set<String>, required: [String]) {
    switch event {
    case .start:
      return (
        [
          "timestamp", "event", "content-state", "attributes-type", "attributes", "stale-date",
          "relevance-score", "alert", "input-push-token",
        ], ["timestamp", "content-state", "attributes-type", "attributes"]
      )
    case .update:
      return (
        ["timestamp", "event", "content-state", "stale-date", "relevance-score", "alert"],
        ["timestamp", "content-state"]
      )
    case .end:
      return (["timestamp", "event", "content-state", "dismissal-date"], ["timestamp"])
    }
  }

  /// Every `aps` key the format knows.
  static let knownApsKeys: Set<String> = Kind.allCases.reduce(into: []) {
    $0.formUnion(keys(of: $1).allowed)
  }

  // MARK: - Decoding

  /// Decodes a push line (without its newline).
  public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(JournalLineError) -> Push {
    if line.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw .emptyLine }
    let value: JSONValue
    do {
      value = try JSONValue.parse(line)
    } catch {
      throw .syntax(error)
    }
    return try decode(value)
  }

  /// Decodes a push from its JSON.
  public static func decode(_ value: JSONValue) throws(JournalLineError) -> Push {
    guard case .object(let members) = value else { throw .notAnObject(found: value.kindName) }
    if value["format"] != nil { throw .duplicateHeader }
    let lineKeys: Set<String> = [
      "at", "apns-priority", "apns-topic", "token", "activity-token", "layout", "url", "links",
      "payload",
    ]
    if let unknown = members.first(where: { !lineKeys.contains($0.0) }) {
      throw .unknownField(name: unknown.0, event: nil)
    }
    func required(_ key: String) throws(JournalLineError) -> JSONValue {
      guard let member = value[key] else { throw .missingField(name: key, event: nil) }
      return member
    }
    let at = try PushFields.whole(try required("at"), field: "at")
    let priorityValue = try required("apns-priority")
    let priority = try PushFields.whole(priorityValue, field: "apns-priority")
    guard priority == 5 || priority == 10 else {
      throw .invalidValue(
        field: "apns-priority", value: priorityValue.compactText,
        expected: "5 (opportunistic) or 10 (immediate)")
    }
    let topic = try PushFields.string(try required("apns-topic"), field: "apns-topic")
    guard topic.hasSuffix(PushLogFormat.topicSuffix),
      topic.count > PushLogFormat.topicSuffix.count
    else {
      throw .invalidValue(
        field: "apns-topic", value: JSONValue.string(topic).compactText,
        expected: "<bundle id>\(PushLogFormat.topicSuffix) (a Live Activity push's topic)")
    }
    let app = String(topic.dropLast(PushLogFormat.topicSuffix.count))
    let token = try PushFields.string(try required("token"), field: "token")
    guard !token.isEmpty else {
      throw .invalidValue(field: "token", value: "\"\"", expected: "a push token")
    }
    let payload = try required("payload")
    _ = try PushFields.object(payload, field: "payload")
    let payloadBytes = payload.compactText.utf8.count
    guard payloadBytes <= PushLogFormat.payloadLimit else {
      throw .invalidValue(
        field: "payload", value: "\(payloadBytes) bytes",
        expected: "at most \(PushLogFormat.payloadLimit) bytes (APNs refuses a larger payload)")
    }
    guard let apsValue = payload["aps"] else {
      throw .missingField(name: "payload.aps", event: nil)
    }
    let aps = try decodeAps(apsValue)
    var push = Push(
      at: at, priority: Int(priority), app: app, token: token, activityToken: nil, layout: nil,
      url: nil, links: RegionLinks(), aps: aps, payloadBytes: payloadBytes)
    for (key, member) in members {
      switch key {
      case "activity-token", "layout", "url", "links":
        guard aps.event == .start else {
          throw .unknownField(name: key, event: aps.event.rawValue)
        }
      default: continue
      }
      switch key {
      case "activity-token":
        push.activityToken = try PushFields.string(member, field: key)
      case "layout":
        do {
          push.layout = try LayoutCodec.decodeReference(member)
        } catch {
          throw .layout(error)
        }
      case "url": push.url = try PushFields.string(member, field: key)
      default: push.links = try PushFields.links(member)
      }
    }
    if aps.event == .start, push.activityToken == nil {
      throw .missingField(name: "activity-token", event: "start")
    }
    return push
  }

  /// Reads the `aps` dictionary: every key known, the event's required ones present.
  static func decodeAps(_ value: JSONValue) throws(JournalLineError) -> Aps {
    let members = try PushFields.object(value, field: "payload.aps")
    guard let eventValue = value["event"] else {
      if let unknown = members.first(where: { !knownApsKeys.contains($0.0) }) {
        throw .unknownField(name: "aps." + unknown.0, event: nil)
      }
      throw .missingField(name: "aps.event", event: nil)
    }
    let eventName = try PushFields.string(eventValue, field: "aps.event")
    guard let event = Kind(rawValue: eventName) else {
      throw .invalidValue(
        field: "aps.event", value: eventValue.compactText,
        expected: "\"start\", \"update\" or \"end\"")
    }
    let (allowed, required) = keys(of: event)
    let eventLabel = event.rawValue
    if let unknown = members.first(where: { !allowed.contains($0.0) }) {
      throw .unknownField(name: "aps." + unknown.0, event: eventLabel)
    }
    for key in required where value[key] == nil {
      throw .missingField(name: "aps." + key, event: eventLabel)
    }
    var aps = Aps(event: event, timestamp: 0)
    for (key, member) in members {
      let field = "aps." + key
      switch key {
      case "timestamp": aps.timestamp = try PushFields.whole(member, field: field)
      case "event": continue
      case "content-state":
        _ = try PushFields.object(member, field: field)
        aps.contentState = member
      case "attributes-type": aps.attributesType = try PushFields.string(member, field: field)
      case "attributes":
        _ = try PushFields.object(member, field: field)
        aps.attributes = member
      case "stale-date": aps.staleDate = try PushFields.unixSeconds(member, field: field)
      case "dismissal-date": aps.dismissalDate = try PushFields.unixSeconds(member, field: field)
      case "relevance-score": aps.relevanceScore = try PushFields.number(member, field: field)
      case "alert": aps.alert = try PushFields.alert(member)
      case "input-push-token":
        switch member {
        case .number(1), .integer(1), .bool(true): aps.inputPushToken = true
        case .number(0), .integer(0), .bool(false): aps.inputPushToken = false
        case .null, .bool, .number, .integer, .string, .array, .object:
          throw .invalidValue(field: field, value: member.compactText, expected: "1 or 0")
        }
      default: throw .unknownField(name: field, event: eventLabel)
      }
    }
    return aps
  }
}
