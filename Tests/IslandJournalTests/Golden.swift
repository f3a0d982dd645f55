import IslandTesting

/// Golden files, through IslandTesting's `assertGolden`: a line diff on a mismatch,
/// `ISLAND_RECORD=1` re-records.
enum Golden {
  static func check(
    _ actual: String, against path: String, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    assertGolden(
      actual, file: path, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
