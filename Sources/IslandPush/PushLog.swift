import IslandCore
import IslandJournal

/// A push log read and applied: what `replay`, `check` and `push import` print or write.
public struct PushReplay: Sendable {
  /// The log's header.
  public var header: PushLogHeader
  /// The header of the journal the pushes make.
  public var journalHeader: JournalHeader { JournalHeader(configuration: header.configuration) }
  /// The events the device applied.
  public var entries: [LogEntry]
  /// The state after the last.
  public var state: IslandState
  /// A torn last line, and every push ignored or held back, by line.
  public var warnings: [JournalWarning]
}

/// Push log files, read through the journal's streaming line reader.
public enum PushLog {
  /// Reads the push log at `path` line by line and applies its pushes; `budget` and `dates`
  /// override the header's. A malformed line is an error at its line (`FILE:LINE`), and
  /// nothing after it is applied.
  public static func replay(
    path: String, budget: Int?? = nil, dates: ContentDates? = nil,
    onEvent: ((LogEntry, Outcome, IslandState) -> Void)? = nil
  ) throws(JournalError) -> PushReplay {
    var lines = try LineSplitter(path: path)
    guard let first = try lines.next() else {
      if case .tornLastLine? = lines.warnings.last {
        throw .badLine(path: path, line: 1, .notAPushLog(found: "torn (no newline)"))
      }
      throw .empty(path: path)
    }
    let header: PushLogHeader
    do {
      header = try PushLogHeader.decode(first)
    } catch {
      throw .badLine(path: path, line: 1, error)
    }
    var importer = PushImporter(header: header, budget: budget, dates: dates, onEvent: onEvent)
    while let line = try lines.next() {
      do {
        try importer.read(line, line: lines.lineNumber)
      } catch {
        throw .badLine(path: path, line: lines.lineNumber, error)
      }
    }
    importer.finish()
    let notes = importer.notes.map {
      JournalWarning.lineNote(path: path, line: $0.line, message: $0.message)
    }
    return PushReplay(
      header: header, entries: importer.entries, state: importer.state,
      warnings: lines.warnings + notes)
  }

  /// Reads the push log at `path` and applies its pushes to `state`, `offset` milliseconds
  /// after its start (the REPL's `push`): the events applied, and the notes. On an error,
  /// nothing is applied.
  public static func apply(
    path: String, to state: IslandState, offset: Milliseconds
  ) throws(JournalError) -> (entries: [LogEntry], state: IslandState, warnings: [JournalWarning]) {
    var lines = try LineSplitter(path: path)
    guard let first = try lines.next() else { throw .empty(path: path) }
    let header: PushLogHeader
    do {
      header = try PushLogHeader.decode(first)
    } catch {
      throw .badLine(path: path, line: 1, error)
    }
    var importer = PushImporter(header: header, into: state, offset: offset)
    while let line = try lines.next() {
      do {
        try importer.read(line, line: lines.lineNumber)
      } catch {
        throw .badLine(path: path, line: lines.lineNumber, error)
      }
    }
    importer.finish()
    let notes = importer.notes.map {
      JournalWarning.lineNote(path: path, line: $0.line, message: $0.message)
    }
    return (importer.entries, importer.state, lines.warnings + notes)
  }
}
