import IslandCore

/// Turns a rendered zone's elements into runs of text that fit the zone's columns.
///
/// Symbols show as their name in brackets (`[bag.fill]`); where the zone is too narrow for
/// the full names, as their first word (`[bag]`). Text shows as rendered (already cut with
/// an ellipsis by the engine when it is over budget). A progress bar fills the columns the
/// other elements leave, at least ``minimumBarColumns``. Whatever still does not fit is cut
/// with `…`.
enum ZoneText {
  /// The fewest columns a progress bar takes.
  static let minimumBarColumns = 4
  /// The columns a bar takes where nothing limits it (a list line).
  static let naturalBarColumns = 10

  /// One line of `elements`, at most `columns` wide.
  static func line(_ elements: [RenderedZone.Element], columns: Int) -> [Run] {
    for short in [false, true] {
      let pieces = self.pieces(elements, shortSymbols: short)
      let fixed = fixedColumns(pieces)
      let bars = barCount(pieces)
      if fixed + bars * minimumBarColumns <= columns {
        return runs(pieces, barColumns: bars == 0 ? 0 : (columns - fixed) / bars)
      }
    }
    let pieces = self.pieces(elements, shortSymbols: true)
    return runs(pieces, barColumns: minimumBarColumns).clipped(to: columns)
  }

  /// `elements` on one line at their natural width (bars ``naturalBarColumns`` wide).
  static func natural(_ elements: [RenderedZone.Element]) -> [Run] {
    runs(pieces(elements, shortSymbols: false), barColumns: naturalBarColumns)
  }

  /// `elements` on up to `count` lines of at most `columns`, wrapped at spaces; a zone with
  /// a progress bar, or of one line, takes one line.
  static func lines(_ elements: [RenderedZone.Element], columns: Int, count: Int) -> [[Run]] {
    let hasBar = elements.contains {
      if case .progress = $0 { return true }
      return false
    }
    guard count > 1, !hasBar, columns > 0 else { return [line(elements, columns: columns)] }
    var words: [Run] = []
    for piece in pieces(elements, shortSymbols: false) {
      guard case .fixed(let run) = piece else { continue }
      for word in run.text.split(separator: " ") { words.append(Run(String(word), run.style)) }
    }
    var lines: [[Run]] = []
    var current: [Run] = []
    var used = 0
    var index = 0
    while index < words.count, lines.count < count - 1 {
      let word = words[index]
      let width = word.columns
      let needed = current.isEmpty ? width : used + 1 + width
      if needed <= columns {
        if !current.isEmpty { current.append(Run(" ", word.style)) }
        current.append(word)
        used = needed
        index += 1
      } else if current.isEmpty {
        // A word wider than the zone: break it.
        let head = [word].clipped(to: columns + 1).dropLast()
        let kept = head.map(\.text).joined()
        current = [Run(kept, word.style)]
        words[index] = Run(String(word.text.dropFirst(kept.count)), word.style)
        lines.append(current)
        current = []
        used = 0
      } else {
        lines.append(current)
        current = []
        used = 0
      }
    }
    var last = current
    for word in words[index...] {
      if !last.isEmpty { last.append(Run(" ", word.style)) }
      last.append(word)
    }
    if !last.isEmpty { lines.append(last.clipped(to: columns)) }
    return lines.isEmpty ? [[]] : lines
  }

  // MARK: - Pieces

  private enum Piece {
    case fixed(Run)
    case bar(value: Double, style: Style)
  }

  private static func pieces(_ elements: [RenderedZone.Element], shortSymbols: Bool) -> [Piece] {
    elements.map { element in
      switch element {
      case .symbol(let name, let tint, _):
        let clean = DisplayWidth.sanitized(name)
        let shown = shortSymbols ? String(clean.prefix { $0 != "." }) : clean
        return .fixed(Run("[" + shown + "]", Style(foreground: tint?.escapeColor)))
      case .text(let text, _, let bold):
        return .fixed(Run(DisplayWidth.sanitized(text), Style(bold: bold)))
      case .progress(let value, let tint):
        return .bar(value: value, style: Style(foreground: tint?.escapeColor))
      }
    }
  }

  private static func fixedColumns(_ pieces: [Piece]) -> Int {
    var total = max(0, pieces.count - 1)
    for case .fixed(let run) in pieces { total += run.columns }
    return total
  }

  private static func barCount(_ pieces: [Piece]) -> Int {
    pieces.reduce(0) {
      if case .bar = $1 { return $0 + 1 }
      return $0
    }
  }

  private static func runs(_ pieces: [Piece], barColumns: Int) -> [Run] {
    var runs: [Run] = []
    for (index, piece) in pieces.enumerated() {
      if index > 0 { runs.append(Run(" ")) }
      switch piece {
      case .fixed(let run): runs.append(run)
      case .bar(let value, let style):
        let width = max(minimumBarColumns, barColumns)
        let filled = min(width, max(0, Int((value * Double(width)).rounded())))
        if filled > 0 { runs.append(Run(String(repeating: "█", count: filled), style)) }
        if filled < width {
          runs.append(Run(String(repeating: "░", count: width - filled), .dimmed))
        }
      }
    }
    return runs
  }
}

extension Tint {
  /// The SGR parameters of the nearest terminal colour (256-colour where the 16 have none).
  var escapeColor: String? {
    switch self {
    case .red: return "31"
    case .orange: return "38;5;208"
    case .yellow: return "33"
    case .green: return "32"
    case .mint: return "38;5;86"
    case .teal: return "36"
    case .cyan: return "96"
    case .blue: return "34"
    case .indigo: return "38;5;63"
    case .purple: return "35"
    case .pink: return "95"
    case .brown: return "38;5;130"
    case .gray: return "90"
    case .white: return "97"
    case .primary: return nil
    case .secondary: return "90"
    }
  }
}
