import Foundation
import Synchronization

/// Ctrl-C as a request rather than an end: once ``install()`` has run, SIGINT only marks an
/// interruption pending, and whoever runs a long job asks ``isPending`` between its steps
/// (the REPL between a script's lines, `island fuzz` between its cases) and stops there,
/// keeping what it has done.
public enum Interruption {
  /// Catches SIGINT from now on (a read it interrupts is restarted, as BSD's `signal` does),
  /// and unblocks it on the calling thread: a parent that blocked it (a test runner's
  /// thread) must not keep Ctrl-C from the process.
  public static func install() {
    signal(SIGINT, { _ in pending.store(true, ordering: .relaxed) })
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
  }

  /// Whether Ctrl-C was pressed since the last ``take()``.
  public static var isPending: Bool { pending.load(ordering: .relaxed) }

  /// Whether Ctrl-C was pressed since the last call; clears it.
  @discardableResult
  public static func take() -> Bool { pending.exchange(false, ordering: .relaxed) }
}

/// Set by the signal handler: a lock-free atomic store is safe in one.
private let pending = Atomic<Bool>(false)
