import IslandCore
import IslandJournal

/// Reading the values of a push line, each error naming its key (`aps.stale-date`).
package enum PushFields {
  /// The largest whole number a field may hold: 2^53 - 1.
  static let largestWholeNumber: Double = 9_007_199_254_740_991

  static func whole(_ value: JSONValue, field: String) throws(JournalLineError) -> Int64 {
    guard let number = value.numberValue else {
      throw .wrongType(field: field, expected: "integer", found: value.kindName)
    }
    guard number >= 0, number <= largestWholeNumber, number == number.rounded(.down) else {
      throw .invalidValue(
        field: field, value: value.compactText,
        expected: "a whole number from 0 to 9007199254740991")
    }
    return Int64(number)
  }

  static func number(_ value: JSONValue, field: String) throws(JournalLineError) -> Double {
    guard let number = value.numberValue else {
      throw .wrongType(field: field, expected: "number", found: value.kindName)
    }
    return number
  }

  static func string(_ value: JSONValue, field: String) throws(JournalLineError) -> String {
    guard case .string(let text) = value else {
      throw .wrongType(field: field, expected: "string", found: value.kindName)
    }
    return text
  }

  static func object(_ value: JSONValue, field: String) throws(JournalLineError)
    -> [(String, JSONValue)]
  {
    guard case .object(let members) = value else {
      throw .wrongType(field: field, expected: "object", found: value.kindName)
    }
    return members
  }

  /// UNIX seconds (`stale-date`, `dismissal-date`): a number from 0 to 1e11.
  static func unixSeconds(_ value: JSONValue, field: String) throws(JournalLineError) -> Double {
    let seconds = try number(value, field: field)
    guard seconds >= 0, seconds < 1e11 else {
      throw .invalidValue(
        field: field, value: value.compactText, expected: "UNIX seconds from 0 to 1e11")
    }
    return seconds
  }

  /// `seconds` (UNIX) on the log's clock, milliseconds after `epoch`: a time before the log
  /// began is 0 (it is past either way).
  static func milliseconds(unix seconds: Double, epoch: Double) -> Milliseconds {
    let milliseconds = ((seconds - epoch) * 1000).rounded()
    guard milliseconds > 0 else { return 0 }
    return Milliseconds(min(milliseconds, largestWholeNumber))
  }

  /// The alert: `title`, `body` (strings, or localized as `{"loc-key":K,"loc-args":[...]}`,
  /// shown as the key with its arguments in place of `%@`), `sound` (a string).
  static func alert(_ value: JSONValue) throws(JournalLineError) -> Alert {
    let members = try object(value, field: "aps.alert")
    var title = ""
    var body = ""
    var sound: String?
    for (name, member) in members {
      let field = "aps.alert." + name
      switch name {
      case "title": title = try text(member, field: field)
      case "body": body = try text(member, field: field)
      case "sound": sound = try string(member, field: field)
      default: throw .unknownField(name: field, event: nil)
      }
    }
    return Alert(title: title, body: body, sound: sound)
  }

  /// An alert's text: a string, or a localized string shown as its key.
  private static func text(_ value: JSONValue, field: String) throws(JournalLineError) -> String {
    if case .string(let text) = value { return text }
    guard case .object(let members) = value else {
      throw .wrongType(field: field, expected: "string or object", found: value.kindName)
    }
    var key: String?
    var arguments: [String] = []
    for (name, member) in members {
      switch name {
      case "loc-key": key = try string(member, field: field + ".loc-key")
      case "loc-args":
        guard case .array(let items) = member else {
          throw .wrongType(field: field + ".loc-args", expected: "array", found: member.kindName)
        }
        for item in items { arguments.append(try string(item, field: field + ".loc-args")) }
      default: throw .unknownField(name: field + "." + name, event: nil)
      }
    }
    guard let key else { throw .missingField(name: field + ".loc-key", event: nil) }
    return localized(key, arguments)
  }

  /// `key` with each `%@` (or `%N$@`) replaced by its argument: the key shown as its own
  /// translation, as a device without the app's strings would.
  package static func localized(_ key: String, _ arguments: [String]) -> String {
    var result = ""
    var next = 0
    var rest = Substring(key)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      let after = rest[rest.index(after: percent)...]
      if after.hasPrefix("@") {
        result += next < arguments.count ? arguments[next] : ""
        next += 1
        rest = after.dropFirst()
      } else if let dollar = after.firstIndex(of: "$"), after[dollar...].hasPrefix("$@"),
        let position = Int(after[..<dollar]), position >= 1
      {
        result += position <= arguments.count ? arguments[position - 1] : ""
        rest = after[after.index(dollar, offsetBy: 2)...]
      } else if after.hasPrefix("%") {
        result += "%"
        rest = after.dropFirst()
      } else {
        result += "%"
        rest = after
      }
    }
    return result + rest
  }

  /// A start line's `links`: regions to URLs.
  static func links(_ value: JSONValue) throws(JournalLineError) -> RegionLinks {
    var links = RegionLinks()
    for (name, member) in try object(value, field: "links") {
      guard let region = Region(rawValue: name) else {
        throw .invalidValue(
          field: "links", value: "\"\(name)\"",
          expected: "keyed by a region (leading, trailing, center, bottom)")
      }
      links[region] = try string(member, field: "links." + name)
    }
    return links
  }
}
