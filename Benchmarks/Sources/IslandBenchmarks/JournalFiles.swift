import Foundation
import IslandCore
import IslandJournal

/// Synthetic journals on disk, written with IslandJournal's encoder.
enum JournalFiles {
  /// Writes `entries` as a journal (default header) at `path`, line by line.
  static func write(_ entries: [LogEntry], to path: String) throws {
    guard let file = fopen(path, "w") else {
      throw ChildError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    func put(_ line: String) {
      var line = line + "\n"
      line.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    }
    put(JournalHeader().line)
    for entry in entries { put(EventLine.encode(entry)) }
  }

  /// The size of the file at `path`, in bytes.
  static func size(of path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
  }
}
