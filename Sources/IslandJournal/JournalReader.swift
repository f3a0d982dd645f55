import IslandCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a journal file entry by entry, streaming: it holds one fixed buffer (a little over
/// two lines of the longest allowed length), so memory does not grow with the journal.
///
/// Opening reads the header; ``next()`` returns each entry in turn, checked for syntax and
/// for seq order (1, 2, 3, ...). A last line without a newline is a torn write: it becomes a
/// warning (``warnings``) and is ignored. A line over 1 MiB is an error as soon as the
/// reader has seen 1 MiB of it; it is never held whole.
public final class JournalReader {
  /// The file read.
  public let path: String
  /// Its header.
  public let header: JournalHeader
  /// The seq of the last entry read (0 before any).
  public var lastSeq: Int { entries.lastSeq }

  /// The lines of the file and what reading them keeps. One stored struct, so that reading
  /// an entry costs one access to the reader, not one per part of it; that access is not
  /// checked for exclusivity at run time, as ``next()`` is its only one and never reenters.
  @exclusivity(unchecked) private var entries: EntryReading

  /// The number of the last line read (the header is line 1).
  public var lineNumber: Int { entries.lines.lineNumber }

  /// What the reader noticed without stopping.
  public var warnings: [JournalWarning] { entries.lines.warnings }

  /// Opens `path` and reads its header.
  public init(path: String) throws(JournalError) {
    self.path = path
    var lines = try LineSplitter(path: path)
    guard let line = try lines.next() else {
      if case .tornLastLine? = lines.warnings.last {
        throw .badLine(path: path, line: 1, .missingHeader(found: "torn (no newline)"))
      }
      throw .empty(path: path)
    }
    do {
      header = try JournalHeader.decode(line)
    } catch {
      throw .badLine(path: path, line: lines.lineNumber, error)
    }
    entries = EntryReading(lines: lines, version: header.version)
  }

  /// The next entry, or nil at the end of the journal.
  public func next() throws(JournalError) -> LogEntry? {
    try entries.next(path: path)
  }
}

/// The entries of a journal's lines after its header, in seq order.
private struct EntryReading: ~Copyable {
  var lines: LineSplitter
  /// The journal's version, which says how its lines are read.
  let version: Int
  /// The seq of the last entry read (0 before any).
  private(set) var lastSeq = 0
  /// What each line's decoding leaves for the next.
  private var context = EventLineContext(keepingStrings: true)

  init(lines: consuming LineSplitter, version: Int) {
    self.lines = lines
    self.version = version
  }

  /// The next entry, checked for syntax and for seq order, or nil at the end.
  @inline(__always)
  mutating func next(path: String) throws(JournalError) -> LogEntry? {
    guard let line = try lines.next() else { return nil }
    let entry: LogEntry
    do {
      entry = try JournalFormat.decodeEvent(line, version: version, context: &context)
    } catch {
      throw .badLine(path: path, line: lines.lineNumber, error)
    }
    let expected = lastSeq + 1
    guard entry.seq == expected else {
      let problem: JournalLineError =
        entry.seq > expected
        ? .seqGap(found: entry.seq, expected: expected)
        : .seqRepeat(found: entry.seq, expected: expected)
      throw .badLine(path: path, line: lines.lineNumber, problem)
    }
    lastSeq = entry.seq
    return entry
  }
}

/// Splits a file into lines through one fixed buffer: a little over one longest line plus
/// one read. (Also the push log's reader's, in IslandPush.)
package struct LineSplitter: ~Copyable {
  let path: String
  /// The number of the last line returned.
  package private(set) var lineNumber = 0
  /// A torn last line, once seen.
  package private(set) var warnings: [JournalWarning] = []

  private var descriptor: Int32
  private let buffer: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private var start = 0
  private var end = 0
  private var atEndOfFile = false

  /// How much is asked of the system at a time: little enough that the bytes read are still
  /// in the core's cache when they are decoded, and that a journal of short lines touches
  /// only that much of the buffer, not the room kept for a longest line.
  static let chunkSize = 1 << 18

  package init(path: String) throws(JournalError) {
    self.path = path
    let descriptor = try RegularFile.openRegular(path, flags: O_RDONLY)
    self.descriptor = descriptor
    capacity = JournalFormat.maximumLineLength + 1 + LineSplitter.chunkSize
    buffer = .allocate(capacity: capacity)
  }

  deinit {
    if descriptor >= 0 { closeDescriptor(descriptor) }
    buffer.deallocate()
  }

  /// The next whole line's bytes (without the newline), valid until the next call; nil at
  /// the end (after noting a torn last line).
  package mutating func next() throws(JournalError) -> UnsafeBufferPointer<UInt8>? {
    while true {
      if start < end, let newline = memchr(buffer + start, 0x0A, end - start) {
        let lineEnd = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        let line = UnsafeBufferPointer(start: buffer + start, count: lineEnd - start)
        start = lineEnd + 1
        lineNumber += 1
        guard line.count <= JournalFormat.maximumLineLength else {
          throw .badLine(
            path: path, line: lineNumber, .lineTooLong(limit: JournalFormat.maximumLineLength))
        }
        return line
      }
      guard end - start <= JournalFormat.maximumLineLength else {
        throw .badLine(
          path: path, line: lineNumber + 1, .lineTooLong(limit: JournalFormat.maximumLineLength))
      }
      if atEndOfFile {
        if start < end {
          warnings.append(.tornLastLine(path: path, line: lineNumber + 1, bytes: end - start))
          start = end
        }
        return nil
      }
      try fill()
    }
  }

  /// Moves the partial line to the front of the buffer and reads more after it.
  private mutating func fill() throws(JournalError) {
    if start > 0 {
      if start < end { memmove(buffer, buffer + start, end - start) }
      end -= start
      start = 0
    }
    while true {
      let count = read(descriptor, buffer + end, min(capacity - end, LineSplitter.chunkSize))
      if count > 0 {
        end += count
        return
      }
      if count == 0 {
        atEndOfFile = true
        closeDescriptor(descriptor)
        descriptor = -1
        return
      }
      if errno != EINTR { throw .io(path: path, reason: "read failed: " + systemMessage(errno)) }
    }
  }
}
