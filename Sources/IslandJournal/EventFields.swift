import IslandCore

/// The fields an event line may have, in the order checks report them.
enum EventField: Int, CaseIterable {
  case seq, t, event, activity, app, relevance, state, layout, url, links, stale, alert
  case dismissal, target, timestamp, arrived

  /// The field's name in the journal.
  var name: StaticString {
    switch self {
    case .seq: return "seq"
    case .t: return "t"
    case .event: return "event"
    case .activity: return "activity"
    case .app: return "app"
    case .relevance: return "relevance"
    case .state: return "state"
    case .layout: return "layout"
    case .url: return "url"
    case .links: return "links"
    case .stale: return "stale"
    case .alert: return "alert"
    case .dismissal: return "dismissal"
    case .target: return "target"
    case .timestamp: return "timestamp"
    case .arrived: return "arrived"
    }
  }

  var text: String { name.description }

  var bit: UInt16 { 1 &<< UInt16(truncatingIfNeeded: rawValue) }

  /// The field named by the bytes in `range` of the scanner's buffer, found by their length
  /// and first byte, then compared in full.
  init?(in scanner: JSONScanner, range: Range<Int>) {
    guard !range.isEmpty,
      let candidate = EventField.candidate(
        count: range.count, first: scanner.bytes[range.lowerBound],
        fourth: range.count > 3 ? scanner.bytes[range.lowerBound + 3] : 0),
      EventField.nameWords[candidate.rawValue].matches(scanner, range)
    else { return nil }
    self = candidate
  }

  /// The field named by a key of `count` bytes (up to eight) held in `word`, the first byte
  /// lowest and zero after: found by its length and first byte, then compared in full.
  @inline(__always)
  init?(word: UInt64, count: Int) {
    guard count > 0, count <= 8,
      let candidate = EventField.candidate(
        count: count, first: UInt8(truncatingIfNeeded: word),
        fourth: UInt8(truncatingIfNeeded: word >> 24)),
      EventField.nameWords[candidate.rawValue].word == word
    else { return nil }
    self = candidate
  }

  /// The only field a key of `count` bytes starting with `first` (and `fourth`) may name.
  @inline(__always)
  private static func candidate(count: Int, first: UInt8, fourth: UInt8) -> EventField? {
    switch (count, first) {
    case (1, UInt8(ascii: "t")): return .t
    case (3, UInt8(ascii: "s")): return .seq
    case (3, UInt8(ascii: "a")): return .app
    case (3, UInt8(ascii: "u")): return .url
    case (5, UInt8(ascii: "e")): return .event
    case (5, UInt8(ascii: "s")): return fourth == UInt8(ascii: "t") ? .state : .stale
    case (5, UInt8(ascii: "l")): return .links
    case (5, UInt8(ascii: "a")): return .alert
    case (6, UInt8(ascii: "l")): return .layout
    case (6, UInt8(ascii: "t")): return .target
    case (7, UInt8(ascii: "a")): return .arrived
    case (9, UInt8(ascii: "t")): return .timestamp
    case (8, UInt8(ascii: "a")): return .activity
    case (9, UInt8(ascii: "r")): return .relevance
    case (9, UInt8(ascii: "d")): return .dismissal
    default: return nil
    }
  }

  /// Each field's name as a word, by raw value.
  private static let nameWords = allCases.map { NameWord($0.name) }

  /// The field called `name`.
  init?(name: String) {
    guard let field = EventField.allCases.first(where: { $0.text == name }) else { return nil }
    self = field
  }
}

extension EventField {
  /// The field that the journal's writer (``EventLine/json(_:)``) puts after `field` in a line
  /// of `event`, when one is nearly always there (nil before the first field): the key the
  /// decoder checks for first, in one comparison.
  static func usuallyAfter(_ field: EventField?, in event: EventName?) -> EventField? {
    switch (field, event) {
    case (nil, _): return .seq
    case (.seq?, _): return .t
    case (.t?, _): return .event
    case (.event?, .tap?), (.event?, .longPress?): return .target
    case (.event?, .start?), (.event?, .update?), (.event?, .end?): return .activity
    case (.activity?, .start?): return .app
    case (.activity?, .update?): return .state
    case (.activity?, .end?), (.state?, .end?): return .dismissal
    case (.app?, _): return .relevance
    case (.relevance?, .start?): return .state
    case (.relevance?, .update?): return .stale
    case (.state?, .start?): return .layout
    case (.state?, .update?): return .relevance
    case (.layout?, _): return .url
    default: return nil
    }
  }
}

/// Text as the journal's writer writes it (a key, `"name":`, or an event's name, `"name"`; up
/// to sixteen bytes), as two words and the bits of each that hold it: a line's bytes are
/// matched against it in one or two comparisons.
struct WrittenText {
  let first: UInt64
  let second: UInt64
  let firstBits: UInt64
  let secondBits: UInt64
  /// The number of bytes.
  let count: Int

  /// The text of `bytes`.
  init(_ bytes: [UInt8]) {
    func word(_ offset: Int) -> (word: UInt64, bits: UInt64) {
      var word: UInt64 = 0
      var bits: UInt64 = 0
      for index in stride(from: offset, to: min(offset + 8, bytes.count), by: 1) {
        word |= UInt64(bytes[index]) << UInt64(8 * (index - offset))
        bits |= 0xFF << UInt64(8 * (index - offset))
      }
      return (word, bits)
    }
    (first, firstBits) = word(0)
    (second, secondBits) = word(8)
    count = bytes.count
  }

  /// The key that names `field`, `"name":`.
  static func key(_ field: EventField) -> WrittenText {
    WrittenText(Array(("\"" + field.text + "\":").utf8))
  }

  /// The string that names `event`, `"name"`.
  static func name(_ event: EventName) -> WrittenText {
    WrittenText(Array(("\"" + event.name.description + "\"").utf8))
  }
}

/// The six event names.
enum EventName: Int, CaseIterable {
  case start, update, end, tap, longPress, tick

  var name: StaticString {
    switch self {
    case .start: return "start"
    case .update: return "update"
    case .end: return "end"
    case .tap: return "tap"
    case .longPress: return "longPress"
    case .tick: return "tick"
    }
  }

  /// The fields the event has besides `seq`, `t` and `event`, and which of them it needs
  /// (bits by ``EventField/bit``; the required ones in the order they are reported).
  var fields: (allowed: UInt16, required: UInt16) {
    switch self {
    case .start: return (EventName.startFields, EventField.activity.bit | EventField.app.bit)
    case .update: return (EventName.updateFields, EventField.activity.bit)
    case .end: return (EventName.endFields, EventField.activity.bit)
    case .tap, .longPress: return (EventField.target.bit, EventField.target.bit)
    case .tick: return (0, 0)
    }
  }

  private static let startFields = bits([
    .activity, .app, .relevance, .state, .layout, .url, .links, .stale, .timestamp, .arrived,
  ])
  private static let updateFields = bits([
    .activity, .state, .relevance, .stale, .alert, .timestamp, .arrived,
  ])
  private static let endFields = bits([.activity, .state, .dismissal, .timestamp, .arrived])

  private static func bits(_ fields: [EventField]) -> UInt16 {
    fields.reduce(0) { $0 | $1.bit }
  }

  /// The event named by the bytes in `range` of the scanner's buffer, found by its length
  /// and first byte, then compared in full.
  init?(in scanner: JSONScanner, range: Range<Int>) {
    guard !range.isEmpty else { return nil }
    let candidate: EventName
    switch (range.count, scanner.bytes[range.lowerBound]) {
    case (5, UInt8(ascii: "s")): candidate = .start
    case (6, UInt8(ascii: "u")): candidate = .update
    case (3, UInt8(ascii: "e")): candidate = .end
    case (3, UInt8(ascii: "t")): candidate = .tap
    case (9, UInt8(ascii: "l")): candidate = .longPress
    case (4, UInt8(ascii: "t")): candidate = .tick
    default: return nil
    }
    guard EventName.nameWords[candidate.rawValue].matches(scanner, range) else { return nil }
    self = candidate
  }

  /// Each event's name as a word, by raw value.
  private static let nameWords = allCases.map { NameWord($0.name) }

  /// The event called `name`.
  init?(name: String) {
    guard let event = EventName.allCases.first(where: { $0.name.description == name }) else {
      return nil
    }
    self = event
  }
}

/// A name of up to nine bytes (a field's or an event's), told apart from a key by one
/// comparison of its first eight bytes as a word and one of its ninth: no call per key.
private struct NameWord {
  /// The name's first eight bytes, the first lowest, zero after its end.
  let word: UInt64
  /// Its ninth byte, or zero.
  let ninth: UInt8
  let count: Int

  init(_ name: StaticString) {
    count = name.utf8CodeUnitCount
    var word: UInt64 = 0
    for index in 0..<min(8, count) {
      word |= UInt64(name.utf8Start[index]) << UInt64(8 * index)
    }
    self.word = word
    ninth = count > 8 ? name.utf8Start[8] : 0
  }

  /// The name's byte at `index`.
  func byte(_ index: Int) -> UInt8 {
    index < 8 ? UInt8(truncatingIfNeeded: word >> UInt64(8 * index)) : ninth
  }

  /// Whether the bytes in `range` of the scanner's buffer are the name.
  @inline(__always)
  func matches(_ scanner: JSONScanner, _ range: Range<Int>) -> Bool {
    guard range.count == count else { return false }
    let bytes = scanner.bytes
    guard range.lowerBound + 8 <= bytes.count, let base = bytes.baseAddress else {
      return (0..<count).allSatisfy { bytes[range.lowerBound + $0] == byte($0) }
    }
    let loaded = UInt64(
      littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
    let kept = count >= 8 ? loaded : loaded & (1 << UInt64(8 * count) - 1)
    return kept == word && (count < 9 || base[range.lowerBound + 8] == ninth)
  }
}

/// The fields of one event line as they are read, before they make an event.
///
/// Both decoders fill it: the fast one straight from the bytes, the tree one from a parsed
/// ``JSONValue``; both go through ``set(_:_:)`` for every value the fast one does not read
/// itself, and through ``entry()`` at the end, so they accept the same lines and report the
/// same errors.
struct EventFields {
  /// The fields seen so far.
  var present: UInt16 = 0
  /// The first key that is no field of any event; reported once the event is known.
  var unknownKey: String?
  var seq: Int64 = 0
  var t: Int64 = 0
  var event: EventName?
  var activity: String?
  var app: String?
  var relevance: Double?
  var state: ContentState?
  var layout: LayoutReference?
  var url: String?
  var links: RegionLinks?
  var stale: Int64?
  var alert: Alert?
  var dismissal: Dismissal?
  var target: String?
  var timestamp: Int64?
  var arrived: Int64?

  func has(_ field: EventField) -> Bool { present & field.bit != 0 }

  /// Whether no field holds a value that is counted (a string, a state, a layout, links, an
  /// alert): so after ``entry()``, which takes each of them out.
  var holdsNoValues: Bool {
    unknownKey == nil && activity == nil && app == nil && state == nil && layout == nil
      && url == nil && links == nil && alert == nil && target == nil
  }

  /// Empties fields that ``entry()`` left holding no values, for the next line: only the
  /// plain fields are cleared.
  mutating func startLine() {
    assert(holdsNoValues, "fields kept from a line still hold its values")
    present = 0
    seq = 0
    t = 0
    event = nil
    relevance = nil
    stale = nil
    dismissal = nil
    timestamp = nil
    arrived = nil
  }

  /// The largest integer a field may hold: 2^53 - 1, the largest every JSON reader
  /// (a `Double`) holds exactly.
  static let largestWholeNumber: Int64 = EventBounds.largestWholeNumber

  /// What a whole-number field holds, as its errors say (made only for an error).
  static var wholeNumberRange: String { "a whole number from 0 to \(largestWholeNumber)" }

  /// `value` as a whole number from 0 to 2^53 - 1: only an integer literal, so that `1e-400`,
  /// `-0` or `1.0000000000000000001` are not rounded into one.
  static func wholeNumber(_ value: JSONValue, field: String) throws(JournalLineError) -> Int64 {
    switch value {
    case .integer(let integer) where integer >= 0 && integer <= largestWholeNumber:
      return integer
    case .number(let number) where number == number.rounded() && number.isFinite:
      // Its text is not kept, and the value alone (`0` for `1e-400`) would mislead.
      throw .invalidValue(
        field: field, value: "a number with a fraction, an exponent or a minus sign",
        expected: wholeNumberRange + " in digits only")
    case .integer, .number:
      throw .invalidValue(field: field, value: value.compactText, expected: wholeNumberRange)
    case .null, .bool, .string, .array, .object:
      throw .wrongType(field: field, expected: "integer", found: value.kindName)
    }
  }

  /// ` in a start event`, or nothing.
  static func inEvent(_ event: String?) -> String {
    guard let event else { return "" }
    return event == "header" ? " in the header" : " in \(article(event)) event"
  }

  // MARK: - Values from JSON

  /// Sets `field` from a parsed value, checking its type and range.
  mutating func set(_ field: EventField, _ value: JSONValue) throws(JournalLineError) {
    present |= field.bit
    // The name is made only for an error.
    var name: String { field.text }
    func string() throws(JournalLineError) -> String {
      guard case .string(let text) = value else {
        throw .wrongType(field: name, expected: "string", found: value.kindName)
      }
      return text
    }
    switch field {
    case .seq: seq = try EventFields.wholeNumber(value, field: name)
    case .t: t = try EventFields.wholeNumber(value, field: name)
    case .stale: stale = try EventFields.wholeNumber(value, field: name)
    case .timestamp: timestamp = try EventFields.wholeNumber(value, field: name)
    case .arrived: arrived = try EventFields.wholeNumber(value, field: name)
    case .event:
      let text = try string()
      guard let event = EventName(name: text) else { throw .unknownEvent(text) }
      self.event = event
    case .activity: activity = try string()
    case .app: app = try string()
    case .url: url = try string()
    case .target: target = try string()
    case .relevance:
      guard let number = value.numberValue else {
        throw .wrongType(field: name, expected: "number", found: value.kindName)
      }
      relevance = number
    case .state: state = try EventFields.content(value, field: name)
    case .layout:
      do {
        layout = try LayoutCodec.decodeReference(value)
      } catch {
        throw .layout(error)
      }
    case .links: links = try EventFields.links(value)
    case .alert: alert = try EventFields.alert(value)
    case .dismissal: dismissal = try EventFields.dismissal(value)
    }
  }

  static func content(_ value: JSONValue, field: String) throws(JournalLineError)
    -> ContentState
  {
    guard case .object(let members) = value else {
      throw .wrongType(field: field, expected: "object", found: value.kindName)
    }
    var content = ContentState()
    for (name, member) in members { content[name] = try contentValue(member, name: name) }
    return content
  }

  static func contentValue(_ value: JSONValue, name: String) throws(JournalLineError)
    -> ContentValue
  {
    switch value {
    case .string(let text): return .string(text)
    case .number(let number): return .number(number)
    case .integer(let integer): return .number(Double(integer))
    case .bool(let flag): return .bool(flag)
    case .null, .array, .object:
      throw .wrongType(
        field: "state." + name, expected: "string, number or boolean", found: value.kindName)
    }
  }

  static func links(_ value: JSONValue) throws(JournalLineError) -> RegionLinks {
    guard case .object(let members) = value else {
      throw .wrongType(field: "links", expected: "object", found: value.kindName)
    }
    var links = RegionLinks()
    for (name, member) in members {
      guard let region = Region(rawValue: name) else {
        throw .invalidValue(
          field: "links", value: "\"\(name)\"",
          expected: "keyed by a region (leading, trailing, center, bottom)")
      }
      guard case .string(let link) = member else {
        throw .wrongType(field: "links." + name, expected: "string", found: member.kindName)
      }
      links[region] = link
    }
    return links
  }

  static func alert(_ value: JSONValue) throws(JournalLineError) -> Alert {
    guard case .object(let members) = value else {
      throw .wrongType(field: "alert", expected: "object", found: value.kindName)
    }
    var title: String?
    var body = ""
    var sound: String?
    for (name, member) in members {
      guard case .string(let text) = member else {
        throw .wrongType(field: "alert." + name, expected: "string", found: member.kindName)
      }
      switch name {
      case "title": title = text
      case "body": body = text
      case "sound": sound = text
      default: throw .unknownField(name: "alert." + name, event: nil)
      }
    }
    guard let title else { throw .missingField(name: "alert.title", event: nil) }
    return Alert(title: title, body: body, sound: sound)
  }

  static func dismissal(_ value: JSONValue) throws(JournalLineError) -> Dismissal {
    switch value {
    case .string("default"): return .default
    case .string("immediate"): return .immediate
    case .object(let members) where members.count == 1 && members[0].0 == "after":
      return .after(try wholeNumber(members[0].1, field: "dismissal.after"))
    case .string, .object, .null, .bool, .number, .integer, .array:
      throw .invalidValue(
        field: "dismissal", value: value.compactText,
        expected: "\"default\", \"immediate\" or {\"after\":T}")
    }
  }

  // MARK: - The event

  /// The entry the fields make, or the first thing wrong with them: a key no event has; a
  /// missing `seq`, `t` or `event`; a field the event does not have; a field it needs; a
  /// target it does not take. The fields' values are moved into the entry: none is left
  /// (``holdsNoValues``) once it is made.
  mutating func entry() throws(JournalLineError) -> LogEntry {
    if let unknownKey {
      throw .unknownField(name: unknownKey, event: event?.name.description)
    }
    let common = EventField.seq.bit | EventField.t.bit | EventField.event.bit
    if present & common != common {
      for field in [EventField.seq, .t, .event] where !has(field) {
        throw .missingField(name: field.text, event: nil)
      }
    }
    guard let event else { throw .missingField(name: "event", event: nil) }
    let (allowed, required) = event.fields
    let extra = present & ~(allowed | common)
    if extra != 0, let field = EventField.allCases.first(where: { extra & $0.bit != 0 }) {
      throw .unknownField(name: field.text, event: event.name.description)
    }
    if required & ~present != 0 {
      // Reported in this order: the activity, then the app (a start needs both).
      for field in [EventField.activity, .app, .target] where required & field.bit != 0 {
        guard !has(field) else { continue }
        throw .missingField(name: field.text, event: event.name.description)
      }
    }
    let payload: Event
    switch event {
    // The values are taken out, not copied, leaving the fields empty for the next line.
    case .start:
      let start = Start(
        activity: activity.take() ?? "", app: app.take() ?? "", relevance: relevance ?? 0,
        stale: stale, state: state.take() ?? ContentState(), layout: layout.take(),
        url: url.take(), links: links.take() ?? RegionLinks(), timestamp: timestamp,
        arrived: arrived)
      payload = .start(consume start)
    case .update:
      payload = .update(
        Update(
          activity: activity.take() ?? "", state: state.take() ?? ContentState(),
          relevance: relevance, stale: stale, alert: alert.take(), timestamp: timestamp,
          arrived: arrived))
    case .end:
      payload = .end(
        End(
          activity: activity.take() ?? "", state: state.take(), dismissal: dismissal ?? .default,
          timestamp: timestamp, arrived: arrived))
    case .tap:
      let target = self.target.take()
      guard let tap = TapTarget(rawValue: target ?? "") else {
        throw .invalidValue(
          field: "target", value: "\"\(target ?? "")\"",
          expected: "a tap target ("
            + TapTarget.allCases.map(\.rawValue).joined(separator: ", ") + ")")
      }
      payload = .tap(tap)
    case .longPress:
      let target = self.target.take()
      guard let press = LongPressTarget(rawValue: target ?? "") else {
        throw .invalidValue(
          field: "target", value: "\"\(target ?? "")\"",
          expected: "a long-press target ("
            + LongPressTarget.allCases.map(\.rawValue).joined(separator: " or ") + ")")
      }
      payload = .longPress(press)
    case .tick:
      payload = .tick
    }
    return LogEntry(seq: Int(seq), t: t, event: payload)
  }
}
