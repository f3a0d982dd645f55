import Foundation
import Testing

/// The built `island` executable, run as a separate process.
enum IslandProcess {
  /// The package's root, found from this file's place in it.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// Where `island` is: beside the test bundle (`swift build --build-tests` builds both), or
  /// else where `swift build --show-bin-path` says.
  static let executable: String = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    // On some platforms the tests run from inside an `.xctest` bundle directory.
    while directory.path.contains(".xctest") { directory = directory.deletingLastPathComponent() }
    let beside = directory.appendingPathComponent("island").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--show-bin-path"]
    process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
    let pipe = Pipe()
    process.standardOutput = pipe
    try? process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return path + "/island"
  }()

  /// What a finished run printed and returned.
  struct Run {
    var status: Int32
    var output: String
    var error: String
    var outputBytes: Data
  }

  /// Runs `island` (or a copy of it at `copy`) with `arguments` to the end, in `directory`,
  /// with `input` (if any) on its standard input, and `NO_COLOR` set unless `noColor` is false.
  static func run(
    _ arguments: [String], in directory: String? = nil, input: Data? = nil, noColor: Bool = true,
    copy: String? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: copy ?? executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = noColor ? "1" : nil
    process.environment = environment
    // The input from a file: a child that does not read it never blocks the test.
    let scratch = Scratch()
    if let input {
      let inputPath = scratch.write("stdin", String(decoding: input, as: UTF8.self))
      process.standardInput = FileHandle(forReadingAtPath: inputPath)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    let (status, output, error) = try runToTheEnd(process)
    return Run(
      status: status, output: String(decoding: output, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self), outputBytes: output)
  }

  /// Starts `process` (its input already set) with its output and error on pipes, reads both
  /// to their ends before waiting, so that a full pipe cannot block the child, and returns
  /// its status and what it printed.
  static func runToTheEnd(_ process: Process) throws -> (
    status: Int32, output: Data, error: Data
  ) {
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let errorData = Locked(Data())
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, outputData, errorData.get())
  }

  /// A started `island` whose output is read line by line as it comes.
  final class Running {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    private var buffer = Data()

    init(_ arguments: [String]) throws {
      process.executableURL = URL(fileURLWithPath: IslandProcess.executable)
      process.arguments = arguments
      process.standardInput = input
      process.standardOutput = output
      process.standardError = error
      try process.run()
    }

    /// The next line of its output, without the newline; nil at the end.
    func readLine() -> String? {
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let line = buffer[buffer.startIndex..<newline]
          buffer = Data(buffer[(newline + 1)...])
          return String(decoding: line, as: UTF8.self)
        }
        let data = output.fileHandleForReading.availableData
        if data.isEmpty {
          guard !buffer.isEmpty else { return nil }
          defer { buffer = Data() }
          return String(decoding: buffer, as: UTF8.self)
        }
        buffer.append(data)
      }
    }

    /// Closes its standard input.
    func closeInput() { try? input.fileHandleForWriting.close() }

    /// Waits for it to end and returns its status and standard error.
    func wait() -> (status: Int32, error: String) {
      let errorText = String(
        decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, errorText)
    }
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

/// A fresh directory, removed when the value goes away.
final class Scratch {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "island-cli-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  @discardableResult
  func write(_ name: String, _ text: String) -> String {
    let file = path + "/" + name
    #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
    return file
  }

  func read(_ name: String) -> String {
    (try? String(contentsOfFile: path + "/" + name, encoding: .utf8)) ?? ""
  }
}

/// The journals of `Journals/`.
enum RecordedJournals {
  static let directory = IslandProcess.packageRoot + "/Journals"

  static var all: [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.sorted()
      .map { URL(fileURLWithPath: directory + "/" + $0) }
  }

  /// The push logs in `Journals/pushes/`, which `island check Journals` checks too.
  static var pushLogs: [URL] {
    let pushes = directory + "/pushes"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: pushes)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.sorted()
      .map { URL(fileURLWithPath: pushes + "/" + $0) }
  }
}
