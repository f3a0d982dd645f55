import Foundation
import IslandProperties
import Testing

/// The check the libFuzzer target `Fuzz/run.sh journal-line` makes on every input, on the
/// seeds of its corpus, the recorded journals, and the inputs it once failed on.
@Suite struct ParserChecksTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func lines(of path: String) -> [String] {
    let text = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  static func check(_ line: String) -> String? {
    Array(line.utf8).withUnsafeBufferPointer { ParserChecks.journalLine($0) }
  }

  @Test func theSeedsPass() {
    let lines = Self.lines(of: "Fuzz/Seeds/journal-line/seeds.jsonl")
    #expect(lines.count > 10)
    for line in lines { #expect(Self.check(line) == nil, "\(line)") }
  }

  @Test func theRecordedJournalsPass() throws {
    let directory = Self.root.appendingPathComponent("Journals")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.sorted()
    #expect(!names.isEmpty)
    for name in names {
      for line in Self.lines(of: "Journals/" + name) {
        #expect(Self.check(line) == nil, "\(name): \(line)")
      }
    }
  }

  @Test(arguments: [
    "", "{", "[]", "{}", "{\"seq\":1}", "\u{FF}\u{FE}", String(repeating: "[", count: 10_000),
    #"{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a","layout":{"minimal":{"text":"{x}","font":"body"}},"state":{"x":"wide wide wide"}}"#,
  ])
  func oddLinesAreRefusedOrReadConsistently(line: String) {
    #expect(Self.check(line) == nil)
  }
}
