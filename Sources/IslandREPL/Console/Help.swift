import IslandCore

/// The text of `help`, from the command reference.
public enum Help {
  /// `help` (topic nil), `help COMMAND` or `help layouts`.
  public static func lines(topic: String?) -> [String] {
    if topic == "layouts" { return layouts() }
    if let topic, let reference = CommandReference.named(topic) { return command(reference) }
    return overview()
  }

  private static func overview() -> [String] {
    var lines: [String] = []
    for group in CommandReference.Group.allCases {
      lines.append(
        group.rawValue
          + (group == .events ? " (each at the session's clock; `wait` moves it on):" : ":"))
      let references = CommandReference.all.filter { $0.group == group }
      let width = references.map(\.synopsis.count).max() ?? 0
      for reference in references {
        let padding = String(repeating: " ", count: width - reference.synopsis.count)
        lines.append("  " + reference.synopsis + padding + "  " + reference.summary)
      }
    }
    lines += [
      "Syntax:",
      "  FIELD=VALUE     a state field, no dashes: 20 and 0.25 are numbers, true and false are",
      "                  booleans, anything else is a string (name=\"Pizza Roma\", code=\"20\")",
      "  --OPTION VALUE  an option, two dashes (or --OPTION=VALUE); `help COMMAND` lists them",
      "  \"...\" '...'     quotes keep spaces; a quoted value is always a string",
      "  10m  @1h        a duration from now (500ms, 2.5s, 10m, 8h, 1h30m), or a clock time",
      "  ! COMMAND       the line must fail: scripts show errors so; # starts a comment",
      "`help COMMAND` shows a command's options and an example; `help layouts` the layouts.",
    ]
    return lines
  }

  private static func command(_ reference: CommandReference) -> [String] {
    var lines = [reference.synopsis, "  " + reference.summary]
    if !reference.aliases.isEmpty {
      lines.append("  also: " + reference.aliases.joined(separator: ", "))
    }
    lines += reference.details.map { "  " + $0 }
    lines += ["example:", "  " + reference.example]
    return lines
  }

  private static func layouts() -> [String] {
    var lines = ["Layouts (start ... --layout NAME), each with the fields it reads:"]
    for named in Layout.catalogue {
      lines.append("  \(named.name): \(named.summary)")
      lines.append("    " + EventSyntax.fields(named.sampleState).joined(separator: " "))
    }
    lines.append(
      "  (none): app.fill, the first field in compact, every field in the bottom region")
    lines.append("An inline layout is the journal's layout JSON, in single quotes.")
    return lines
  }

  /// The current device, then every device, with and without an island.
  public static func devices(current: Device) -> [String] {
    let islandClass = current.islandClass.map { "\($0.rawValue) island" } ?? "no island"
    var lines = ["device: \(current.name) (\(islandClass))"]
    let groups: [(String, [Device])] = [
      ("standard island", Device.all.filter { $0.islandClass == .standard }),
      ("large island", Device.all.filter { $0.islandClass == .large }),
      ("no island", Device.all.filter { !$0.hasIsland }),
    ]
    for (label, devices) in groups {
      lines.append("  \(label): " + devices.map(\.name).joined(separator: ", "))
    }
    return lines
  }

  /// The current profile, then both.
  public static func profiles(current: InteractionProfile) -> [String] {
    let details = CommandReference.named("profile")?.details ?? []
    return ["profile: \(current.rawValue)"] + details.map { "  " + $0 }
  }
}
