import IslandCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes a journal's entries on a second thread, a few batches ahead of the fold that
/// takes them: a long replay then lasts about as long as the slower of decoding and folding,
/// not their sum.
///
/// The reader belongs to the decoding thread from ``init(reader:)`` until ``stop()`` returns
/// (the thread has ended): only then may the caller look at it again. Batches come in file
/// order; the first error ends the batches, so the fold sees every entry before it first.
/// At most ``depth`` batches wait, so memory stays bounded whatever the journal's length.
final class DecodingPipeline: @unchecked Sendable {
  /// Entries decoded in a row, with their line numbers; and how the run of batches ended,
  /// in the last one.
  struct Batch {
    var entries: [LogEntry] = []
    var lines: [Int] = []
    /// The error that stopped the decoding, after the entries.
    var error: JournalError?
    /// Whether no batch follows (the end of the file, or an error).
    var isLast = false
  }

  /// Entries per batch: a hand-off costs one lock a batch, and what waits between the two
  /// threads (at most ``depth`` batches) stays small beside the state.
  static let batchSize = 512
  /// Batches decoded ahead at most.
  static let depth = 8
  /// How many batches may still wait when a decoding thread that found no room goes on: it
  /// is woken once the fold has taken half of them, and decodes several in a row, rather than
  /// woken for every batch taken (waking a sleeping thread costs more than a batch's hand-off).
  static let resumeAt = depth / 2

  private let reader: JournalReader
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Guarded by `mutex`: the batches decoded and not yet taken, those folded and given back,
  /// and whether the fold stopped.
  private var ready: [Batch] = []
  private var spent: [Batch] = []
  private var stopped = false
  private var thread: pthread_t?

  /// Starts decoding `reader`'s entries on a new thread (or, if no thread can be made,
  /// leaves it all to ``next()`` on the caller's).
  init(reader: JournalReader) {
    self.reader = reader
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let pipeline = Unmanaged<DecodingPipeline>.fromOpaque(context).takeRetainedValue()
        pipeline.decode()
        return nil
      }, context)
    if started == 0 {
      self.thread = thread
    } else {
      Unmanaged<DecodingPipeline>.fromOpaque(context).release()
    }
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }

  /// The next batch, waiting for it if need be.
  func next() -> Batch {
    guard thread != nil else { return DecodingPipeline.decodeBatch(reader) }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while ready.isEmpty { pthread_cond_wait(changed, mutex) }
    let batch = ready.removeFirst()
    if ready.count == DecodingPipeline.resumeAt { pthread_cond_broadcast(changed) }
    return batch
  }

  /// Gives a folded batch back: the decoding thread frees its entries (and reuses its
  /// storage), so that the memory is freed by the thread that allocated it and the fold's
  /// thread spends no time on it.
  func recycle(_ batch: consuming Batch) {
    guard thread != nil else { return }
    pthread_mutex_lock(mutex)
    spent.append(batch)
    pthread_mutex_unlock(mutex)
  }

  /// Stops the decoding and waits for its thread to end; the reader is the caller's again.
  func stop() {
    guard let thread else { return }
    pthread_mutex_lock(mutex)
    stopped = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
    pthread_join(thread, nil)
    self.thread = nil
  }

  /// The decoding thread: batches until the last, or until the fold stops.
  private func decode() {
    while true {
      pthread_mutex_lock(mutex)
      var storage = spent.popLast() ?? Batch()
      let freed = spent
      spent = []
      pthread_mutex_unlock(mutex)
      _ = consume freed
      storage.entries.removeAll(keepingCapacity: true)
      storage.lines.removeAll(keepingCapacity: true)
      let batch = DecodingPipeline.decodeBatch(reader, into: storage)
      pthread_mutex_lock(mutex)
      if ready.count >= DecodingPipeline.depth {
        while ready.count > DecodingPipeline.resumeAt && !stopped {
          pthread_cond_wait(changed, mutex)
        }
      }
      let done = stopped || batch.isLast
      if !stopped { ready.append(batch) }
      pthread_cond_broadcast(changed)
      pthread_mutex_unlock(mutex)
      if done { return }
    }
  }

  private static func decodeBatch(_ reader: JournalReader, into storage: Batch = Batch())
    -> Batch
  {
    var batch = storage
    batch.entries.reserveCapacity(batchSize)
    batch.lines.reserveCapacity(batchSize)
    do {
      while batch.entries.count < batchSize {
        guard let entry = try reader.next() else {
          batch.isLast = true
          break
        }
        batch.entries.append(consume entry)
        batch.lines.append(reader.lineNumber)
      }
    } catch {
      batch.error = error
      batch.isLast = true
    }
    return batch
  }
}

extension FileSystem {
  /// The size of the file at `path` in bytes (0 when it cannot be read).
  static func size(of path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
  }
}
