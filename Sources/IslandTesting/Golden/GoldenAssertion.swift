import Foundation

/// Checks that `actual` is exactly the text of the golden file at `path`; on a mismatch, fails
/// with a line diff (two lines of context around each change). With `record` true, or
/// `ISLAND_RECORD=1` in the environment when `record` is nil, writes the file instead and
/// passes. A missing file fails, saying how to record it. Relative paths are taken from the
/// directory of the test file that calls this.
///
/// For whole transcripts and drawings: `assertGolden(IslandDrawing.draw(state), file:
/// "Goldens/compact.txt")`.
public func assertGolden(
  _ actual: String, file path: String, record: Bool? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let url = JournalAssertion.resolve(path, from: filePath)
  if record ?? JournalAssertion.recordingRequested {
    do {
      try actual.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      FailureReporter.fail("\(url.path): cannot record the golden file: \(error)", at: site)
    }
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    FailureReporter.fail(
      "no golden file \(url.path): run the tests with ISLAND_RECORD=1 to record it", at: site)
    return
  }
  guard expected != actual else { return }
  FailureReporter.fail(
    "\(url.lastPathComponent) differs (- expected, + actual; ISLAND_RECORD=1 re-records):\n"
      + TextDiff.lines(expected, actual),
    at: site)
}

/// Line diffs of text, for golden-file failures.
public enum TextDiff {
  /// The lines that differ between `expected` and `actual`, from their longest common
  /// subsequence: `- N: line` only in `expected`, `+ N: line` only in `actual`, `  N: line`
  /// in both, `context` lines around each change, `...` between distant changes, at most
  /// `limit` lines.
  public static func lines(
    _ expected: String, _ actual: String, context: Int = 2, limit: Int = 80
  ) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    // The longest common subsequence, by dynamic programming from the ends.
    var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i][j] =
          old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var rows: [(mark: Character, text: Substring, line: Int)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        rows.append((" ", old[i], i + 1))
        i += 1
        j += 1
      } else if j < new.count, i == old.count || common[i][j + 1] > common[i + 1][j] {
        rows.append(("+", new[j], j + 1))
        j += 1
      } else {
        rows.append(("-", old[i], i + 1))
        i += 1
      }
    }
    let changed = rows.indices.filter { rows[$0].mark != " " }
    var shown: [String] = []
    var last = -1
    for index in rows.indices where changed.contains(where: { abs($0 - index) <= context }) {
      if last >= 0, index > last + 1 { shown.append("   ...") }
      let row = rows[index]
      shown.append("\(row.mark) \(row.line): \(row.text.prefix(300))")
      last = index
    }
    if shown.count > limit {
      shown = Array(shown.prefix(limit)) + ["   ... (\(shown.count - limit) more)"]
    }
    return shown.joined(separator: "\n")
  }
}
