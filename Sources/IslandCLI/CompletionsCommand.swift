import Foundation

/// `island completions bash|zsh|fish`: prints the shell's completion script
/// (``CompletionScript``).
enum CompletionsCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let usage = IslandCommandLine.subcommand("completions")?.usageLine() ?? ""
    guard arguments.count == 1, let shell = CompletionScript.Shell(rawValue: arguments[0]) else {
      let what =
        arguments.isEmpty
        ? "expected a shell"
        : "expected one of bash, zsh, fish, not '\(TerminalText.quoted(arguments.joined(separator: " ")))'"
      StandardStream.report("island completions: \(what)\n\(usage)")
      return ExitCode.usage
    }
    print(CompletionScript.script(for: shell), terminator: "")
    return ExitCode.ok
  }
}
