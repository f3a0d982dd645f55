import IslandCore
import IslandDrawing
import Testing

@Suite("Progress bars with a total")
struct ProgressTotalDrawingTests {
  /// Seed-style expanded island whose bottom region is a bar on `done` out of `total`.
  static func expanded(done: Double, total: Double) throws -> IslandState {
    let layout = Layout(
      compactLeading: ZoneView(.symbol(name: try Template("bag.fill"), tint: nil, font: nil)),
      compactTrailing: ZoneView(.text(try Template("x"), font: .body, bold: false, lineLimit: nil)),
      minimal: ZoneView(.symbol(name: try Template("bag.fill"), tint: nil, font: nil)),
      bottom: ZoneView(.progress(field: "done", total: total, tint: .green)))
    return try fold([
      (
        0,
        .start(
          Start(
            activity: "t", app: "com.example.tasks", relevance: 0, stale: nil,
            state: ["done": .number(done)], layout: .inline(layout)))
      ),
      (0, .longPress(.island)),
    ])
  }

  @Test("done 6 of total 12 draws the bar half full, as 0.5 of 1 does")
  func halfFull() throws {
    let drawing = IslandDrawing.draw(try Self.expanded(done: 6, total: 12))
    let row = try #require(drawing.split(separator: "\n").first { $0.contains("█") })
    let filled = row.filter { $0 == "█" }.count
    let empty = row.filter { $0 == "░" }.count
    #expect(filled > 0 && abs(filled - empty) <= 1)
    #expect(drawing == IslandDrawing.draw(try Self.expanded(done: 0.5, total: 1)))
    #expect(drawing != IslandDrawing.draw(try Self.expanded(done: 6, total: 24)))
  }
}
