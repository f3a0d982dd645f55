/// A small declarative view.
public indirect enum View: Equatable, Hashable, Sendable {
  /// An SF Symbol (`Image(systemName:)`); its name may be a template such as
  /// `{orderStatusIcon}`.
  case symbol(name: Template, tint: Tint?, font: Font?)
  /// Text from a template such as `{minutesLeft}м`.
  case text(Template, font: Font, bold: Bool, lineLimit: Int?)
  /// A label: a symbol followed by text (`Label(_:systemImage:)`).
  case label(Template, symbol: String, font: Font, bold: Bool)
  /// A progress bar on a state field from 0 to `total` (`ProgressView(value:total:)`); it
  /// shows the fraction `value / total`, clamped to 0...1. `total` must be a finite number
  /// above 0 (1 unless given).
  case progress(field: String, total: Double = 1, tint: Tint?)
  /// The time left until a state field's time (milliseconds on the journal's clock), as
  /// `m:ss` or `h:mm:ss` (`Text(timerInterval:)`).
  case countdown(field: String, font: Font, bold: Bool)
  /// Views side by side (`HStack`).
  case row([View])

  /// The state fields the view reads, in the order it reads them, each once.
  public var fields: [String] {
    var names = FieldNames()
    collectFields(into: &names)
    return names.names
  }

  /// The fields the view shows as progress bars or countdowns, which must be numbers.
  public var numericFields: [String] {
    switch self {
    case .progress(let field, _, _), .countdown(let field, _, _): return [field]
    case .row(let views): return views.flatMap(\.numericFields)
    case .symbol, .text, .label: return []
    }
  }

  /// The fields the view takes symbol names from (`{orderStatusIcon}`): each must hold an SF
  /// Symbol name.
  public var symbolFields: [String] {
    switch self {
    case .symbol(let name, _, _): return name.fields
    case .row(let views): return views.flatMap(\.symbolFields)
    case .text, .label, .progress, .countdown: return []
    }
  }

  /// Whether the view shows a countdown (its text then moves with time).
  public var hasCountdown: Bool {
    switch self {
    case .countdown: return true
    case .row(let views): return views.contains { $0.hasCountdown }
    case .symbol, .text, .label, .progress: return false
    }
  }

  private func collectFields(into names: inout FieldNames) {
    func add(_ name: String) { names.add(name) }
    switch self {
    case .symbol(let name, _, _): name.fields.forEach(add)
    case .text(let template, _, _, _): template.fields.forEach(add)
    case .label(let template, _, _, _): template.fields.forEach(add)
    case .progress(let field, _, _): add(field)
    case .countdown(let field, _, _): add(field)
    case .row(let views): for view in views { view.collectFields(into: &names) }
    }
  }
}
