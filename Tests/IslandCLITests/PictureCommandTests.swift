import Foundation
import Testing

/// `island replay --format svg|png` and `island render`.
@Suite struct PictureCommandTests {
  @Test func replayAsSVGPrintsThePictureOfTheStateAfterUntil() throws {
    let scratch = Scratch()
    scratch.write("one.jsonl", sampleJournal)
    let run = try IslandProcess.run(
      ["replay", "one.jsonl", "--format", "svg", "--until", "1"], in: scratch.path)
    #expect(run.status == 0)
    #expect(run.error == "")
    #expect(run.output.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(run.output.contains("width=\"1179\""))
    #expect(run.output.contains("<title>compact · iPhone 15 Pro · 230 x 36.67 pt</title>"))
    #expect(run.output.hasSuffix("</svg>\n"))
    let dark = try IslandProcess.run(
      ["replay", "one.jsonl", "--format", "svg", "--scale", "2", "--dark"], in: scratch.path)
    #expect(dark.status == 0)
    #expect(dark.output.contains("width=\"786\""))
    #expect(dark.output.contains("#1C1C2E"))
  }

  @Test func replayAsPNGWritesAPNGThroughLibrsvg() throws {
    let scratch = Scratch()
    scratch.write("one.jsonl", sampleJournal)
    let run = try IslandProcess.run(
      ["replay", "one.jsonl", "--format", "png", "--scale", "1"], in: scratch.path)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.outputBytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // IHDR: 393 x the picture's height, at 1 px per point.
    let width = run.outputBytes.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 393)
  }

  @Test func picturesRefuseBadOptionsAndSeveralJournals() throws {
    let scratch = Scratch()
    scratch.write("one.jsonl", sampleJournal)
    scratch.write("two.jsonl", sampleJournal)
    let several = try IslandProcess.run(
      ["replay", "one.jsonl", "two.jsonl", "--format", "svg"], in: scratch.path)
    #expect(several.status == 64)
    #expect(several.error.hasPrefix("island replay: --format svg pictures one journal at a time"))
    let scale = try IslandProcess.run(
      ["replay", "one.jsonl", "--format", "svg", "--scale", "0"], in: scratch.path)
    #expect(scale.status == 64)
    #expect(
      scale.error.hasPrefix(
        "island replay: --scale 0: expected pixels per point, such as 3 (at most 20)"))
    let format = try IslandProcess.run(
      ["replay", "one.jsonl", "--format", "gif"], in: scratch.path)
    #expect(
      format.error.hasPrefix("island replay: --format gif: expected text, json, jsonl, svg or png"))
  }

  @Test func renderWritesAFilmstripAndAPage() throws {
    let scratch = Scratch()
    scratch.write("one.jsonl", sampleJournal)
    let run = try IslandProcess.run(
      ["render", "one.jsonl", "--filmstrip", "film.svg", "--html", "page.html"], in: scratch.path)
    #expect(run.status == 0, "\(run.error)")
    let film = try String(contentsOfFile: scratch.path + "/film.svg", encoding: .utf8)
    // Five events, and the alert's end 2.2 s after #3 (a timer between events).
    #expect(film.components(separatedBy: "class=\"frame\"").count == 7)
    #expect(film.contains("#3 update · 1 min 0 s · expanded"))
    #expect(film.contains("timers after #3 · 1 min 2.2 s · minimal"))
    let page = try String(contentsOfFile: scratch.path + "/page.html", encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<script type=\"application/json\" id=\"timeline\">"))
    let every = try IslandProcess.run(
      ["render", "one.jsonl", "--filmstrip", "every.svg", "--every", "30s"], in: scratch.path)
    #expect(every.status == 0)
    let sampled = try String(contentsOfFile: scratch.path + "/every.svg", encoding: .utf8)
    #expect(sampled.components(separatedBy: "class=\"frame\"").count == 4)  // 0, 30, 60 s
  }

  @Test func renderStopsAtARejectedEventUnlessToldToKeepGoing() throws {
    let scratch = Scratch()
    let header = sampleJournal.split(separator: "\n")[0]
    let lines = sampleJournal.split(separator: "\n")
    scratch.write(
      "bad.jsonl",
      [header, lines[1], #"{"seq":2,"t":500,"event":"tap","target":"bottom"}"#, lines[2]]
        .joined(separator: "\n").replacingOccurrences(
          of: #""seq":2,"t":1000"#, with: #""seq":3,"t":1000"#)
        + "\n")
    let stopped = try IslandProcess.run(
      ["render", "bad.jsonl", "--filmstrip", "film.svg"], in: scratch.path)
    #expect(stopped.status == 65)
    #expect(stopped.error.hasPrefix("bad.jsonl:3: "))
    #expect(!FileManager.default.fileExists(atPath: scratch.path + "/film.svg"))
    let going = try IslandProcess.run(
      ["render", "bad.jsonl", "--filmstrip", "film.svg", "--keep-going"], in: scratch.path)
    #expect(going.status == 65)
    #expect(going.error.hasPrefix("bad.jsonl: event seq 2: tap rejected: "))
    let film = try String(contentsOfFile: scratch.path + "/film.svg", encoding: .utf8)
    #expect(film.contains("#2 tap REJECTED"))
    #expect(film.contains("#3 start · 1 s · minimal"))
  }

  @Test func renderNeedsSomethingToWrite() throws {
    let scratch = Scratch()
    scratch.write("one.jsonl", sampleJournal)
    let none = try IslandProcess.run(["render", "one.jsonl"], in: scratch.path)
    #expect(none.status == 64)
    #expect(
      none.error.hasPrefix(
        "island render: expected --filmstrip OUT.svg, --html OUT.html, or both"))
    let every = try IslandProcess.run(
      ["render", "one.jsonl", "--filmstrip", "f.svg", "--every", "soon"], in: scratch.path)
    #expect(every.status == 64)
    #expect(every.error.hasPrefix("island render: --every soon: expected a duration"))
    let missing = try IslandProcess.run(
      ["render", "nope.jsonl", "--html", "p.html"], in: scratch.path)
    #expect(missing.status == 66)
  }
}
