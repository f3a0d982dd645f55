import IslandCore
import IslandJournal
import Testing

/// A long journal is replayed with its decoding on a second thread: the result must be the
/// sequential replay's, entry for entry, error for error, warning for warning.
@Suite struct DecodingPipelineTests {
  /// 20,000 updates of one activity after its start, as journal lines (without the header).
  static let lines: [String] = {
    var lines = [
      #"{"seq":1,"t":0,"event":"start","activity":"pizza","app":"com.example.food","#
        + #""state":{"minutesLeft":0}}"#
    ]
    for seq in 2...20_001 {
      lines.append(
        #"{"seq":\#(seq),"t":\#(seq),"event":"update","activity":"pizza","#
          + #""state":{"minutesLeft":\#(seq % 97)}}"#)
    }
    return lines
  }()

  /// What a replay gave, as text: the error, or the state's JSON, warnings and every
  /// event's seq seen by `onEvent`.
  func outcome(_ path: String, until: Int?, pipelined: Bool) -> String {
    var seen: [Int] = []
    do {
      let replay = try Journal.replay(
        path: path, until: until, pipelineFrom: pipelined ? 0 : Int.max
      ) { entry, _, state in
        #expect(entry.seq == state.seq)
        seen.append(entry.seq)
      }
      #expect(seen == (0..<seen.count).map { $0 + 1 })
      return replay.state.json.compactText + " " + replay.warnings.map(\.description).joined()
        + " seen \(seen.count)"
    } catch {
      return "error: \(error.description) seen \(seen.count)"
    }
  }

  func expectSame(_ text: String, untils: [Int?] = [nil, 0, 1, 2_047, 2_048, 9_999, 30_000]) {
    let directory = TemporaryDirectory()
    let path = directory.write("long.jsonl", headerLine + "\n" + text)
    for until in untils {
      let sequential = outcome(path, until: until, pipelined: false)
      let pipelined = outcome(path, until: until, pipelined: true)
      #expect(pipelined == sequential, "until \(String(describing: until))")
    }
  }

  @Test func aWholeJournalFoldsTheSame() {
    expectSame(Self.lines.joined(separator: "\n") + "\n")
  }

  @Test func aTornLastLineWarnsOnlyWhenReadTo() {
    expectSame(Self.lines.joined(separator: "\n") + "\n" + #"{"seq":20002,"t":"#)
  }

  @Test func aBadLineDeepInIsTheSameErrorAfterTheSameEntries() {
    var lines = Self.lines
    lines[12_345] = #"{"seq":12346,"t":1,"event":"update","activity":"pizza","oops":1}"#
    expectSame(lines.joined(separator: "\n") + "\n", untils: [nil, 12_345, 12_346, 15_000])
  }

  @Test func aRejectedEventDeepInIsTheSameError() {
    var lines = Self.lines
    lines[7_000] = #"{"seq":7001,"t":7001,"event":"update","activity":"ghost"}"#
    expectSame(lines.joined(separator: "\n") + "\n", untils: [nil, 7_000, 7_001])
  }

  @Test func aSeqGapDeepInIsTheSameError() {
    var lines = Self.lines
    lines.remove(at: 4_096)
    expectSame(lines.joined(separator: "\n") + "\n", untils: [nil, 4_096, 4_097])
  }
}
