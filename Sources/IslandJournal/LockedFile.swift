#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file held open by its descriptor, closed when done (or when the value goes away):
/// whole writes, syncs and reads at an offset.
class OpenFile {
  let path: String
  private(set) var descriptor: Int32

  /// Takes over `descriptor`, open on `path`.
  init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close() }

  /// Gives up the descriptor to the caller: this value no longer closes it.
  func takeDescriptor() -> Int32 {
    defer { descriptor = -1 }
    return descriptor
  }

  /// Closes the file (releasing its lock, if it holds one).
  func close() {
    guard descriptor >= 0 else { return }
    closeDescriptor(descriptor)
    descriptor = -1
  }

  private func failure(_ what: String) -> JournalError {
    .io(path: path, reason: what + " failed: " + systemMessage(errno))
  }

  /// Writes all of `bytes` where the file stands (its end, for a file opened to append or
  /// just created): one `write` call unless the system takes less.
  func append(_ bytes: [UInt8]) throws(JournalError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        write(descriptor, raw.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure("write")
      }
      written += count
    }
  }

  /// Flushes the file's data to the disk.
  func sync() throws(JournalError) {
    guard fsync(descriptor) == 0 else { throw failure("fsync") }
  }

  /// The file's size in bytes.
  func size() throws(JournalError) -> Int {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure("stat") }
    return Int(status.st_size)
  }

  /// Reads up to `count` bytes at `offset`.
  func read(at offset: Int, count: Int) throws(JournalError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes { raw in
        pread(descriptor, raw.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw failure("read")
      }
      if got == 0 { break }
      done += got
    }
    return Array(bytes[0..<done])
  }

  /// The byte at `offset`.
  func byte(at offset: Int) throws(JournalError) -> UInt8? {
    try read(at: offset, count: 1).first
  }

  /// The offset just after the last newline before `limit`, or 0 if there is none.
  func endOfLastLine(before limit: Int) throws(JournalError) -> Int {
    let chunk = 1 << 16
    var upper = limit
    while upper > 0 {
      let lower = max(0, upper - chunk)
      let bytes = try read(at: lower, count: upper - lower)
      if let index = bytes.lastIndex(of: 0x0A) { return lower + index + 1 }
      upper = lower
    }
    return 0
  }

  /// The number of newlines in the first `limit` bytes.
  func countNewlines(upTo limit: Int) throws(JournalError) -> Int {
    let chunk = 1 << 20
    var count = 0
    var offset = 0
    while offset < limit {
      let bytes = try read(at: offset, count: min(chunk, limit - offset))
      if bytes.isEmpty { break }
      count += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      offset += bytes.count
    }
    return count
  }

  /// Cuts the file to `length` bytes and syncs it.
  func truncate(to length: Int) throws(JournalError) {
    guard ftruncate(descriptor, off_t(length)) == 0 else { throw failure("truncate") }
    try sync()
  }
}

/// A journal file held open under an exclusive `flock`: one writer (or repair) at a time.
/// The lock goes with the descriptor, so closing it (or the process dying) releases it.
final class LockedFile: OpenFile {
  /// How the file is opened.
  enum Mode {
    /// An existing file, read and written in place (repair).
    case readWrite
    /// An existing file, every write at its end.
    case append
    /// An existing file, only to hold its lock (`save` replacing it).
    case lockOnly
  }

  /// Opens the existing regular file at `path` and takes its lock. Once locked, the path must
  /// still name the file opened: if another process renamed a file over it meanwhile, the
  /// new one is opened instead, so that a lock is never held on a file the path has left.
  init(path: String, mode: Mode) throws(JournalError) {
    let flags: Int32
    switch mode {
    case .readWrite: flags = O_RDWR
    case .append: flags = O_WRONLY | O_APPEND
    case .lockOnly: flags = O_RDONLY
    }
    var attempts = 0
    while true {
      let descriptor = try RegularFile.openRegular(path, flags: flags)
      guard LockedFile.lock(descriptor) == 0 else {
        let code = errno
        closeDescriptor(descriptor)
        if code == EWOULDBLOCK { throw .locked(path: path) }
        throw .io(path: path, reason: "cannot lock: " + systemMessage(code))
      }
      attempts += 1
      if LockedFile.names(path, descriptor) || attempts == 10 {
        super.init(path: path, descriptor: descriptor)
        return
      }
      closeDescriptor(descriptor)
    }
  }

  /// Takes over `descriptor`, open on `path` and locked already.
  private init(locked descriptor: Int32, path: String) {
    super.init(path: path, descriptor: descriptor)
  }

  /// Creates the journal `path` holding `bytes` (its header), whole or not at all: they are
  /// written to a temporary file beside it, synced and locked, and only then is the file
  /// linked in under its name (which fails if the name is taken). A crash or a full disk
  /// leaves no file at `path`, or the whole one; never an empty or half-written journal.
  static func create(path: String, holding bytes: [UInt8]) throws(JournalError) -> LockedFile {
    let temporary = try TemporaryFile(beside: path, mode: O_WRONLY | O_APPEND)
    do throws(JournalError) {
      try temporary.file.append(bytes)
      try temporary.file.sync()
      guard lock(temporary.file.descriptor) == 0 else {
        throw .io(path: path, reason: "cannot lock: " + systemMessage(errno))
      }
      guard link(temporary.path, path) == 0 else {
        let code = errno
        if code == EEXIST { throw .alreadyExists(path: path) }
        throw .io(path: path, reason: "cannot create: " + systemMessage(code))
      }
    } catch {
      temporary.remove()
      throw error
    }
    temporary.remove()
    FileSystem.syncDirectory(of: path)
    return LockedFile(locked: temporary.file.takeDescriptor(), path: path)
  }

  /// Whether `path` names the file open on `descriptor` (same device and inode).
  private static func names(_ path: String, _ descriptor: Int32) -> Bool {
    var opened = stat()
    var named = stat()
    guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
    return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
  }

  /// Takes the exclusive lock on `descriptor` without waiting for another writer; returns
  /// `flock`'s result. A lock held elsewhere is asked for again a few times over 100 ms:
  /// while another thread of this process spawns a child, the child holds a copy of every
  /// descriptor (and so of a lock just released) until it starts its program.
  fileprivate static func lock(_ descriptor: Int32) -> Int32 {
    var attempts = 0
    while true {
      let result = flock(descriptor, LOCK_EX | LOCK_NB)
      guard result != 0, errno == EWOULDBLOCK, attempts < 20 else { return result }
      attempts += 1
      var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
      nanosleep(&pause, nil)
    }
  }
}

/// A new file of a unique name beside another, removed unless it is renamed or linked
/// into place.
struct TemporaryFile {
  /// Its path.
  let path: String
  /// The file, open for writing.
  let file: OpenFile

  /// Creates `DESTINATION.tmp-PID-N` beside `destination`, for writing with `mode`.
  init(beside destination: String, mode: Int32) throws(JournalError) {
    var generator = SystemRandomNumberGenerator()
    var attempts = 0
    while true {
      let candidate =
        destination + ".tmp-" + String(getpid()) + "-" + String(generator.next() % 1_000_000)
      let descriptor = open(candidate, mode | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if descriptor >= 0 {
        path = candidate
        // Its errors name the file it stands for.
        file = OpenFile(path: destination, descriptor: descriptor)
        return
      }
      let code = errno
      attempts += 1
      guard code == EEXIST, attempts < 100 else {
        throw .io(path: destination, reason: "cannot create: " + systemMessage(code))
      }
    }
  }

  /// Removes the file's name (it stays open until closed).
  func remove() {
    unlink(path)
  }
}

/// Opening only regular files: a FIFO, a device or a directory named as a journal or a
/// script is refused with a clear error, never waited on.
public enum RegularFile {
  /// Opens `path` with `flags` without blocking (a FIFO opens at once), refuses anything
  /// but a regular file, and returns the descriptor in blocking mode.
  static func openRegular(_ path: String, flags: Int32) throws(JournalError) -> Int32 {
    let descriptor = open(path, flags | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      // Opening a FIFO to write, without blocking, fails so when no one reads it.
      if code == ENXIO { throw .cannotOpen(path: path, reason: notRegular(S_IFIFO)) }
      throw .cannotOpen(path: path, reason: systemMessage(code))
    }
    try requireRegular(descriptor, path: path)
    return descriptor
  }

  /// Closes `descriptor` and throws unless it is a regular file; otherwise clears
  /// `O_NONBLOCK`.
  static func requireRegular(_ descriptor: Int32, path: String) throws(JournalError) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      closeDescriptor(descriptor)
      throw .cannotOpen(path: path, reason: systemMessage(code))
    }
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFREG else {
      closeDescriptor(descriptor)
      throw .cannotOpen(path: path, reason: notRegular(kind))
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
  }

  /// `it is a FIFO, not a regular file` (or a directory, a device, a socket).
  static func notRegular(_ kind: mode_t) -> String {
    let what: String
    switch kind {
    case S_IFDIR: what = "a directory"
    case S_IFIFO: what = "a FIFO (named pipe)"
    case S_IFCHR: what = "a character device"
    case S_IFBLK: what = "a block device"
    case S_IFSOCK: what = "a socket"
    default: what = "not a file"
    }
    return "it is \(what), not a regular file"
  }

  /// The whole contents of the regular file at `path` (a script, a small journal).
  public static func contents(of path: String) throws(JournalError) -> [UInt8] {
    let file = OpenFile(path: path, descriptor: try openRegular(path, flags: O_RDONLY))
    var bytes: [UInt8] = []
    while true {
      let chunk = try file.read(at: bytes.count, count: 1 << 16)
      if chunk.isEmpty { break }
      bytes += chunk
    }
    return bytes
  }
}

/// Whole-file operations that must not leave a half-written file behind.
enum FileSystem {
  /// Writes `bytes` to a temporary file beside `path`, syncs it, and renames it over `path`.
  /// On any failure (a full disk) the temporary file is removed and `path` is as it was.
  static func replaceAtomically(path: String, bytes: [UInt8]) throws(JournalError) {
    let temporary = try TemporaryFile(beside: path, mode: O_WRONLY)
    do throws(JournalError) {
      try temporary.file.append(bytes)
      try temporary.file.sync()
      temporary.file.close()
      guard rename(temporary.path, path) == 0 else {
        throw .io(path: path, reason: "cannot replace it: " + systemMessage(errno))
      }
    } catch {
      temporary.remove()
      throw error
    }
    syncDirectory(of: path)
  }

  /// Copies the whole of `source` to `destination`, replacing it only once the copy is whole
  /// and synced (a temporary file renamed over it): a failure leaves `destination` as it was.
  static func copy(from source: LockedFile, to destination: String) throws(JournalError) {
    let temporary = try TemporaryFile(beside: destination, mode: O_WRONLY)
    do throws(JournalError) {
      let size = try source.size()
      var offset = 0
      while offset < size {
        let bytes = try source.read(at: offset, count: min(1 << 20, size - offset))
        if bytes.isEmpty { break }
        try temporary.file.append(bytes)
        offset += bytes.count
      }
      try temporary.file.sync()
      temporary.file.close()
      guard rename(temporary.path, destination) == 0 else {
        throw .io(path: destination, reason: "cannot replace it: " + systemMessage(errno))
      }
    } catch {
      temporary.remove()
      throw error
    }
    syncDirectory(of: destination)
  }

  /// Syncs the directory holding `path`, so that a file created or renamed there survives a
  /// crash. Best effort: some file systems refuse to sync a directory.
  static func syncDirectory(of path: String) {
    var directory = "."
    if let slash = path.lastIndex(of: "/") {
      directory = slash == path.startIndex ? "/" : String(path[..<slash])
    }
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    closeDescriptor(descriptor)
  }
}
