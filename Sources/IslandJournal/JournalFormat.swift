import IslandCore

/// The journal format: JSON Lines, a header line then one event a line, in seq order.
///
///     {"format":"island-journal","version":2,"device":"iPhone 15 Pro","profile":"tap-expands"}
///     {"seq":1,"t":0,"event":"start","activity":"pizza","app":"com.example.food",...}
///     {"seq":2,"t":60000,"event":"update","activity":"pizza","state":{"minutesLeft":19}}
///
/// The header is ``JournalHeader``; the event lines are ``EventLine``. Only a line that ends
/// in a newline belongs to the journal.
public enum JournalFormat {
  /// The header's `format`.
  public static let name = "island-journal"
  /// The version this code writes, and the newest it reads.
  ///
  /// Version 1: the six events. Version 2: start, update and end may carry `timestamp` and
  /// `arrived` (``EventLine``). Every version-1 journal is a version-2 journal too.
  public static let currentVersion = 2

  /// The oldest version that holds `entry`.
  public static func version(needed entry: LogEntry) -> Int {
    entry.event.timestamp != nil || entry.event.arrived != nil ? 2 : 1
  }
  /// The longest line, in bytes without its newline, a reader accepts: 1 MiB.
  public static let maximumLineLength = 1 << 20

  /// Decodes an event line of a journal written in `version`, as an entry of the current
  /// version.
  ///
  /// This is where versions meet: a version 2 would add its own decoder here and upcast
  /// what the version-1 decoder reads (a renamed field, a new default), so that every
  /// older journal still replays.
  public static func decodeEvent(_ line: UnsafeBufferPointer<UInt8>, version: Int)
    throws(JournalLineError) -> LogEntry
  {
    var context = EventLineContext(keepingStrings: false)
    return try decodeEvent(line, version: version, context: &context)
  }

  /// Decodes an event line as ``decodeEvent(_:version:)`` does, with what the lines before
  /// it left in `context`.
  @inline(__always)
  static func decodeEvent(
    _ line: UnsafeBufferPointer<UInt8>, version: Int, context: inout EventLineContext
  ) throws(JournalLineError) -> LogEntry {
    switch version {
    case 1:
      let entry = try EventLine.decode(line, context: &context)
      if let field = entry.event.timestamp != nil
        ? "timestamp" : entry.event.arrived.map({ _ in "arrived" })
      {
        throw .needsVersion(field: field, version: 2, found: 1)
      }
      return entry
    case 2: return try EventLine.decode(line, context: &context)
    default: throw .newerVersion(found: version, supported: currentVersion)
    }
  }

  /// A whole journal as text: the header line and one line per entry, each ending in a
  /// newline. A header of an older version than the entries need is written in the current
  /// version.
  public static func encode(header: JournalHeader, entries: [LogEntry]) -> String {
    var header = header
    if entries.contains(where: { version(needed: $0) > header.version }) {
      header.version = currentVersion
    }
    var text = header.line + "\n"
    for entry in entries { text += EventLine.encode(entry) + "\n" }
    return text
  }
}

/// What is wrong with one line of a journal. ``JournalError/badLine(path:line:_:)`` adds the
/// file and line.
public enum JournalLineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line is not JSON.
  case syntax(JSONParseError)
  /// The line is JSON, but not an object.
  case notAnObject(found: String)
  /// The line is empty.
  case emptyLine
  /// The line is longer than ``JournalFormat/maximumLineLength``.
  case lineTooLong(limit: Int)
  /// The first line is not a journal header.
  case missingHeader(found: String)
  /// The first line of a push log is not its header (IslandPush).
  case notAPushLog(found: String)
  /// The header's `format` is not `island-journal`.
  case notAJournal(format: String)
  /// The header's version is newer than this code reads.
  case newerVersion(found: Int, supported: Int)
  /// A field of a newer version than the journal's header says.
  case needsVersion(field: String, version: Int, found: Int)
  /// The header's version is below 1.
  case unsupportedVersion(Int)
  /// The header names a device the engine does not know.
  case unknownDevice(String)
  /// A header line after the first line.
  case duplicateHeader
  /// A field the format does not have (for this event, when `event` is given).
  case unknownField(name: String, event: String?)
  /// A field the event needs is missing.
  case missingField(name: String, event: String?)
  /// A field whose JSON type is wrong.
  case wrongType(field: String, expected: String, found: String)
  /// A field of the right type with a value out of its range or set.
  case invalidValue(field: String, value: String, expected: String)
  /// An `event` that is none of the six.
  case unknownEvent(String)
  /// The `layout` field is wrong.
  case layout(LayoutCodingError)
  /// The seq skips ahead of the next number.
  case seqGap(found: Int, expected: Int)
  /// The seq repeats an earlier one, or goes back.
  case seqRepeat(found: Int, expected: Int)
  /// The engine refused the event.
  case rejected(Rejection)

  /// The problem, in lowercase words.
  public var description: String { unescapedDescription.escapingControlCharacters() }

  /// The description as written, before its control characters are escaped.
  private var unescapedDescription: String {
    switch self {
    case .syntax(let error): return "invalid JSON: \(error)"
    case .notAnObject(let found): return "a line must be a JSON object, not \(article(found))"
    case .emptyLine: return "empty line"
    case .lineTooLong(let limit): return "line longer than \(limit) bytes"
    case .missingHeader(let found):
      return "missing header: the first line is \(found), not "
        + "{\"format\":\"\(JournalFormat.name)\",\"version\":\(JournalFormat.currentVersion),...}"
    case .notAPushLog(let found):
      return "missing header: the first line is \(found), not "
        + "{\"format\":\"island-pushes\",\"version\":1,...}"
    case .notAJournal(let format):
      return "not an island journal: format \"\(format)\" (expected \"\(JournalFormat.name)\")"
    case .newerVersion(let found, let supported):
      return "journal version \(found) is newer than this island reads (version \(supported))"
    case .needsVersion(let field, let version, let found):
      return "field \"\(field)\" needs journal version \(version), but the header says version "
        + "\(found)"
    case .unsupportedVersion(let version):
      return "journal version \(version) does not exist (versions start at 1)"
    case .unknownDevice(let name):
      return "unknown device \"\(name)\" (known: "
        + Device.all.map(\.name).joined(separator: ", ") + ")"
    case .duplicateHeader: return "a second header: the header belongs on the first line only"
    case .unknownField(let name, let event):
      return "unknown field \"\(name)\"" + EventFields.inEvent(event)
    case .missingField(let name, let event):
      return "missing field \"\(name)\"" + EventFields.inEvent(event)
    case .wrongType(let field, let expected, let found):
      return "field \"\(field)\" must be \(article(expected)), not \(article(found))"
    case .invalidValue(let field, let value, let expected):
      return "field \"\(field)\" must be \(expected), not \(value)"
    case .unknownEvent(let name):
      return "unknown event \"\(name)\" (expected start, update, end, tap, longPress or tick)"
    case .layout(let error): return error.description
    case .seqGap(let found, let expected): return "seq \(found) skips ahead: expected \(expected)"
    case .seqRepeat(let found, let expected):
      return "seq \(found) repeats or goes back: expected \(expected)"
    case .rejected(let rejection): return rejection.description
    }
  }
}
