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
    /// A new file, every write at its end; an existing file is an error.
    case create
  }

  init(path: String, mode: Mode) throws(JournalError) {
    let flags: Int32
    switch mode {
    case .readWrite: flags = O_RDWR | O_CLOEXEC
    case .append: flags = O_WRONLY | O_APPEND | O_CLOEXEC
    case .create: flags = O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC
    }
    let descriptor = open(path, flags, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      if mode == .create, code == EEXIST { throw .alreadyExists(path: path) }
      if mode == .create { throw .io(path: path, reason: "cannot create: " + systemMessage(code)) }
      throw .cannotOpen(path: path, reason: systemMessage(code))
    }
    guard LockedFile.lock(descriptor) == 0 else {
      let code = errno
      closeDescriptor(descriptor)
      if code == EWOULDBLOCK { throw .locked(path: path) }
      throw .io(path: path, reason: "cannot lock: " + systemMessage(code))
    }
    super.init(path: path, descriptor: descriptor)
  }

  /// Takes the exclusive lock on `descriptor` without waiting for another writer; returns
  /// `flock`'s result. A lock held elsewhere is asked for again a few times over 100 ms:
  /// while another thread of this process spawns a child, the child holds a copy of every
  /// descriptor (and so of a lock just released) until it starts its program.
  private static func lock(_ descriptor: Int32) -> Int32 {
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

/// Whole-file operations that must not leave a half-written file behind.
enum FileSystem {
  /// Writes `bytes` to a temporary file beside `path`, syncs it, and renames it over `path`.
  static func replaceAtomically(path: String, bytes: [UInt8]) throws(JournalError) {
    let temporary = path + ".tmp-" + String(getpid())
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .io(path: path, reason: "cannot create \(temporary): " + systemMessage(errno))
    }
    let file = OpenFile(path: temporary, descriptor: descriptor)
    try file.append(bytes)
    try file.sync()
    file.close()
    guard rename(temporary, path) == 0 else {
      let message = systemMessage(errno)
      unlink(temporary)
      throw .io(path: path, reason: "rename failed: " + message)
    }
    syncDirectory(of: path)
  }

  /// Copies the whole of `source` to a new file `destination` (replaced if it exists), synced.
  static func copy(from source: LockedFile, to destination: String) throws(JournalError) {
    let descriptor = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .io(path: destination, reason: "cannot create: " + systemMessage(errno))
    }
    let file = OpenFile(path: destination, descriptor: descriptor)
    let size = try source.size()
    var offset = 0
    while offset < size {
      let bytes = try source.read(at: offset, count: min(1 << 20, size - offset))
      if bytes.isEmpty { break }
      try file.append(bytes)
      offset += bytes.count
    }
    try file.sync()
    file.close()
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
