import Foundation
import IslandCore
import IslandJournal

/// A failing case, as found and as shrunk, ready to be written as a journal.
public struct Counterexample: Equatable, Sendable {
  /// The property that failed.
  public var property: Property
  /// The run's seed.
  public var runSeed: UInt64
  /// The index of the failing case in the run.
  public var caseIndex: Int
  /// The case as generated.
  public var original: FuzzCase
  /// How it failed.
  public var originalFailure: PropertyFailure
  /// The case shrunk.
  public var shrunk: FuzzCase
  /// How the shrunk case fails.
  public var failure: PropertyFailure
  /// The property checks the shrinker spent.
  public var shrinkChecks: Int

  /// The seed of the failing case: `island fuzz --seed SEED --runs 1` generates it again.
  public var caseSeed: UInt64 { original.seed }

  /// The shrunk case as journal entries: the prefix, then the shrunk steps the engine
  /// accepted up to the failing one, then the failing step itself if the engine refused it
  /// (replaying the journal then stops there with the engine's error). Seqs are consecutive.
  public var entries: [LogEntry] {
    var log = shrunk.prefix.log
    var entries = log.entries
    let last = failure.stepIndex ?? (shrunk.steps.count - 1)
    for (index, step) in shrunk.steps.enumerated() where index <= last {
      do {
        entries.append(try log.append(step.event, at: step.t).entry)
      } catch {
        if index == failure.stepIndex {
          entries.append(LogEntry(seq: entries.count + 1, t: step.t, event: step.event))
        }
      }
    }
    return entries
  }

  /// The journal's header: the case's configuration.
  public var header: JournalHeader { JournalHeader(configuration: shrunk.configuration) }

  /// The journal as text.
  public var journalText: String { JournalFormat.encode(header: header, entries: entries) }

  /// The journal's file name: `PROPERTY-SEED.jsonl`.
  public var fileName: String { "\(property.rawValue)-\(caseSeed).jsonl" }

  /// Writes the journal into `directory` (created if missing) and returns its path.
  public func write(into directory: String) throws(JournalError) -> String {
    let path = (directory.hasSuffix("/") ? directory : directory + "/") + fileName
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotOpen(path: directory, reason: "cannot create the directory")
    }
    try Journal.write(header: header, entries: entries, to: path)
    return path
  }
}
