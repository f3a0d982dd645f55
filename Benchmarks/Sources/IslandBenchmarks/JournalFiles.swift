import Foundation
import IslandCore
import IslandJournal

/// Synthetic journals on disk, written with IslandJournal's encoder.
enum JournalFiles {
  /// Bumped whenever a generator changes, so that journals written by an older one are not
  /// reused.
  static let generation = 1

  /// Writes `entries` as a journal (default header) at `path`, line by line.
  static func write(_ entries: [LogEntry], to path: String) throws {
    let file = try JournalFile(path: path)
    for entry in entries { file.put(entry) }
    try file.close()
  }

  /// A workload's two journals (`sizes.short` events, and `sizes.long` whose first events
  /// are the short one's), written once by one run of its generator and reused while the
  /// generator is unchanged; and the short one's entries, read back into memory.
  static func writeWorkload(
    _ kind: WorkloadKind, sizes: (short: Int, long: Int), directory: String
  ) throws -> (short: String, long: String, entries: [LogEntry], waiting: Int) {
    let base = "\(directory)/\(kind.rawValue)-g\(generation)"
    let short = "\(base)-\(Benchmark.label(sizes.short)).jsonl"
    let long = "\(base)-\(Benchmark.label(sizes.long)).jsonl"
    let done = long + ".done"
    var entries: [LogEntry] = []
    if access(done, F_OK) == 0 && access(short, F_OK) == 0 {
      let reader = try JournalReader(path: short)
      entries.reserveCapacity(sizes.short)
      while let entry = try reader.next() { entries.append(entry) }
    } else {
      unlink(done)
      var generator = kind.generator(seed: 42)
      let shortFile = try JournalFile(path: short)
      let longFile = try JournalFile(path: long)
      entries.reserveCapacity(sizes.short)
      for index in 0..<max(sizes.short, sizes.long) {
        let entry = generator.nextEntry()
        if index < sizes.short {
          shortFile.put(entry)
          entries.append(entry)
        }
        if index < sizes.long { longFile.put(entry) }
      }
      try shortFile.close()
      try longFile.close()
      _ = FileManager.default.createFile(atPath: done, contents: nil)
    }
    let state = foldAll(&entries)
    let waiting = state.activities.reduce(0) { $0 + ($1.phase == .ended ? 1 : 0) }
    return (short, long, entries, waiting)
  }

  /// The size of the file at `path`, in bytes.
  static func size(of path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
  }
}

/// A journal file being written: the default header, then one line per entry.
final class JournalFile {
  private let file: UnsafeMutablePointer<FILE>
  private let path: String

  init(path: String) throws {
    guard let file = fopen(path, "w") else {
      throw ChildError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    self.file = file
    self.path = path
    put(line: JournalHeader().line)
  }

  func put(_ entry: LogEntry) { put(line: EventLine.encode(entry)) }

  private func put(line: String) {
    var line = line + "\n"
    line.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
  }

  func close() throws {
    guard fclose(file) == 0 else { throw ChildError(description: "cannot write \(path)") }
  }
}
