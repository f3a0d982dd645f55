// swift-tools-version:6.0
import PackageDescription

// The benchmarks live apart from the main manifest (as in swift-collections): they build in
// release only, and never slow down `swift test`.
let package = Package(
  name: "IslandBenchmarks",
  dependencies: [.package(name: "Island", path: "..")],
  targets: [
    .executableTarget(
      name: "island-bench",
      dependencies: [
        .product(name: "IslandCore", package: "Island"),
        .product(name: "IslandJournal", package: "Island"),
        .product(name: "IslandProperties", package: "Island"),
      ],
      path: "Sources/IslandBenchmarks")
  ],
  swiftLanguageModes: [.v6]
)
