import IslandCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a journal could not be read, written or repaired. Messages start with the file, and
/// its line where there is one: `FILE:LINE: message`.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file does not exist or cannot be opened.
  case cannotOpen(path: String, reason: String)
  /// Reading, writing or syncing failed.
  case io(path: String, reason: String)
  /// A line of the journal is wrong (or the engine refused its event).
  case badLine(path: String, line: Int, JournalLineError)
  /// The journal has no header line at all.
  case empty(path: String)
  /// Another writer holds the journal's lock.
  case locked(path: String)
  /// The journal to create exists already.
  case alreadyExists(path: String)
  /// The journal ends in a torn line, so appending would glue onto it.
  case tornTail(path: String, line: Int)
  /// An entry given to a writer is not the next one.
  case outOfOrder(path: String, seq: Int, expected: Int)
  /// A writer was used after it failed or was closed.
  case writerClosed(path: String)
  /// An entry has a number a journal cannot hold (a time beyond 2^53 - 1): writing it would
  /// make a journal no reader reads back.
  case outOfRange(path: String, seq: Int, OutOfRangeNumber)
  /// An entry's line would be longer than a reader takes (1 MiB).
  case entryTooLong(path: String, seq: Int, bytes: Int)

  /// `FILE:LINE: message` or `FILE: message`.
  public var description: String { unescapedDescription.escapingControlCharacters() }

  /// The description as written, before its control characters are escaped.
  private var unescapedDescription: String {
    switch self {
    case .cannotOpen(let path, let reason): return "\(path): cannot open: \(reason)"
    case .io(let path, let reason): return "\(path): \(reason)"
    case .badLine(let path, let line, let error): return "\(path):\(line): \(error)"
    case .empty(let path): return "\(path):1: the journal is empty: it needs a header line"
    case .locked(let path):
      return "\(path): journal is locked by another writer (one writer at a time)"
    case .alreadyExists(let path): return "\(path): a file of that name exists already"
    case .tornTail(let path, let line):
      return "\(path):\(line): the journal ends in a torn line; run `island journal repair "
        + "\(path)` before appending"
    case .outOfOrder(let path, let seq, let expected):
      return "\(path): entry seq \(seq) appended out of order: expected \(expected)"
    case .writerClosed(let path): return "\(path): the writer is closed after an earlier error"
    case .outOfRange(let path, let seq, let problem):
      return "\(path): event \(seq) cannot be written: \(problem)"
    case .entryTooLong(let path, let seq, let bytes):
      return "\(path): event \(seq) cannot be written: its line of \(bytes) bytes is longer than "
        + "a reader takes (\(JournalFormat.maximumLineLength))"
    }
  }

  /// The line the error is on, when it is on one.
  public var line: Int? {
    switch self {
    case .badLine(_, let line, _), .tornTail(_, let line): return line
    case .empty: return 1
    case .cannotOpen, .io, .locked, .alreadyExists, .outOfOrder, .writerClosed, .outOfRange,
      .entryTooLong:
      return nil
    }
  }
}

/// Something a reader noticed that does not stop it.
public enum JournalWarning: Equatable, Sendable, CustomStringConvertible {
  /// The last line has no newline: a write was cut short (a crash). It is not part of the
  /// journal and is ignored.
  case tornLastLine(path: String, line: Int, bytes: Int)
  /// Something noticed about one line that does not stop the reading: a push the device
  /// ignored or held back (IslandPush).
  case lineNote(path: String, line: Int, message: String)

  /// `FILE:LINE: warning: message`.
  public var description: String { unescapedDescription.escapingControlCharacters() }

  /// The description as written, before its control characters are escaped.
  private var unescapedDescription: String {
    switch self {
    case .lineNote(let path, let line, let message):
      return "\(path):\(line): warning: \(message)"
    case .tornLastLine(let path, let line, let bytes):
      return "\(path):\(line): warning: torn last line (\(bytes) bytes without a newline) "
        + "ignored; `island journal repair \(path)` cuts it off"
    }
  }
}

/// The text of the C library's error `code`.
func systemMessage(_ code: Int32) -> String {
  guard let text = strerror(code) else { return "error \(code)" }
  return String(cString: text).lowercased()
}

/// Closes a file descriptor (a free function: inside types with a `close()` method, `close`
/// names the method).
func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}
