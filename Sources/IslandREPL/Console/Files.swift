import Foundation
import IslandCore

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

/// Reading scripts.
enum TextFile {
  /// The text of the file at `path`, as UTF-8.
  static func read(_ path: String) throws(SessionError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .file(path: path, why: "cannot read it (missing, or not a readable file)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .file(path: path, why: "it is not UTF-8 text")
    }
    return text
  }
}

/// Saving and loading sessions as journals.
enum Journals {
  /// Writes `session`'s events to `path` as a journal, replacing the file.
  static func save(_ session: Session, to path: String) throws(SessionError) {
    throw .file(path: path, why: "journals are not available yet")
  }

  /// The session a journal holds.
  static func load(_ path: String) throws(SessionError) -> Session {
    throw .file(path: path, why: "journals are not available yet")
  }
}

/// The journal of `island --journal FILE`: every accepted event appended as it happens.
public final class JournalRecorder: EventRecorder {
  /// The journal's path.
  public let path: String

  private init(path: String) {
    self.path = path
  }

  /// Opens the journal at `path`, creating it if missing, and the session its events fold to.
  public static func open(_ path: String) throws(SessionError) -> (Session, JournalRecorder) {
    throw .file(path: path, why: "journals are not available yet")
  }

  /// Appends `entry` and syncs it to disk.
  public func record(_ entry: LogEntry) throws(RecordingFailure) {
    throw RecordingFailure(message: "journals are not available yet")
  }
}
