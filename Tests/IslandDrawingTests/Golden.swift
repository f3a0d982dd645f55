import IslandTesting

/// Compares `actual` with the golden file `Goldens/<name>.txt` beside this file (IslandTesting's
/// `assertGolden`: a line diff on a mismatch, `ISLAND_RECORD=1` re-records).
func expectGolden(
  _ actual: String, named name: String, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  assertGolden(
    actual + "\n", file: "Goldens/\(name).txt", fileID: fileID, filePath: filePath, line: line,
    column: column)
}
