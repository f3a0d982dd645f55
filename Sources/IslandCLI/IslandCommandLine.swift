import Foundation

/// The `island` command line: picks the subcommand named by the first argument and runs it.
///
/// Each subcommand lives in a file of its own (`ReplayCommand.swift`, ...); this file only
/// dispatches. Exit codes follow sysexits.h.
public enum IslandCommandLine {
  /// A subcommand: its name, a one-line summary, and what runs it.
  struct Subcommand: Sendable {
    let name: String
    let summary: String
    let run: @Sendable ([String]) -> Int32
  }

  static let subcommands: [Subcommand] = [
    Subcommand(
      name: "replay", summary: "fold a journal and print the island", run: ReplayCommand.run),
    Subcommand(name: "check", summary: "validate journals", run: CheckCommand.run),
    Subcommand(name: "journal", summary: "journal maintenance (repair)", run: JournalCommand.run),
    Subcommand(name: "run", summary: "run a REPL script", run: RunCommand.run),
    Subcommand(name: "fuzz", summary: "fuzz event orders", run: FuzzCommand.run),
  ]

  /// Runs the command line `arguments` (without the program name) and returns the exit code.
  public static func main(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first, !first.hasPrefix("-") || first == "--help" || first == "-h"
    else { return REPLCommand.run(arguments) }
    if first == "--help" || first == "-h" || first == "help" {
      print(usage)
      return ExitCode.ok
    }
    guard let subcommand = subcommands.first(where: { $0.name == first }) else {
      StandardStream.report("island: unknown command '\(first)'\n\(usage)")
      return ExitCode.usage
    }
    return subcommand.run(Array(arguments.dropFirst()))
  }

  static var usage: String {
    var lines = [
      "usage: island [--journal FILE] [--keep-going] [--color]  open the REPL (or run stdin)"
    ]
    for subcommand in subcommands {
      lines.append(
        "       island \(subcommand.name.padding(toLength: 40, withPad: " ", startingAt: 0))\(subcommand.summary)"
      )
    }
    return lines.joined(separator: "\n")
  }
}

/// Exit codes, as sysexits.h defines them.
public enum ExitCode {
  /// Success.
  public static let ok: Int32 = 0
  /// A failure that is none of the others (a rejected event in a script, a failed property).
  public static let failure: Int32 = 1
  /// The command was used wrongly.
  public static let usage: Int32 = 64
  /// The input data was wrong.
  public static let dataError: Int32 = 65
  /// An input file did not exist or was not readable.
  public static let noInput: Int32 = 66
  /// A service is unavailable (a feature not built).
  public static let unavailable: Int32 = 69
  /// A system error.
  public static let software: Int32 = 70
  /// An input/output error.
  public static let ioError: Int32 = 74
}
