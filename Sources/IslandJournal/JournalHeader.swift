import IslandCore

/// A journal's first line: what the events are folded under.
///
///     {"format":"island-journal","version":2,"device":"iPhone 15 Pro","profile":"tap-expands"}
///
/// `device` (a name from ``Device/all``; default `iPhone 15 Pro`) and `profile` (`tap-expands`,
/// the default, or `tap-opens`) are optional; so is `policy`, an object overriding some of
/// ``Policy``'s numbers, keyed by its property names (`{"alertDuration":3000}`).
public struct JournalHeader: Equatable, Sendable {
  /// The format version the journal was written in.
  public var version: Int
  /// The device, interaction profile and policy.
  public var configuration: Configuration

  /// A header for a journal written now (the current version).
  public init(configuration: Configuration = Configuration()) {
    self.version = JournalFormat.currentVersion
    self.configuration = configuration
  }

  /// A header of `version`.
  public init(version: Int, configuration: Configuration) {
    self.version = version
    self.configuration = configuration
  }

  /// The header line, without its newline. Only the policy numbers that differ from the
  /// defaults are written.
  public var line: String { json.compactText }

  /// The header as JSON.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("format", .string(JournalFormat.name)),
      ("version", JSONValue(Int64(version))),
      ("device", .string(configuration.device.name)),
      ("profile", .string(configuration.profile.rawValue)),
    ]
    let policy = PolicyCodec.encode(configuration.policy)
    if policy != .object([]) { members.append(("policy", policy)) }
    return .object(members)
  }

  /// Reads a header line.
  public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(JournalLineError)
    -> JournalHeader
  {
    let value: JSONValue
    do {
      value = try JSONValue.parse(line)
    } catch {
      throw .missingHeader(found: "a line that is not JSON (\(error))")
    }
    return try decode(value)
  }

  /// Reads a header from its JSON.
  public static func decode(_ value: JSONValue) throws(JournalLineError) -> JournalHeader {
    guard case .object(let members) = value else {
      throw .missingHeader(found: article(value.kindName))
    }
    guard let format = value["format"] else {
      throw .missingHeader(found: value["seq"] != nil ? "an event" : "an object without \"format\"")
    }
    guard format == .string(JournalFormat.name) else {
      throw .notAJournal(format: format.stringValue ?? format.compactText)
    }
    guard let versionValue = value["version"] else {
      throw .missingField(name: "version", event: nil)
    }
    guard case .integer(let number) = versionValue, abs(number) < 1_000_000_000 else {
      guard versionValue.numberValue != nil else {
        throw .wrongType(field: "version", expected: "integer", found: versionValue.kindName)
      }
      throw .invalidValue(
        field: "version", value: versionValue.compactText, expected: "an integer, such as 1")
    }
    let version = Int(number)
    guard version <= JournalFormat.currentVersion else {
      throw .newerVersion(found: version, supported: JournalFormat.currentVersion)
    }
    guard version >= 1 else { throw .unsupportedVersion(version) }
    var configuration = Configuration()
    for (key, member) in members {
      switch key {
      case "format", "version": continue
      case "device":
        guard case .string(let name) = member else {
          throw .wrongType(field: "device", expected: "string", found: member.kindName)
        }
        guard let device = Device.named(name) else { throw .unknownDevice(name) }
        configuration.device = device
      case "profile":
        guard case .string(let name) = member else {
          throw .wrongType(field: "profile", expected: "string", found: member.kindName)
        }
        guard let profile = InteractionProfile(rawValue: name) else {
          throw .invalidValue(
            field: "profile", value: "\"\(name)\"",
            expected: InteractionProfile.allCases.map(\.rawValue).joined(separator: " or "))
        }
        configuration.profile = profile
      case "policy":
        configuration.policy = try PolicyCodec.decode(member)
      default:
        throw .unknownField(name: key, event: "header")
      }
    }
    return JournalHeader(version: version, configuration: configuration)
  }
}

/// The journal's `policy` object: ``Policy``'s numbers by their property names.
public enum PolicyCodec {
  /// The keys, in the order they are written.
  public static let names = [
    "alertDuration", "maximumActiveDuration", "dismissalDelay", "activitiesPerApp",
    "activitiesPerDevice", "payloadLimit", "maximumAnimationDuration", "springResponse",
    "springDamping",
  ]

  /// The numbers of `policy` that differ from the defaults, as an object.
  public static func encode(_ policy: Policy) -> JSONValue {
    let defaults = Policy()
    var members: [(String, JSONValue)] = []
    func add(_ name: String, _ value: Int64, _ standard: Int64) {
      if value != standard { members.append((name, JSONValue(value))) }
    }
    add("alertDuration", policy.alertDuration, defaults.alertDuration)
    add("maximumActiveDuration", policy.maximumActiveDuration, defaults.maximumActiveDuration)
    add("dismissalDelay", policy.dismissalDelay, defaults.dismissalDelay)
    add("activitiesPerApp", Int64(policy.activitiesPerApp), Int64(defaults.activitiesPerApp))
    add(
      "activitiesPerDevice", Int64(policy.activitiesPerDevice),
      Int64(defaults.activitiesPerDevice))
    add("payloadLimit", Int64(policy.payloadLimit), Int64(defaults.payloadLimit))
    add(
      "maximumAnimationDuration", policy.maximumAnimationDuration,
      defaults.maximumAnimationDuration)
    add("springResponse", policy.springResponse, defaults.springResponse)
    if policy.springDamping != defaults.springDamping {
      members.append(("springDamping", .number(policy.springDamping)))
    }
    return .object(members)
  }

  /// A policy from the defaults with the numbers of `value` over them.
  public static func decode(_ value: JSONValue) throws(JournalLineError) -> Policy {
    guard case .object(let members) = value else {
      throw .wrongType(field: "policy", expected: "object", found: value.kindName)
    }
    var policy = Policy()
    for (name, member) in members {
      let field = "policy." + name
      switch name {
      case "springDamping":
        guard let number = member.numberValue else {
          throw .wrongType(field: field, expected: "number", found: member.kindName)
        }
        guard number > 0, number <= 10 else {
          throw .invalidValue(
            field: field, value: member.compactText, expected: "a number above 0, at most 10")
        }
        policy.springDamping = number
      case "alertDuration": policy.alertDuration = try whole(member, field)
      case "maximumActiveDuration": policy.maximumActiveDuration = try whole(member, field)
      case "dismissalDelay": policy.dismissalDelay = try whole(member, field)
      case "activitiesPerApp": policy.activitiesPerApp = Int(try whole(member, field))
      case "activitiesPerDevice": policy.activitiesPerDevice = Int(try whole(member, field))
      case "payloadLimit": policy.payloadLimit = Int(try whole(member, field))
      case "maximumAnimationDuration":
        policy.maximumAnimationDuration = try whole(member, field)
      case "springResponse": policy.springResponse = try whole(member, field)
      default: throw .unknownField(name: field, event: "header")
      }
    }
    return policy
  }

  private static func whole(_ value: JSONValue, _ field: String) throws(JournalLineError) -> Int64 {
    try EventFields.wholeNumber(value, field: field)
  }
}
