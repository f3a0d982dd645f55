import Foundation
import IslandCore
import IslandJournal
import Testing

/// A fresh directory under the system's temporary one, removed when the value goes away.
final class TemporaryDirectory {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "island-journal-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` to `name` in the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) -> String {
    write(name, Array(text.utf8))
  }

  /// Writes `bytes` to `name` in the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) -> String {
    let file = path + "/" + name
    #expect(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
    return file
  }

  func read(_ name: String) -> String {
    (try? String(contentsOfFile: path + "/" + name, encoding: .utf8)) ?? ""
  }
}

/// The default header line.
let headerLine =
  #"{"format":"island-journal","version":2,"device":"iPhone 15 Pro","profile":"tap-expands"}"#

/// Decodes `line` with both decoders, checks they agree, and returns the entry or the error.
func decodeBoth(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Result<
  LogEntry, JournalLineError
> {
  let bytes = Array(line.utf8)
  let fast = bytes.withUnsafeBufferPointer { buffer in
    Result { () throws(JournalLineError) in try EventLine.decode(buffer) }
  }
  let tree = bytes.withUnsafeBufferPointer { buffer in
    Result { () throws(JournalLineError) in try EventLine.decodeTree(buffer) }
  }
  #expect(
    fast == tree, "fast and tree decoders disagree on \(line)", sourceLocation: sourceLocation)
  return fast
}

/// The message of decoding `line`, or "accepted".
func decodeMessage(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
  switch decodeBoth(line, sourceLocation: sourceLocation) {
  case .success: return "accepted"
  case .failure(let error): return error.description
  }
}
