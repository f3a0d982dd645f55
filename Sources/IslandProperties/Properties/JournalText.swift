import IslandCore
import IslandJournal

/// Reads a whole journal held in memory, line by line, through the same decoders the file
/// reader uses: the round-trip property's reader, with no file in between.
enum JournalText {
  /// The header and entries of `text`.
  static func decode(_ text: String) throws(JournalLineError) -> (
    header: JournalHeader, entries: [LogEntry]
  ) {
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first else { throw .missingHeader(found: "an empty journal") }
    let header = try withBuffer(first) { (buffer) throws(JournalLineError) in
      try JournalHeader.decode(buffer)
    }
    var entries: [LogEntry] = []
    entries.reserveCapacity(lines.count - 1)
    for line in lines.dropFirst() {
      entries.append(
        try withBuffer(line) { (buffer) throws(JournalLineError) in
          try JournalFormat.decodeEvent(buffer, version: header.version)
        })
    }
    return (header, entries)
  }

  private static func withBuffer<Result>(
    _ line: Substring.UTF8View.SubSequence,
    _ body: (UnsafeBufferPointer<UInt8>) throws(JournalLineError) -> Result
  ) throws(JournalLineError) -> Result {
    let bytes = Array(line)
    return try bytes.withUnsafeBufferPointer { (buffer) throws(JournalLineError) in
      try body(buffer)
    }
  }
}
