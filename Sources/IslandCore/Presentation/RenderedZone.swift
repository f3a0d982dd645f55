/// What one zone shows for one activity, with the space it needs and has.
public struct RenderedZone: Equatable, Hashable, Sendable {
  /// The zone.
  public var zone: Zone
  /// The activity shown.
  public var activity: String
  /// What it shows, left to right, after any truncation.
  public var elements: [Element]
  /// The zone's text, as transitions compare it: symbols as `[name]`, progress bars as
  /// `[progress 40%]`, text as written; before truncation.
  public var text: String
  /// The width its content needs, in points, before truncation.
  public var width: Double
  /// The width it has, in points; nil where the zone has no fixed budget.
  public var budget: Double?
  /// How many lines its text takes.
  public var lines: Int
  /// Its height, in points.
  public var height: Double
  /// Whether its content is wider than its budget: its last text is then cut with an
  /// ellipsis (content without text is left for the island to clip).
  public var truncated: Bool

  /// One shown piece of a zone.
  public enum Element: Equatable, Hashable, Sendable {
    /// An SF Symbol, in a font's size (nil: `body`).
    case symbol(name: String, tint: Tint?, font: Font?)
    /// Text in a font.
    case text(String, font: Font, bold: Bool)
    /// A progress bar, from 0 to 1.
    case progress(Double, tint: Tint?)
  }

  /// The text shown, after truncation (symbols and bars as in ``text``).
  public var shownText: String { RenderedZone.flatten(elements) }

  /// Joins elements as ``text`` describes.
  public static func flatten(_ elements: [Element]) -> String {
    var pieces: [String] = []
    pieces.reserveCapacity(elements.count)
    for element in elements {
      switch element {
      case .symbol(let name, _, _): pieces.append("[" + name + "]")
      case .text(let text, _, _): pieces.append(text)
      case .progress(let value, _):
        pieces.append("[progress " + String(Int((value * 100).rounded())) + "%]")
      }
    }
    return pieces.joined(separator: " ")
  }
}
