import IslandCore
import IslandJournal

extension ParserChecks {
  /// What is wrong with how `bytes`, a whole journal, is read and folded; nil when nothing
  /// is. The lines are read as the file reader reads them (a header, then events in seq
  /// order, a last line without a newline ignored, none longer than 1 MiB) and folded until
  /// the first one refused. Checks that:
  ///
  /// - a refused event changes nothing (and nothing traps: a trap is the fuzzer's crash, a
  ///   fold that is not linear in the input its timeout);
  /// - the final state keeps every invariant, and its JSON reads back as JSON;
  /// - the events accepted, written back as a journal (as `save` writes it) and read again,
  ///   fold to the same state with the same JSON: nothing accepted is unreadable.
  public static func journal(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    // What follows the last newline is a torn line: not part of the journal.
    lines.removeLast()
    guard let first = lines.first, first.count <= JournalFormat.maximumLineLength else {
      return nil
    }
    guard
      let header = decode(
        first, { (line) throws(JournalLineError) in try JournalHeader.decode(line) })
    else { return nil }
    var state = IslandState(configuration: header.configuration)
    var entries: [LogEntry] = []
    for line in lines.dropFirst() {
      guard line.count <= JournalFormat.maximumLineLength,
        let entry = decode(
          line,
          { (line) throws(JournalLineError) in
            try JournalFormat.decodeEvent(line, version: header.version)
          }),
        entry.seq == state.seq + 1
      else { break }
      let before = state
      do {
        try state.fold(entry.event, at: entry.t)
      } catch {
        guard state == before else {
          return "the engine refuses \(EventLine.encode(entry)) but changes the state"
        }
        break
      }
      entries.append(entry)
    }
    if let violation = IslandInvariants.check(state) {
      return "after \(entries.count) events: \(violation)"
    }
    let json = state.json.compactText
    guard (try? JSONValue.parse(json)) != nil else { return "the state's JSON does not read" }
    return checkWrittenBack(header: header, entries: entries, state: state, json: json)
  }

  /// The journal of `entries` written as `save` writes it, read and folded again.
  private static func checkWrittenBack(
    header: JournalHeader, entries: [LogEntry], state: IslandState, json: String
  ) -> String? {
    for entry in entries {
      if let problem = entry.outOfRange {
        return "accepted an event no journal can hold: \(problem)"
      }
    }
    let text = JournalFormat.encode(header: header, entries: entries)
    let read: (header: JournalHeader, entries: [LogEntry])
    do {
      read = try JournalText.decode(text)
    } catch {
      return "the accepted events written back cannot be read: \(error)"
    }
    guard read.entries == entries else { return "the accepted events read back differently" }
    switch EventLog.refold(read.entries, configuration: read.header.configuration) {
    case .success(let log):
      guard log.state == state, log.state.json.compactText == json else {
        return "the accepted events written back fold to another state"
      }
      return nil
    case .failure(let failure):
      return "the accepted events written back refuse event \(failure.seq): \(failure.rejection)"
    }
  }

  private static func decode<Value>(
    _ line: Slice<UnsafeBufferPointer<UInt8>>,
    _ body: (UnsafeBufferPointer<UInt8>) throws(JournalLineError) -> Value
  ) -> Value? {
    let buffer = UnsafeBufferPointer(rebasing: line)
    return try? body(buffer)
  }
}
