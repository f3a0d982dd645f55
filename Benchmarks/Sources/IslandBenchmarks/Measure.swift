import Foundation
import IslandProperties

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The median of `values` (the upper one of an even count).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// How long `body` takes, in seconds.
@inline(never)
func time(_ body: () throws -> Void) rethrows -> Double {
  let start = monotonicSeconds()
  try body()
  return monotonicSeconds() - start
}

/// A child process run to completion.
struct ChildRun {
  /// Its wall-clock time, from spawn to exit, in seconds.
  var seconds: Double
  /// Its peak resident memory (`ru_maxrss`), in bytes.
  var peakBytes: Int
  /// Its exit status (`-1` when it did not exit normally).
  var status: Int32
}

/// Why a child process could not be run.
struct ChildError: Error, CustomStringConvertible {
  var description: String
}

/// Runs `arguments` and measures it, from a fresh, small copy of this program
/// (`island-bench measure-child ARGUMENTS...`, see ``measureChild(_:)``).
///
/// Linux charges a child, in `ru_maxrss`, the resident memory of the process it was forked
/// from as it was at the `exec`: spawned from this process, which holds a million generated
/// events, every child would seem to peak at this process's size. Spawned from a fresh copy
/// of the program, it is charged at most that copy's few megabytes.
func runChild(_ arguments: [String]) throws -> ChildRun {
  let output = try outputOfFreshCopy(["measure-child"] + arguments)
  let fields = output.split(separator: " ")
  guard fields.count == 3, let seconds = Double(fields[0]), let peak = Int(fields[1]),
    let exit = Int32(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
  else {
    throw ChildError(description: "cannot run \(arguments[0]): \(output)")
  }
  return ChildRun(seconds: seconds, peakBytes: peak, status: exit)
}

/// What a fresh copy of this program run with `arguments` prints on standard output: a
/// measure taken in a process of its own, which nothing this one did before has shaped (its
/// heap, its caches), as a user's command would be.
func outputOfFreshCopy(_ arguments: [String]) throws -> String {
  var pipe: [Int32] = [0, 0]
  guard Glibc.pipe(&pipe) == 0 else { throw ChildError(description: "pipe failed") }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
  posix_spawn_file_actions_addclose(&actions, pipe[0])
  let helper = ["/proc/self/exe"] + arguments
  let argv = helper.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, environ)
  close(pipe[1])
  guard spawned == 0 else {
    close(pipe[0])
    throw ChildError(description: "cannot run island-bench: \(String(cString: strerror(spawned)))")
  }
  var output: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 256)
  while true {
    let count = read(pipe[0], &chunk, chunk.count)
    if count > 0 { output += chunk[..<count] } else if count == 0 || errno != EINTR { break }
  }
  close(pipe[0])
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  return String(decoding: output, as: UTF8.self)
}

/// `island-bench measure-child ARGUMENTS...`: runs the arguments as ``spawnAndWait(_:)``
/// does and prints `SECONDS PEAK-BYTES STATUS`.
func measureChild(_ arguments: [String]) -> Never {
  do {
    let run = try spawnAndWait(arguments)
    print("\(run.seconds) \(run.peakBytes) \(run.status)")
    exit(0)
  } catch {
    print("\(error)")
    exit(1)
  }
}

/// Runs `arguments` (the first is looked up on `PATH` when it has no slash) with standard
/// output and error sent to /dev/null, and measures it: wall time and, from `wait4`'s
/// resource usage, the child's peak memory.
func spawnAndWait(_ arguments: [String]) throws -> ChildRun {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var pid: pid_t = 0
  let argv = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  let start = monotonicSeconds()
  let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
  guard spawned == 0 else {
    throw ChildError(
      description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 {
    guard errno == EINTR else { throw ChildError(description: "wait4 failed") }
  }
  let seconds = monotonicSeconds() - start
  let exited = status & 0x7F == 0
  return ChildRun(
    seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024,
    status: exited ? (status >> 8) & 0xFF : -1)
}

/// Whether `command` can be found on `PATH`.
func commandExists(_ command: String) -> Bool {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").contains {
    access("\($0)/\(command)", X_OK) == 0
  }
}

/// `island-bench fuzz-rates`: cases of exactly 50 events from IslandProperties' generator,
/// per second on this thread, each rate over `seconds`: generated and folded; then as
/// `island fuzz` runs them, generated and folded once with the invariants checked after every
/// event, 100 cases a batch. A failing case is told on standard error.
func fuzzingRates(seconds: Double) -> (generated: Double, checked: Double) {
  let options = GenerationOptions.fiftyEvents
  func rate(_ body: (UInt64) -> Void) -> Double {
    var count: UInt64 = 0
    let start = monotonicSeconds()
    while monotonicSeconds() - start < seconds {
      for _ in 0..<100 {
        body(count)
        count += 1
      }
    }
    return Double(count) / (monotonicSeconds() - start)
  }
  let generated = rate { seed in
    _ = EventGenerator.generate(seed: seed, options: options)
  }
  let runner = PropertyRunner(property: .invariants, options: options)
  let checked = rate { seed in
    guard seed % 100 == 0 else { return }
    if let failure = runner.run(seed: seed, runs: 100).counterexample {
      FileHandle.standardError.write(Data("island-bench: fuzz case failed: \(failure)\n".utf8))
    }
  }
  return (generated, checked)
}

extension GenerationOptions {
  /// Cases of exactly 50 events, otherwise as by default: the cases the fuzzing target is
  /// set in.
  static var fiftyEvents: GenerationOptions {
    var options = GenerationOptions(maximumLength: 50)
    options.minimumLength = 50
    return options
  }
}
