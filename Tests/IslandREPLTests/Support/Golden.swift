import Foundation
import IslandTesting

/// Golden files: compared byte for byte, re-recorded when `ISLAND_RECORD=1`, with a line diff
/// in the failure when they differ.
enum Golden {
  /// The package's root directory.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Checks `actual` against the file at `url` (IslandTesting's `assertGolden`: a line diff
  /// on a mismatch, `ISLAND_RECORD=1` re-records).
  static func check(
    _ actual: String, against url: URL, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    assertGolden(
      actual, file: url.path, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
