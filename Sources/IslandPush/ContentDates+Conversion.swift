import IslandCore
import IslandJournal

extension ContentDates {
  /// The UNIX time, in seconds, of a date as the app's decoder reads it from `value`.
  func unixSeconds(of value: JSONValue, field: String) throws(JournalLineError) -> Double {
    switch self {
    case .reference, .unix:
      guard let number = value.numberValue else {
        throw .wrongType(
          field: field, expected: "number (a date: \(description))", found: value.kindName)
      }
      let seconds = self == .reference ? number + PushLogFormat.referenceDate : number
      guard seconds >= 0, seconds < 1e11 else {
        throw .invalidValue(
          field: field, value: value.compactText,
          expected: "a date from 1970 to 5138 (\(description))")
      }
      return seconds
    case .iso8601:
      guard case .string(let text) = value else {
        throw .wrongType(
          field: field, expected: "string (a date: \(description))", found: value.kindName)
      }
      guard let seconds = ISO8601.unixSeconds(text), seconds >= 0, seconds < 1e11 else {
        throw .invalidValue(
          field: field, value: value.compactText,
          expected: "an ISO 8601 date such as \"2023-11-14T22:13:20Z\"")
      }
      return seconds
    }
  }

  /// `seconds` (UNIX) as the app's encoder writes it.
  func value(unix seconds: Double) -> JSONValue {
    switch self {
    case .reference: return .number(seconds - PushLogFormat.referenceDate)
    case .unix: return .number(seconds)
    case .iso8601: return .string(ISO8601.text(unix: seconds))
    }
  }

  /// How the dates read, in words.
  var description: String {
    switch self {
    case .reference: return "seconds since 2001-01-01, JSONDecoder's default"
    case .unix: return "UNIX seconds"
    case .iso8601: return "ISO 8601"
    }
  }
}

/// ISO 8601 dates in the form `JSONDecoder.DateDecodingStrategy.iso8601` reads:
/// `YYYY-MM-DDTHH:MM:SS` with an optional fraction and a `Z` or `±HH:MM` offset.
package enum ISO8601 {
  /// The UNIX seconds of `text`, or nil when it is not such a date.
  package static func unixSeconds(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    func digits(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[start..<start + count] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    func byte(_ index: Int, is expected: Character) -> Bool {
      index < bytes.count && bytes[index] == expected.asciiValue
    }
    guard let year = digits(0, 4), byte(4, is: "-"), let month = digits(5, 2), byte(7, is: "-"),
      let day = digits(8, 2), byte(10, is: "T") || byte(10, is: "t"), let hour = digits(11, 2),
      byte(13, is: ":"), let minute = digits(14, 2), byte(16, is: ":"),
      let second = digits(17, 2), (1...12).contains(month), (1...31).contains(day), hour < 24,
      minute < 60, second < 61
    else { return nil }
    var index = 19
    var fraction = 0.0
    if byte(index, is: ".") {
      index += 1
      var scale = 0.1
      let start = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 9 {
        fraction += Double(bytes[index] - 0x30) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    var offset = 0
    if byte(index, is: "Z") || byte(index, is: "z") {
      index += 1
    } else if byte(index, is: "+") || byte(index, is: "-") {
      let sign = byte(index, is: "-") ? -1 : 1
      guard let hours = digits(index + 1, 2), byte(index + 3, is: ":"),
        let minutes = digits(index + 4, 2), hours < 24, minutes < 60
      else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
      index += 6
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Double(seconds) + fraction
  }

  /// `seconds` (UNIX, from 0) as `YYYY-MM-DDTHH:MM:SSZ`, with milliseconds when it has any.
  package static func text(unix seconds: Double) -> String {
    let milliseconds = Int64((seconds * 1000).rounded())
    let whole = milliseconds / 1000
    let fraction = milliseconds % 1000
    let days = Int(whole / 86_400)
    let rest = Int(whole % 86_400)
    let (year, month, day) = civil(fromDays: days)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    var text =
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3600, 2)):"
      + "\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))"
    if fraction != 0 { text += "." + pad(Int(fraction), 3) }
    return text + "Z"
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
  /// algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01.
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPart = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
    let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
