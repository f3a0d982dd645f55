import Foundation
import IslandJournal
import IslandLayoutExport
import IslandLayoutImport

// `island-swiftui --file NAME [--lenient]`: island's SwiftUI reader, which `island` runs as a
// child process (found beside its own executable) for `island layout import|check|export
// FILE.swift` and the REPL's `start --layout @FILE.swift`, so that `island` itself never loads
// the toolchain's SwiftSyntax.
//
// It reads the SwiftUI source on standard input (NAME is the file's name as the user gave it,
// for the diagnostics) and writes:
// - exit 0: the layout, in the journal's JSON form on one line, on standard output; the
//   warnings on standard error;
// - exit 65: nothing on standard output; the warnings, then the errors, on standard error;
// - exit 64: its usage, on standard error.
// Each diagnostic is one line, `NAME:LINE:COLUMN: warning|error: MESSAGE`.

/// Says how it is run, on standard error, and exits 64.
func exitWithUsage() -> Never {
  FileHandle.standardError.write(
    Data("usage: island-swiftui --file NAME [--lenient] < FILE.swift\n".utf8))
  exit(64)
}

var arguments = CommandLine.arguments.dropFirst()
var file: String?
var lenient = false
while let argument = arguments.popFirst() {
  switch argument {
  case "--file" where file == nil && !arguments.isEmpty: file = arguments.popFirst()
  case "--lenient": lenient = true
  default: exitWithUsage()
  }
}
guard let file else { exitWithUsage() }

let source = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
do throws(SwiftUIImportFailure) {
  let imported = try SwiftUILayout.read(source, file: file, lenient: lenient)
  let warnings = imported.warnings.map { $0.description + "\n" }.joined()
  FileHandle.standardError.write(Data(warnings.utf8))
  FileHandle.standardOutput.write(Data((LayoutCodec.encode(imported.layout).compactText).utf8))
  exit(0)
} catch {
  let lines = (error.warnings + error.errors).map { $0.description + "\n" }.joined()
  FileHandle.standardError.write(Data(lines.utf8))
  exit(65)
}
