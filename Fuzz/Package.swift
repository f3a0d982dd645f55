// swift-tools-version:6.0
// libFuzzer targets for Island's parsers, kept out of the main package so that the sanitizer
// flags never reach its build. Build and run them with `Fuzz/run.sh TARGET SECONDS`.
import PackageDescription

let package = Package(
  name: "IslandFuzz",
  dependencies: [.package(name: "Island", path: "..")],
  targets: [
    // The journal's event-line and header decoders (IslandJournal).
    .executableTarget(
      name: "FuzzJournalLine",
      dependencies: [
        .product(name: "IslandJournal", package: "Island"),
        .product(name: "IslandProperties", package: "Island"),
      ]),
    // Whole journals, read and folded (IslandJournal, IslandCore).
    .executableTarget(
      name: "FuzzJournal",
      dependencies: [.product(name: "IslandProperties", package: "Island")]),
    // The REPL's command parser (IslandREPL).
    .executableTarget(
      name: "FuzzREPLCommand",
      dependencies: [.product(name: "IslandREPL", package: "Island")]),
  ],
  swiftLanguageModes: [.v6]
)
