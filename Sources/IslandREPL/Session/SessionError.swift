import IslandCore
import IslandJournal

/// Why a session command could not be done. The session is as it was.
public enum SessionError: Error, Equatable, Sendable {
  /// `at` or `diff` named an event the log does not have.
  case noSuchEvent(Int, last: Int)
  /// Folding the events again under another configuration rejected one of them.
  case refoldFailed(configuration: Configuration, seq: Int, rejection: Rejection)
  /// The session records to a journal, whose header fixes the device and profile.
  case recording(path: String, command: String)
  /// A file could not be read or written.
  case file(path: String, why: String)
  /// A journal could not be read, written or locked.
  case journal(JournalError)
  /// `save` onto the journal the session records to, which would cut the recording off.
  case saveOverRecording(path: String)
  /// An accepted event could not be written to the journal, so it was not applied.
  case journalWrite(path: String, why: String)
  /// `run` inside a script that `run` is already running.
  case nestedRun(path: String)
  /// The layout file of `start --layout @FILE` was read, but holds no layout Island reads.
  case layoutFile(path: String, why: String)

  /// What went wrong.
  public var message: String { unescapedMessage.escapingControlCharacters() }

  /// The message as written, before its control characters are escaped.
  private var unescapedMessage: String {
    switch self {
    case .noSuchEvent(let seq, let last):
      return "there is no event \(seq): the log holds events 1 to \(last)"
    case .refoldFailed(let configuration, let seq, let rejection):
      return "cannot fold the events on \(configuration.device.name), "
        + "\(configuration.profile.rawValue): event \(seq), \(rejection.description)"
    case .recording(let path, let command):
      return "\(command): the session is recording to \(path), whose header fixes the device "
        + "and profile"
    case .file(let path, let why): return "\(path): \(why)"
    case .journal(let error): return error.description
    case .saveOverRecording(let path):
      return "save: \(path) is the journal this session records to"
    case .journalWrite(let path, let why):
      return "\(path): could not record the event (\(why)); it was not applied"
    case .nestedRun(let path): return "run: \(path) is already running"
    case .layoutFile(let path, let why): return "\(path): \(why)"
    }
  }

  private var rejectionHint: String {
    if case .refoldFailed(_, _, let rejection) = self { return rejection.reason.hint }
    return ""
  }

  /// What would make it work.
  public var hint: String {
    switch self {
    case .noSuchEvent: return "`log` lists the events and their numbers"
    case .refoldFailed: return "nothing changed; \(rejectionHint)"
    case .recording: return "start another `island --journal FILE` for another device"
    case .file: return "check the path and its permissions"
    case .journal(.locked): return "another island is recording to it; use another file"
    case .journal(.tornTail(let path, _)), .journal(.empty(let path)):
      return "run `island journal repair \(path)` first"
    case .journal(.alreadyExists): return "pick a new name, or remove the file"
    case .journal(.cannotOpen), .journal(.io): return "check the path and its permissions"
    case .journal: return "`island check FILE` tells more"
    case .saveOverRecording: return "it holds every event already; save to another file"
    case .journalWrite: return "free disk space or check the file, then try again"
    case .nestedRun: return "a script cannot run itself"
    case .layoutFile:
      return "`island layout import FILE` says the same; docs/swiftui-layouts.md lists what is read"
    }
  }
}
