import Foundation
import Testing

/// The built `island` executable, run as a user would run it.
enum Executable {
  /// The package's root directory.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `island`, built beside the test bundle.
  static var island: URL {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let beside = products.appendingPathComponent("island")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return packageRoot.appendingPathComponent(".build/debug/island")
  }

  /// What a run wrote and how it ended.
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// Runs `island` with `arguments` in the package root, `input` on its standard input.
  static func run(_ arguments: [String], input: Data? = nil) throws -> Result {
    let process = Process()
    process.executableURL = island
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    // Files, not pipes: a child writing more than a pipe holds never blocks on the test.
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputURL = directory.appendingPathComponent("stdout")
    let errorURL = directory.appendingPathComponent("stderr")
    let inputURL = directory.appendingPathComponent("stdin")
    try (input ?? Data()).write(to: inputURL)
    #expect(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
    #expect(FileManager.default.createFile(atPath: errorURL.path, contents: nil))
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
      standardError: try String(contentsOf: errorURL, encoding: .utf8))
  }

  /// A new empty directory, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }
}
