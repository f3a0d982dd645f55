/// The completion scripts `island completions SHELL` prints, written from the subcommands'
/// references: subcommands, their options, option values (formats, properties, devices,
/// profiles, layouts) and file names of the kind each argument takes.
enum CompletionScript {
  /// The shells it writes for.
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// The script for `shell`.
  static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: return bash()
    case .zsh: return zsh()
    case .fish: return fish()
    }
  }

  private static var subcommands: [SubcommandReference] { IslandCommandLine.subcommands }

  /// `word` in single quotes, for any of the three shells (`'` written `'\''`; fish reads
  /// that too).
  private static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  // MARK: - bash

  private static func bash() -> String {
    var lines = [
      "# bash completion for island: `source <(island completions bash)` in ~/.bashrc.",
      "_island_words() { COMPREPLY=($(compgen -W \"$1\" -- \"$cur\")); }",
      "_island_lines() {",
      "  local IFS=$'\\n' k",
      "  COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))",
      "  for k in \"${!COMPREPLY[@]}\"; do COMPREPLY[k]=$(printf '%q' \"${COMPREPLY[k]}\"); done",
      "}",
      "_island_files() {",
      "  local IFS=$'\\n'",
      "  compopt -o filenames 2>/dev/null",
      "  if [ -n \"$1\" ]; then",
      "    COMPREPLY=($(compgen -f -X \"!*.$1\" -- \"$cur\") $(compgen -d -- \"$cur\"))",
      "  else",
      "    COMPREPLY=($(compgen -f -- \"$cur\"))",
      "  fi",
      "}",
      "_island_directories() { local IFS=$'\\n'; compopt -o filenames 2>/dev/null; "
        + "COMPREPLY=($(compgen -d -- \"$cur\")); }",
      "_island() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  local subcommand=\"\" i",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    case \"${COMP_WORDS[i]}\" in",
    ]
    let rootValued = IslandCommandLine.repl.options.filter { $0.value != nil && !$0.optionalValue }
    if !rootValued.isEmpty {
      lines.append("      " + rootValued.map(\.name).joined(separator: "|") + ") ((i++)) ;;")
    }
    lines += [
      "      -*|=) ;;",
      "      *) subcommand=\"${COMP_WORDS[i]}\"; break ;;",
      "    esac",
      "  done",
      "  # --color=WHEN: bash splits the word at the =.",
      "  if [ \"$prev\" = \"=\" ]; then prev=\"${COMP_WORDS[COMP_CWORD-2]}=\"; fi",
      "  if [ \"$cur\" = \"=\" ]; then prev=\"$prev=\"; cur=\"\"; fi",
      "  case \"$subcommand\" in",
    ]
    lines += bashCase(IslandCommandLine.repl, pattern: "\"\"")
    for subcommand in subcommands {
      if subcommand.subcommands.isEmpty {
        lines += bashCase(subcommand, pattern: subcommand.name)
      } else {
        // `journal repair FILE`: the first word after it is a sub-subcommand.
        lines.append("    \(subcommand.name))")
        lines.append("      if [ \"$prev\" = \(subcommand.name) ]; then")
        lines.append(
          "        _island_words \(quote(subcommand.subcommands.map(\.name).joined(separator: " ")))"
        )
        lines.append("        return")
        lines.append("      fi")
        let child = subcommand.subcommands[0]
        lines += bashBody(child).map { "  " + $0 }
        lines.append("      ;;")
      }
    }
    lines += [
      "  esac",
      "}",
      "complete -F _island island",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `case` branch of `subcommand`: its option values, its options, its argument.
  private static func bashCase(_ subcommand: SubcommandReference, pattern: String) -> [String] {
    ["    \(pattern))"] + bashBody(subcommand) + ["      ;;"]
  }

  /// What completes the word after `subcommand`: an option's value after the option, an
  /// option after a dash, else the argument (for `island` itself, a subcommand).
  private static func bashBody(_ subcommand: SubcommandReference) -> [String] {
    var lines = ["      case \"$prev\" in"]
    for option in subcommand.options where option.value != nil {
      let pattern = option.optionalValue ? "\(option.name)=" : option.name
      lines.append("        \(pattern)) \(bashValues(option.values)); return ;;")
    }
    lines.append("      esac")
    let optionWords = subcommand.allOptions.flatMap { option in
      option.optionalValue ? [option.name, option.name + "="] : [option.name]
    }
    lines.append("      if [[ \"$cur\" == -* ]]; then")
    lines.append("        _island_words \(quote(optionWords.joined(separator: " ")))")
    if subcommand.name.isEmpty {
      lines.append(
        "      else _island_words "
          + quote(subcommands.map(\.name).joined(separator: " ")) + "; fi")
    } else if let argument = subcommand.arguments.first {
      lines.append("      else \(bashValues(argument.values)); fi")
    } else {
      lines.append("      fi")
    }
    return lines
  }

  private static func bashValues(_ kind: ValueKind) -> String {
    switch kind {
    case .none: return "COMPREPLY=()"
    case .file(let extensions): return "_island_files \(quote(extensions.first ?? ""))"
    case .directory: return "_island_directories"
    case .fileOrDirectory: return "_island_files ''"
    case .choices, .profile, .subcommand:
      return "_island_words \(quote(kind.words.joined(separator: " ")))"
    case .device:
      return "_island_lines \(quote(kind.words.joined(separator: "\n")))"
    case .layout:
      return "if [[ \"$cur\" == @* ]]; then cur=\"${cur#@}\"; _island_files json; "
        + "COMPREPLY=(\"${COMPREPLY[@]/#/@}\"); else _island_words "
        + quote(kind.words.joined(separator: " ")) + "; fi"
    }
  }

  // MARK: - zsh

  private static func zsh() -> String {
    var lines = [
      "#compdef island",
      "# zsh completion for island: `island completions zsh > DIR/_island`, DIR in $fpath.",
      "_island_devices() {",
      "  local -a devices",
      "  devices=(" + ValueKind.device.words.map(quote).joined(separator: " ") + ")",
      "  compadd -a devices",
      "}",
      "_island() {",
      "  local curcontext=\"$curcontext\" state line",
      "  local -a subcommands",
      "  subcommands=(",
    ]
    for subcommand in subcommands {
      lines.append("    " + quote(subcommand.name + ":" + zshText(subcommand.summary)))
    }
    lines += ["  )", "  _arguments -C \\"]
    lines += IslandCommandLine.repl.allOptions.map { "    " + zshOption($0) + " \\" }
    lines += [
      "    '1: :->subcommand' \\",
      "    '*:: :->arguments'",
      "  case $state in",
      "    subcommand) _describe -t subcommands 'island subcommand' subcommands ;;",
      "    arguments)",
      "      case $words[1] in",
    ]
    for subcommand in subcommands {
      let target = subcommand.subcommands.first ?? subcommand
      var specs = target.allOptions.map(zshOption)
      for (index, argument) in target.arguments.enumerated() {
        let position = argument.repeats ? "*" : String(index + 1)
        specs.append(quote("\(position):\(argument.name):\(zshAction(argument.values))"))
      }
      if !subcommand.subcommands.isEmpty {
        lines.append(
          "        \(subcommand.name)) if (( CURRENT == 2 )); then compadd "
            + subcommand.subcommands.map(\.name).joined(separator: " ")
            + "; else shift words; (( CURRENT-- )); _arguments "
            + specs.joined(separator: " ") + "; fi ;;")
      } else {
        lines.append(
          "        \(subcommand.name)) _arguments " + specs.joined(separator: " ") + " ;;")
      }
    }
    lines += [
      "      esac",
      "      ;;",
      "  esac",
      "}",
      "# Autoloaded from $fpath, this file is the function; sourced, it registers it.",
      "if [ \"$funcstack[1]\" = \"_island\" ]; then _island \"$@\"; else compdef _island island; fi",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text for a zsh description: no brackets, colons or quotes to end it early.
  private static func zshText(_ text: String) -> String {
    String(
      text.map { character -> Character in
        switch character {
        case "[", "]", ":", "'", "`": return " "
        default: return character
        }
      })
  }

  private static func zshOption(_ option: OptionReference) -> String {
    let names =
      option.short.map { "{\($0),\(option.name)}" }
      ?? (option.optionalValue ? option.name + "=-" : option.name)
    let description = "[\(zshText(option.summary))]"
    guard let value = option.value else {
      return option.short == nil ? quote(names + description) : names + quote(description)
    }
    let spec = description + ":\(value):\(zshAction(option.values))"
    return option.short == nil ? quote(names + spec) : names + quote(spec)
  }

  private static func zshAction(_ kind: ValueKind) -> String {
    switch kind {
    case .none: return " "
    case .file(let extensions):
      return extensions.isEmpty ? "_files" : "_files -g \"*.\(extensions[0])\""
    case .directory: return "_files -/"
    case .fileOrDirectory: return "_files"
    case .choices, .profile, .subcommand, .layout:
      return "(" + kind.words.joined(separator: " ") + ")"
    case .device: return "_island_devices"
    }
  }

  // MARK: - fish

  private static func fish() -> String {
    var lines = [
      "# fish completion for island: `island completions fish > "
        + "~/.config/fish/completions/island.fish`.",
      "complete -c island -f",
    ]
    for subcommand in subcommands {
      lines.append(
        "complete -c island -n '__fish_use_subcommand' -a \(subcommand.name) -d "
          + quote(subcommand.summary))
    }
    for option in IslandCommandLine.repl.allOptions {
      lines.append(fishOption(option, condition: "__fish_use_subcommand"))
    }
    for subcommand in subcommands {
      let condition = "__fish_seen_subcommand_from \(subcommand.name)"
      for child in subcommand.subcommands {
        lines.append(
          "complete -c island -n "
            + quote(
              condition + "; and not __fish_seen_subcommand_from "
                + child.name) + " -a \(child.name) -d " + quote(child.summary))
      }
      let target = subcommand.subcommands.first ?? subcommand
      for option in target.allOptions {
        lines.append(fishOption(option, condition: condition))
      }
      if let argument = target.arguments.first {
        lines.append("complete -c island -n " + quote(condition) + fishValues(argument.values))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func fishOption(_ option: OptionReference, condition: String) -> String {
    var line = "complete -c island -n " + quote(condition) + " -l " + option.name.dropFirst(2)
    if let short = option.short { line += " -s " + short.dropFirst() }
    if option.value != nil { line += fishValues(option.values) }
    return line + " -d " + quote(option.summary)
  }

  private static func fishValues(_ kind: ValueKind) -> String {
    switch kind {
    case .none: return " -x"
    case .file, .directory, .fileOrDirectory: return " -r -F"
    case .choices, .profile, .subcommand, .layout, .device:
      return " -x -a " + quote(kind.words.map { "\"\($0)\"" }.joined(separator: " "))
    }
  }
}
