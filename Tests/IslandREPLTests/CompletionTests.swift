import Foundation
import IslandCore
import IslandREPL
import Testing

@Suite struct CompletionTests {
  private let session: Session = {
    let repl = makeREPL(Output())
    repl.execute(deliveryStart)
    repl.execute(
      "start ride com.example.ride --layout ride minutesAway=5 driver=Ana car=Prius progress=0.2")
    return repl.session
  }()

  private func candidates(_ line: String) -> [String] {
    Completion.of(line, in: session).candidates
  }

  @Test func fileNamesAfterLoadSaveRunAndLayoutAt() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-completion-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: directory + "/scripts", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for name in ["pizza.jsonl", "pizza.json", "plan.island", ".hidden"] {
      #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data()))
    }
    let base = directory + "/"
    #expect(
      candidates("load \(base)p") == [
        base + "pizza.json", base + "pizza.jsonl", base + "plan.island",
      ])
    #expect(candidates("run \(base)s") == [base + "scripts/"])
    #expect(candidates("save \(base)pizza.jsonl").contains(base + "pizza.jsonl"))
    #expect(!candidates("load \(base)").contains(base + ".hidden"))
    let layout = Completion.of("start a com.x --layout @\(base)p", in: session)
    #expect(layout.candidates == [base + "pizza.json"])
    #expect(layout.start == "start a com.x --layout @".count)
  }

  @Test func commandNames() {
    #expect(candidates("sta") == ["start", "state"])
    #expect(candidates("long") == ["long-press", "longpress"])
    #expect(candidates("").contains("explain"))
    #expect(candidates("! up") == ["update"])
    #expect(Completion.of("!up", in: session) == Completion(start: 1, candidates: ["update"]))
  }

  @Test func activityIdsThenFieldsAndOptions() {
    #expect(candidates("update ") == ["pizza", "ride"])
    #expect(candidates("end p") == ["pizza"])
    #expect(candidates("update ride ").contains("minutesAway="))
    #expect(candidates("update ride ").contains("--alert"))
    #expect(candidates("update ride minutesAway=4 d") == ["driver="])
    #expect(candidates("update ride --al") == ["--alert", "--alert-body", "--alert-sound"])
  }

  @Test func targetsRegionsLayoutsAndApps() {
    #expect(candidates("tap ") == TapTarget.allCases.map(\.rawValue).sorted())
    #expect(candidates("longpress ") == ["detached", "island"])
    #expect(candidates("start x com.a --link ") == ["bottom=", "center=", "leading=", "trailing="])
    #expect(candidates("start x com.a --layout ") == ["delivery", "ride", "score", "timer"])
    #expect(candidates("start x com.example.f") == ["com.example.food"])
    #expect(candidates("start x com.a --layout score a") == ["away=", "awayTeam="])
    #expect(candidates("end pizza --dismissal ") == ["default", "immediate"])
  }

  @Test func devicesProfilesHelpTopicsAndEventNumbers() {
    let completion = Completion.of("device iPhone 16 P", in: session)
    #expect(completion.start == 7)
    #expect(completion.candidates == ["iPhone 16 Plus", "iPhone 16 Pro", "iPhone 16 Pro Max"])
    #expect(candidates("profile ") == ["tap-expands", "tap-opens"])
    #expect(candidates("help la") == ["layouts"])
    #expect(candidates("at ") == ["0", "1", "2"])
  }
}
