import IslandCore
import IslandJournal

/// The push log format, version 1: JSON Lines, a header line, then one push a line in the
/// order the device got them (see `docs/pushes.md`).
///
///     {"format":"island-pushes","version":1,"device":"iPhone 15 Pro","epoch":1700000000}
///     {"at":0,"apns-priority":10,"apns-topic":"com.example.food.push-type.liveactivity",
///      "token":"food-start","activity-token":"pizza","layout":"delivery",
///      "payload":{"aps":{"timestamp":1700000000,"event":"start","content-state":{...},
///      "attributes-type":"DeliveryAttributes","attributes":{}}}}
///     {"at":60000,"apns-priority":5,"apns-topic":"com.example.food.push-type.liveactivity",
///      "token":"pizza","payload":{"aps":{"timestamp":1700000060,"event":"update",
///      "content-state":{"minutesLeft":19}}}}
public enum PushLogFormat {
  /// The header's `format`.
  public static let name = "island-pushes"
  /// The version this code writes, and the newest it reads.
  public static let currentVersion = 1
  /// The suffix of every Live Activity push's `apns-topic`, after the app's bundle id.
  public static let topicSuffix = ".push-type.liveactivity"
  /// The largest payload APNs accepts, in bytes.
  public static let payloadLimit = 4_096
  /// The budget's window: priority-10 pushes are counted per hour.
  public static let budgetWindow: Milliseconds = 3_600_000
  /// UNIX seconds at 2001-01-01T00:00:00Z, the reference date of `JSONDecoder`'s default
  /// date decoding.
  public static let referenceDate: Double = 978_307_200

  /// Whether the file at `path` starts with a push log's header: how `replay` and `check`
  /// tell a push log from a journal (through the journal's line reader).
  public static func isPushLog(path: String) -> Bool {
    guard var lines = try? LineSplitter(path: path), let line = try? lines.next() else {
      return false
    }
    guard let value = try? JSONValue.parse(line) else { return false }
    return value["format"] == .string(name)
  }
}

/// How the app decodes `Date` values inside its `ContentState`: the `JSONDecoder`'s
/// `dateDecodingStrategy`.
public enum ContentDates: String, CaseIterable, Equatable, Sendable {
  /// `.deferredToDate`, the default: seconds since 2001-01-01.
  case reference
  /// `.secondsSince1970`: UNIX seconds.
  case unix
  /// `.iso8601`: a string such as `2023-11-14T22:13:20Z`.
  case iso8601
}

/// A push log's first line: the journal's configuration, and how to read the pushes' dates.
///
///     {"format":"island-pushes","version":1,"device":"iPhone 15 Pro","profile":"tap-expands",
///      "policy":{"priorityBudget":4},"epoch":1700000000,"dates":"reference"}
///
/// `device`, `profile` and `policy` are a journal header's (``JournalHeader``); the policy
/// may also hold `priorityBudget`, the priority-10 pushes the device applies per hour (no
/// budget without it: Apple publishes no number). `epoch` is the UNIX time, in seconds, at
/// which `at` is 0 (without it, the first push's `timestamp` less its `at`); `dates` is how
/// the app decodes dates in its content state (`reference`, the default, `unix` or
/// `iso8601`).
public struct PushLogHeader: Equatable, Sendable {
  /// The format version the log was written in.
  public var version: Int
  /// The device, interaction profile and policy.
  public var configuration: Configuration
  /// The priority-10 pushes applied per hour, or nil for no budget.
  public var priorityBudget: Int?
  /// The UNIX time in seconds at which `at` is 0, or nil for the first push's.
  public var epoch: Double?
  /// How the app decodes content-state dates.
  public var dates: ContentDates

  /// A header of the current version.
  public init(
    configuration: Configuration = Configuration(), priorityBudget: Int? = nil,
    epoch: Double? = nil, dates: ContentDates = .reference
  ) {
    self.version = PushLogFormat.currentVersion
    self.configuration = configuration
    self.priorityBudget = priorityBudget
    self.epoch = epoch
    self.dates = dates
  }

  /// The header line, without its newline.
  public var line: String {
    var members: [(String, JSONValue)] = [
      ("format", .string(PushLogFormat.name)), ("version", .number(Double(version))),
    ]
    let journal = JournalHeader(configuration: configuration).json.objectValue ?? []
    for (key, value) in journal where key != "format" && key != "version" {
      members.append((key, value))
    }
    if let priorityBudget {
      if let index = members.firstIndex(where: { $0.0 == "policy" }),
        case .object(var policy) = members[index].1
      {
        policy.append(("priorityBudget", .number(Double(priorityBudget))))
        members[index].1 = .object(policy)
      } else {
        members.append(("policy", ["priorityBudget": .number(Double(priorityBudget))]))
      }
    }
    if let epoch { members.append(("epoch", .number(epoch))) }
    if dates != .reference { members.append(("dates", .string(dates.rawValue))) }
    return JSONValue.object(members).compactText
  }

  /// Reads a header line.
  public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(JournalLineError)
    -> PushLogHeader
  {
    let value: JSONValue
    do {
      value = try JSONValue.parse(line)
    } catch {
      throw .notAPushLog(found: "a line that is not JSON (\(error))")
    }
    guard case .object(let members) = value else {
      throw .notAPushLog(found: article(value.kindName))
    }
    guard let format = value["format"] else {
      throw .notAPushLog(found: value["at"] != nil ? "a push" : "an object without \"format\"")
    }
    guard format == .string(PushLogFormat.name) else {
      throw .notAPushLog(found: "a header of format \(format.compactText)")
    }
    guard let versionValue = value["version"] else {
      throw .missingField(name: "version", event: "header")
    }
    guard let number = versionValue.numberValue, number == number.rounded(), abs(number) < 1e9
    else {
      throw .wrongType(field: "version", expected: "integer", found: versionValue.kindName)
    }
    guard number >= 1 else { throw .unsupportedVersion(Int(number)) }
    guard Int(number) <= PushLogFormat.currentVersion else {
      throw .invalidValue(
        field: "version", value: versionValue.compactText,
        expected: "\(PushLogFormat.currentVersion) (the newest push log version this island reads)")
    }
    var header = PushLogHeader()
    var journal: [(String, JSONValue)] = [
      ("format", .string(JournalFormat.name)), ("version", 1),
    ]
    for (key, member) in members {
      switch key {
      case "format", "version": continue
      case "device", "profile": journal.append((key, member))
      case "policy":
        guard case .object(var policy) = member else {
          throw .wrongType(field: "policy", expected: "object", found: member.kindName)
        }
        if let index = policy.firstIndex(where: { $0.0 == "priorityBudget" }) {
          let budget = try PushFields.whole(policy[index].1, field: "policy.priorityBudget")
          guard budget >= 1, budget <= 1_000_000 else {
            throw .invalidValue(
              field: "policy.priorityBudget", value: policy[index].1.compactText,
              expected: "a whole number of pushes per hour from 1 to 1000000")
          }
          header.priorityBudget = Int(budget)
          policy.remove(at: index)
        }
        journal.append(("policy", .object(policy)))
      case "epoch":
        guard let epoch = member.numberValue else {
          throw .wrongType(field: "epoch", expected: "number", found: member.kindName)
        }
        guard epoch >= 0, epoch < 1e11 else {
          throw .invalidValue(
            field: "epoch", value: member.compactText, expected: "UNIX seconds from 0 to 1e11")
        }
        header.epoch = epoch
      case "dates":
        guard case .string(let name) = member, let dates = ContentDates(rawValue: name) else {
          throw .invalidValue(
            field: "dates", value: member.compactText,
            expected: "\"reference\", \"unix\" or \"iso8601\"")
        }
        header.dates = dates
      default:
        throw .unknownField(name: key, event: "header")
      }
    }
    header.configuration = try JournalHeader.decode(.object(journal)).configuration
    return header
  }
}

/// "a string", "an object".
func article(_ noun: String) -> String {
  guard let first = noun.first else { return noun }
  return ("aeio".contains(first) || noun.hasPrefix("update") ? "an " : "a ") + noun
}
