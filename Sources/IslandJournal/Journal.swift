import IslandCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A journal folded into a state.
public struct JournalReplay: Equatable, Sendable {
  /// The journal's header.
  public var header: JournalHeader
  /// The state after the last event folded.
  public var state: IslandState
  /// What the reader noticed without stopping (a torn last line).
  public var warnings: [JournalWarning]

  /// A replay's result: for other logs folded as journals are (a push log).
  public init(header: JournalHeader, state: IslandState, warnings: [JournalWarning]) {
    self.header = header
    self.state = state
    self.warnings = warnings
  }
}

/// Journal files as a whole: replaying, writing at once, repairing.
public enum Journal {
  /// Reads the journal at `path` and folds every event into a state under its header's
  /// configuration, stopping after event `until` if given. `onEvent` sees each accepted event
  /// with what it did and the state after it (without it, no outcome is made).
  ///
  /// Any bad line, seq out of order, or event the engine refuses is an error at its line.
  public static func replay(
    path: String, until: Int? = nil,
    onEvent: ((LogEntry, Outcome, IslandState) -> Void)? = nil
  ) throws(JournalError) -> JournalReplay {
    try replay(path: path, until: until, pipelineFrom: pipelineThreshold, onEvent: onEvent)
  }

  /// ``replay(path:until:onEvent:)``, decoding on a second thread when the file has at
  /// least `threshold` bytes (tests compare both ways on the same files).
  package static func replay(
    path: String, until: Int?, pipelineFrom threshold: Int,
    onEvent: ((LogEntry, Outcome, IslandState) -> Void)?
  ) throws(JournalError) -> JournalReplay {
    let reader = try JournalReader(path: path)
    var state = IslandState(configuration: reader.header.configuration)
    if FileSystem.size(of: path) >= threshold {
      return try replay(reader, into: &state, until: until, onEvent: onEvent)
    }
    while until.map({ state.seq < $0 }) ?? true, let entry = try reader.next() {
      do {
        try fold(entry, into: &state, onEvent: onEvent)
      } catch {
        throw .badLine(path: path, line: reader.lineNumber, .rejected(error))
      }
    }
    return JournalReplay(header: reader.header, state: state, warnings: reader.warnings)
  }

  /// Folds `entry` into `state`, making its outcome only for `onEvent`.
  private static func fold(
    _ entry: LogEntry, into state: inout IslandState,
    onEvent: ((LogEntry, Outcome, IslandState) -> Void)?
  ) throws(Rejection) {
    guard let onEvent else { return try state.fold(entry.event, at: entry.t) }
    let outcome = try state.apply(entry.event, at: entry.t)
    onEvent(entry, outcome, state)
  }

  /// From this size on, a replay decodes on a second thread while it folds.
  static let pipelineThreshold = 1 << 20

  /// The replay of a long journal: the same, entry for entry and error for error, with the
  /// decoding done ahead on a second thread (``DecodingPipeline``).
  private static func replay(
    _ reader: JournalReader, into state: inout IslandState, until: Int?,
    onEvent: ((LogEntry, Outcome, IslandState) -> Void)?
  ) throws(JournalError) -> JournalReplay {
    let pipeline = DecodingPipeline(reader: reader)
    defer { pipeline.stop() }
    var reachedEnd = false
    folding: while true {
      var batch = pipeline.next()
      defer { pipeline.recycle(batch) }
      // Each entry is moved out of the batch for its fold and back after it, not copied: a
      // copy would touch every string of the entry, which the decoding thread made and
      // frees, from this thread's core.
      var entry = LogEntry(seq: 0, t: 0, event: .tick)
      for index in batch.entries.indices {
        // Checked before each entry, as the sequential loop checks before reading one.
        if let until, state.seq >= until { break folding }
        swap(&entry, &batch.entries[index])
        defer { swap(&entry, &batch.entries[index]) }
        do {
          try fold(entry, into: &state, onEvent: onEvent)
        } catch {
          throw .badLine(path: reader.path, line: batch.lines[index], .rejected(error))
        }
      }
      if let until, state.seq >= until { break folding }
      if let error = batch.error { throw error }
      if batch.isLast {
        reachedEnd = true
        break folding
      }
    }
    pipeline.stop()
    // A torn last line is noticed only by reading past the last whole line, which the
    // sequential loop does only when it has not stopped at `until` first.
    let warnings = reachedEnd ? reader.warnings : []
    return JournalReplay(header: reader.header, state: state, warnings: warnings)
  }

  /// Reads every entry of the journal at `path` into memory, checking syntax and seq order
  /// but not applying them (for small journals: a REPL's `load`, a fuzzer's seed).
  public static func read(path: String) throws(JournalError) -> (
    header: JournalHeader, entries: [LogEntry], warnings: [JournalWarning]
  ) {
    let reader = try JournalReader(path: path)
    var entries: [LogEntry] = []
    while let entry = try reader.next() { entries.append(entry) }
    return (reader.header, entries, reader.warnings)
  }

  /// Writes a whole journal to `path` at once, replacing any file there: into a temporary
  /// file beside it, synced, then renamed over it, so that `path` is always either the old
  /// journal or the whole new one.
  ///
  /// A journal another writer holds is not replaced (``JournalError/locked(path:)``): its
  /// writer would go on appending to a file no name leads to, and lose every event. The
  /// lock of the file being replaced is held until the new one is in place. An entry a
  /// journal cannot hold (a time beyond 2^53 - 1, a line over 1 MiB) is refused before
  /// anything is written.
  public static func write(
    header: JournalHeader, entries: [LogEntry], to path: String
  ) throws(JournalError) {
    var bytes = Array((header.line + "\n").utf8)
    for entry in entries {
      if let problem = entry.outOfRange {
        throw .outOfRange(path: path, seq: entry.seq, problem)
      }
      let line = EventLine.encode(entry).utf8
      guard line.count <= JournalFormat.maximumLineLength else {
        throw .entryTooLong(path: path, seq: entry.seq, bytes: line.count)
      }
      bytes += line
      bytes.append(0x0A)
    }
    var status = stat()
    let existing = lstat(path, &status) == 0 ? try LockedFile(path: path, mode: .lockOnly) : nil
    defer { existing?.close() }
    try FileSystem.replaceAtomically(path: path, bytes: bytes)
  }

  /// What ``repair(path:)`` did.
  public enum RepairOutcome: Equatable, Sendable {
    /// The journal ends in a newline after its header: nothing to cut.
    case nothingToRepair
    /// The torn last line was cut off; the file as it was is kept at `backup`.
    case cutTornLine(bytes: Int, line: Int, backup: String)
    /// The journal had no whole header line (a crash while it was created): it now holds the
    /// default header. `bytes` of a torn header were cut, the file as it was kept at `backup`
    /// (nil when it was empty).
    case wroteHeader(header: JournalHeader, cutBytes: Int, backup: String?)
  }

  /// Cuts a torn last line (bytes after the last newline) off the journal at `path`, first
  /// copying the file as it was to `path.bak`. A journal left without a whole header line
  /// (empty, or only a torn header) gets the default header, so that it can be resumed.
  /// Takes the writers' lock while it works.
  public static func repair(path: String) throws(JournalError) -> RepairOutcome {
    let file = try LockedFile(path: path, mode: .readWrite)
    let size = try file.size()
    if size > 0, try file.byte(at: size - 1) == 0x0A { return .nothingToRepair }
    let keep = size == 0 ? 0 : try file.endOfLastLine(before: size)
    var backup: String?
    if size > 0 {
      backup = path + ".bak"
      try FileSystem.copy(from: file, to: path + ".bak")
    }
    let lines = try file.countNewlines(upTo: keep)
    try file.truncate(to: keep)
    guard keep == 0 else {
      return .cutTornLine(bytes: size - keep, line: lines + 1, backup: path + ".bak")
    }
    let header = JournalHeader()
    try file.append(Array((header.line + "\n").utf8))
    try file.sync()
    return .wroteHeader(header: header, cutBytes: size, backup: backup)
  }
}
