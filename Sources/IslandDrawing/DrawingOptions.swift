/// How ``IslandDrawing/draw(_:options:)`` draws: colour or not, and the scale.
///
/// The caller decides about colour: a command line turns it on for a terminal and off when
/// the environment sets `NO_COLOR`; the drawing never reads the environment.
public struct DrawingOptions: Equatable, Hashable, Sendable {
  /// Whether to colour the drawing with ANSI escape sequences: symbol and bar tints, bold
  /// text, dim stale outlines and hidden activities. Off by default.
  public var color: Bool
  /// How many points one terminal column stands for, across (4 by default: a standard
  /// island's 230 pt take 58 columns, the expanded 371 pt 93).
  public var pointsPerColumn: Double
  /// How many points one terminal row stands for, down (12 by default, about a line of
  /// caption text). Heights are never drawn smaller than their content needs.
  public var pointsPerRow: Double

  /// Options with these values; a scale below half a point, or not a number, falls back to
  /// its default.
  public init(color: Bool = false, pointsPerColumn: Double = 4, pointsPerRow: Double = 12) {
    self.color = color
    self.pointsPerColumn = pointsPerColumn
    self.pointsPerRow = pointsPerRow
  }

  /// No colour, the default scale.
  public static let plain = DrawingOptions()

  /// Plain options, with colour.
  public static let colored = DrawingOptions(color: true)

  /// The scale actually used: the given one when it is a number of at least half a point,
  /// else the default.
  var scale: Scale {
    func valid(_ value: Double, _ fallback: Double) -> Double {
      value.isFinite && value >= 0.5 ? value : fallback
    }
    return Scale(
      pointsPerColumn: valid(pointsPerColumn, 4), pointsPerRow: valid(pointsPerRow, 12))
  }
}

/// Points to columns and rows.
struct Scale: Equatable, Sendable {
  var pointsPerColumn: Double
  var pointsPerRow: Double

  /// The column where a point `x` from the screen's left edge falls (nearest edge).
  func column(_ x: Double) -> Int { Int((x / pointsPerColumn).rounded()) }

  /// How many rows `height` points take, rounded to the nearest.
  func rows(_ height: Double) -> Int { Int((height / pointsPerRow).rounded()) }
}
