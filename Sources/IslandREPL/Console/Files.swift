import Foundation
import IslandCore
import IslandJournal

/// Appends each accepted event to a journal as it happens (`island --journal FILE`).
public protocol EventRecorder: AnyObject {
  /// The journal's path, for messages.
  var path: String { get }
  /// Appends `entry` durably; once this returns, the event is on disk.
  func record(_ entry: LogEntry) throws(RecordingFailure)
}

/// Why an event could not be recorded.
public struct RecordingFailure: Error, Equatable, Sendable {
  /// What went wrong.
  public var message: String

  /// A failure saying `message`.
  public init(message: String) {
    self.message = message
  }
}

/// Reading scripts and layout files.
package enum TextFile {
  /// Why a file gave no text.
  package enum Problem: Error {
    /// It is missing, cannot be read, or is not a regular file (a FIFO is refused, never
    /// waited on), with the reason.
    case unreadable(String)
    /// Its bytes are not UTF-8.
    case notUTF8

    /// Why, in words.
    package var why: String {
      switch self {
      case .unreadable(let reason): return "cannot read it: " + reason
      case .notUTF8: return "it is not UTF-8 text"
      }
    }
  }

  /// The text of the file at `path`, as UTF-8. Only a regular file is read, but for
  /// `/dev/stdin`, standard input asked for by name, which is read to its end.
  package static func text(_ path: String) throws(Problem) -> String {
    let bytes: [UInt8]
    if path == "/dev/stdin" {
      bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
    } else {
      do {
        bytes = try RegularFile.contents(of: path)
      } catch {
        switch error {
        case .cannotOpen(_, let reason): throw .unreadable(reason)
        default: throw .unreadable(error.description)
        }
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
    return text
  }

  /// The text of the file at `path`, as UTF-8, or the REPL's error saying why not.
  static func read(_ path: String) throws(SessionError) -> String {
    do throws(Problem) {
      return try text(path)
    } catch {
      throw .file(path: path, why: error.why)
    }
  }

  /// Writes `text` to `path` as UTF-8, replacing any file there at once.
  static func write(_ text: String, to path: String) throws(SessionError) {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .file(path: path, why: "cannot write it (\(error.localizedDescription))")
    }
  }

  /// Whether `left` and `right` name the same file (through links and `..`).
  static func isSameFile(_ left: String, _ right: String) -> Bool {
    func resolved(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    return resolved(left) == resolved(right)
  }
}

/// Saving and loading sessions as journals.
enum Journals {
  /// Writes `session`'s events to `path` as a journal, replacing the file at once.
  static func save(_ session: Session, to path: String) throws(SessionError) {
    do {
      try Journal.write(
        header: JournalHeader(configuration: session.configuration), entries: session.entries,
        to: path)
    } catch {
      throw .journal(error)
    }
  }

  /// The session a journal holds, and what its reader noticed (a torn last line).
  static func load(_ path: String) throws(SessionError) -> (Session, [JournalWarning]) {
    let journal: (header: JournalHeader, entries: [LogEntry], warnings: [JournalWarning])
    do {
      journal = try Journal.read(path: path)
    } catch {
      throw .journal(error)
    }
    let session = try Session(
      configuration: journal.header.configuration, entries: journal.entries)
    return (session, journal.warnings)
  }
}

/// The journal of `island --journal FILE`: every accepted event appended, and synced, as it
/// happens. It holds the journal's lock while it is open: one writer at a time.
public final class JournalRecorder: EventRecorder {
  /// The journal's path.
  public var path: String { writer.path }
  private let writer: JournalWriter

  private init(writer: JournalWriter) {
    self.writer = writer
  }

  /// Opens the journal at `path` (creating it, with `configuration` or else the default one,
  /// when it does not exist) and the session its events fold to, so that a session resumes
  /// where it was. An existing journal keeps its configuration: asking for another is an
  /// error.
  public static func open(_ path: String, configuration: Configuration? = nil)
    throws(SessionError) -> (Session, JournalRecorder)
  {
    do {
      guard FileManager.default.fileExists(atPath: path) else {
        let header = configuration.map { JournalHeader(configuration: $0) } ?? JournalHeader()
        let writer = try JournalWriter(creating: path, header: header)
        return (
          Session(configuration: writer.header.configuration), JournalRecorder(writer: writer)
        )
      }
      let writer = try JournalWriter(appendingTo: path)
      let journal = try Journal.read(path: path)
      if let configuration, configuration != journal.header.configuration {
        let recorded = journal.header.configuration
        throw SessionError.file(
          path: path,
          why: "it records \(recorded.device.name), \(recorded.profile.rawValue): a journal "
            + "keeps its device and profile (leave out --device and --profile, or give another "
            + "journal)")
      }
      let session = try Session(
        configuration: journal.header.configuration, entries: journal.entries)
      return (session, JournalRecorder(writer: writer))
    } catch let error as JournalError {
      throw .journal(error)
    } catch let error as SessionError {
      throw error
    } catch {
      throw .file(path: path, why: "\(error)")
    }
  }

  /// Appends `entry` and syncs it to disk.
  public func record(_ entry: LogEntry) throws(RecordingFailure) {
    do {
      try writer.append(entry)
    } catch {
      throw RecordingFailure(message: error.description)
    }
  }
}
