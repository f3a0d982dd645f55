/// The manual page `island.1` (roff, `man` section 1), written from the subcommands'
/// references: `island help --man` prints it, `make install` installs it.
enum ManPage {
  /// The page.
  static var text: String {
    let repl = IslandCommandLine.repl
    var lines = [
      ".TH ISLAND 1 \"\" \"island \(IslandCommandLine.version)\" \"User Commands\"",
      ".SH NAME",
      "island \\- simulate the Dynamic Island: a REPL, journals, fuzzing",
      ".SH SYNOPSIS",
      synopsis(repl),
      ".br",
      ".B island",
      "\\fISUBCOMMAND\\fR [\\fIARGUMENT\\fR...] [\\fIOPTION\\fR...]",
      ".SH DESCRIPTION",
      escape(
        "island simulates how Apple's Dynamic Island arbitrates between Live Activities: a "
          + "journal of events (start, update, end, tap, long press, time passing) folded by a "
          + "deterministic engine into what the island shows."),
      ".PP",
      escape(repl.description),
      ".SH OPTIONS",
    ]
    lines += repl.allOptions.flatMap(option)
    lines.append(".SH SUBCOMMANDS")
    for subcommand in IslandCommandLine.subcommands {
      lines += section(subcommand, parent: nil)
      for child in subcommand.subcommands { lines += section(child, parent: subcommand.name) }
    }
    lines += [
      ".SH ENVIRONMENT",
      ".TP", ".B NO_COLOR", "When set, the drawing is never coloured.",
      ".TP", ".B COLUMNS",
      "The width the drawing fits, when standard output is a terminal (else its size).",
      ".TP", ".B ISLAND_HISTORY",
      "The REPL's history file (default \\fI~/.island_history\\fR); empty: no history.",
      ".SH EXIT STATUS",
      ".TP", ".B 0", "Success.",
      ".TP", ".B 1", "A property failed (\\fBisland fuzz\\fR).",
      ".TP", ".B 64", "The command was used wrongly.",
      ".TP", ".B 65", "A journal or script line was wrong, or a line failed.",
      ".TP", ".B 66", "An input file could not be opened.",
      ".TP", ".B 74", "A read or write failed, or the journal is locked by another writer.",
      ".TP", ".B 130", "Stopped by Ctrl-C.",
      ".SH FILES",
      ".TP", ".I ~/.island_history", "The REPL's history, mode 0600.",
      ".SH SEE ALSO",
      ".BR jq (1)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func synopsis(_ subcommand: SubcommandReference, parent: String? = nil)
    -> String
  {
    var words = [".B \(subcommand.invocation(parent: parent))"]
    var rest: [String] = []
    rest += subcommand.arguments.map { "\\fI\(escape($0.synopsis))\\fR" }
    rest += subcommand.options.map { option in
      let value = option.value.map { option.optionalValue ? "[=\\fI\($0)\\fR]" : " \\fI\($0)\\fR" }
      return "[\\fB\(escape(option.name))\\fR\(value ?? "")]"
    }
    if !rest.isEmpty { words.append(rest.joined(separator: " ")) }
    return words.joined(separator: "\n")
  }

  private static func section(_ subcommand: SubcommandReference, parent: String?) -> [String] {
    var lines = [
      ".SS \"\(subcommand.invocation(parent: parent))\"",
      synopsis(subcommand, parent: parent),
      ".PP",
      escape(subcommand.summary.prefix(1).uppercased() + subcommand.summary.dropFirst() + "."),
      escape(subcommand.description),
    ]
    for argument in subcommand.arguments {
      lines += [".TP", "\\fI\(escape(argument.synopsis))\\fR", escape(argument.summary)]
    }
    lines += subcommand.options.flatMap(option)
    if !subcommand.examples.isEmpty {
      lines += [".PP", "Examples:", ".RS", ".nf"]
      for example in subcommand.examples {
        lines.append(escape(example.command) + "    # " + escape(example.says))
      }
      lines += [".fi", ".RE"]
    }
    return lines
  }

  private static func option(_ option: OptionReference) -> [String] {
    var label =
      (option.short.map { "\\fB\(escape($0))\\fR, " } ?? "") + "\\fB\(escape(option.name))\\fR"
    if let value = option.value {
      label += option.optionalValue ? "[=\\fI\(value)\\fR]" : " \\fI\(value)\\fR"
    }
    return [".TP", label, escape(option.summary)]
  }

  /// `text` for roff: backslashes and dashes escaped, `code` in bold, no line starting with a
  /// control character.
  static func escape(_ text: some StringProtocol) -> String {
    var result = ""
    var bold = false
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case "`":
        result += bold ? "\\fR" : "\\fB"
        bold.toggle()
      case "\n": result += " "
      default: result.append(character)
      }
    }
    if bold { result += "\\fR" }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
