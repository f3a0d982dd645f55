import Foundation
import IslandCore
import IslandJournal
import IslandPictures
import IslandREPL

/// `island render JOURNAL [--filmstrip OUT.svg [--every DURATION]] [--html OUT.html]
/// [--until SEQ] [--keep-going] [--scale N] [--dark]`: a journal (up to event SEQ) as
/// pictures: a filmstrip (one frame per event, or one every DURATION of the journal's time)
/// and an animated page that plays it.
/// With `--keep-going`, events the engine rejects are shown as rejected and the rest go on
/// (each is reported, and the exit code is 65).
enum RenderCommand {
  /// Its usage line, from its entry in the subcommand table.
  static var usage: String { IslandCommandLine.subcommand("render")?.usageLine() ?? "" }

  /// The most frames a filmstrip may have: more is a wall of pictures no one reads.
  static let maximumFrames = 2_000
  /// The most moments a page may play.
  static let maximumMoments = 20_000
  /// The most events rendered at once: every state is kept in memory while drawing.
  static let maximumEvents = 10_000

  static func run(_ arguments: [String]) -> Int32 {
    let path: String
    let filmstrip: String?
    let html: String?
    let every: Milliseconds?
    let keepGoing: Bool
    let until: Int?
    let options: PictureOptions
    do throws(UsageError) {
      let valued = Set(["--filmstrip", "--every", "--html", "--until"]).union(
        PictureSupport.valuedOptions)
      let list = try ArgumentList(arguments, valued: valued)
      if list.has("--help") || list.has("-h") {
        print(usage)
        return ExitCode.ok
      }
      if let unknown = list.unknownOption(
        known: valued.union(PictureSupport.flags).union(["--keep-going"]))
      {
        throw UsageError.unknownOption(unknown)
      }
      guard list.positional.count == 1 else {
        throw UsageError.arguments(
          list.positional.isEmpty ? "expected a journal" : "expected one journal")
      }
      path = list.positional[0]
      filmstrip = list.value("--filmstrip")
      html = list.value("--html")
      guard filmstrip != nil || html != nil else {
        throw UsageError.arguments("expected --filmstrip OUT.svg, --html OUT.html, or both")
      }
      every = try list.value("--every").map { (text) throws(UsageError) -> Milliseconds in
        guard let duration = ValueSyntax.duration(text), duration > 0 else {
          throw UsageError.invalidValue(
            option: "--every", value: text, expected: "a duration, such as 500ms, 1s or 10m")
        }
        return duration
      }
      if every != nil, filmstrip == nil {
        throw UsageError.arguments("--every is for --filmstrip")
      }
      keepGoing = list.has("--keep-going")
      until = try list.value("--until").map { (text) throws(UsageError) -> Int in
        guard let seq = Int(text), seq >= 1 else {
          throw UsageError.invalidValue(
            option: "--until", value: text, expected: "a seq (1, 2, 3, ...)")
        }
        return seq
      }
      options = try PictureSupport.options(list)
    } catch {
      StandardStream.report("island render: \(error.message)\n\(usage)")
      return ExitCode.usage
    }

    var errors = StandardStream.error
    defer { errors.flush() }
    let journal: (header: JournalHeader, entries: [LogEntry], warnings: [JournalWarning])
    do throws(JournalError) {
      // Without --keep-going a rejected event is an error at its line, as replay says it;
      // and a journal too long to render is refused before it is read into memory.
      if !keepGoing {
        let count = try Journal.replay(path: path, until: until).state.seq
        guard count <= maximumEvents else {
          errors.message(
            "island render: \(path) has \(count) events, more than \(maximumEvents): "
              + "render part of it with --until SEQ")
          return ExitCode.usage
        }
      }
      var read = try Journal.read(path: path)
      if let until { read.entries.removeAll { $0.seq > until } }
      journal = read
    } catch {
      errors.message(error.description)
      return error.exitCode
    }
    if let until, journal.entries.last.map({ $0.seq < until }) ?? true {
      errors.message(
        "island render: --until \(until) is past the last event of \(path) "
          + "(seq \(journal.entries.last?.seq ?? 0))")
      return ExitCode.usage
    }
    guard journal.entries.count <= maximumEvents else {
      errors.message(
        "island render: \(path) has \(journal.entries.count) events, more than "
          + "\(maximumEvents): render part of it with --until SEQ")
      return ExitCode.usage
    }
    for warning in journal.warnings { errors.message(warning.description) }
    let timeline = JournalTimeline(
      configuration: journal.header.configuration, entries: journal.entries, keepGoing: keepGoing)
    var rejected = 0
    for moment in timeline.moments {
      if case .rejected(_, let rejection) = moment.kind {
        errors.message("\(path): event seq \(moment.seq): \(rejection.description)")
        rejected += 1
      }
    }
    do throws(PictureSupport.Failure) {
      if let filmstrip {
        let frames: Filmstrip.Frames = every.map { .every($0) } ?? .perMoment
        let count = Filmstrip.frameCount(timeline, frames: frames)
        guard count <= maximumFrames else {
          throw PictureSupport.Failure(
            message: "island render: the filmstrip would have \(count) frames, more than "
              + "\(maximumFrames): use a longer --every",
            exitCode: ExitCode.usage)
        }
        let svg = Filmstrip.svg(timeline, frames: frames, options: options)
        try PictureSupport.write(Data(svg.utf8), to: filmstrip)
      }
      if let html {
        guard timeline.moments.count <= maximumMoments else {
          throw PictureSupport.Failure(
            message: "island render: the page would play \(timeline.moments.count) moments, "
              + "more than \(maximumMoments)",
            exitCode: ExitCode.usage)
        }
        try PictureSupport.write(Data(AnimatedPage.html(timeline, options: options).utf8), to: html)
      }
    } catch {
      errors.message(error.message)
      return error.exitCode
    }
    return rejected > 0 ? ExitCode.dataError : ExitCode.ok
  }
}
