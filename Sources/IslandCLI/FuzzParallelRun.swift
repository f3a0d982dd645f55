import Foundation
import IslandProperties
import IslandTerminal
import Synchronization

/// A property's cases checked on several threads, with the result of checking them one after
/// the other: the cases are numbered as ``PropertyRunner`` numbers them, each is checked on
/// its own (`run(seed: caseSeed, runs: 1)`), and the first failure is the failing case of
/// the lowest number, whichever thread found it first. So the counts, the failure and its
/// shrunk journal depend on the seed only, never on how many threads ran.
enum ParallelRun {
  /// What checking a property's cases found.
  struct Result {
    /// The cases checked: up to and including the first failure, or all of them.
    var cases: Int
    /// The events in those cases.
    var events: Int
    /// The first failure, shrunk.
    var counterexample: Counterexample?
    /// Whether Ctrl-C stopped it: then `cases` and `events` count the cases checked without a
    /// gap from the first.
    var interrupted: Bool
  }

  /// Cases handed to a thread at a time.
  static let blockSize = 16

  /// What one block of cases found.
  private struct Block {
    var cases = 0
    var events = 0
    var counterexample: Counterexample?
  }

  /// Checks `runs` cases of `runner`'s property from `seed` on `jobs` threads, calling
  /// `progress` with the cases done, now and then, from the calling thread.
  static func run(
    _ runner: PropertyRunner, seed: UInt64, runs: Int, jobs: Int,
    progress: ((Int) -> Void)?
  ) -> Result {
    let blockCount = (runs + blockSize - 1) / blockSize
    let blocks = Mutex<[Block?]>(Array(repeating: nil, count: blockCount))
    let next = Atomic<Int>(0)
    let lowestFailure = Atomic<Int>(Int.max)
    let done = Atomic<Int>(0)
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, blockCount))) { _ in
        while !Interruption.isPending {
          let index = next.add(1, ordering: .relaxed).oldValue
          guard index < blockCount, index < lowestFailure.load(ordering: .relaxed) else { return }
          var block = Block()
          for caseIndex in index * blockSize..<min(runs, (index + 1) * blockSize) {
            if Interruption.isPending { return }
            let caseSeed = PropertyRunner.caseSeed(run: seed, index: caseIndex)
            let one = runner.run(seed: caseSeed, runs: 1)
            block.cases += 1
            block.events += one.events
            done.add(1, ordering: .relaxed)
            if var counterexample = one.counterexample {
              counterexample.runSeed = seed
              counterexample.caseIndex = caseIndex
              block.counterexample = counterexample
              lowestFailure.min(index, ordering: .relaxed)
              break
            }
          }
          blocks.withLock { $0[index] = block }
        }
      }
      finished.signal()
    }
    while finished.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
      progress?(done.load(ordering: .relaxed))
    }
    var result = Result(cases: 0, events: 0, counterexample: nil, interrupted: false)
    for block in blocks.withLock({ $0 }) {
      // A gap: a block that Ctrl-C stopped, or never started.
      guard let block else {
        result.interrupted = true
        break
      }
      result.cases += block.cases
      result.events += block.events
      if let counterexample = block.counterexample {
        result.counterexample = counterexample
        return result
      }
    }
    if Interruption.isPending { result.interrupted = true }
    return result
  }
}

/// The progress line of a long run, on standard error when it is a terminal: cases done,
/// rate, time left. Redrawn in place, and cleared before the result is printed.
final class Progress {
  private var shown = false

  /// Shows `done` of `total` cases of `name`, started at `start`.
  func show(_ name: String, done: Int, of total: Int, since start: ContinuousClock.Instant) {
    let elapsed = ContinuousClock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let rate = seconds > 0 ? Double(done) / seconds : 0
    let left = rate > 0 ? Int((Double(total - done) / rate).rounded(.up)) : nil
    let percent = total > 0 ? done * 100 / total : 100
    var line = "  \(name): \(done)/\(total) cases (\(percent)%), \(Int(rate.rounded())) cases/s"
    if let left { line += ", \(Progress.duration(left)) left" }
    StandardStream.report(inPlace: line)
    shown = true
  }

  /// Removes the line.
  func clear() {
    if shown { StandardStream.report(inPlace: "") }
    shown = false
  }

  /// `42s`, `3m05s`, `1h02m`.
  static func duration(_ seconds: Int) -> String {
    if seconds < 60 { return "\(seconds)s" }
    if seconds < 3600 { return "\(seconds / 60)m" + String(format: "%02ds", seconds % 60) }
    return "\(seconds / 3600)h" + String(format: "%02dm", seconds / 60 % 60)
  }
}

extension StandardStream {
  /// Writes `text` over the current line of standard error (a terminal's).
  static func report(inPlace text: String) {
    var stream = StandardStream.error
    stream.append("\r\u{1B}[K" + text)
    stream.flush()
  }
}
