import Foundation
import Testing

/// The built `island` executable, run as a user would run it.
enum Executable {
  /// The package's root directory.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// What a run wrote and how it ended.
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// Runs `island` with `arguments` in the package root, `input` on its standard input.
  static func run(_ arguments: [String], input: Data? = nil) throws -> Result {
    let run = try IslandProcess.run(arguments, in: packageRoot.path, input: input)
    return Result(status: run.status, standardOutput: run.output, standardError: run.error)
  }

  /// A new empty directory, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }
}
