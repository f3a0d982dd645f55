import Foundation

/// How far this process has read a file it has open, for the progress of one long replay:
/// Linux's `/proc/self/fdinfo` gives the offset of each open descriptor. The replay reads
/// ahead on a second thread, so the offset is a little ahead of the fold: a progress figure,
/// not a count of events.
enum ReadProgress {
  /// The offset of the first descriptor open on `path`, if this process has it open.
  static func offset(ofOpen path: String) -> Int? {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    else { return nil }
    for descriptor in descriptors {
      guard
        let link = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/fd/" + descriptor),
        link == target,
        let info = try? String(contentsOfFile: "/proc/self/fdinfo/" + descriptor, encoding: .utf8)
      else { continue }
      for line in info.split(separator: "\n") where line.hasPrefix("pos:") {
        return Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
      }
    }
    return nil
  }

  /// Runs `work` (a replay of the file at `path`, `size` bytes) on another thread while this
  /// one shows, on standard error, how much of the file it has read; returns what `work`
  /// returned once the line is cleared. `work` must not write to the terminal: the caller
  /// gives it buffers.
  static func showing<Result: Sendable>(
    _ name: String, path: String, size: Int, _ work: @escaping @Sendable () -> Result
  ) -> Result {
    let result = Locked<Result?>(nil)
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      result.set(work())
      finished.signal()
    }
    let started = ContinuousClock.now
    var shown = false
    while finished.wait(timeout: .now() + .milliseconds(250)) == .timedOut {
      guard let offset = offset(ofOpen: path), size > 0 else { continue }
      let elapsed = ContinuousClock.now - started
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      let rate = seconds > 0 ? Double(offset) / seconds : 0
      var line =
        "  replay \(TerminalText.quoted(name)): \(min(100, offset * 100 / size))% of "
        + "\(size / 1_000_000) MB, \(Int(rate / 1_000_000)) MB/s"
      if rate > 0 {
        line += ", \(Progress.duration(Int((Double(size - offset) / rate).rounded(.up)))) left"
      }
      StandardStream.report(inPlace: line)
      shown = true
    }
    if shown { StandardStream.report(inPlace: "") }
    // Set before the semaphore was signalled.
    guard let value = result.get() else { preconditionFailure("the replay set no result") }
    return value
  }
}

/// A value shared between threads under a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func get() -> Value { lock.withLock { value } }
  func set(_ newValue: Value) { lock.withLock { value = newValue } }
}

/// The size of a file.
enum FileSystemSize {
  /// The size in bytes of the file at `path`; 0 when it cannot be told.
  static func of(_ path: String) -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { return 0 }
    return Int(status.st_size)
  }
}
