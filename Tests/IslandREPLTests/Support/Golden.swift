import Foundation
import Testing

/// Golden files: compared byte for byte, re-recorded when `ISLAND_RECORD=1`, with a line diff
/// in the failure when they differ.
enum Golden {
  /// The package's root directory.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static var recording: Bool { ProcessInfo.processInfo.environment["ISLAND_RECORD"] == "1" }

  /// Checks `actual` against the file at `url` (or records it).
  static func check(
    _ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if recording {
      #expect(throws: Never.self) { try actual.write(to: url, atomically: true, encoding: .utf8) }
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "no golden file \(url.path): run `ISLAND_RECORD=1 swift test` to record it",
        sourceLocation: sourceLocation)
      return
    }
    if expected != actual {
      let message =
        "\(url.lastPathComponent) differs (- expected, + actual; ISLAND_RECORD=1 re-records):\n"
        + diff(expected, actual)
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// The lines that differ, with two lines of context, from a longest common subsequence.
  static func diff(_ expected: String, _ actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i][j] =
          old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var rows: [(mark: Character, text: Substring)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count && j < new.count && old[i] == new[j] {
        rows.append((" ", old[i]))
        i += 1
        j += 1
      } else if j < new.count && (i == old.count || common[i][j + 1] >= common[i + 1][j]) {
        rows.append(("+", new[j]))
        j += 1
      } else {
        rows.append(("-", old[i]))
        i += 1
      }
    }
    let changed = rows.indices.filter { rows[$0].mark != " " }
    return rows.indices.filter { index in changed.contains { abs($0 - index) <= 2 } }
      .map { "\(rows[$0].mark) \(rows[$0].text)" }.joined(separator: "\n")
  }
}
