// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Island",
  products: [
    .library(name: "IslandCore", targets: ["IslandCore"]),
    .library(name: "IslandJournal", targets: ["IslandJournal"]),
    .library(name: "IslandPush", targets: ["IslandPush"]),
    .library(name: "IslandDrawing", targets: ["IslandDrawing"]),
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
      dependencies: ["IslandCore", "IslandDrawing", "IslandJournal", "IslandPush"]),
    // libedit, through pkg-config, and the small C wrappers for its variadic functions.
    .systemLibrary(
      name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .target(name: "CEditLineShim", dependencies: ["CEditLine"]),
    // The terminal: libedit line reader, history, completion.
    .target(name: "IslandTerminal", dependencies: ["IslandREPL", "CEditLineShim"]),
    // The command line: argument parsing and the subcommands.
    .target(
      name: "IslandCLI",
      dependencies: [
        "IslandCore", "IslandDrawing", "IslandJournal", "IslandREPL", "IslandTerminal",
        "IslandProperties", "IslandPush",
      ]),
    .executableTarget(name: "island", dependencies: ["IslandCLI"]),

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
    .testTarget(name: "IslandPropertiesTests", dependencies: ["IslandProperties"]),
    .testTarget(
      name: "IslandTestingTests", dependencies: ["IslandTesting"], exclude: ["Journals"]),
    .testTarget(
      name: "IslandREPLTests", dependencies: ["IslandREPL", "IslandTesting"],
      exclude: ["Transcripts"]),
    .testTarget(name: "IslandCLITests", dependencies: ["IslandCLI"]),
  ],
  swiftLanguageModes: [.v6]
)
