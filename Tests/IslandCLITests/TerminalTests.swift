import Foundation
import Testing

/// The REPL on a real pseudo-terminal: `island` runs inside a private tmux server, the test
/// types keys into it and reads the screen back. Every wait polls the screen until a deadline,
/// so the test never depends on timing.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed (.ci/deps installs it)"))
struct TerminalTests {
  @Test func promptHistoryRecallAndTabCompletionWorkThroughLibedit() throws {
    let home = try Executable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let history = home.appendingPathComponent("history")
    let tmux = try Tmux(
      command: IslandProcess.executable,
      environment: ["HOME": home.path, "ISLAND_HISTORY": history.path, "NO_COLOR": "1"])
    defer { tmux.stop() }

    // The welcome line, and the prompt with the seq and the mode.
    try tmux.waitForScreen { $0.contains("`help` lists commands; Playground/ has scenarios.") }
    try tmux.waitForLastLine("island[0 idle]> ")

    // Tab completes a command, a layout, an activity id and a state field.
    try tmux.type("star")
    try tmux.press("Tab")
    try tmux.waitForLastLine("island[0 idle]> start ")
    try tmux.type("pizza com.example.food --layout deli")
    try tmux.press("Tab")
    try tmux.waitForLastLine("island[0 idle]> start pizza com.example.food --layout delivery ")
    try tmux.type(
      "orderStatusIcon=flame.fill minutesLeft=20 restaurantName=Roma deliveryProgress=0.1 "
        + "statusText=Cooking")
    try tmux.press("Enter")
    try tmux.waitForLastLine("island[1 compact]> ")
    try tmux.type("upd")
    try tmux.press("Tab")
    try tmux.press("Tab")
    try tmux.waitForLastLine("island[1 compact]> update pizza ")
    try tmux.type("minutesL")
    try tmux.press("Tab")
    try tmux.waitForLastLine("island[1 compact]> update pizza minutesLeft=")
    try tmux.type("19")
    try tmux.press("Enter")
    try tmux.waitForLastLine("island[2 compact]> ")
    #expect(try tmux.screen().contains("transition: pizza compactTrailing 20м -> 19м"))

    // When the candidates share nothing more, Tab lists them.
    try tmux.type("s")
    try tmux.press("Tab")
    try tmux.waitForScreen { screen in
      screen.split(separator: "\n").contains { line in
        ["save", "show", "start", "state"].allSatisfy { line.contains($0) }
      }
    }
    try tmux.press("BSpace")

    // Up recalls the lines before, newest first; Down comes back.
    try tmux.press("Up")
    try tmux.waitForLastLine("island[2 compact]> update pizza minutesLeft=19")
    try tmux.press("Up")
    try tmux.waitForLastLine { $0.hasPrefix("island[2 compact]> start pizza com.example.food") }
    try tmux.press("Down")
    try tmux.waitForLastLine("island[2 compact]> update pizza minutesLeft=19")
    try tmux.press("Enter")
    try tmux.waitForLastLine("island[3 compact]> ")

    // The first quit says the events are not saved, and stays; the second leaves.
    try tmux.type("quit")
    try tmux.press("Enter")
    try tmux.waitForScreen { $0.contains("3 events are not saved: `save FILE` writes them") }
    try tmux.type("quit")
    try tmux.press("Enter")
    try tmux.waitForExit()

    // The history file is private, and holds the lines (libedit's encoding: \040 a space).
    let attributes = try FileManager.default.attributesOfItem(atPath: history.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let saved = try String(contentsOf: history, encoding: .utf8)
    #expect(saved.contains("update\\040pizza\\040minutesLeft=19"))
    #expect(saved.contains("start\\040pizza\\040com.example.food"))
  }

  @Test func historyFromAnEarlierSessionIsRecalled() throws {
    let home = try Executable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let history = home.appendingPathComponent("history")
    let environment = ["HOME": home.path, "ISLAND_HISTORY": history.path, "NO_COLOR": "1"]
    do {
      let first = try Tmux(command: IslandProcess.executable, environment: environment)
      defer { first.stop() }
      try first.waitForLastLine("island[0 idle]> ")
      try first.type("explain")
      try first.press("Enter")
      try first.waitForScreen { $0.contains("no activity has started") }
      try first.press("C-d")
      try first.waitForExit()
    }
    let second = try Tmux(command: IslandProcess.executable, environment: environment)
    defer { second.stop() }
    try second.waitForLastLine("island[0 idle]> ")
    try second.press("Up")
    try second.waitForLastLine("island[0 idle]> explain")
  }

  /// Issue 13, defect 14: a history file readable by others stayed so until a line was entered.
  @Test func aHistoryFileReadableByOthersIsMadePrivateAtOnce() throws {
    let home = try Executable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let history = home.appendingPathComponent("history")
    #expect(FileManager.default.createFile(atPath: history.path, contents: Data("explain\n".utf8)))
    #expect(chmod(history.path, 0o644) == 0)
    let environment = ["HOME": home.path, "ISLAND_HISTORY": history.path, "NO_COLOR": "1"]
    let session = try Tmux(command: IslandProcess.executable, environment: environment)
    defer { session.stop() }
    try session.waitForLastLine("island[0 idle]> ")
    let attributes = try FileManager.default.attributesOfItem(atPath: history.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    try session.press("C-d")
    try session.waitForExit()
  }

  /// A shell script in `directory` that runs `body`, for `/bin/sh` to read (not to execute:
  /// a file just written may still be open in a child another test forked, and exec would
  /// fail): what tmux starts when a test needs more than `env VAR=VALUE island`.
  private func script(_ body: String, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("run.sh").path
    try (body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func ctrlCCancelsTheLineAndStopsAScriptButKeepsTheSession() throws {
    let home = try Executable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // A script long enough to be running when Ctrl-C comes.
    let long = home.appendingPathComponent("long.island")
    try String(repeating: "wait 1s\n", count: 100_000).write(
      to: long, atomically: true, encoding: .utf8)
    // The shell outlives Ctrl-C (a terminal sends SIGINT to the whole foreground group, and
    // so does libedit, passing it on), to print how island exited.
    let command = try script(
      "trap : INT\n\(IslandProcess.executable)\necho \"island exited: $?\"\nsleep 60", in: home)
    let tmux = try Tmux(
      command: "/bin/sh", arguments: [command],
      environment: ["HOME": home.path, "ISLAND_HISTORY": "", "NO_COLOR": "1"])
    defer { tmux.stop() }
    try tmux.waitForLastLine("island[0 idle]> ")
    try tmux.type("start pizza com.example.food minutesLeft=20")
    try tmux.press("Enter")
    try tmux.waitForLastLine("island[1 compact]> ")

    // Ctrl-C on a line being typed, the cursor in its middle: the line is left on the screen
    // with ^C at its end, nothing runs, and a new prompt comes.
    try tmux.type("update pizza minutesLeft=3")
    try tmux.waitForLastLine("island[1 compact]> update pizza minutesLeft=3")
    try tmux.press("Left")
    try tmux.press("Left")
    try tmux.press("C-c")
    try tmux.waitForScreen { $0.contains("island[1 compact]> update pizza minutesLeft=3^C\n") }
    try tmux.waitForLastLine("island[1 compact]> ")
    try tmux.type("explain")
    try tmux.press("Enter")
    try tmux.waitForAnswer(to: "explain", prompt: "island[1 compact]>")
    #expect(!(try tmux.screen().contains("minutesLeft: 3")))

    // Ctrl-C during `run`: the script stops between two lines, the events it ran are kept.
    // Tab completes the script's file name.
    try tmux.type("run \(home.path)/lo")
    try tmux.press("Tab")
    try tmux.waitForLastLine("island[1 compact]> run \(long.path) ")
    try tmux.press("Enter")
    try tmux.waitForScreen("the script running") { $0.contains("> wait 1s\n#") }
    try tmux.press("C-c")
    try tmux.waitForScreen { $0.contains("interrupted: \(long.path) stopped before line") }
    try tmux.waitForLastLine("a prompt after the interrupted script") { line in
      line.hasPrefix("island[") && line.hasSuffix(" compact]> ") && !line.hasPrefix("island[1 ")
    }

    // The first quit with unsaved events says so and stays; the second leaves.
    try tmux.type("quit")
    try tmux.press("Enter")
    try tmux.waitForScreen { $0.contains("events are not saved: `save FILE` writes them") }
    try tmux.waitForLastLine { $0.hasPrefix("island[") && $0.hasSuffix("]> ") }
    // Ctrl-D leaves too, and ends its line: what follows starts on a line of its own.
    try tmux.press("C-d")
    try tmux.waitForScreen { screen in
      screen.split(separator: "\n").contains { $0 == "island exited: 0" }
    }
  }

  @Test func utf8TypedUnderACLocaleIsKept() throws {
    let home = try Executable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // `env -i`: no LANG, no LC_*: the C locale, whose encoding is ASCII.
    let command = try script(
      "exec env -i PATH=/usr/bin:/bin TERM=xterm ISLAND_HISTORY= NO_COLOR=1 "
        + IslandProcess.executable,
      in: home)
    let tmux = try Tmux(command: "/bin/sh", arguments: [command], environment: [:])
    defer { tmux.stop() }
    try tmux.waitForLastLine("island[0 idle]> ")
    try tmux.type("start ramen com.example.food title=\"東京ラーメン\" note=заказ")
    try tmux.press("Enter")
    try tmux.waitForLastLine("island[1 compact]> ")
    try tmux.type("log")
    try tmux.press("Enter")
    try tmux.waitForAnswer(to: "log", prompt: "island[1 compact]>")
    let screen = try tmux.screen()
    #expect(
      screen.contains("start ramen com.example.food note=заказ title=東京ラーメン  # 1 @0s"),
      "\(screen)")
  }
}

/// A private tmux server running one command in a pane of 200 x 50.
final class Tmux {
  static var isAvailable: Bool { executable != nil }

  private static var executable: String? {
    ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Why a wait gave up.
  struct Timeout: Error, CustomStringConvertible {
    var waitingFor: String
    var screen: String
    var description: String { "timed out waiting for \(waitingFor); the screen:\n\(screen)" }
  }

  private let socket = "island-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  private let deadline: TimeInterval = 20

  init(command: String, arguments: [String] = [], environment: [String: String]) throws {
    let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(quote($0.value))" }
    let shell =
      "exec env TERM=xterm " + assignments.joined(separator: " ") + " "
      + ([command] + arguments).map(quote).joined(separator: " ")
    _ = try run(["new-session", "-d", "-s", "repl", "-x", "200", "-y", "50", shell], output: false)
  }

  /// Stops the server, and removes its socket, which tmux leaves behind.
  func stop() {
    _ = try? run(["kill-server"], output: false)
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(directory)/tmux-\(getuid())/\(socket)")
  }

  /// Types `text` as it is.
  func type(_ text: String) throws {
    _ = try run(["send-keys", "-t", "repl", "-l", text])
  }

  /// Presses a key, as tmux names it (`Tab`, `Enter`, `Up`, `C-d`).
  func press(_ key: String) throws {
    _ = try run(["send-keys", "-t", "repl", key])
  }

  /// The screen's text, trailing blank lines dropped.
  func screen() throws -> String {
    var lines = try run(["capture-pane", "-p", "-t", "repl"]).split(
      separator: "\n", omittingEmptySubsequences: false)
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  func waitForScreen(_ description: String = "the screen", _ test: (String) -> Bool) throws {
    let end = Date().addingTimeInterval(deadline)
    var screen = ""
    while Date() < end {
      screen = try self.screen()
      if test(screen) { return }
      usleep(20_000)
    }
    throw Timeout(waitingFor: description, screen: screen)
  }

  /// Waits until the last line on the screen, spaces included, is `line`.
  /// Waits for what `command`, just entered, prints and the prompt after it. The prompt is on
  /// the last line before the command's answer comes too, so waiting for it alone would not
  /// wait at all.
  func waitForAnswer(to command: String, prompt: String) throws {
    try waitForScreen("the answer to \(command)") { screen in
      let lines = screen.split(separator: "\n")
      guard let asked = lines.lastIndex(where: { $0.hasSuffix("> " + command) }) else {
        return false
      }
      return lines.count > asked + 1 && lines.last?.hasPrefix(prompt) == true
    }
  }

  func waitForLastLine(_ line: String) throws {
    try waitForLastLine("a last line of \"\(line)\"") { $0 == line }
  }

  func waitForLastLine(_ description: String = "a last line", _ test: (String) -> Bool) throws {
    // capture-pane drops trailing spaces, so compare with them dropped too.
    try waitForScreen(description) { screen in
      let last = screen.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
      return test(String(last)) || test(String(last) + " ")
    }
  }

  /// Waits until the command has exited and the server with it.
  func waitForExit() throws {
    let end = Date().addingTimeInterval(deadline)
    while Date() < end {
      if (try? run(["has-session", "-t", "repl"], output: false)) == nil { return }
      usleep(20_000)
    }
    throw Timeout(waitingFor: "island to exit", screen: (try? screen()) ?? "")
  }

  /// Runs tmux on the private socket and returns what it printed (nothing unless `output`);
  /// throws when it fails.
  ///
  /// Not with Foundation's `Process`: it learns that a child exited from a descriptor the child
  /// inherits, and the tmux server, forked from the first client, would keep it open for
  /// ever. Here the child gets /dev/null, a file for its output, and no other descriptor.
  @discardableResult
  private func run(_ arguments: [String], output wanted: Bool = true) throws -> String {
    struct Failure: Error {
      var arguments: [String]
      var status: Int32
    }
    let path = Tmux.executable ?? "/usr/bin/tmux"
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-tmux-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, wanted ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    closeInheritedDescriptors(&actions)
    let argv = ([path, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
    let envp =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    // A test runs on a thread that blocks most signals; the tmux server must not inherit that.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw Failure(arguments: arguments, status: -spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // Exited normally (no signal) with status 0.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw Failure(arguments: arguments, status: status)
    }
    return wanted ? (try String(contentsOfFile: outputPath, encoding: .utf8)) : ""
  }
}

/// Asks the child to close every descriptor from 3 on: with glibc's
/// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later, not imported into Swift), else
/// one by one as /proc/self/fd lists them.
private func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
  typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
    -> Int32
  if let symbol = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
  {
    _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    return
  }
  let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  for descriptor in descriptors.compactMap({ Int32($0) }) where descriptor >= 3 {
    posix_spawn_file_actions_addclose(&actions, descriptor)
  }
}

private func quote(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
