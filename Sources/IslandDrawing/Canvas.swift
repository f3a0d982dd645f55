/// How a run of drawn text looks in colour: a foreground colour, bold, dim.
struct Style: Equatable, Hashable, Sendable {
  /// The SGR parameters of the foreground colour (`31`, `38;5;208`), or nil for the default.
  var foreground: String?
  var bold = false
  var dim = false

  static let plain = Style()
  static let dimmed = Style(dim: true)

  /// The escape sequence that sets this style from a reset terminal.
  var escape: String {
    var parameters = ["0"]
    if bold { parameters.append("1") }
    if dim { parameters.append("2") }
    if let foreground { parameters.append(foreground) }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}

/// A run of text in one style.
struct Run: Equatable, Sendable {
  var text: String
  var style: Style

  init(_ text: String, _ style: Style = .plain) {
    self.text = text
    self.style = style
  }

  var columns: Int { DisplayWidth.columns(of: text) }
}

extension [Run] {
  /// The columns the runs take side by side.
  var columns: Int { reduce(0) { $0 + $1.columns } }

  /// The runs cut to at most `limit` columns, ending with `…` when anything was cut.
  func clipped(to limit: Int) -> [Run] {
    guard columns > limit else { return self }
    guard limit > 0 else { return [] }
    var kept: [Run] = []
    var used = 0
    var lastStyle = Style.plain
    var full = false
    for run in self {
      var text = ""
      for character in run.text {
        let width = DisplayWidth.columns(of: character)
        if used + width > limit - 1 {
          full = true
          break
        }
        text.append(character)
        used += width
      }
      if !text.isEmpty { kept.append(Run(text, run.style)) }
      lastStyle = run.style
      if full { break }
    }
    kept.append(Run("…", lastStyle))
    return kept
  }
}

/// A grid of terminal cells that text is written into, then turned into lines.
///
/// A wide character takes two cells: its own and a continuation cell after it, so that
/// every column of the grid is one column on screen.
struct Canvas {
  private struct Cell: Equatable {
    /// The character, or nil for the right half of a wide character.
    var character: Character?
    var style: Style

    static let blank = Cell(character: " ", style: .plain)
  }

  private var cells: [[Cell]] = []

  /// The number of rows written so far.
  var rowCount: Int { cells.count }

  /// Writes `runs` from column `column` of row `row`, growing the grid as needed.
  mutating func write(_ runs: [Run], row: Int, column: Int) {
    var column = max(0, column)
    for run in runs {
      for character in run.text {
        let width = DisplayWidth.columns(of: character)
        guard width > 0 else { continue }
        put(character, width: width, style: run.style, row: row, column: column)
        column += width
      }
    }
  }

  /// Writes `text` in `style` from column `column` of row `row`.
  mutating func write(_ text: String, style: Style = .plain, row: Int, column: Int) {
    write([Run(text, style)], row: row, column: column)
  }

  /// The grid as lines, trailing spaces removed, with colour escapes when `color` is set.
  func lines(color: Bool) -> [String] {
    cells.map { row in
      var end = row.count
      while end > 0, row[end - 1].character == " " { end -= 1 }
      var line = ""
      var current = Style.plain
      for cell in row[..<end] {
        guard let character = cell.character else { continue }
        if color, cell.style != current {
          line += cell.style.escape
          current = cell.style
        }
        line.append(character)
      }
      if color, current != .plain { line += "\u{1B}[0m" }
      return line
    }
  }

  private mutating func put(
    _ character: Character, width: Int, style: Style, row: Int, column: Int
  ) {
    while cells.count <= row { cells.append([]) }
    while cells[row].count < column + width { cells[row].append(.blank) }
    // Overwriting half of a wide character blanks its other half.
    if cells[row][column].character == nil, column > 0 { cells[row][column - 1] = .blank }
    let after = column + width
    if after < cells[row].count, cells[row][after].character == nil { cells[row][after] = .blank }
    cells[row][column] = Cell(character: character, style: style)
    if width == 2 { cells[row][column + 1] = Cell(character: nil, style: style) }
  }
}
