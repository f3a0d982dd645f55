extension Layout {
  /// A built-in layout, named so that journals and the REPL can ask for it by name.
  public struct Named: Equatable, Sendable {
    /// The name journals and the REPL use.
    public let name: String
    /// What it shows.
    public let summary: String
    /// The layout.
    public let layout: Layout
    /// The state fields it reads, with a sample value each.
    public let sampleState: ContentState
  }

  /// The built-in layouts, by name.
  public static let catalogue: [Named] = [
    Named(
      name: "delivery", summary: "seed 000's food delivery: status icon, minutes left, progress",
      layout: .delivery,
      sampleState: [
        "orderStatusIcon": "flame.fill", "minutesLeft": 20, "restaurantName": "Pizza Roma",
        "deliveryProgress": 0.1, "statusText": "Cooking",
      ]),
    Named(
      name: "score", summary: "a match score with numeric transitions",
      layout: .score,
      sampleState: ["home": 0, "away": 0, "homeTeam": "HOM", "awayTeam": "AWY", "clock": "1'"]),
    Named(
      name: "timer", summary: "a countdown to a time field `endsAt`",
      layout: .timer, sampleState: ["endsAt": 600_000, "title": "Tea"]),
    Named(
      name: "ride", summary: "a ride on its way: car, driver, minutes away",
      layout: .ride,
      sampleState: ["minutesAway": 5, "driver": "Ana", "car": "Blue Prius", "progress": 0.2]),
  ]

  /// The built-in layout called `name`.
  public static func named(_ name: String) -> Layout? {
    catalogue.first { $0.name == name }?.layout
  }

  /// Seed 000's delivery layout, exactly as the seed writes it.
  public static let delivery = Layout(
    compactLeading: ZoneView(.symbol(name: template("bag.fill"), tint: .orange, font: nil)),
    compactTrailing: ZoneView(
      .text(template("{minutesLeft}м"), font: .caption2, bold: true, lineLimit: nil)),
    minimal: ZoneView(.symbol(name: template("bag.fill"), tint: nil, font: nil)),
    leading: ZoneView(.symbol(name: template("{orderStatusIcon}"), tint: .orange, font: .title2)),
    trailing: ZoneView(
      .label(
        template("{minutesLeft} мин"), symbol: "clock", font: .caption,
        bold: false)),
    center: ZoneView(
      .text(template("{restaurantName}"), font: .headline, bold: false, lineLimit: 1)),
    bottom: ZoneView(
      .row([
        .progress(field: "deliveryProgress", tint: .orange),
        .text(template("{statusText}"), font: .subheadline, bold: false, lineLimit: nil),
      ]), horizontalPadding: true),
    pulse: Pulse(field: "statusText"))

  /// A match score: both scores in compact, numeric transitions on every goal.
  public static let score = Layout(
    compactLeading: ZoneView(
      .text(
        template("{homeTeam} {home}"), font: .caption, bold: true,
        lineLimit: 1)),
    compactTrailing: ZoneView(
      .text(
        template("{away} {awayTeam}"), font: .caption, bold: true,
        lineLimit: 1)),
    minimal: ZoneView(
      .text(
        template("{home}-{away}"), font: .caption2, bold: true,
        lineLimit: 1)),
    leading: ZoneView(.text(template("{homeTeam}"), font: .headline, bold: false, lineLimit: 1)),
    trailing: ZoneView(.text(template("{awayTeam}"), font: .headline, bold: false, lineLimit: 1)),
    center: ZoneView(.text(template("{home} : {away}"), font: .title2, bold: true, lineLimit: 1)),
    bottom: ZoneView(.text(template("{clock}"), font: .subheadline, bold: false, lineLimit: 1)),
    pulse: nil)

  /// A countdown to the time in field `endsAt`.
  public static let timer = Layout(
    compactLeading: ZoneView(.symbol(name: template("timer"), tint: .orange, font: nil)),
    compactTrailing: ZoneView(.countdown(field: "endsAt", font: .caption, bold: true)),
    minimal: ZoneView(.symbol(name: template("timer"), tint: .orange, font: nil)),
    leading: ZoneView(.symbol(name: template("timer"), tint: .orange, font: .title2)),
    trailing: ZoneView(.countdown(field: "endsAt", font: .title2, bold: true)),
    center: ZoneView(.text(template("{title}"), font: .headline, bold: false, lineLimit: 1)),
    bottom: nil, pulse: nil)

  /// A ride on its way.
  public static let ride = Layout(
    compactLeading: ZoneView(.symbol(name: template("car.fill"), tint: .green, font: nil)),
    compactTrailing: ZoneView(
      .text(
        template("{minutesAway} min"), font: .caption2, bold: true,
        lineLimit: 1)),
    minimal: ZoneView(.symbol(name: template("car.fill"), tint: .green, font: nil)),
    leading: ZoneView(.symbol(name: template("car.fill"), tint: .green, font: .title2)),
    trailing: ZoneView(
      .text(
        template("{minutesAway} min"), font: .headline, bold: false,
        lineLimit: 1)),
    center: ZoneView(.text(template("{driver}"), font: .headline, bold: false, lineLimit: 1)),
    bottom: ZoneView(
      .row([
        .progress(field: "progress", tint: .green),
        .text(template("{car}"), font: .subheadline, bold: false, lineLimit: 1),
      ])),
    pulse: nil)

  /// The layout of an activity started without one: a generic symbol in compact leading and
  /// minimal, the state's first field (by name) in compact trailing, and every field as
  /// `name: value` in the bottom region.
  public static func `default`(for state: ContentState) -> Layout {
    let symbol = View.symbol(name: template("app.fill"), tint: nil, font: nil)
    var layout = Layout(
      compactLeading: ZoneView(symbol), minimal: ZoneView(symbol),
      leading: ZoneView(.symbol(name: template("app.fill"), tint: nil, font: .title2)))
    if let first = state.names.first {
      let firstField = fieldsTemplate("{\(first)}", [.field(first)], names: [first])
      layout.compactTrailing = ZoneView(
        .text(firstField, font: .caption2, bold: true, lineLimit: 1))
      layout.trailing = ZoneView(.text(firstField, font: .caption, bold: false, lineLimit: 1))
      let names = state.names
      let all = names.map { "\($0): {\($0)}" }.joined(separator: " · ")
      var parts: [Template.Part] = []
      for (index, name) in names.enumerated() {
        parts.append(.literal((index == 0 ? "" : " · ") + name + ": "))
        parts.append(.field(name))
      }
      layout.bottom = ZoneView(
        .text(
          fieldsTemplate(all, parts, names: names), font: .subheadline, bold: false, lineLimit: 2))
    }
    return layout
  }

  /// The template `source`, whose parts are `parts` when every name in `names` is an ASCII
  /// field name (no brace to read, no character to join the braces around it), given as such
  /// instead of parsed again: the default layout is made for every activity that starts
  /// without one.
  private static func fieldsTemplate(
    _ source: String, _ parts: [Template.Part], names: [String]
  ) -> Template {
    guard names.allSatisfy({ Template.isFieldName($0) && $0.utf8.allSatisfy { $0 < 0x80 } })
    else { return template(source) }
    return Template(source: source, parts: parts)
  }

  /// A template known to be well formed (the catalogue's own).
  private static func template(_ source: String) -> Template {
    (try? Template(source)) ?? Template(literal: source)
  }
}
