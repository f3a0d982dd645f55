import Foundation
import IslandCore
import IslandPictures
import Testing

@Suite("Progress bars with a total, in pictures")
struct ProgressTotalPictureTests {
  /// An expanded island whose bottom region is a bar on `done` out of `total`.
  static func expanded(done: Double, total: Double) throws -> IslandState {
    let layout = Layout(
      compactLeading: ZoneView(.symbol(name: try Template("bag.fill"), tint: nil, font: nil)),
      compactTrailing: ZoneView(.text(try Template("x"), font: .body, bold: false, lineLimit: nil)),
      minimal: ZoneView(.symbol(name: try Template("bag.fill"), tint: nil, font: nil)),
      bottom: ZoneView(.progress(field: "done", total: total, tint: .green)))
    var state = IslandState()
    try state.apply(
      .start(
        Start(
          activity: "t", app: "com.example.tasks", relevance: 0, stale: nil,
          state: ["done": .number(done)], layout: .inline(layout))),
      at: 0)
    try state.apply(.longPress(.island), at: 0)
    return state
  }

  /// The widths of the bar's track and of its filled part, read from the SVG's rects.
  static func barWidths(_ svg: String) throws -> (track: Double, filled: Double) {
    let rects = svg.components(separatedBy: "<rect").dropFirst()
    let trackIndex = try #require(rects.firstIndex { $0.contains(Palette.track) })
    func width(_ rect: String) throws -> Double {
      let start = try #require(rect.range(of: "width=\""))
      let value = rect[start.upperBound...].prefix { $0 != "\"" }
      return try #require(Double(value))
    }
    let filled = rects.index(after: trackIndex)
    return (try width(rects[trackIndex]), try width(rects[filled]))
  }

  @Test("done 6 of total 12 fills half the bar's track")
  func halfFull() throws {
    let svg = IslandPicture.svg(try Self.expanded(done: 6, total: 12))
    let (track, filled) = try Self.barWidths(svg)
    #expect(track > 0)
    #expect(abs(filled - track / 2) < 0.01)
  }
}
