import Foundation
import IslandCore
import IslandJournal

extension JournalAssertion {
  /// Reads the journal at `url`: its configuration and its entries. A torn last line, which
  /// a replay would skip with a warning, is an error here: a journal kept as a test must be
  /// whole.
  static func readJournal(_ url: URL) throws(JournalError) -> (Configuration, [LogEntry]) {
    let journal = try Journal.read(path: url.path)
    for warning in journal.warnings {
      switch warning {
      case .tornLastLine(let path, let line, _): throw .tornTail(path: path, line: line)
      case .lineNote: continue
      }
    }
    return (journal.header.configuration, journal.entries)
  }
}
