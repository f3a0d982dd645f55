// swift-tools-version:6.0
import PackageDescription

// An app's own package, as a user of Island would write it: the app's Live Activity layout
// in a library, and tests that replay journals of its flows and step through them.
let package = Package(
  name: "DeliveryTests",
  products: [
    .library(name: "DeliveryActivity", targets: ["DeliveryActivity"])
  ],
  dependencies: [
    .package(name: "Island", path: "../..")
  ],
  targets: [
    .target(
      name: "DeliveryActivity",
      dependencies: [.product(name: "IslandCore", package: "Island")]),
    .testTarget(
      name: "DeliveryActivityTests",
      dependencies: ["DeliveryActivity", .product(name: "IslandTesting", package: "Island")],
      exclude: ["Journals"]),
  ],
  swiftLanguageModes: [.v6]
)
