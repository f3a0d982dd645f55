/// A zone's view compiled once into a flat list of steps that write its text and add up
/// its width, so that rendering on every update walks no view tree, copies no template and
/// looks up no field by name.
///
/// The steps say exactly what ``ZoneRenderer/render`` does: a symbol is `[name]` and takes
/// 1.15 em of its font; a text piece's width is the sum of its scalars' widths in ems, in
/// order, times the font's size, times its weight; a progress bar is `[progress N%]` and
/// takes 40 pt; pieces are joined by spaces. Fields are numbered (``FieldSource`` resolves
/// the numbers), in the order the views first read them.
struct ZoneProgram: Sendable {
  /// The steps, in order.
  private(set) var steps: [Step] = []
  /// The literal text of every ``Step/literal(start:count:measured:)``, one after another.
  private(set) var literals: [UInt8] = []
  /// Whether the zone pads its content on both sides.
  let horizontalPadding: Bool

  /// One step. Its payloads are plain numbers: reading a step retains nothing.
  enum Step: Equatable, Sendable {
    /// A space before every piece but the first.
    case separate
    /// A text piece starts: its width is counted from zero.
    case beginPiece
    /// Literal bytes, counted in the piece's width or not.
    case literal(start: Int32, count: Int32, measured: Bool)
    /// A field's value as a template shows it, counted in the piece's width or not.
    case field(Int32, measured: Bool)
    /// A field's value over a total as a progress bar's percentage.
    case percent(Int32, total: Double)
    /// The time left until a field's time, as a countdown.
    case countdown(Int32)
    /// A text piece ends: its width in ems times the font's size, times its weight.
    case endPiece(pointSize: Double, weight: Double)
    /// A fixed width: a symbol's or a progress bar's.
    case addWidth(Double)
  }

  /// Compiles `zoneView`; `fields` numbers the fields it reads (a field not yet in it is
  /// added at the end).
  init(_ zoneView: ZoneView, fields: inout FieldNames) {
    horizontalPadding = zoneView.horizontalPadding
    compile(zoneView.view, fields: &fields)
  }

  private mutating func compile(_ view: View, fields: inout FieldNames) {
    switch view {
    case .symbol(let name, _, let font):
      steps.append(.separate)
      literal("[", measured: false)
      fill(name, measured: false, fields: &fields)
      literal("]", measured: false)
      steps.append(.addWidth(TextMetrics.symbolWidth(font: font)))
    case .text(let template, let font, let bold, _):
      steps.append(.separate)
      steps.append(.beginPiece)
      fill(template, measured: true, fields: &fields)
      endPiece(font: font, bold: bold)
    case .label(let template, let symbol, let font, let bold):
      steps.append(.separate)
      literal("[" + symbol + "]", measured: false)
      steps.append(.addWidth(TextMetrics.symbolWidth(font: font)))
      steps.append(.separate)
      steps.append(.beginPiece)
      fill(template, measured: true, fields: &fields)
      endPiece(font: font, bold: bold)
    case .progress(let field, let total, _):
      steps.append(.separate)
      literal("[progress ", measured: false)
      steps.append(.percent(number(of: field, in: &fields), total: total))
      literal("%]", measured: false)
      steps.append(.addWidth(TextMetrics.progressMinimumWidth))
    case .countdown(let field, let font, let bold):
      steps.append(.separate)
      steps.append(.beginPiece)
      steps.append(.countdown(number(of: field, in: &fields)))
      endPiece(font: font, bold: bold)
    case .row(let views):
      for view in views { compile(view, fields: &fields) }
    }
  }

  private mutating func endPiece(font: Font, bold: Bool) {
    steps.append(
      .endPiece(
        pointSize: font.pointSize, weight: TextMetrics.weightFactor(font: font, bold: bold)))
  }

  private mutating func fill(_ template: Template, measured: Bool, fields: inout FieldNames) {
    for part in template.parts {
      switch part {
      case .literal(let text): literal(text, measured: measured)
      case .field(let name): steps.append(.field(number(of: name, in: &fields), measured: measured))
      }
    }
  }

  /// Appends literal text, joined to the literal step before it when that one is measured
  /// the same way (widths are summed byte by byte in order, so joining changes nothing).
  private mutating func literal(_ text: String, measured: Bool) {
    guard !text.isEmpty else { return }
    let bytes = Array(text.utf8)
    if case .literal(let start, let count, let lastMeasured) = steps.last,
      lastMeasured == measured
    {
      steps[steps.count - 1] = .literal(
        start: start, count: count + Int32(bytes.count), measured: measured)
    } else {
      steps.append(
        .literal(start: Int32(literals.count), count: Int32(bytes.count), measured: measured))
    }
    literals += bytes
  }

  private func number(of field: String, in fields: inout FieldNames) -> Int32 {
    Int32(fields.add(field))
  }
}

extension ZoneProgram {
  /// The steps with their literals moved to `offset` in a shared literal buffer.
  func steps(rebasedBy offset: Int) -> [Step] {
    steps.map { step in
      guard case .literal(let start, let count, let measured) = step else { return step }
      return .literal(start: start + Int32(offset), count: count, measured: measured)
    }
  }
}
