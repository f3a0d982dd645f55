import IslandCore

/// One event line of a version-1 journal: `seq`, `t`, `event`, then the event's fields.
///
///     {"seq":1,"t":0,"event":"start","activity":"pizza","app":"com.example.food",
///      "relevance":50,"state":{"minutesLeft":20},"layout":"delivery","url":"food://order/42",
///      "links":{"leading":"food://map"},"stale":600000}
///     {"seq":2,"t":60000,"event":"update","activity":"pizza","state":{"minutesLeft":19},
///      "relevance":60,"stale":900000,"alert":{"title":"On its way","body":"...","sound":"default"}}
///     {"seq":3,"t":90000,"event":"end","activity":"pizza","state":{},"dismissal":"default"}
///     {"seq":4,"t":91000,"event":"tap","target":"island"}
///     {"seq":5,"t":92000,"event":"longPress","target":"detached"}
///     {"seq":6,"t":99000,"event":"tick"}
///
/// Optional fields: a start's `relevance` (0), `state` (empty), `layout` (the default
/// layout), `url`, `links`, `stale`; every update field but `activity`; an end's `state` and
/// `dismissal` (`"default"`, `"immediate"` or `{"after":T}`). Times and `seq` are whole
/// numbers from 0 to 2^53 - 1. A field the event does not have is an error, as is a key
/// given twice.
///
/// Version 2 adds two optional fields to start, update and end: `timestamp`, when the data
/// was generated on its source's clock (a push's UNIX seconds: see Part 2, "Update order"),
/// and `arrived`, when an event held back by the priority budget arrived.
public enum EventLine {
  // MARK: - Encoding

  /// The entry as one line of compact JSON, without its newline.
  public static func encode(_ entry: LogEntry) -> String {
    json(entry).compactText
  }

  /// The entry as JSON, its keys in the order of the format.
  public static func json(_ entry: LogEntry) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("seq", JSONValue(Int64(entry.seq))), ("t", JSONValue(entry.t)),
      ("event", .string(entry.event.name)),
    ]
    switch entry.event {
    case .start(let start):
      members.append(("activity", .string(start.activity)))
      members.append(("app", .string(start.app)))
      if start.relevance != 0 { members.append(("relevance", .number(start.relevance))) }
      if !start.state.isEmpty { members.append(("state", start.state.json)) }
      if let layout = start.layout { members.append(("layout", LayoutCodec.encode(layout))) }
      if let url = start.url { members.append(("url", .string(url))) }
      if !start.links.isEmpty {
        var links: [(String, JSONValue)] = []
        for region in Region.allCases {
          if let link = start.links[region] { links.append((region.rawValue, .string(link))) }
        }
        members.append(("links", .object(links)))
      }
      if let stale = start.stale { members.append(("stale", JSONValue(stale))) }
      appendDelivery(start.timestamp, start.arrived, to: &members)
    case .update(let update):
      members.append(("activity", .string(update.activity)))
      if !update.state.isEmpty { members.append(("state", update.state.json)) }
      if let relevance = update.relevance { members.append(("relevance", .number(relevance))) }
      if let stale = update.stale { members.append(("stale", JSONValue(stale))) }
      if let alert = update.alert {
        var fields: [(String, JSONValue)] = [
          ("title", .string(alert.title)), ("body", .string(alert.body)),
        ]
        if let sound = alert.sound { fields.append(("sound", .string(sound))) }
        members.append(("alert", .object(fields)))
      }
      appendDelivery(update.timestamp, update.arrived, to: &members)
    case .end(let end):
      members.append(("activity", .string(end.activity)))
      if let state = end.state { members.append(("state", state.json)) }
      let dismissal: JSONValue
      switch end.dismissal {
      case .default: dismissal = "default"
      case .immediate: dismissal = "immediate"
      case .after(let time): dismissal = ["after": JSONValue(time)]
      }
      members.append(("dismissal", dismissal))
      appendDelivery(end.timestamp, end.arrived, to: &members)
    case .tap(let target):
      members.append(("target", .string(target.rawValue)))
    case .longPress(let target):
      members.append(("target", .string(target.rawValue)))
    case .tick:
      break
    }
    return .object(members)
  }

  /// The version-2 fields: `timestamp` and `arrived`, when the event has them.
  private static func appendDelivery(
    _ timestamp: Int64?, _ arrived: Milliseconds?, to members: inout [(String, JSONValue)]
  ) {
    if let timestamp { members.append(("timestamp", JSONValue(timestamp))) }
    if let arrived { members.append(("arrived", JSONValue(arrived))) }
  }

  // MARK: - Decoding

  /// Decodes an event line (without its newline).
  public static func decode(_ line: String) throws(JournalLineError) -> LogEntry {
    try Array(line.utf8).withUnsafeBufferPointer { (buffer) throws(JournalLineError) in
      try decode(buffer)
    }
  }

  /// Decodes an event line (without its newline) straight from its bytes.
  ///
  /// Schema-directed: it reads the fields it knows as it meets them, making no tree, and
  /// parses a value generically only for the rare nested fields (`layout`, `links`, `alert`,
  /// `dismissal`) and to describe a value of the wrong type. It accepts exactly the lines
  /// ``decodeTree(_:)`` accepts, with the same results and, for lines that are JSON, the
  /// same errors.
  public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(JournalLineError)
    -> LogEntry
  {
    var context = EventLineContext(keepingStrings: false)
    return try decode(line, context: &context)
  }

  /// Decodes an event line from its bytes as the public `decode(_:)` does, with what the lines
  /// before it left in `context`.
  package static func decode(
    _ line: UnsafeBufferPointer<UInt8>, context: inout EventLineContext
  )
    throws(JournalLineError) -> LogEntry
  {
    context.reader.scanner = JSONScanner(line)
    do {
      return try context.reader.decodeLine(into: &context.fields)
    } catch {
      // What the line left is dropped: the next starts from empty fields.
      context.fields = EventFields()
      throw error
    }
  }

  /// Decodes an event line by parsing it into a ``JSONValue`` first: the slow, obvious
  /// reading that the fast one is tested against.
  package static func decodeTree(_ line: UnsafeBufferPointer<UInt8>) throws(JournalLineError)
    -> LogEntry
  {
    if line.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw .emptyLine }
    let value: JSONValue
    do {
      value = try JSONValue.parse(line)
    } catch {
      throw .syntax(error)
    }
    return try decode(json: value)
  }

  /// Decodes an event from its JSON.
  package static func decode(json value: JSONValue) throws(JournalLineError) -> LogEntry {
    guard case .object(let members) = value else { throw .notAnObject(found: value.kindName) }
    var fields = EventFields()
    for (name, member) in members {
      guard let field = EventField(name: name) else {
        if name == "format" { throw .duplicateHeader }
        if fields.unknownKey == nil { fields.unknownKey = name }
        continue
      }
      try fields.set(field, member)
    }
    return try fields.entry()
  }
}

/// What decoding one event line leaves for the next: the reader of the lines, with what it
/// learnt from them. A journal reader keeps one for all its lines, so that a line makes no
/// reader of its own.
package struct EventLineContext {
  fileprivate var reader: LineReader
  /// The fields a line is read into, kept from one line to the next: a line decoded into an
  /// entry leaves them empty (``EventFields/entry()`` takes every value out), so that the
  /// next line clears only the plain ones, and no line destroys a whole set of fields.
  fileprivate var fields = EventFields()

  /// A context that keeps recent strings, or one that keeps none (and allocates nothing).
  package init(keepingStrings: Bool) {
    reader = LineReader(
      scanner: JSONScanner(UnsafeBufferPointer(start: nil, count: 0)),
      context: LineMemory(keepingStrings: keepingStrings))
  }
}

/// What the lines decoded so far leave for the next: the strings to hand out again, how many
/// fields and which names states of each shape held, and the keys and names as the journal's
/// writer writes them.
struct LineMemory {
  var strings: RecentStrings
  /// The number of fields of the last state read of each shape (``stateShape(_:_:)``): the
  /// room the next one of that shape is read into, so that a state is read straight into the
  /// storage it is kept in, and nearly always fits it. Empty (no room made) in a context that
  /// keeps no strings.
  var stateFields: [Int]
  /// The names the states of each shape held, by the same slots: those of the next state of
  /// the shape are looked for among them first.
  var stateNames: [StateNames]
  /// Each field's key and each event's name as the journal's writer writes them, by raw
  /// value (none in a context that keeps no strings: a line decoded alone reads them as they
  /// come).
  let writtenKeys: [WrittenText]
  let writtenEvents: [WrittenText]
  /// The most room made for a state before it is read: a larger one grows as it is read, so
  /// that a huge state leaves no huge room to every later state of its shape.
  static let largestRoom = 32

  /// A context that keeps recent strings, or one that keeps none (and allocates nothing).
  package init(keepingStrings: Bool) {
    strings = RecentStrings(slotBits: keepingStrings ? 10 : 0)
    stateFields = keepingStrings ? Array(repeating: 0, count: 64) : []
    stateNames = keepingStrings ? Array(repeating: StateNames(), count: 64) : []
    writtenKeys = keepingStrings ? EventField.allCases.map(WrittenText.key) : []
    writtenEvents = keepingStrings ? EventName.allCases.map(WrittenText.name) : []
  }

  /// The slot in ``stateFields`` of a state of `event` whose text starts with `start` (the
  /// eight bytes after its brace): states of one layout are written alike, the same first
  /// field and the same number of them.
  func stateShape(_ start: UInt64, _ event: EventName?) -> Int {
    let hash =
      (start ^ UInt64(event?.rawValue ?? EventName.allCases.count)) &* 0x9E37_79B9_7F4A_7C15
    // The top bits, which every byte reaches.
    return Int(truncatingIfNeeded: hash >> UInt64(64 - stateFields.count.trailingZeroBitCount))
  }
}

/// A ``JSONScanner`` whose errors are ``JournalLineError``s, with the fast readings of the
/// event fields.
private struct LineReader {
  var scanner: JSONScanner
  /// What the lines before left.
  var context: LineMemory

  /// Decodes the line the scanner is over, from its start (``EventLine/decode(_:context:)``),
  /// into `fields`, which the line before left empty.
  mutating func decodeLine(into fields: inout EventFields) throws(JournalLineError) -> LogEntry {
    fields.startLine()
    skipWhitespace()
    guard peek == UInt8(ascii: "{") else {
      if scanner.bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw .emptyLine }
      let value = try parseValue()
      try expectEnd()
      throw .notAnObject(found: value.kindName)
    }
    if try enterObject() {
      var previous: EventField?
      repeat {
        let field: EventField
        let offset: Int
        if let expected = EventField.usuallyAfter(previous, in: fields.event),
          let written = readWrittenKey(expected)
        {
          (field, offset) = (expected, written)
        } else {
          let key = try readKey()
          guard let known = key.field else {
            if key.name == "format" { throw .duplicateHeader }
            _ = try parseValue()
            if fields.unknownKey == nil { fields.unknownKey = key.name }
            continue
          }
          (field, offset) = (known, key.offset)
        }
        guard !fields.has(field) else {
          throw .syntax(JSONParseError(offset: offset, kind: .duplicateKey(field.text)))
        }
        try read(field, into: &fields)
        previous = field
      } while try nextMember()
    }
    try expectEnd()
    return try fields.entry()
  }

  var peek: UInt8? { scanner.peek }

  mutating func skipWhitespace() { scanner.skipWhitespace() }

  @inline(__always)
  mutating func enterObject() throws(JournalLineError) -> Bool {
    do { return try scanner.enterObject() } catch { throw .syntax(error) }
  }

  /// Reads a member's key and its colon: the field it names, or else its text.
  mutating func readKey() throws(JournalLineError) -> (
    field: EventField?, name: String, offset: Int
  ) {
    do {
      scanner.skipWhitespace()
      let offset = scanner.offset
      if let field = readShortFieldKey() { return (field, "", offset) }
      if let range = try scanner.readPlainString() {
        try scanner.expect(UInt8(ascii: ":"))
        scanner.skipWhitespace()
        if let field = EventField(in: scanner, range: range) { return (field, "", offset) }
        return (nil, try scanner.string(in: range), offset)
      }
      let name = try scanner.readKey().string()
      return (EventField(name: name), name, offset)
    } catch {
      throw .syntax(error)
    }
  }

  /// Reads the key of `field` as the journal's writer writes it (`"name":`, no space before
  /// the colon) and the whitespace after it, and returns the key's offset; nil, reading only
  /// whitespace, when the key there is written otherwise or names another field.
  @inline(__always)
  mutating func readWrittenKey(_ field: EventField) -> Int? {
    guard !context.writtenKeys.isEmpty else { return nil }
    scanner.skipWhitespace()
    let offset = scanner.offset
    let key = context.writtenKeys[field.rawValue]
    guard let first = scanner.word(at: offset), isWritten(key, first) else { return nil }
    scanner.offset = offset + key.count
    scanner.skipWhitespace()
    return offset
  }

  /// Reads an event's name (the offset at its opening quote) as the journal's writer writes
  /// it, `"name"`, and returns the event; nil, reading nothing, for a string written
  /// otherwise or that names no event.
  @inline(__always)
  private mutating func readWrittenEvent() -> EventName? {
    guard !context.writtenEvents.isEmpty, let first = scanner.word(at: scanner.offset) else {
      return nil
    }
    let event: EventName
    switch UInt8(truncatingIfNeeded: first >> 8) {
    case UInt8(ascii: "s"): event = .start
    case UInt8(ascii: "u"): event = .update
    case UInt8(ascii: "e"): event = .end
    case UInt8(ascii: "l"): event = .longPress
    case UInt8(ascii: "t"):
      event = UInt8(truncatingIfNeeded: first >> 16) == UInt8(ascii: "a") ? .tap : .tick
    default: return nil
    }
    let name = context.writtenEvents[event.rawValue]
    guard isWritten(name, first) else { return nil }
    scanner.offset += name.count
    return event
  }

  /// Whether the bytes at the scanner's offset, whose first eight are `first`, are `text`.
  @inline(__always)
  private func isWritten(_ text: WrittenText, _ first: UInt64) -> Bool {
    guard first & text.firstBits == text.first else { return false }
    guard text.count > 8 else { return true }
    guard let second = scanner.word(at: scanner.offset + 8) else { return false }
    return second & text.secondBits == text.second
  }

  /// Reads a key of up to eight plain bytes that names a field, with the colon right after
  /// it, in one step: the eight bytes after the quote, loaded as one word, hold the key.
  /// Nil, reading nothing, for any other key (``readKey()`` reads it).
  private mutating func readShortFieldKey() -> EventField? {
    let bytes = scanner.bytes
    let start = scanner.offset + 1
    guard start + 10 <= bytes.count, let base = bytes.baseAddress,
      bytes[start - 1] == UInt8(ascii: "\"")
    else { return nil }
    let word = UInt64(
      littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    // The first quote, backslash or control byte; eight when there is none in the word.
    let count = JSONScanner.plainStringStops(word).trailingZeroBitCount / 8
    let key = count == 8 ? word : word & (1 << UInt64(8 * count) &- 1)
    guard bytes[start + count] == UInt8(ascii: "\""), bytes[start + count + 1] == UInt8(ascii: ":"),
      let field = EventField(word: key, count: count)
    else { return nil }
    scanner.offset = start + count + 2
    scanner.skipWhitespace()
    return field
  }

  /// Reads a content state's key and its colon.
  mutating func readName() throws(JournalLineError) -> (name: String, offset: Int) {
    do {
      scanner.skipWhitespace()
      let offset = scanner.offset
      if let range = try scanner.readPlainString() {
        try scanner.expect(UInt8(ascii: ":"))
        scanner.skipWhitespace()
        return (try recentString(in: range), offset)
      }
      return (try scanner.readKey().string(), offset)
    } catch {
      throw .syntax(error)
    }
  }

  @inline(__always)
  mutating func nextMember() throws(JournalLineError) -> Bool {
    do { return try scanner.nextMember() } catch { throw .syntax(error) }
  }

  mutating func expectEnd() throws(JournalLineError) {
    do { try scanner.expectEnd() } catch { throw .syntax(error) }
  }

  mutating func parseValue() throws(JournalLineError) -> JSONValue {
    do { return try scanner.parseValue() } catch { throw .syntax(error) }
  }

  /// Reads a string: one written without escapes through the recent strings.
  mutating func parseString() throws(JournalLineError) -> String {
    do {
      guard let range = try scanner.readPlainString() else { return try scanner.parseString() }
      return try recentString(in: range)
    } catch {
      throw .syntax(error)
    }
  }

  /// The string of the bytes in `range` (from ``JSONScanner/readPlainString()``): the one
  /// made before from the same bytes, or else a new one, checked as UTF-8.
  private mutating func recentString(in range: Range<Int>) throws(JSONParseError) -> String {
    let scanner = scanner
    return try context.strings.string(
      UnsafeBufferPointer(rebasing: scanner.bytes[range]),
      readable: scanner.bytes.count - range.lowerBound
    ) { () throws(JSONParseError) in try scanner.string(in: range) }
  }

  /// Reads a whole-number field: plain digits (nearly always) straight from the bytes, any
  /// other number through the number parser and ``EventFields/wholeNumber(_:field:)``,
  /// which accepts or reports it.
  mutating func wholeNumber(field: String) throws(JournalLineError) -> Int64 {
    let bytes = scanner.bytes
    let start = scanner.offset
    if let value = wholeNumberInWords(at: start) { return value }
    // 2^53 - 1 has 16 digits; a longer number is left to the parser.
    let end = min(bytes.count, start + 16)
    var index = start
    var value: Int64 = 0
    while index < end, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
      value = value * 10 + Int64(digit)
      index += 1
    }
    let followed = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
    let plain =
      index > start && (index == start + 1 || bytes[start] != UInt8(ascii: "0"))
      && followed &- UInt8(ascii: "0") >= 10 && followed != UInt8(ascii: ".")
      && followed | 0x20 != UInt8(ascii: "e") && value <= EventFields.largestWholeNumber
    guard plain else { return try EventFields.wholeNumber(try parseNumberLiteral(), field: field) }
    scanner.offset = index
    return value
  }

  /// A whole number of up to 15 plain digits at `start` read a word at a time, and the
  /// offset moved past it; nil, reading nothing, when its bytes and the one after them are
  /// not all within two words, or it is no plain whole number (``wholeNumber(field:)`` then
  /// reads it byte by byte).
  @inline(__always)
  private mutating func wholeNumberInWords(at start: Int) -> Int64? {
    guard let first = scanner.word(at: start) else { return nil }
    let run = JSONScanner.leadingDigitCount(first)
    let value: UInt64
    let count: Int
    let followed: UInt64
    if run < 8 {
      value = JSONScanner.digitsValue(first, count: run)
      count = run
      followed = first >> UInt64(8 * run)
    } else {
      guard let second = scanner.word(at: start + 8) else { return nil }
      let rest = JSONScanner.leadingDigitCount(second)
      guard rest < 8 else { return nil }
      value =
        JSONScanner.digitsValue(first, count: 8) &* JSONScanner.digitScale(rest)
        &+ JSONScanner.digitsValue(second, count: rest)
      count = 8 + rest
      followed = second >> UInt64(8 * rest)
    }
    // No leading zero, no fraction or exponent after; at most 15 digits, within 2^53 - 1.
    let next = UInt8(truncatingIfNeeded: followed)
    guard count > 0, count == 1 || UInt8(truncatingIfNeeded: first) != UInt8(ascii: "0"),
      next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e")
    else { return nil }
    scanner.offset = start + count
    return Int64(value)
  }

  @inline(__always)
  mutating func parseNumber() throws(JournalLineError) -> Double {
    do { return try scanner.parseNumber() } catch { throw .syntax(error) }
  }

  mutating func parseNumberLiteral() throws(JournalLineError) -> JSONValue {
    do { return try scanner.parseNumberLiteral() } catch { throw .syntax(error) }
  }

  private var atNumber: Bool {
    guard let byte = scanner.peek else { return false }
    return byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
  }

  private var atString: Bool { scanner.peek == UInt8(ascii: "\"") }

  /// Reads the value of `field`: the common shapes straight from the bytes, anything else
  /// through the generic parser and ``EventFields/set(_:_:)``.
  mutating func read(_ field: EventField, into fields: inout EventFields) throws(JournalLineError) {
    switch field {
    case .seq where atNumber: fields.seq = try wholeNumber(field: "seq")
    case .t where atNumber: fields.t = try wholeNumber(field: "t")
    case .stale where atNumber: fields.stale = try wholeNumber(field: "stale")
    case .timestamp where atNumber: fields.timestamp = try wholeNumber(field: "timestamp")
    case .arrived where atNumber: fields.arrived = try wholeNumber(field: "arrived")
    case .relevance where atNumber:
      fields.relevance = try parseNumber()
    case .activity where atString: fields.activity = try parseString()
    case .app where atString: fields.app = try parseString()
    case .url where atString: fields.url = try parseString()
    case .target where atString: fields.target = try parseString()
    case .event where atString:
      if let event = readWrittenEvent() {
        fields.event = event
        break
      }
      let range: Range<Int>?
      do { range = try scanner.readPlainString() } catch { throw .syntax(error) }
      guard let range else {
        try fields.set(.event, .string(try parseString()))
        return
      }
      guard let event = EventName(in: scanner, range: range) else {
        let text: String
        do { text = try scanner.string(in: range) } catch { throw .syntax(error) }
        throw .unknownEvent(text)
      }
      fields.event = event
    case .state where scanner.peek == UInt8(ascii: "{"):
      fields.state = try readContent(of: fields.event)
    case .layout where atString: fields.layout = .named(try parseString())
    default:
      try fields.set(field, try parseValue())
      return
    }
    fields.present |= field.bit
  }

  /// Reads a content state object (names to strings, numbers and booleans) of an `event`
  /// (nil when not yet known), into storage made for as many fields as the last state of its
  /// shape held. Its keys are looked for among the names its shape's states held, in order,
  /// until one is not there: that key and the rest are read name by name, and the state's
  /// names are learnt for the next.
  private mutating func readContent(of event: EventName?) throws(JournalLineError)
    -> ContentState
  {
    guard try enterObject() else { return ContentState() }
    var content = ContentState()
    let shape =
      context.stateFields.isEmpty
      ? nil : context.stateShape(scanner.word(at: scanner.offset) ?? 0, event)
    var known = StateNames()
    if let shape {
      content.reserveCapacity(min(context.stateFields[shape], LineMemory.largestRoom))
      swap(&known, &context.stateNames[shape])
    }
    // Given back even when the state has an error.
    defer { if let shape { swap(&known, &context.stateNames[shape]) } }
    // The position in `known` after the last name found; nil once a key is not found.
    var next: Int? = 0
    repeat {
      scanner.skipWhitespace()
      if let start = next, let position = known.position(ofKeyAt: scanner, from: start) {
        scanner.offset += known.keys[position].bytes.count + 2
        do { try scanner.expect(UInt8(ascii: ":")) } catch { throw .syntax(error) }
        scanner.skipWhitespace()
        next = position + 1
        let name = known.strings[position]
        content.append(name, try readContentValue(name: name))
        continue
      }
      next = nil
      let key = try readName()
      guard !content.contains(key.name) else {
        throw .syntax(JSONParseError(offset: key.offset, kind: .duplicateKey(key.name)))
      }
      content.add(key.name, try readContentValue(name: key.name))
    } while try nextMember()
    if let shape {
      if next == nil { known.learn(content) }
      context.stateFields[shape] = content.fields.count
    }
    return content
  }

  /// Reads the value of a content state's field `name`.
  @inline(__always)
  private mutating func readContentValue(name: String) throws(JournalLineError)
    -> ContentValue
  {
    switch scanner.peek {
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      do { return .bool(try scanner.parseBool()) } catch { throw .syntax(error) }
    case .some where atNumber: return .number(try parseNumber())
    default: return try EventFields.contentValue(try parseValue(), name: name)
    }
  }
}
