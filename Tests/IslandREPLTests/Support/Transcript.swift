import IslandCore
import IslandREPL

/// A REPL run on a script, with everything it wrote.
struct Transcript {
  let repl: REPL
  let output: Output
  let summary: REPL.Summary

  /// Runs `script` in a fresh REPL, as `island run` would.
  init(
    _ script: String, source: String = "test.island", keepGoing: Bool = false,
    recorder: (any EventRecorder)? = nil
  ) {
    let output = Output()
    let repl = REPL(recorder: recorder, write: { output.lines.append($0) })
    var reader = ScriptLineReader(text: script)
    summary = repl.run(&reader, source: source, keepGoing: keepGoing)
    self.repl = repl
    self.output = output
  }

  /// Everything written so far, each line ended by a newline.
  var text: String { output.lines.map { $0 + "\n" }.joined() }

  /// The lines written.
  var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }
}

/// Collects what a REPL writes.
final class Output {
  var lines: [String] = []
}

/// A REPL writing into `output`.
func makeREPL(_ output: Output, session: Session = Session()) -> REPL {
  REPL(session: session, write: { output.lines.append($0) })
}

/// Seed 000's delivery, started.
let deliveryStart =
  "start pizza com.example.food --layout delivery --url food://order/42 "
  + "orderStatusIcon=flame.fill minutesLeft=20 restaurantName=\"Pizza Roma\" "
  + "deliveryProgress=0.1 statusText=Cooking"
