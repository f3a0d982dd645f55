import Foundation
import IslandTesting
import Testing

@Suite("Golden files")
struct GoldenAssertionTests {
  static func temporaryFile(_ text: String?) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-golden-\(UUID().uuidString).txt").path
    if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
    return path
  }

  @Test("equal text passes; a mismatch fails with a line diff naming the file")
  func mismatch() throws {
    let path = try Self.temporaryFile("one\ntwo\nthree\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    assertGolden("one\ntwo\nthree\n", file: path)
    withKnownIssue {
      assertGolden("one\n2\nthree\n", file: path)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("differs (- expected, + actual; ISLAND_RECORD=1 re-records)")
        && text.contains("- 2: two") && text.contains("+ 2: 2")
    }
  }

  @Test("a missing golden file fails and says how to record it; record writes it")
  func missingThenRecorded() throws {
    let path = try Self.temporaryFile(nil)
    defer { try? FileManager.default.removeItem(atPath: path) }
    withKnownIssue {
      assertGolden("new\n", file: path)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("run the tests with ISLAND_RECORD=1")
    }
    assertGolden("new\n", file: path, record: true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    assertGolden("new\n", file: path)
  }
}
