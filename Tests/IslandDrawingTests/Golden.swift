import Foundation
import Testing

/// Compares `actual` with the golden file `Goldens/<name>.txt`, printing a line diff on a
/// mismatch; with `ISLAND_RECORD=1` in the environment, writes the file instead.
func expectGolden(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens").appendingPathComponent(name + ".txt")
  let contents = actual + "\n"
  if ProcessInfo.processInfo.environment["ISLAND_RECORD"] == "1" {
    do {
      try contents.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: url.path),
    let expected = String(data: data, encoding: .utf8)
  else {
    Issue.record(
      "no golden file \(url.path): run with ISLAND_RECORD=1 to record it",
      sourceLocation: sourceLocation)
    return
  }
  guard expected != contents else { return }
  Issue.record(
    Comment(
      rawValue: "\(name).txt differs (- golden, + actual; ISLAND_RECORD=1 re-records):\n"
        + lineDiff(expected, contents)),
    sourceLocation: sourceLocation)
}

/// A line diff of `old` and `new` from their longest common subsequence: `-` lines only in
/// `old`, `+` lines only in `new`, two spaces before common lines.
func lineDiff(_ old: String, _ new: String) -> String {
  let a = old.split(separator: "\n", omittingEmptySubsequences: false)
  let b = new.split(separator: "\n", omittingEmptySubsequences: false)
  var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      common[i][j] =
        a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
    }
  }
  var lines: [String] = []
  var i = 0
  var j = 0
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      lines.append("  " + a[i])
      i += 1
      j += 1
    } else if i < a.count, j == b.count || common[i + 1][j] >= common[i][j + 1] {
      lines.append("- " + a[i])
      i += 1
    } else {
      lines.append("+ " + b[j])
      j += 1
    }
  }
  return lines.joined(separator: "\n")
}
