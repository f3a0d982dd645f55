import Foundation

/// Another program run to its end with some input: librsvg's `rsvg-convert` for PNGs, and
/// `island-swiftui` for SwiftUI layouts.
///
/// Its standard input, output and error are unnamed temporary files, not pipes: the input is
/// written before it starts and the outputs are read after it ends, so neither side can stall
/// on a full pipe, and a child that ends without reading its input cannot break a write.
enum ChildProcess {
  /// What a finished run wrote, and how it ended.
  struct Run {
    /// Its exit status, or the signal that ended it.
    var status: Int32
    /// Whether a signal ended it.
    var signalled: Bool
    /// What it wrote on its standard output.
    var output: Data
    /// What it wrote on its standard error.
    var error: Data
  }

  /// Why it could not be run at all.
  struct Failure: Error {
    var why: String
  }

  /// Runs `executable` with `arguments` and `input` on its standard input.
  static func run(_ executable: URL, arguments: [String], input: Data) throws(Failure) -> Run {
    let temporary = (0..<3).compactMap { _ in tmpfile() }
    defer { for file in temporary { fclose(file) } }
    guard temporary.count == 3 else {
      throw Failure(why: "cannot make a temporary file: \(String(cString: strerror(errno)))")
    }
    // Standard input, output and error.
    let files = temporary.map { FileHandle(fileDescriptor: fileno($0), closeOnDealloc: false) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = files[0]
    process.standardOutput = files[1]
    process.standardError = files[2]
    do {
      try files[0].write(contentsOf: input)
      try files[0].seek(toOffset: 0)
      try process.run()
    } catch {
      throw Failure(why: error.localizedDescription)
    }
    process.waitUntilExit()
    var outputs: [Data] = []
    for file in files[1...] {
      do {
        try file.seek(toOffset: 0)
        outputs.append(try file.readToEnd() ?? Data())
      } catch {
        throw Failure(why: "cannot read what it wrote: \(error.localizedDescription)")
      }
    }
    return Run(
      status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
      output: outputs[0], error: outputs[1])
  }
}
