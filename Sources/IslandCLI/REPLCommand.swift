import Foundation
import IslandREPL
import IslandTerminal

/// `island [OPTIONS]`: the REPL. On a terminal it greets, prompts, edits
/// lines with libedit, keeps a history and completes with Tab; on a pipe it runs the lines as
/// a script (see ``RunCommand``).
enum REPLCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let options: ScriptOptions
    do {
      options = try ScriptOptions(arguments, positionals: 0, reference: IslandCommandLine.repl)
    } catch {
      return ScriptOptions.usageError(error, usage: IslandCommandLine.repl.usageLine())
    }
    let repl: REPL
    switch options.makeREPL() {
    case .success(let made): repl = made
    case .failure(let failure): return failure.status
    }
    guard isatty(STDIN_FILENO) == 1 else {
      var reader = PipeLineReader()
      return ScriptOptions.runInterruptibly(repl, &reader, source: "<stdin>", options: options)
    }
    print(REPL.welcome)
    if let recorder = repl.recorder {
      print("Recording every accepted event to \(recorder.path) (\(repl.session.seq) so far).")
    }
    let historyPath = EditLineReader.historyPath(environment: ProcessInfo.processInfo.environment)
    let reader: EditLineReader
    do {
      reader = try EditLineReader(
        historyPath: historyPath, complete: { [unowned repl] in repl.completions(for: $0) })
    } catch {
      FileHandle.standardError.write(Data("island: \(error)\n".utf8))
      return ExitCode.software
    }
    // Ctrl-C stops a script that `run` runs, between two of its lines.
    repl.isInterrupted = { Interruption.take() }
    var lines = reader
    _ = repl.run(&lines, source: "<stdin>", keepGoing: true)
    return ExitCode.ok
  }
}
