import IslandCore

/// Appends events to a journal durably, as the only writer.
///
/// The writer holds an exclusive `flock` on the journal for as long as it is open: a second
/// writer (in this process or another) gets ``JournalError/locked(path:)`` instead of
/// interleaving lines. Each ``append(_:)`` writes the event as one whole line ending in a
/// newline, in one `write`, and `fsync`s it before returning: once it returns, the event is
/// on disk, and a caller may report it accepted.
public final class JournalWriter {
  /// The journal's file.
  public let path: String
  /// The journal's header.
  public let header: JournalHeader
  /// The state the journal held when the writer opened it (empty for a new journal).
  public let initialState: IslandState
  /// The seq of the last event in the journal.
  public private(set) var lastSeq: Int
  /// The time of the last event in the journal.
  public private(set) var lastTime: Milliseconds

  private var file: LockedFile?

  /// Creates a new journal at `path` holding only `header` (synced), and locks it. A file
  /// that exists already is an error. The journal appears whole or not at all: a crash or a
  /// full disk never leaves an empty journal behind.
  public init(creating path: String, header: JournalHeader) throws(JournalError) {
    let file = try LockedFile.create(path: path, holding: Array((header.line + "\n").utf8))
    self.path = path
    self.header = header
    self.file = file
    initialState = IslandState(configuration: header.configuration)
    lastSeq = 0
    lastTime = 0
  }

  /// Opens the existing journal at `path` to append to it: locks it, then replays it to
  /// find where it ends (it must replay cleanly, and must not end in a torn line).
  public init(appendingTo path: String) throws(JournalError) {
    let file = try LockedFile(path: path, mode: .append)
    let replay = try Journal.replay(path: path)
    for case .tornLastLine(_, let line, _) in replay.warnings {
      throw .tornTail(path: path, line: line)
    }
    self.path = path
    self.file = file
    header = replay.header
    initialState = replay.state
    lastSeq = replay.state.seq
    lastTime = replay.state.t
  }

  /// Appends `entry`, which must be the next one (seq one more than the last, time not
  /// before it), and syncs it to disk. After a failure the writer is closed: the journal may
  /// end in a torn line, which a reader ignores and `island journal repair` cuts.
  public func append(_ entry: LogEntry) throws(JournalError) {
    guard let file else { throw .writerClosed(path: path) }
    guard entry.seq == lastSeq + 1 else {
      throw .outOfOrder(path: path, seq: entry.seq, expected: lastSeq + 1)
    }
    if let problem = entry.outOfRange { throw .outOfRange(path: path, seq: entry.seq, problem) }
    guard JournalFormat.version(needed: entry) <= header.version else {
      throw .badLine(
        path: path, line: lastSeq + 2,
        .needsVersion(
          field: entry.event.timestamp != nil ? "timestamp" : "arrived",
          version: JournalFormat.version(needed: entry), found: header.version))
    }
    guard entry.t >= lastTime else {
      throw .badLine(
        path: path, line: lastSeq + 2,
        .rejected(
          Rejection(
            event: entry.event.name, reason: .timeWentBackwards(t: entry.t, now: lastTime))))
    }
    let line = EventLine.encode(entry)
    guard line.utf8.count <= JournalFormat.maximumLineLength else {
      throw .entryTooLong(path: path, seq: entry.seq, bytes: line.utf8.count)
    }
    do {
      try file.append(Array((line + "\n").utf8))
      try file.sync()
    } catch {
      close()
      throw error
    }
    lastSeq = entry.seq
    lastTime = entry.t
  }

  /// Closes the journal, releasing the lock. Appending afterwards is an error.
  public func close() {
    file?.close()
    file = nil
  }
}
