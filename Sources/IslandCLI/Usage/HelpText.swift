/// The text of `island --help`, `island help SUBCOMMAND` and `island SUBCOMMAND --help`,
/// written from the subcommands' references.
enum HelpText {
  /// The widest a help line is made.
  static let width = 80

  /// `island --help`: the REPL's usage and options, then every subcommand.
  static var overview: String {
    let repl = IslandCommandLine.repl
    var lines = usage(repl.usageLine())
    lines += ["       island SUBCOMMAND [ARGUMENT...] [OPTION...]", ""]
    lines += wrap(capitalized(repl.summary) + ". " + repl.description, indent: 0)
    lines += ["", "Options:"]
    lines += table(repl.allOptions.map { (optionLabel($0), $0.summary) })
    lines += ["", "Subcommands:"]
    lines += table(IslandCommandLine.subcommands.map { ($0.name, $0.summary) })
    lines += [
      "",
      "`island help SUBCOMMAND` (or `island SUBCOMMAND --help`) shows a subcommand's",
      "arguments, options and examples; `man island` the whole manual.",
    ]
    return lines.joined(separator: "\n")
  }

  /// The help of one subcommand (`parent` is `journal` for `journal repair`).
  static func help(of subcommand: SubcommandReference, parent: String? = nil) -> String {
    var lines = usage(subcommand.usageLine(parent: parent)) + [""]
    lines += wrap(capitalized(subcommand.summary) + ". " + subcommand.description, indent: 0)
    if !subcommand.subcommands.isEmpty {
      lines += ["", "Subcommands:"]
      lines += table(subcommand.subcommands.map { ($0.name, $0.summary) })
    }
    if !subcommand.arguments.isEmpty {
      lines += ["", "Arguments:"]
      lines += table(subcommand.arguments.map { ($0.synopsis, $0.summary) })
    }
    lines += ["", "Options:"]
    lines += table(subcommand.allOptions.map { (optionLabel($0), describe($0)) })
    if !subcommand.examples.isEmpty {
      lines += ["", "Examples:"]
      for example in subcommand.examples {
        lines.append("  " + example.command)
        lines += wrap(example.says, indent: 6)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A usage line in lines of at most ``width`` columns, an option group never cut, the
  /// lines after the first under the first argument.
  static func usage(_ line: String) -> [String] {
    var words: [String] = []
    var depth = 0
    for character in line {
      if character == " " && depth == 0 {
        words.append("")
        continue
      }
      if words.isEmpty { words.append("") }
      if character == "[" { depth += 1 }
      if character == "]" { depth -= 1 }
      words[words.count - 1].append(character)
    }
    let head = words.prefix { !$0.hasPrefix("[") && $0.uppercased() != $0 || $0 == "usage:" }
    let indent = String(repeating: " ", count: head.joined(separator: " ").count + 1)
    var lines = [head.joined(separator: " ")]
    for word in words.dropFirst(head.count) {
      if lines[lines.count - 1].count + 1 + word.count > width {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += " " + word
      }
    }
    return lines
  }

  /// An option's summary, and the values it takes when they are a short list.
  static func describe(_ option: OptionReference) -> String {
    guard case .choices(let words) = option.values, !words.allSatisfy(option.summary.contains)
    else { return option.summary }
    return option.summary + " (" + words.joined(separator: ", ") + ")"
  }

  /// `-h, --help`, `--format FORMAT`.
  static func optionLabel(_ option: OptionReference) -> String {
    (option.short.map { $0 + ", " } ?? "") + option.synopsis
  }

  /// Two columns: each label, then its text, wrapped under itself.
  private static func table(_ rows: [(String, String)]) -> [String] {
    let labelWidth = min(24, rows.map(\.0.count).max() ?? 0)
    var lines: [String] = []
    for (label, text) in rows {
      let indent = 2 + labelWidth + 2
      var wrapped = wrap(text, indent: indent)
      let head = "  " + label
      if head.count + 2 <= indent {
        let padding = String(repeating: " ", count: indent - head.count)
        wrapped[0] = head + padding + wrapped[0].dropFirst(indent)
        lines += wrapped
      } else {
        lines.append(head)
        lines += wrapped
      }
    }
    return lines
  }

  /// `text` in lines of at most ``width`` columns, each indented by `indent`.
  static func wrap(_ text: String, indent: Int) -> [String] {
    let prefix = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = prefix
    for word in text.split(separator: " ") {
      if line.count > indent && line.count + 1 + word.count > width {
        lines.append(line)
        line = prefix
      }
      line += (line.count > indent ? " " : "") + word
    }
    lines.append(line)
    return lines
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
