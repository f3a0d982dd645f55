import Foundation
import IslandCore
import IslandJournal

/// `island replay --format json`: the final state's JSON with every effect and warning of
/// the journal, in memory that does not grow with the journal.
///
/// The state keeps only its most recent effects and warnings (``RecentWindow``). Those of
/// the whole journal are written, as each event causes them, to two spools (temporary
/// files), already formatted as the elements of the indented lists; at the end the state's
/// JSON is written member by member, its activities one by one and each list copied from its
/// spool. The bytes are those of `state.json.indentedText` for a state that kept everything.
final class StateJSONStream {
  private let effects: Spool
  private let warnings: Spool
  private var writer = JSONWriter(indented: true)
  /// How deep the state is nested in what is printed (1 in `{"file": ..., "state": ...}`).
  private let depth: Int
  /// The indentation of the state's members, and of its lists' elements.
  private let memberIndent: String
  private let elementIndent: String

  init(depth: Int) throws(JournalError) {
    self.depth = depth
    memberIndent = "\n" + String(repeating: "  ", count: depth + 1)
    elementIndent = "\n" + String(repeating: "  ", count: depth + 2)
    effects = try Spool(closing: memberIndent + "]")
    warnings = try Spool(closing: memberIndent + "]")
  }

  /// Adds what one accepted event caused.
  func record(_ outcome: Outcome) {
    for effect in outcome.effects { add(effect.json, to: effects) }
    for warning in outcome.warnings { add(warning.json, to: warnings) }
  }

  private func add(_ element: JSONValue, to spool: Spool) {
    writer.removeAll()
    writer.writeRaw(spool.isEmpty ? elementIndent : "," + elementIndent)
    writer.write(element, depth: depth + 2)
    spool.write(writer.bytes)
  }

  /// Writes `state`'s JSON, with the spooled effects and warnings (no newline after it).
  func write(_ state: IslandState, to output: inout StandardStream) throws(JournalError) {
    guard case .object(let members) = state.jsonWithEmptyLists else { return }
    for (index, (key, value)) in members.enumerated() {
      writer.removeAll()
      writer.writeRaw(index == 0 ? "{" + memberIndent : "," + memberIndent)
      writer.write(.string(key), depth: depth + 1)
      writer.writeRaw(": ")
      switch key {
      case "activities":
        output.append(bytes: writer.bytes)
        try writeActivities(state.activities, to: &output)
      case "effects":
        output.append(bytes: writer.bytes)
        try effects.copy(to: &output)
      case "warnings":
        output.append(bytes: writer.bytes)
        try warnings.copy(to: &output)
      default:
        writer.write(value, depth: depth + 1)
        output.append(bytes: writer.bytes)
      }
    }
    let closing = "\n" + String(repeating: "  ", count: depth) + "}"
    output.append(bytes: (members.isEmpty ? "{}" : closing).utf8)
  }

  private func writeActivities(_ activities: ActivityList, to output: inout StandardStream)
    throws(JournalError)
  {
    guard !activities.isEmpty else { return output.append(bytes: "[]".utf8) }
    output.append(bytes: "[".utf8)
    for (index, activity) in activities.enumerated() {
      writer.removeAll()
      writer.writeRaw(index == 0 ? elementIndent : "," + elementIndent)
      writer.write(activity.json, depth: depth + 2)
      output.append(bytes: writer.bytes)
    }
    output.append(bytes: (memberIndent + "]").utf8)
  }
}

/// A temporary file of formatted list elements, deleted when closed.
private final class Spool {
  private let file: UnsafeMutablePointer<FILE>
  private(set) var isEmpty = true
  /// What closes the list: its indentation and the bracket.
  private let closing: String

  init(closing: String) throws(JournalError) {
    self.closing = closing
    guard let file = tmpfile() else {
      throw .io(path: "a temporary file", reason: String(cString: strerror(errno)))
    }
    self.file = file
  }

  deinit { fclose(file) }

  func write(_ bytes: [UInt8]) {
    isEmpty = false
    bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, file) }
  }

  /// Writes the list: `[]`, or `[` the elements and the closing bracket on its own line.
  func copy(to output: inout StandardStream) throws(JournalError) {
    guard !isEmpty else { return output.append(bytes: "[]".utf8) }
    output.append(bytes: "[".utf8)
    guard fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else {
      throw .io(path: "a temporary file", reason: String(cString: strerror(errno)))
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, $0.count, file) }
      if count > 0 { output.append(bytes: chunk[..<count]) }
      if count < chunk.count { break }
    }
    if ferror(file) != 0 {
      throw .io(path: "a temporary file", reason: String(cString: strerror(errno)))
    }
    output.append(bytes: closing.utf8)
  }
}
