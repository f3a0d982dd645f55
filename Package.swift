// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The toolchain's `lib/swift/host` folder, which holds SwiftSyntax and SwiftParser (built for
/// macros, shipped with every Swift toolchain for Linux): the folder next to the
/// PackageDescription library this manifest runs with, which belongs to the toolchain that
/// builds the package; else next to the first `swift` on PATH.
func toolchainHostLibraries() -> String {
  var candidates: [String] = []
  if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) {
    for line in maps.split(separator: "\n") where line.hasSuffix("/libPackageDescription.so") {
      guard let slash = line.firstIndex(of: "/") else { continue }
      // <toolchain>/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so
      let library = URL(fileURLWithPath: String(line[slash...]))
      candidates.append(
        library.deletingLastPathComponent().deletingLastPathComponent()
          .deletingLastPathComponent().appendingPathComponent("host").path)
    }
  }
  for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
    guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
    // <toolchain>/usr/bin/swift
    candidates.append(
      swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("lib/swift/host").path)
  }
  return candidates.first {
    FileManager.default.fileExists(atPath: $0 + "/libSwiftParser.so")
  } ?? "/usr/lib/swift/host"
}

let swiftSyntaxFolder = toolchainHostLibraries()
/// What a target importing IslandLayoutImport (itself, `island-swiftui` and its tests) needs to
/// find the toolchain's SwiftSyntax modules.
let swiftSyntaxImports: [SwiftSetting] = [.unsafeFlags(["-I", swiftSyntaxFolder])]
/// Linking SwiftSyntax and SwiftParser, and finding them at run time.
let swiftSyntaxLinking: [LinkerSetting] = [
  .unsafeFlags([
    "-L", swiftSyntaxFolder, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftParserDiagnostics",
    "-lSwiftDiagnostics", "-lSwiftBasicFormat", "-Xlinker", "-rpath", "-Xlinker",
    swiftSyntaxFolder,
  ])
]

let package = Package(
  name: "Island",
  products: [
    .library(name: "IslandCore", targets: ["IslandCore"]),
    .library(name: "IslandJournal", targets: ["IslandJournal"]),
    .library(name: "IslandPush", targets: ["IslandPush"]),
    .library(name: "IslandDrawing", targets: ["IslandDrawing"]),
    .library(name: "IslandPictures", targets: ["IslandPictures"]),
    .library(name: "IslandTesting", targets: ["IslandTesting"]),
    .library(name: "IslandProperties", targets: ["IslandProperties"]),
    // For the libFuzzer package under Fuzz/, which fuzzes the REPL's command parser.
    .library(name: "IslandREPL", targets: ["IslandREPL"]),
    .executable(name: "island", targets: ["island"]),
  ],
  targets: [
    // The engine: pure, no I/O, no clock, no randomness.
    .target(name: "IslandCore"),
    // The text drawing of a state (pure too).
    .target(name: "IslandDrawing", dependencies: ["IslandCore"]),
    // Pictures of states and journals: SVG, a filmstrip, an animated page (pure too).
    .target(name: "IslandPictures", dependencies: ["IslandCore", "IslandDrawing"]),
    // Journals on disk: the JSON Lines format, streaming reader, durable locked writer.
    .target(name: "IslandJournal", dependencies: ["IslandCore"]),
    // ActivityKit push logs: reading pushes as the device got them, import, export.
    .target(name: "IslandPush", dependencies: ["IslandCore", "IslandJournal"]),
    // Property-based testing of event orders: PRNG, generators, shrinker, properties.
    .target(name: "IslandProperties", dependencies: ["IslandCore", "IslandJournal"]),
    // Assertions for users' own test suites.
    .target(name: "IslandTesting", dependencies: ["IslandCore", "IslandJournal"]),
    // The REPL's commands and session, behind a line-reader protocol.
    .target(
      name: "IslandREPL",
      dependencies: [
        "IslandCore", "IslandDrawing", "IslandJournal", "IslandPictures", "IslandPush",
      ]),
    // libedit, through pkg-config, and the small C wrappers for its variadic functions.
    .systemLibrary(
      name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .target(name: "CEditLineShim", dependencies: ["CEditLine"]),
    // The terminal: libedit line reader, history, completion.
    .target(name: "IslandTerminal", dependencies: ["IslandREPL", "CEditLineShim"]),
    // Layouts written as SwiftUI (no parser needed).
    .target(name: "IslandLayoutExport", dependencies: ["IslandCore"]),
    // Layouts read from the user's SwiftUI code, through the toolchain's SwiftParser.
    .target(
      name: "IslandLayoutImport", dependencies: ["IslandCore", "IslandLayoutExport"],
      swiftSettings: swiftSyntaxImports, linkerSettings: swiftSyntaxLinking),
    // The SwiftUI reader `island` runs as a child process, so that `island` itself never
    // loads SwiftSyntax: SwiftUI source on standard input, the layout's JSON on standard
    // output, the diagnostics on standard error. Built beside `island` by `swift build`.
    .executableTarget(
      name: "island-swiftui", dependencies: ["IslandLayoutImport", "IslandJournal"],
      swiftSettings: swiftSyntaxImports),
    // The command line: argument parsing and the subcommands.
    .target(
      name: "IslandCLI",
      dependencies: [
        "IslandCore", "IslandDrawing", "IslandJournal", "IslandREPL", "IslandTerminal",
        "IslandProperties", "IslandPictures", "IslandLayoutExport", "IslandPush",
      ]),
    // glibc's allocator settings, which the executable sets for itself (Sources/island).
    .systemLibrary(name: "CMalloc"),
    .executableTarget(name: "island", dependencies: ["IslandCLI", "CMalloc"]),

    .testTarget(
      name: "IslandCoreTests", dependencies: ["IslandCore", "IslandTesting", "IslandProperties"]),
    .testTarget(
      name: "IslandDrawingTests", dependencies: ["IslandDrawing", "IslandTesting"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "IslandJournalTests",
      dependencies: ["IslandJournal", "IslandTesting", "IslandProperties", "IslandPush"]),
    .testTarget(
      name: "IslandPushTests",
      dependencies: ["IslandPush", "IslandJournal", "IslandProperties", "IslandTesting"]),
    .testTarget(
      name: "IslandPropertiesTests", dependencies: ["IslandProperties"],
      exclude: ["FuzzRegressions"]),
    .testTarget(
      name: "IslandTestingTests", dependencies: ["IslandTesting"], exclude: ["Journals"]),
    .testTarget(
      name: "IslandREPLTests", dependencies: ["IslandREPL", "IslandTesting"],
      exclude: ["Transcripts"]),
    .testTarget(name: "IslandCLITests", dependencies: ["IslandCLI"]),
    // zlib, to read the PNGs the picture tests make (Debian's zlib1g-dev).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .testTarget(
      name: "IslandPicturesTests",
      dependencies: ["IslandPictures", "IslandTesting", "IslandJournal", "CZlib"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "IslandLayoutImportTests",
      dependencies: [
        "IslandLayoutImport", "IslandLayoutExport", "IslandJournal", "IslandProperties",
      ],
      exclude: ["Fixtures"],
      swiftSettings: swiftSyntaxImports),
  ],
  swiftLanguageModes: [.v6]
)
