import Foundation

/// Placeholder until its issue lands: says so and exits 69.
enum CheckCommand {
  static func run(_ arguments: [String]) -> Int32 {
    FileHandle.standardError.write(Data("island: this command is not built yet\n".utf8))
    return ExitCode.unavailable
  }
}
