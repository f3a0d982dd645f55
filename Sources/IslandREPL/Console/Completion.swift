import Foundation
import IslandCore

/// Tab completion: what may come next on a line, given the session.
public struct Completion: Equatable, Sendable {
  /// Where, in characters from the start of the line, the text being completed starts.
  public var start: Int
  /// What it may become, each whole (not just the missing part): sorted, numbers by value.
  public var candidates: [String]

  /// Candidates for the text from `start` on.
  public init(start: Int, candidates: [String]) {
    self.start = start
    self.candidates = candidates.sorted { left, right in
      switch (Int(left), Int(right)) {
      case (let left?, let right?): return left < right
      default: return left < right
      }
    }
  }

  /// The completions of `line` (the text before the cursor) in `session`: command names,
  /// options and their values, activity ids, apps, state fields, targets, regions, layouts,
  /// devices, profiles and event numbers.
  public static func of(_ line: String, in session: Session) -> Completion {
    let characters = Array(line)
    let wordStart = (characters.lastIndex { $0 == " " || $0 == "\t" }).map { $0 + 1 } ?? 0
    var word = String(characters[wordStart...])
    var words = String(characters[..<wordStart]).split(whereSeparator: { $0 == " " || $0 == "\t" })
      .map(String.init)
    if words.first == "!" { words.removeFirst() }
    if words.first?.hasPrefix("!") == true { words[0].removeFirst() }
    guard let commandWord = words.first else {
      let bang = word.hasPrefix("!") ? 1 : 0
      word.removeFirst(bang)
      let names = CommandReference.all.flatMap(\.names).filter { $0.hasPrefix(word) && $0 != "?" }
      return Completion(start: wordStart + bang, candidates: names)
    }
    guard let reference = CommandReference.named(commandWord.lowercased()) else {
      return Completion(start: wordStart, candidates: [])
    }
    if reference.name == "device" {
      let typed = words.dropFirst().map { $0 + " " }.joined() + word
      return Completion(
        start: characters.count - typed.count,
        candidates: Device.all.map(\.name).filter { $0.hasPrefix(typed) })
    }
    let arguments = Array(words.dropFirst())
    if ["load", "save", "run"].contains(reference.name), arguments.isEmpty {
      return Completion(start: wordStart, candidates: files(startingWith: word))
    }
    if arguments.last == "--layout", let path = LayoutFile.path(of: word) {
      return Completion(
        start: wordStart + 1, candidates: files(startingWith: path, endingWith: ".json"))
    }
    if let option = arguments.last, reference.options.contains(option) {
      return Completion(
        start: wordStart, candidates: optionValues(option).filter { $0.hasPrefix(word) })
    }
    let bare = positionalArguments(arguments, of: reference)
    let complete = bare.count >= requiredPositionals(of: reference)
    var candidates = word.hasPrefix("-") || complete ? reference.options : []
    if !word.hasPrefix("-") {
      candidates += positionals(reference, bare, arguments, in: session)
    }
    let given = Set(
      arguments.compactMap { argument in
        argument.firstIndex(of: "=").map { String(argument[...$0]) }
      })
    return Completion(
      start: wordStart,
      candidates: candidates.filter { $0.hasPrefix(word) && !given.contains($0) })
  }

  /// The files and directories (these with a `/`) whose path starts with `typed`, relative to
  /// the current directory as typed; hidden ones only when `typed` names them so; files only
  /// if they end with `suffix`.
  static func files(startingWith typed: String, endingWith suffix: String = "") -> [String] {
    let slash = typed.lastIndex(of: "/")
    let directory = slash.map { String(typed[...$0]) } ?? ""
    let prefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let expanded =
      directory.hasPrefix("~/")
      ? NSHomeDirectory() + directory.dropFirst() : directory
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: expanded.isEmpty ? "." : expanded))
      ?? []
    return names.compactMap { name in
      guard name.hasPrefix(prefix), !name.hasPrefix(".") || prefix.hasPrefix(".") else {
        return nil
      }
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: expanded + name, isDirectory: &isDirectory)
      if exists, isDirectory.boolValue { return directory + name + "/" }
      return name.hasSuffix(suffix) ? directory + name : nil
    }
  }

  private static func requiredPositionals(of reference: CommandReference) -> Int {
    switch reference.name {
    case "start": return 2
    case "update", "end", "tap", "longpress": return 1
    default: return 0
    }
  }

  /// The arguments that are neither options, option values, nor fields.
  private static func positionalArguments(
    _ arguments: [String], of reference: CommandReference
  ) -> [String] {
    var bare: [String] = []
    var previousWasOption = false
    for argument in arguments {
      if !previousWasOption && !argument.hasPrefix("--") && !argument.contains("=") {
        bare.append(argument)
      }
      previousWasOption = reference.options.contains(argument)
    }
    return bare
  }

  /// What may stand at the next positional or field place of `reference`'s arguments.
  private static func positionals(
    _ reference: CommandReference, _ bare: [String], _ arguments: [String], in session: Session
  ) -> [String] {
    let state = session.state
    switch (reference.name, bare.count) {
    case ("update", 0), ("end", 0): return state.rankedActivities.map(\.id)
    case ("start", 1): return Array(Set(state.activities.map(\.app)))
    case ("start", _) where bare.count >= 2:
      let layout = arguments.firstIndex(of: "--layout").flatMap {
        $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
      }
      let sample = Layout.catalogue.first { $0.name == layout }?.sampleState
      return (sample?.names ?? []).map { $0 + "=" }
    case ("update", _), ("end", _):
      return (state.activity(bare[0])?.content.names ?? []).map { $0 + "=" }
    case ("tap", 0): return TapTarget.allCases.map(\.rawValue)
    case ("longpress", 0): return LongPressTarget.allCases.map(\.rawValue)
    case ("help", 0): return CommandReference.all.map(\.name) + ["layouts"]
    case ("profile", 0): return InteractionProfile.allCases.map(\.rawValue)
    case ("at", 0), ("diff", 0), ("diff", 1): return (0...session.seq).map(String.init)
    default: return []
    }
  }

  private static func optionValues(_ option: String) -> [String] {
    switch option {
    case "--layout": return Layout.catalogue.map(\.name)
    case "--link": return Region.allCases.map { $0.rawValue + "=" }
    case "--dismissal": return ["default", "immediate"]
    case "--alert-sound": return ["default"]
    default: return []
    }
  }
}
