/// Why the engine refused an event. The log and the state are exactly as they were.
public struct Rejection: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The name of the refused event (`start`, `update`, ...).
  public var event: String
  /// The rule it broke.
  public var reason: Reason

  /// A rejection of event `event` for `reason`.
  public init(event: String, reason: Reason) {
    self.event = event
    self.reason = reason
  }

  /// `update rejected: activity "pizza" has ended`.
  public var description: String { "\(event) rejected: \(reason.message)" }

  /// The rules an event can break.
  public enum Reason: Error, Equatable, Hashable, Sendable {
    /// The event's time is before the log's current time.
    case timeWentBackwards(t: Milliseconds, now: Milliseconds)
    /// A start reused an id already used in this log.
    case duplicateActivity(String)
    /// An update or end named an activity that never started.
    case unknownActivity(String)
    /// An update or end named an activity that has ended (or been dismissed).
    case activityEnded(String)
    /// An activity id that is empty, too long, or has characters outside `A-Z a-z 0-9 . _ - :`.
    case invalidActivityID(String)
    /// An app bundle id that is empty or has characters outside `A-Z a-z 0-9 . -`.
    case invalidApp(String)
    /// A relevance that is not a finite number.
    case invalidRelevance(Double)
    /// The app already has as many live activities as the policy allows.
    case appLimitReached(app: String, limit: Int)
    /// The device already has as many live activities as the policy allows.
    case deviceLimitReached(limit: Int)
    /// The content state and attributes together take more bytes than the policy allows.
    case payloadTooLarge(activity: String, bytes: Int, limit: Int)
    /// A URL without a scheme, or with spaces or characters URLs cannot hold.
    case malformedURL(field: String, url: String)
    /// A tap or long press on something that is not on screen.
    case notOnScreen(target: String, why: String)
    /// A start named a layout the catalogue does not have.
    case unknownLayout(String)
    /// A layout zone reads a field the content state does not have.
    case missingField(zone: Zone, field: String)
    /// A progress bar or countdown reads a field that is not a number.
    case fieldNotNumber(zone: Zone, field: String, view: String)
    /// A template in a zone could not be read.
    case badTemplate(zone: Zone, template: String, why: String)
    /// A progress bar's total that is not a finite number above 0.
    case badProgressTotal(zone: Zone, total: Double)
    /// A symbol name that is not an SF Symbol name (lowercase words joined by dots).
    case badSymbolName(zone: Zone, name: String)
    /// The minimal view is wider than a minimal view may be.
    case minimalTooWide(activity: String, width: Double, maximum: Double)
    /// The layout's pulse names a field the content state does not have.
    case missingPulseField(String)
    /// A time that is negative.
    case negativeTime(field: String, value: Milliseconds)
    /// A state field whose name is not letters, digits and `_` (not starting with a digit).
    case invalidFieldName(String)
    /// An update or end changed a field the layout reads as a static attribute.
    case attributeChanged(activity: String, field: String)

    /// What went wrong, in lowercase words.
    public var message: String { unescapedMessage.escapingControlCharacters() }

    /// The message as written, before its control characters are escaped.
    private var unescapedMessage: String {
      switch self {
      case .timeWentBackwards(let t, let now):
        return "time went backwards: t=\(t) is before the current time \(now)"
      case .duplicateActivity(let id):
        return "activity \"\(id)\" already exists (ids are never reused)"
      case .unknownActivity(let id): return "activity \"\(id)\" does not exist"
      case .activityEnded(let id): return "activity \"\(id)\" has ended"
      case .invalidActivityID(let id):
        return "\"\(id)\" is not a valid activity id"
      case .invalidApp(let app): return "\"\(app)\" is not a valid app bundle id"
      case .invalidRelevance(let value): return "relevance \(value) is not a finite number"
      case .appLimitReached(let app, let limit):
        return "app \"\(app)\" already has \(limit) live activities, its limit"
      case .deviceLimitReached(let limit):
        return "the device already has \(limit) live activities, its limit"
      case .payloadTooLarge(let activity, let bytes, let limit):
        return "activity \"\(activity)\" would carry \(bytes) bytes of state and attributes, "
          + "over the \(limit)-byte limit"
      case .malformedURL(let field, let url): return "\(field) \"\(url)\" is not a valid URL"
      case .notOnScreen(let target, let why): return "\(target) is not on screen: \(why)"
      case .unknownLayout(let name): return "there is no layout named \"\(name)\""
      case .missingField(let zone, let field):
        return "layout zone \(zone.rawValue) reads field \"\(field)\", which the state lacks"
      case .fieldNotNumber(let zone, let field, let view):
        return "layout zone \(zone.rawValue) shows field \"\(field)\" as a \(view), "
          + "but it is not a number"
      case .badTemplate(let zone, let template, let why):
        return "layout zone \(zone.rawValue) has a bad template \"\(template)\": \(why)"
      case .badProgressTotal(let zone, let total):
        return "layout zone \(zone.rawValue) has a progress bar with total \(total), which is "
          + "not a finite number above 0"
      case .badSymbolName(let zone, let name):
        return "layout zone \(zone.rawValue) names symbol \"\(name)\", which is not an SF Symbol "
          + "name"
      case .minimalTooWide(let activity, let width, let maximum):
        return "the minimal view of \"\(activity)\" is \(Points.format(width)) pt wide, over the "
          + "\(Points.format(maximum)) pt a minimal view may take"
      case .missingPulseField(let field):
        return "the layout pulses on field \"\(field)\", which the state lacks"
      case .negativeTime(let field, let value):
        return "\(field) \(value) is negative"
      case .invalidFieldName(let name):
        return "\"\(name)\" is not a valid state field name"
      case .attributeChanged(let activity, let field):
        return "activity \"\(activity)\" cannot change \"\(field)\": its layout reads it as a "
          + "static attribute, fixed at the start"
      }
    }

    /// What would make the event valid.
    public var hint: String {
      switch self {
      case .timeWentBackwards(_, let now): return "use a time of at least \(now)"
      case .duplicateActivity: return "start it under a new id"
      case .unknownActivity: return "start it first, or check the id (`explain` lists them)"
      case .activityEnded: return "start a new activity to show more"
      case .invalidActivityID: return "use 1 to 64 of A-Z a-z 0-9 . _ - :"
      case .invalidApp: return "use a bundle id such as com.example.food"
      case .invalidRelevance: return "give a finite number, such as 50"
      case .appLimitReached: return "end one of the app's activities first"
      case .deviceLimitReached: return "end an activity first"
      case .payloadTooLarge: return "send less state"
      case .malformedURL: return "write a scheme and a path, such as food://order/42"
      case .notOnScreen: return "tap what the island shows (`show` draws it)"
      case .unknownLayout:
        return "use one of: " + Layout.catalogue.map(\.name).joined(separator: ", ")
      case .missingField(_, let field), .fieldNotNumber(_, let field, _):
        return "give the state a number or value for \"\(field)\""
      case .badTemplate: return "write fields as {name}, and literal braces as {{ and }}"
      case .badProgressTotal: return "give the progress bar a total above 0, such as 1 or 100"
      case .badSymbolName: return "use a name such as bag.fill"
      case .minimalTooWide: return "show a symbol or two or three characters in minimal"
      case .missingPulseField(let field): return "give the state a field \"\(field)\""
      case .negativeTime: return "times are milliseconds from the journal's start"
      case .invalidFieldName: return "use letters, digits and _, not starting with a digit"
      case .attributeChanged:
        return "start a new activity for new attributes, or read the field from context.state"
      }
    }
  }
}
