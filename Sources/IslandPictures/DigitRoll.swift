import IslandCore

/// How a zone's `numericText` transition rolls its digits, as SVG pieces for the page: in
/// each text, what the old and new texts share at the start and at the end stays (sliding
/// across if the middle's width changes), the old middle rolls up and out, the new middle
/// in from below; symbols and bars stay as the new state draws them.
///
/// Only when the zone is shown before and after with texts in the same places (the same
/// number of texts); otherwise nil, and the page rolls the whole zone.
package struct DigitRoll {
  /// Pieces that stay, at their new place, each with how far left of it it was before.
  package var stay: [(svg: String, dx: Double)] = []
  /// The old middles, at their old places.
  package var out: String = ""
  /// The new middles, at their new places.
  package var into: String = ""

  package init?(from old: Scene.PlacedZone, to new: Scene.PlacedZone) {
    let oldTexts = old.pieces.filter(\.isText)
    let newTexts = new.pieces.filter(\.isText)
    guard !newTexts.isEmpty, oldTexts.count == newTexts.count else { return nil }
    for piece in new.pieces where !piece.isText {
      stay.append((StateFrame.draw(piece), 0))
    }
    for (before, after) in zip(oldTexts, newTexts) {
      guard
        case .text(let oldText, let oldFont, let oldBold, let oldX, let oldY, let oldWidth) = before,
        case .text(let newText, let font, let bold, let x, let y, let width) = after
      else { return nil }
      let oldCharacters = Array(oldText)
      let newCharacters = Array(newText)
      var prefix = 0
      while prefix < min(oldCharacters.count, newCharacters.count),
        oldCharacters[prefix] == newCharacters[prefix]
      {
        prefix += 1
      }
      var suffix = 0
      while suffix < min(oldCharacters.count, newCharacters.count) - prefix,
        oldCharacters[oldCharacters.count - 1 - suffix]
          == newCharacters[newCharacters.count - 1 - suffix]
      {
        suffix += 1
      }
      let oldLayout = Layout(
        oldCharacters, font: oldFont, bold: oldBold, x: oldX, y: oldY, width: oldWidth)
      let newLayout = Layout(newCharacters, font: font, bold: bold, x: x, y: y, width: width)
      let ranges = (
        start: 0..<prefix, end: (newCharacters.count - suffix)..<newCharacters.count
      )
      let oldEnd = (oldCharacters.count - suffix)..<oldCharacters.count
      if !ranges.start.isEmpty {
        stay.append(
          (newLayout.svg(ranges.start), oldLayout.x(of: 0) - newLayout.x(of: 0)))
      }
      if !ranges.end.isEmpty {
        stay.append(
          (
            newLayout.svg(ranges.end),
            oldLayout.x(of: oldEnd.lowerBound) - newLayout.x(of: ranges.end.lowerBound)
          ))
      }
      out += oldLayout.svg(prefix..<oldEnd.lowerBound)
      into += newLayout.svg(prefix..<ranges.end.lowerBound)
    }
  }

  /// A text's characters placed as the picture draws them: DejaVu's widths, squeezed to the
  /// engine's.
  private struct Layout {
    let characters: [Character]
    let font: Font
    let bold: Bool
    let x: Double
    let y: Double
    let squeeze: Double

    init(_ characters: [Character], font: Font, bold: Bool, x: Double, y: Double, width: Double) {
      self.characters = characters
      self.font = font
      self.bold = bold || font.isSemibold
      self.x = x
      self.y = y
      let natural = FontWidths.width(
        of: String(characters), size: font.pointSize, bold: bold || font.isSemibold)
      squeeze = natural > 0 ? width / natural : 1
      self.weight = bold ? "bold" : font.isSemibold ? "600" : nil
    }

    let weight: String?

    func x(of index: Int) -> Double {
      x + FontWidths.width(of: String(characters[..<index]), size: font.pointSize, bold: bold)
        * squeeze
    }

    func svg(_ range: Range<Int>) -> String {
      guard !range.isEmpty else { return "" }
      let text = String(characters[range])
      return SVG.text(
        text, x: x(of: range.lowerBound), y: y, size: font.pointSize, weight: weight,
        fill: "#FFFFFF",
        width: FontWidths.width(of: text, size: font.pointSize, bold: bold) * squeeze)
    }
  }
}

extension Scene.Piece {
  /// Whether the piece is text.
  var isText: Bool {
    if case .text = self { return true }
    return false
  }
}
