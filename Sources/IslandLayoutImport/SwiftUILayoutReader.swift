import IslandCore
import IslandLayoutExport
internal import SwiftDiagnostics
internal import SwiftParser
internal import SwiftParserDiagnostics
internal import SwiftSyntax

/// Layouts from SwiftUI source: the `DynamicIsland { ... } compactLeading: { ... }
/// compactTrailing: { ... } minimal: { ... }` builder of a widget extension, read with the
/// toolchain's own Swift parser (see docs/swiftui-layouts.md for what is read).
extension SwiftUILayout {
  /// The views Island reads, for messages.
  static let supportedViews =
    "Image(systemName:), Text, Text(timerInterval:countsDown:), Text(_:style: .timer), "
    + "Label(_:systemImage:), ProgressView(value:), HStack, VStack, ZStack, Spacer, Link"
  /// The field forms Island reads, for messages.
  static let supportedFields = "a name, context.state.NAME or context.attributes.NAME"

  /// Reads the layout in `source`, the text of the file called `file` (for messages).
  ///
  /// Anything the layout cannot hold is an error at its line and column; with `lenient`, an
  /// unsupported view becomes a placeholder text (`[GaugeView]`), an unsupported modifier is
  /// ignored, and each is a warning instead.
  public static func read(_ source: String, file: String, lenient: Bool = false)
    throws(SwiftUIImportFailure) -> SwiftUIImport
  {
    let tree = Parser.parse(source: source)
    var reader = LayoutReader(file: file, tree: tree, lenient: lenient)
    reader.readFile()
    reader.errors.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    reader.warnings.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    if !reader.errors.isEmpty {
      throw SwiftUIImportFailure(errors: reader.errors, warnings: reader.warnings)
    }
    return SwiftUIImport(layout: reader.layout, warnings: reader.warnings)
  }
}

/// What the views of a zone inherit from the modifiers around them (SwiftUI's environment:
/// the innermost modifier wins).
private struct Environment {
  var font: Font?
  var bold: Bool?
  var colour: Tint?
  /// Whether the colour came from `.foregroundColor`/`.foregroundStyle` (which colours text)
  /// rather than `.tint` (which does not), and where.
  var colourSource: (foreground: Bool, line: Int, column: Int)?
  var lineLimit: Int??
}

/// What a zone gathers besides its view.
private struct ZoneExtras {
  var transition: (choice: TransitionChoice, written: String)?
  var link: String?
  var horizontalPadding = false
}

/// One pass over a parsed file.
private struct LayoutReader {
  let file: String
  let tree: SourceFileSyntax
  let converter: SourceLocationConverter
  let lenient: Bool
  var errors: [SwiftUIDiagnostic] = []
  var warnings: [SwiftUIDiagnostic] = []
  /// The warnings given so far: one construct inherited by many views warns once.
  var warned: Set<SwiftUIDiagnostic> = []
  var layout = Layout()
  /// The name of the `dynamicIsland:` closure's parameter (`context`).
  var contextName = "context"
  /// Computed properties declared in the file, by name, with their line.
  var computed: [String: Int] = [:]
  /// Fields read from the content state, and from the attributes.
  var stateFields: Set<String> = []
  var attributeFields: Set<String> = []
  var zone: Zone = .compactLeading
  var extras = ZoneExtras()
  var widgetURLSource: (line: Int, url: String)?

  init(file: String, tree: SourceFileSyntax, lenient: Bool) {
    self.file = file
    self.tree = tree
    self.lenient = lenient
    converter = SourceLocationConverter(fileName: file, tree: tree)
  }

  // MARK: - Diagnostics

  func location(_ node: some SyntaxProtocol) -> (line: Int, column: Int) {
    let place = node.startLocation(converter: converter)
    return (place.line, place.column)
  }

  mutating func error(_ node: some SyntaxProtocol, _ message: String) {
    let place = location(node)
    errors.append(
      SwiftUIDiagnostic(
        file: file, line: place.line, column: place.column, severity: .error, message: message))
  }

  mutating func warn(_ node: some SyntaxProtocol, _ message: String) {
    let place = location(node)
    warn(line: place.line, column: place.column, message)
  }

  mutating func warn(line: Int, column: Int, _ message: String) {
    let warning = SwiftUIDiagnostic(
      file: file, line: line, column: column, severity: .warning, message: message)
    if warned.insert(warning).inserted { warnings.append(warning) }
  }

  /// An unsupported construct: an error, or with `lenient` a warning (the caller then
  /// leaves it out or shows a placeholder).
  mutating func refuse(_ node: some SyntaxProtocol, _ message: String) {
    if lenient { warn(node, message + " (placeholder used)") } else { error(node, message) }
  }

  /// An unsupported modifier (or statement): an error, or with `lenient` a warning, and it
  /// is ignored.
  mutating func refuseIgnored(_ node: some SyntaxProtocol, _ message: String) {
    if lenient { warn(node, message + " (ignored)") } else { error(node, message) }
  }

  /// The placeholder a refused view leaves with `lenient`: its name in brackets.
  func placeholder(_ name: String, _ environment: Environment) -> [View] {
    guard lenient else { return [] }
    return [
      .text(
        Template(literal: "[" + name + "]"), font: environment.font ?? .body, bold: false,
        lineLimit: 1)
    ]
  }

  // MARK: - The file

  mutating func readFile() {
    let syntaxErrors = ParseDiagnosticsGenerator.diagnostics(for: tree).filter {
      $0.diagMessage.severity == .error
    }
    if !syntaxErrors.isEmpty {
      for diagnostic in syntaxErrors.prefix(10) {
        let place = diagnostic.location(converter: converter)
        errors.append(
          SwiftUIDiagnostic(
            file: file, line: place.line, column: place.column, severity: .error,
            message: "Swift syntax: " + Quoting.safe(diagnostic.message)))
      }
      return
    }
    let finder = DeclarationFinder(viewMode: .sourceAccurate)
    finder.walk(tree)
    for (name, node) in finder.computed where computed[name] == nil {
      computed[name] = location(node).line
    }
    guard let island = finder.islands.first else {
      errors.append(
        SwiftUIDiagnostic(
          file: file, line: 1, column: 1, severity: .error,
          message: "no `DynamicIsland { ... }` found: Island reads the DynamicIsland builder "
            + "of an ActivityConfiguration's dynamicIsland: closure"))
      return
    }
    if finder.islands.count > 1 {
      error(
        finder.islands[1],
        "a second `DynamicIsland` (the first is at line \(location(island).line)): "
          + "give a file with one")
      return
    }
    contextName = Self.contextName(around: island) ?? "context"
    readIsland(island)
    for modifier in Self.modifiers(around: ExprSyntax(island)) { readIslandModifier(modifier) }
    layout.widgetURL = widgetURLSource?.url
    layout.attributes = attributeFields.sorted()
  }

  /// The parameter of the closure the builder is in (`dynamicIsland: { context in ... }`).
  static func contextName(around node: some SyntaxProtocol) -> String? {
    var parent = node.parent
    while let current = parent {
      if let closure = current.as(ClosureExprSyntax.self), let signature = closure.signature {
        switch signature.parameterClause {
        case .simpleInput(let names): return names.first?.name.text
        case .parameterClause(let clause): return clause.parameters.first?.firstName.text
        case nil: break
        @unknown default: break
        }
      }
      parent = current.parent
    }
    return nil
  }

  /// The modifiers applied to `expression`, innermost first: `X.a().b()` gives `a`, `b`.
  static func modifiers(around expression: ExprSyntax) -> [FunctionCallExprSyntax] {
    var calls: [FunctionCallExprSyntax] = []
    var current = Syntax(expression)
    while let member = current.parent?.as(MemberAccessExprSyntax.self),
      member.base.map(Syntax.init) == current,
      let call = member.parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(MemberAccessExprSyntax.self) == member
    {
      calls.append(call)
      current = Syntax(call)
    }
    return calls
  }

  /// `expression` without its modifiers, and the modifiers, outermost first.
  static func peel(_ expression: ExprSyntax) -> (base: ExprSyntax, modifiers: [Modifier]) {
    var modifiers: [Modifier] = []
    var base = expression
    while let call = base.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let inner = member.base
    {
      modifiers.append(Modifier(name: member.declName.baseName.text, call: call))
      base = inner
    }
    return (base, modifiers)
  }

  /// Where a modifier is written: its `.` (its call starts where the view it modifies does).
  static func modifierStart(_ call: FunctionCallExprSyntax) -> Syntax {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
      return Syntax(call)
    }
    return Syntax(member.period)
  }

  /// A modifier as written, without the view it modifies: `.font(.system(size: 14))`.
  static func modifierCode(_ call: FunctionCallExprSyntax) -> String {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
      return Quoting.code(call.trimmedDescription)
    }
    return Quoting.code(
      "." + member.declName.trimmedDescription + (call.leftParen?.text ?? "")
        + call.arguments.trimmedDescription + (call.rightParen?.text ?? ""))
  }

  struct Modifier {
    var name: String
    var call: FunctionCallExprSyntax
  }

  // MARK: - The builder

  /// The closures of a call, by label: its arguments that are closures, then its trailing
  /// closures (the first one unlabelled).
  static func closures(of call: FunctionCallExprSyntax) -> [(
    label: String?, closure: ClosureExprSyntax, node: Syntax
  )] {
    var result: [(label: String?, closure: ClosureExprSyntax, node: Syntax)] = []
    for argument in call.arguments {
      if let closure = argument.expression.as(ClosureExprSyntax.self) {
        result.append((argument.label?.text, closure, Syntax(argument)))
      }
    }
    if let trailing = call.trailingClosure { result.append((nil, trailing, Syntax(trailing))) }
    for element in call.additionalTrailingClosures {
      result.append((element.label.text, element.closure, Syntax(element)))
    }
    return result
  }

  mutating func readIsland(_ island: FunctionCallExprSyntax) {
    for argument in island.arguments where argument.expression.as(ClosureExprSyntax.self) == nil {
      error(
        argument,
        "DynamicIsland takes closures only (expanded:, compactLeading:, "
          + "compactTrailing:, minimal:), not \(Quoting.code(argument.trimmedDescription))")
    }
    var seen: Set<String> = []
    for (index, entry) in Self.closures(of: island).enumerated() {
      let label = entry.label ?? (index == 0 ? "expanded" : "")
      guard seen.insert(label).inserted else {
        error(entry.node, "DynamicIsland has a second `\(label):` closure")
        continue
      }
      switch label {
      case "expanded": readExpanded(entry.closure)
      case "compactLeading": readZone(.compactLeading, entry.closure)
      case "compactTrailing": readZone(.compactTrailing, entry.closure)
      case "minimal": readZone(.minimal, entry.closure)
      default:
        error(
          entry.node,
          "DynamicIsland has no `\(Quoting.safe(label)):` closure (expected expanded, "
            + "compactLeading, compactTrailing, minimal)")
      }
    }
  }

  mutating func readExpanded(_ closure: ClosureExprSyntax) {
    for item in closure.statements {
      guard let expression = Self.expression(of: item) else {
        refuseStatement(item, in: "the expanded closure")
        continue
      }
      let (base, modifiers) = Self.peel(expression)
      guard let call = base.as(FunctionCallExprSyntax.self),
        Self.calledName(call) == "DynamicIslandExpandedRegion"
      else {
        error(
          item,
          "the expanded closure holds DynamicIslandExpandedRegion(...) { ... } only, not "
            + Quoting.code(item.trimmedDescription))
        continue
      }
      for modifier in modifiers {
        refuseIgnored(
          Self.modifierStart(modifier.call),
          "modifier `.\(modifier.name)` on a region is not supported (modify its views)")
      }
      readRegion(call)
    }
  }

  mutating func readRegion(_ call: FunctionCallExprSyntax) {
    var region: Region?
    var priority: Double?
    for argument in call.arguments {
      switch argument.label?.text {
      case nil:
        let name = Self.memberName(argument.expression, type: "DynamicIslandExpandedRegionPosition")
        region = name.flatMap(Region.init(rawValue:))
        if region == nil {
          error(
            argument,
            "unknown region \(Quoting.code(argument.expression.trimmedDescription)) (expected "
              + ".leading, .trailing, .center, .bottom)")
          return
        }
      case "priority":
        guard let number = Self.number(argument.expression) else {
          error(argument, "a region's priority must be a finite number literal")
          return
        }
        priority = number
      case "content":
        continue
      case .some(let label):
        error(argument, "DynamicIslandExpandedRegion has no `\(Quoting.safe(label)):` argument")
        return
      }
    }
    guard let region else {
      error(
        call,
        "DynamicIslandExpandedRegion needs its position (.leading, .trailing, "
          + ".center, .bottom)")
      return
    }
    let zone = Zone(region)
    if layout[zone] != nil {
      error(call, "a second DynamicIslandExpandedRegion(.\(region.rawValue))")
      return
    }
    guard let content = Self.closures(of: call).first?.closure else {
      error(call, "DynamicIslandExpandedRegion(.\(region.rawValue)) has no content closure")
      return
    }
    readZone(zone, content)
    if priority != nil { layout[zone]?.priority = priority }
  }

  mutating func readZone(_ zone: Zone, _ closure: ClosureExprSyntax) {
    self.zone = zone
    extras = ZoneExtras()
    let views = readStatements(closure.statements, environment: Environment(), root: true)
    let view: View
    switch views.count {
    case 0: return
    case 1: view = views[0]
    default: view = .row(views)
    }
    layout[zone] = ZoneView(
      view, transition: extras.transition?.choice ?? .automatic, link: extras.link,
      horizontalPadding: extras.horizontalPadding)
  }

  // MARK: - Statements and views

  static func expression(of item: CodeBlockItemSyntax) -> ExprSyntax? {
    if case .expr(let expression) = item.item { return expression }
    return nil
  }

  mutating func refuseStatement(_ item: CodeBlockItemSyntax, in place: String) {
    if case .stmt(let statement) = item.item,
      let expression = statement.as(ExpressionStmtSyntax.self)?.expression
    {
      // With `lenient`, the regions inside are left out.
      if expression.is(IfExprSyntax.self) {
        refuseIgnored(item, Self.conditional("if"))
        return
      }
      if expression.is(SwitchExprSyntax.self) {
        refuseIgnored(item, Self.conditional("switch"))
        return
      }
    }
    error(item, "\(place) holds views only, not \(Quoting.code(item.trimmedDescription))")
  }

  static func conditional(_ keyword: String) -> String {
    "a conditional (`\(keyword)`) is not supported: Island reads one fixed layout (put what "
      + "varies in a content-state field)"
  }

  mutating func readStatements(
    _ statements: CodeBlockItemListSyntax, environment: Environment, root: Bool
  ) -> [View] {
    var views: [View] = []
    let only = statements.count == 1
    for item in statements {
      if let expression = Self.expression(of: item) {
        views += readView(expression, environment: environment, root: root && only)
        continue
      }
      if case .stmt(let statement) = item.item,
        let expression = statement.as(ExpressionStmtSyntax.self)?.expression,
        let keyword = expression.is(IfExprSyntax.self)
          ? "if" : expression.is(SwitchExprSyntax.self) ? "switch" : nil
      {
        refuse(item, Self.conditional(keyword))
        views += placeholder(keyword, environment)
        continue
      }
      error(item, "a view builder holds views only, not \(Quoting.code(item.trimmedDescription))")
    }
    return views
  }

  static func calledName(_ call: FunctionCallExprSyntax) -> String? {
    call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
  }

  /// The views `expression` gives (none for `Spacer()`), with its modifiers applied.
  mutating func readView(_ expression: ExprSyntax, environment outer: Environment, root: Bool)
    -> [View]
  {
    let (base, modifiers) = Self.peel(expression)
    var environment = outer
    for modifier in modifiers {
      apply(modifier, to: &environment, root: root, base: base)
    }
    if base.is(IfExprSyntax.self) || base.is(SwitchExprSyntax.self)
      || base.as(SequenceExprSyntax.self)?.elements.contains(where: {
        $0.is(UnresolvedTernaryExprSyntax.self)
      }) == true
    {
      let keyword =
        base.is(IfExprSyntax.self) ? "if" : base.is(SwitchExprSyntax.self) ? "switch" : "?:"
      refuse(base, Self.conditional(keyword))
      return placeholder(keyword, environment)
    }
    guard let call = base.as(FunctionCallExprSyntax.self), let name = Self.calledName(call)
    else {
      let written = Quoting.code(base.trimmedDescription)
      refuse(
        base, "\(written) is not a view Island reads (supported: \(SwiftUILayout.supportedViews))")
      return placeholder(Self.shortName(base), environment)
    }
    switch name {
    case "Image": return readImage(call, environment)
    case "Text": return readText(call, environment)
    case "Label": return readLabel(call, environment)
    case "ProgressView": return readProgress(call, environment)
    case "HStack", "VStack", "ZStack":
      guard let content = Self.closures(of: call).first?.closure else {
        error(call, "\(name) has no content closure")
        return []
      }
      return [.row(readStatements(content.statements, environment: environment, root: false))]
    case "Spacer", "EmptyView": return []
    case "Link": return readLink(call, environment, root: root)
    case "ForEach":
      refuse(
        call.calledExpression,
        "a loop (`ForEach`) is not supported: Island reads one fixed "
          + "layout (put what varies in a content-state field)")
      return placeholder(name, environment)
    default:
      refuse(
        call.calledExpression,
        "custom view `\(Quoting.safe(name))` is not supported (supported: "
          + "\(SwiftUILayout.supportedViews))")
      return placeholder(name, environment)
    }
  }

  static func shortName(_ expression: ExprSyntax) -> String {
    let text = expression.trimmedDescription
    let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    return name.isEmpty ? "?" : String(name.prefix(30))
  }

  // MARK: - Leaf views

  mutating func readImage(_ call: FunctionCallExprSyntax, _ environment: Environment) -> [View] {
    guard call.arguments.count == 1, let argument = call.arguments.first,
      argument.label?.text == "systemName"
    else {
      refuse(
        call,
        "\(Quoting.code(call.trimmedDescription)) is not supported: Island draws SF "
          + "Symbols, Image(systemName:) with a name or a field")
      return placeholder("Image", environment)
    }
    guard let name = template(argument.expression, environment) else {
      return placeholder("Image", environment)
    }
    if environment.bold == true {
      warn(call, "the layout keeps no weight for a symbol: `Image` is drawn regular")
    }
    return [.symbol(name: name, tint: environment.colour, font: environment.font)]
  }

  mutating func readText(_ call: FunctionCallExprSyntax, _ environment: Environment) -> [View] {
    let labels = call.arguments.map { $0.label?.text }
    let arguments = Array(call.arguments)
    let font = environment.font ?? .body
    let bold = environment.bold ?? false
    if labels.first == "timerInterval" {
      for argument in arguments.dropFirst() {
        switch argument.label?.text {
        case "countsDown":
          if argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.text != "true" {
            refuse(
              argument,
              "Text(timerInterval:countsDown: false) counts up: Island's timers "
                + "count down")
            return placeholder("timer", environment)
          }
        case "showsHours":
          if argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.text != "true" {
            refuse(
              argument,
              "Text(timerInterval:showsHours: false) is not supported: Island's "
                + "timers show hours when there are some")
            return placeholder("timer", environment)
          }
        default:
          refuse(
            argument,
            "Text(timerInterval:) with `\(argument.label?.text ?? "_"):` is not "
              + "supported (supported: timerInterval:, countsDown: true)")
          return placeholder("timer", environment)
        }
      }
      guard let end = timerEnd(arguments[0].expression) else {
        return placeholder("timer", environment)
      }
      warnTextColour(environment, "a timer")
      return [.countdown(field: end, font: font, bold: bold)]
    }
    if labels == [nil, "style"] {
      let style = Self.memberName(arguments[1].expression, type: "Text.DateStyle")
      guard style == "timer" else {
        refuse(
          arguments[1],
          "Text(_:style: \(Quoting.safe(arguments[1].expression.trimmedDescription))) "
            + "is not supported: Island shows `.timer` (a countdown) only")
        return placeholder("date", environment)
      }
      guard let field = field(arguments[0].expression) else {
        return placeholder("timer", environment)
      }
      warnTextColour(environment, "a timer")
      return [.countdown(field: field, font: font, bold: bold)]
    }
    guard labels == [nil] || labels == ["verbatim"] else {
      refuse(
        call,
        "\(Quoting.code(call.trimmedDescription)) is not supported: Island reads "
          + "Text(\"literal\"), Text(\"\\(field)\"), Text(field), "
          + "Text(timerInterval:countsDown:) and Text(_:style: .timer)")
      return placeholder("Text", environment)
    }
    guard let text = template(arguments[0].expression, environment) else {
      return placeholder("Text", environment)
    }
    warnTextColour(environment, "Text")
    return [.text(text, font: font, bold: bold, lineLimit: environment.lineLimit ?? nil)]
  }

  mutating func warnTextColour(_ environment: Environment, _ what: String) {
    guard let source = environment.colourSource, source.foreground else { return }
    warn(
      line: source.line, column: source.column,
      "the layout keeps no colour for \(what): drawn in the default colour")
  }

  /// The field a `Text(timerInterval:)` range ends at: `START...FIELD`.
  mutating func timerEnd(_ expression: ExprSyntax) -> String? {
    if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
      let operation = Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self),
      operation.operator.text == "..."
    {
      return field(Array(sequence.elements)[2])
    }
    if expression.is(MemberAccessExprSyntax.self) || expression.is(DeclReferenceExprSyntax.self),
      let name = field(expression)
    {
      warn(
        expression,
        "the timer's range `\(name)` is read as the time it ends (a number of "
          + "milliseconds on the journal's clock in Island's content state)")
      return name
    }
    refuse(
      expression,
      "a timer interval must be written START...FIELD (such as "
        + "`Date.now...context.state.endsAt`), not \(Quoting.code(expression.trimmedDescription))")
    return nil
  }

  mutating func readLabel(_ call: FunctionCallExprSyntax, _ environment: Environment) -> [View] {
    let arguments = Array(call.arguments)
    let closures = Self.closures(of: call)
    if arguments.allSatisfy({ $0.expression.is(ClosureExprSyntax.self) }), closures.count == 2,
      closures[0].label == nil || closures[0].label == "title", closures[1].label == "icon"
    {
      return readLabel(title: closures[0].closure, icon: closures[1].closure, environment)
    }
    guard arguments.count == 2, arguments[0].label == nil,
      arguments[1].label?.text == "systemImage"
    else {
      refuse(
        call,
        "\(Quoting.code(call.trimmedDescription)) is not supported: Island reads "
          + "Label(_:systemImage:)")
      return placeholder("Label", environment)
    }
    guard let title = template(arguments[0].expression, environment) else {
      return placeholder("Label", environment)
    }
    guard let symbol = Self.stringLiteral(arguments[1].expression) else {
      refuse(
        arguments[1].expression,
        "a Label's systemImage must be a string literal: Island's "
          + "labels keep a fixed symbol (write HStack { Image(systemName: field); Text(...) })")
      return placeholder("Label", environment)
    }
    if case .some(.some) = environment.lineLimit {
      warn(call, "the layout keeps no line limit for a Label: drawn on one line")
    }
    warnTextColour(environment, "a Label")
    return [
      .label(
        title, symbol: symbol, font: environment.font ?? .body, bold: environment.bold ?? false)
    ]
  }

  /// `Label { Text(...) } icon: { Image(systemName: "...") }`.
  mutating func readLabel(
    title: ClosureExprSyntax, icon: ClosureExprSyntax, _ environment: Environment
  ) -> [View] {
    let titles = readStatements(title.statements, environment: environment, root: false)
    let icons = readStatements(icon.statements, environment: environment, root: false)
    // A label draws its icon, then its title: a text and a fixed symbol are a label, other
    // views a row of the two.
    guard titles.count == 1, case .text(let text, let font, let bold, _) = titles[0],
      icons.count == 1, case .symbol(let name, _, _) = icons[0], name.fields.isEmpty
    else {
      return [.row(icons + titles)]
    }
    return [.label(text, symbol: ZoneRenderer.fill(name, ContentState()), font: font, bold: bold)]
  }

  mutating func readProgress(_ call: FunctionCallExprSyntax, _ environment: Environment)
    -> [View]
  {
    let arguments = Array(call.arguments)
    if arguments.first?.label?.text == "timerInterval" {
      refuse(
        call,
        "ProgressView(timerInterval:) is not supported: Island's progress bars read a "
          + "field from 0 to 1 (ProgressView(value: context.state.NAME)); show the time left "
          + "with Text(timerInterval:countsDown:)")
      return placeholder("ProgressView", environment)
    }
    guard let value = arguments.first, value.label?.text == "value" else {
      refuse(
        call,
        "\(Quoting.code(call.trimmedDescription)) is not supported: Island reads "
          + "ProgressView(value:) and ProgressView(value:total:) with a number as the total")
      return placeholder("ProgressView", environment)
    }
    var total = 1.0
    for argument in arguments.dropFirst() {
      guard argument.label?.text == "total", let number = Self.number(argument.expression) else {
        refuse(
          argument,
          "ProgressView(value:) with \(Quoting.code(argument.trimmedDescription)) "
            + "is not supported: Island's bars go from 0 to 1 (total: 1; scale the field)")
        return placeholder("ProgressView", environment)
      }
      guard number > 0 else {
        refuse(
          argument.expression,
          "a progress total of \(Quoting.code(argument.expression.trimmedDescription)) is not "
            + "supported: a bar's total must be a number above 0")
        return placeholder("ProgressView", environment)
      }
      total = number
    }
    if Self.number(value.expression) != nil {
      refuse(
        value.expression,
        "a constant progress value is not supported: Island's bars read a "
          + "field (\(SwiftUILayout.supportedFields))")
      return placeholder("ProgressView", environment)
    }
    guard let field = field(value.expression) else {
      return placeholder("ProgressView", environment)
    }
    return [.progress(field: field, total: total, tint: environment.colour)]
  }

  mutating func readLink(_ call: FunctionCallExprSyntax, _ environment: Environment, root: Bool)
    -> [View]
  {
    guard zone.region != nil else {
      refuse(
        call,
        "a Link in \(zone.rawValue) is not supported: compact and minimal views are not "
          + "interactive (a tap opens the widget URL); links are for expanded regions")
      return placeholder("Link", environment)
    }
    guard root else {
      refuse(call, "a Link must wrap a region's whole content (Island keeps one link a region)")
      return placeholder("Link", environment)
    }
    guard let destination = call.arguments.first, destination.label?.text == "destination",
      call.arguments.count == 1 || call.arguments.last?.label?.text == "label",
      let content = Self.closures(of: call).first?.closure
    else {
      refuse(
        call,
        "\(Quoting.code(call.trimmedDescription)) is not supported: Island reads "
          + "Link(destination: URL(string: \"...\")!) { ... }")
      return placeholder("Link", environment)
    }
    guard let url = url(destination.expression) else { return placeholder("Link", environment) }
    extras.link = url
    return readStatements(content.statements, environment: environment, root: true)
  }

  /// `URL(string: "literal")!`.
  mutating func url(_ expression: ExprSyntax) -> String? {
    if let unwrapped = expression.as(ForceUnwrapExprSyntax.self),
      let call = unwrapped.expression.as(FunctionCallExprSyntax.self),
      Self.calledName(call) == "URL", call.arguments.count == 1,
      call.arguments.first?.label?.text == "string"
    {
      if let argument = call.arguments.first, let text = Self.stringLiteral(argument.expression) {
        return text
      }
    }
    refuse(
      expression,
      "a URL must be written URL(string: \"...\")! with a literal (Island keeps "
        + "fixed links), not \(Quoting.code(expression.trimmedDescription))")
    return nil
  }

  // MARK: - Modifiers

  mutating func apply(
    _ modifier: Modifier, to environment: inout Environment, root: Bool, base: ExprSyntax
  ) {
    let call = modifier.call
    let arguments = Array(call.arguments)
    let node = Self.modifierStart(call)
    func only(_ count: Int) -> Bool { arguments.count == count && call.trailingClosure == nil }
    switch modifier.name {
    case "font":
      guard only(1), let (font, bold) = Self.font(arguments[0].expression) else {
        refuseIgnored(
          node,
          "\(Self.modifierCode(call)) is not supported: Island knows the "
            + "text styles (" + Font.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
            + ")")
        return
      }
      environment.font = font
      if bold { environment.bold = true }
    case "bold":
      if only(0) {
        environment.bold = true
      } else if only(1), let flag = arguments[0].expression.as(BooleanLiteralExprSyntax.self) {
        environment.bold = flag.literal.text == "true"
      } else {
        refuseIgnored(node, "`.bold` takes no argument or a true/false literal")
      }
    case "fontWeight":
      let weight = only(1) ? Self.memberName(arguments[0].expression, type: "Font.Weight") : nil
      switch weight {
      case "semibold", "bold", "heavy", "black": environment.bold = true
      case "ultraLight", "thin", "light", "regular", "medium": environment.bold = false
      default:
        refuseIgnored(
          node,
          "\(Self.modifierCode(call)) is not supported: Island knows the "
            + "weights .ultraLight through .black (semibold and heavier are drawn bold)")
      }
    case "foregroundColor", "foregroundStyle", "tint":
      let colour = only(1) ? Self.memberName(arguments[0].expression, type: "Color") : nil
      guard let colour, let tint = Tint(rawValue: colour) else {
        refuseIgnored(
          node,
          "\(Self.modifierCode(call)) is not supported: Island knows the "
            + "named colours (" + Tint.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
            + ")")
        return
      }
      environment.colour = tint
      let place = location(node)
      environment.colourSource = (modifier.name != "tint", place.line, place.column)
    case "lineLimit":
      if only(1), arguments[0].expression.is(NilLiteralExprSyntax.self) {
        environment.lineLimit = .some(nil)
      } else if only(1), let number = Self.number(arguments[0].expression),
        number == number.rounded(), (1...100).contains(number)
      {
        environment.lineLimit = .some(Int(number))
      } else {
        refuseIgnored(node, "`.lineLimit` takes a whole number from 1 to 100, or nil")
      }
    case "padding":
      let edges = arguments.first.flatMap { Self.memberName($0.expression, type: "Edge.Set") }
      guard edges == "horizontal", arguments.first?.label == nil, arguments.count <= 2 else {
        refuseIgnored(
          node,
          "\(Self.modifierCode(call)) is not supported: Island pads a "
            + "region's content on both sides only (.padding(.horizontal))")
        return
      }
      guard root else {
        refuseIgnored(node, "`.padding(.horizontal)` goes on a zone's outermost view only")
        return
      }
      if arguments.count == 2 {
        warn(node, "the layout keeps no padding amount: padded by the system's amount")
      }
      extras.horizontalPadding = true
    case "contentTransition":
      guard only(1), let choice = Self.transition(arguments[0].expression) else {
        refuseIgnored(
          node,
          "\(Self.modifierCode(call)) is not supported: Island knows "
            + ".numericText(), .opacity, .interpolate and .identity")
        return
      }
      let written = arguments[0].expression.trimmedDescription
      if let earlier = extras.transition, earlier.choice != choice {
        error(
          node,
          "a second content transition in \(zone.rawValue) (\(Quoting.safe(written)) after "
            + "\(Quoting.safe(earlier.written))): Island keeps one per zone")
        return
      }
      extras.transition = (choice, written)
    case "widgetURL":
      guard only(1), let url = url(arguments[0].expression) else { return }
      setWidgetURL(url, at: node)
    case "monospacedDigit", "multilineTextAlignment", "keylineTint":
      warn(node, "`.\(modifier.name)` has no effect on Island's layout: ignored")
    default:
      refuseIgnored(
        node,
        "modifier `.\(Quoting.safe(modifier.name))` is not supported (supported: .font, "
          + ".bold, .fontWeight, .foregroundColor, .foregroundStyle, .tint, .lineLimit, "
          + ".padding(.horizontal), .contentTransition, .widgetURL)")
    }
  }

  mutating func setWidgetURL(_ url: String, at node: Syntax) {
    let line = location(node).line
    if let earlier = widgetURLSource, earlier.url != url {
      error(
        node,
        "a second widget URL (line \(earlier.line) sets \(Quoting.safe(earlier.url))): "
          + "Island keeps one")
      return
    }
    widgetURLSource = (line, url)
  }

  mutating func readIslandModifier(_ call: FunctionCallExprSyntax) {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return }
    let name = member.declName.baseName.text
    let node = Self.modifierStart(call)
    switch name {
    case "widgetURL":
      guard call.arguments.count == 1, let argument = call.arguments.first,
        let url = url(argument.expression)
      else { return }
      setWidgetURL(url, at: node)
    case "keylineTint":
      warn(node, "`.keylineTint` has no effect on Island's layout: ignored")
    case "keyframeAnimator": readPulse(call)
    default:
      refuseIgnored(
        node,
        "modifier `.\(Quoting.safe(name))` on DynamicIsland is not supported "
          + "(supported: .widgetURL, .keyframeAnimator, .keylineTint)")
    }
  }

  // MARK: - The pulse

  mutating func readPulse(_ call: FunctionCallExprSyntax) {
    let node = Self.modifierStart(call)
    var trigger: String?
    var triggerNode: Syntax?
    for argument in call.arguments {
      switch argument.label?.text {
      case "initialValue": continue
      case "trigger":
        trigger = field(argument.expression)
        triggerNode = Syntax(argument)
        if trigger == nil { return }
      default:
        refuseIgnored(
          argument,
          "keyframeAnimator with \(Quoting.code(argument.trimmedDescription)) is not "
            + "supported: Island pulses once when a field changes "
            + "(keyframeAnimator(initialValue:trigger:))")
        return
      }
    }
    let closures = Self.closures(of: call)
    guard closures.count == 2, let keyframes = closures.first(where: { $0.label == "keyframes" })
    else {
      refuseIgnored(node, "keyframeAnimator needs its content and keyframes: closures")
      return
    }
    guard let content = closures.first(where: { $0.label != "keyframes" }) else { return }
    let scaled = content.closure.statements.trimmedDescription
    guard keyframes.closure.statements.count == 1,
      let item = keyframes.closure.statements.first, let expression = Self.expression(of: item),
      let track = expression.as(FunctionCallExprSyntax.self),
      Self.calledName(track) == "KeyframeTrack", track.arguments.count == 1,
      let keyPath = track.arguments.first?.expression.as(KeyPathExprSyntax.self),
      keyPath.components.count == 1,
      let property = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?
        .declName.baseName.text,
      scaled.contains("scaleEffect("), scaled.contains("." + property + ")"),
      let steps = Self.closures(of: track).first?.closure
    else {
      refuseIgnored(
        node,
        "keyframeAnimator is read as the icon's pulse: content.scaleEffect(value.P) with "
          + "one KeyframeTrack(\\.P) { ... }")
      return
    }
    var frames: [Keyframe] = []
    for step in steps.statements {
      guard let frame = keyframe(step) else { return }
      frames.append(frame)
    }
    let field: String
    if let trigger {
      if attributeFields.contains(trigger), let triggerNode {
        error(
          triggerNode,
          "the trigger `\(trigger)` is a static attribute, which never changes: "
            + "give a content-state field")
        return
      }
      field = trigger
    } else if let inferred = inferredTrigger() {
      warn(
        node,
        "keyframeAnimator has no trigger: pulsing when `\(inferred)` changes (the shown "
          + "text named like a status); write trigger: \(contextName).state.NAME to choose")
      field = inferred
    } else {
      error(
        node,
        "keyframeAnimator has no trigger: write trigger: \(contextName).state.NAME (the "
          + "field whose change pulses the icon)")
      return
    }
    layout.pulse = Pulse(field: field, keyframes: frames)
  }

  /// The first field a text shows whose name says it is a status.
  func inferredTrigger() -> String? {
    for zone in Zone.allCases {
      guard let view = layout[zone]?.view else { continue }
      let symbolFields = view.symbolFields
      for name in view.fields where !symbolFields.contains(name) {
        if name.lowercased().contains("status") { return name }
      }
    }
    return nil
  }

  mutating func keyframe(_ item: CodeBlockItemSyntax) -> Keyframe? {
    let curves: [String: Keyframe.Curve] = [
      "LinearKeyframe": .linear, "SpringKeyframe": .spring, "CubicKeyframe": .cubic,
    ]
    guard let expression = Self.expression(of: item),
      let call = expression.as(FunctionCallExprSyntax.self),
      let name = Self.calledName(call), let curve = curves[name]
    else {
      refuseIgnored(
        item,
        "\(Quoting.code(item.trimmedDescription)) is not supported: Island reads "
          + "LinearKeyframe, SpringKeyframe and CubicKeyframe")
      return nil
    }
    let arguments = Array(call.arguments)
    guard let first = arguments.first, first.label == nil,
      let scale = Self.number(first.expression), scale > 0,
      let duration = arguments.first(where: { $0.label?.text == "duration" })
        .flatMap({ Self.number($0.expression) }), duration >= 0, duration <= 86_400
    else {
      refuseIgnored(
        call,
        "\(Quoting.code(call.trimmedDescription)): a keyframe needs a positive scale "
          + "and a duration: in seconds (up to a day)")
      return nil
    }
    return Keyframe(scale: scale, duration: Milliseconds((duration * 1000).rounded()), curve: curve)
  }

  // MARK: - Values

  /// A template from a string literal (with fields interpolated) or a field.
  mutating func template(_ expression: ExprSyntax, _ environment: Environment) -> Template? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else {
      guard let name = field(expression) else { return nil }
      return try? Template("{" + name + "}")
    }
    var source = ""
    for segment in literal.segments {
      switch segment {
      case .stringSegment(let text):
        let single = literal.detached.with(
          \.segments, StringLiteralSegmentListSyntax([.stringSegment(text)]))
        guard let value = single.representedLiteralValue else {
          refuse(text, "a string Island cannot read: \(Quoting.code(text.trimmedDescription))")
          return nil
        }
        for character in value {
          source.append(character)
          if character == "{" || character == "}" { source.append(character) }
        }
      case .expressionSegment(let interpolation):
        guard interpolation.expressions.count == 1, let only = interpolation.expressions.first,
          only.label == nil
        else {
          refuse(
            interpolation,
            "interpolation \(Quoting.code(interpolation.trimmedDescription)) is "
              + "not supported: Island interpolates fields alone (\\(NAME))")
          return nil
        }
        guard let name = field(only.expression) else { return nil }
        source += "{" + name + "}"
      @unknown default:
        refuse(segment, "a string Island cannot read: \(Quoting.code(segment.trimmedDescription))")
        return nil
      }
    }
    return try? Template(source)
  }

  /// The field `expression` names, recorded as read from the state or the attributes.
  mutating func field(_ expression: ExprSyntax) -> String? {
    let written = Quoting.code(expression.trimmedDescription)
    if let reference = expression.as(DeclReferenceExprSyntax.self),
      reference.argumentNames == nil
    {
      let name = Self.identifier(reference.baseName.text)
      if let line = computed[name] {
        refuse(
          expression,
          "`\(Quoting.safe(name))` is a computed property (line \(line)): Island "
            + "reads stored fields (\(SwiftUILayout.supportedFields))")
        return nil
      }
      return record(name, attribute: false, at: expression)
    }
    if let member = expression.as(MemberAccessExprSyntax.self),
      let middle = member.base?.as(MemberAccessExprSyntax.self),
      let context = middle.base?.as(DeclReferenceExprSyntax.self),
      context.baseName.text == contextName,
      ["state", "attributes"].contains(middle.declName.baseName.text)
    {
      let name = Self.identifier(member.declName.baseName.text)
      return record(name, attribute: middle.declName.baseName.text == "attributes", at: expression)
    }
    if expression.is(MemberAccessExprSyntax.self) {
      refuse(
        expression, "\(written) is not a field: Island reads \(SwiftUILayout.supportedFields)")
      return nil
    }
    if expression.is(FunctionCallExprSyntax.self) || expression.is(SequenceExprSyntax.self) {
      if expression.as(SequenceExprSyntax.self)?.elements.contains(where: {
        $0.is(UnresolvedTernaryExprSyntax.self)
      }) == true {
        refuse(expression, Self.conditional("?:"))
        return nil
      }
      refuse(
        expression,
        "\(written) is computed, not a field: Island reads fields "
          + "(\(SwiftUILayout.supportedFields)) and shows them as they are")
      return nil
    }
    refuse(
      expression,
      "\(written) is not a field or a literal (fields: "
        + "\(SwiftUILayout.supportedFields))")
    return nil
  }

  mutating func record(_ name: String, attribute: Bool, at node: ExprSyntax) -> String? {
    guard Template.isFieldName(name) else {
      error(node, "`\(Quoting.safe(name))` cannot name a field")
      return nil
    }
    if attribute {
      if stateFields.contains(name) {
        error(node, "`\(name)` is read both as content state and as an attribute")
        return nil
      }
      attributeFields.insert(name)
    } else {
      if attributeFields.contains(name) {
        error(node, "`\(name)` is read both as an attribute and as content state")
        return nil
      }
      stateFields.insert(name)
    }
    return name
  }

  static func identifier(_ text: String) -> String {
    text.hasPrefix("`") && text.hasSuffix("`") && text.count >= 2
      ? String(text.dropFirst().dropLast()) : text
  }

  static func stringLiteral(_ expression: ExprSyntax) -> String? {
    expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
  }

  /// A number literal's value, when it is finite (`1e400` is not a number Island keeps).
  static func number(_ expression: ExprSyntax) -> Double? {
    literalNumber(expression).flatMap { $0.isFinite ? $0 : nil }
  }

  private static func literalNumber(_ expression: ExprSyntax) -> Double? {
    if let integer = expression.as(IntegerLiteralExprSyntax.self) {
      return integer.representedLiteralValue.map(Double.init)
    }
    if let float = expression.as(FloatLiteralExprSyntax.self) {
      return float.representedLiteralValue
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return literalNumber(prefix.expression).map { -$0 }
    }
    return nil
  }

  /// The member in `.name` or `Type.name` (the type being `type` or its last component).
  static func memberName(_ expression: ExprSyntax, type: String) -> String? {
    guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
    if let base = member.base {
      let written = base.trimmedDescription
      guard written == type || written == String(type.split(separator: ".").last ?? "") else {
        return nil
      }
    }
    return member.declName.baseName.text
  }

  /// `.caption`, `Font.caption`, `.caption.bold()`: the style, and whether it is bold.
  static func font(_ expression: ExprSyntax) -> (Font, Bool)? {
    if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "bold", let base = member.base,
      let font = memberName(base, type: "Font").flatMap(Font.init(rawValue:))
    {
      return (font, true)
    }
    return memberName(expression, type: "Font").flatMap(Font.init(rawValue:)).map { ($0, false) }
  }

  static func transition(_ expression: ExprSyntax) -> TransitionChoice? {
    var name = memberName(expression, type: "ContentTransition")
    if let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base == nil || member.base?.trimmedDescription == "ContentTransition"
    {
      name = member.declName.baseName.text == "numericText" ? "numericText" : nil
    }
    switch name {
    case "numericText", "opacity", "interpolate": return .automatic
    case "identity": return .identity
    default: return nil
    }
  }
}

/// Finds the `DynamicIsland` builders and the computed properties of a file.
private final class DeclarationFinder: SyntaxVisitor {
  var islands: [FunctionCallExprSyntax] = []
  var computed: [(String, Syntax)] = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "DynamicIsland" {
      islands.append(node)
    }
    return .visitChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for binding in node.bindings {
      guard let block = binding.accessorBlock else { continue }
      switch block.accessors {
      case .getter: break
      case .accessors(let accessors):
        guard accessors.contains(where: { $0.accessorSpecifier.text == "get" }) else { continue }
      @unknown default: continue
      }
      if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
        computed.append((name, Syntax(binding)))
      }
    }
    return .visitChildren
  }
}
