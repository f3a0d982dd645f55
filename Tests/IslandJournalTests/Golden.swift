import Foundation
import Testing

/// Golden files: compares text with a file, printing a diff on mismatch; with
/// `ISLAND_RECORD=1` in the environment, writes the file instead.
enum Golden {
  static var isRecording: Bool { ProcessInfo.processInfo.environment["ISLAND_RECORD"] == "1" }

  static func check(
    _ actual: String, against path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if isRecording {
      FileManager.default.createFile(atPath: path, contents: Data(actual.utf8))
      return
    }
    guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
      Issue.record(
        "\(path) is missing: run the tests with ISLAND_RECORD=1 to record it",
        sourceLocation: sourceLocation)
      return
    }
    guard expected != actual else { return }
    let message = "\(path) differs (- expected, + actual; ISLAND_RECORD=1 re-records):\n"
    Issue.record(
      Comment(rawValue: message + diff(expected, actual)), sourceLocation: sourceLocation)
  }

  /// A line diff of `old` and `new` with two lines of context around each change, at most
  /// 80 lines long.
  static func diff(_ old: String, _ new: String) -> String {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    // The longest common subsequence, by dynamic programming from the ends.
    var common = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        common[i][j] =
          a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var lines: [(mark: Character, text: Substring, line: Int)] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        lines.append((" ", a[i], i + 1))
        i += 1
        j += 1
      } else if j < b.count, i == a.count || common[i][j + 1] > common[i + 1][j] {
        lines.append(("+", b[j], j + 1))
        j += 1
      } else {
        lines.append(("-", a[i], i + 1))
        i += 1
      }
    }
    let changed = lines.indices.filter { lines[$0].mark != " " }
    var shown: [String] = []
    var last = -1
    for index in lines.indices
    where changed.contains(where: { abs($0 - index) <= 2 }) {
      if last >= 0, index > last + 1 { shown.append("   ...") }
      let line = lines[index]
      shown.append("\(line.mark) \(line.line): \(line.text.prefix(300))")
      last = index
    }
    if shown.count > 80 { shown = Array(shown.prefix(80)) + ["   ... (\(shown.count - 80) more)"] }
    return shown.joined(separator: "\n")
  }
}
