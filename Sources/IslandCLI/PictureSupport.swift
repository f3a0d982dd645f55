import Foundation
import IslandPictures

/// The command line's side of pictures: the options they share, PNG through librsvg, and
/// writing files.
enum PictureSupport {
  /// The options every picture command takes, beside its own.
  static let valuedOptions: Set<String> = ["--scale"]
  /// The flags every picture command takes.
  static let flags: Set<String> = ["--dark"]

  /// `--scale N` (pixels per point, more than 0, at most 20) and `--dark`.
  static func options(_ list: ArgumentList) throws(UsageError) -> PictureOptions {
    var options = PictureOptions()
    if let text = list.value("--scale") {
      guard let scale = Double(text), scale.isFinite, scale > 0, scale <= 20 else {
        throw UsageError.invalidValue(
          option: "--scale", value: text, expected: "pixels per point, such as 3 (at most 20)")
      }
      options.scale = scale
    }
    if list.has("--dark") { options.wallpaper = .dark }
    return options
  }

  /// Why a picture could not be made or written.
  struct Failure: Error {
    /// What went wrong, for standard error.
    var message: String
    /// The exit code.
    var exitCode: Int32
  }

  /// The PNG of `svg`, made by librsvg's `rsvg-convert` (Debian's `librsvg2-bin`), found on
  /// the `PATH`.
  static func png(fromSVG svg: String) throws(Failure) -> Data {
    guard let converter = executable(named: "rsvg-convert") else {
      throw Failure(
        message: "cannot make a PNG: rsvg-convert is not on the PATH "
          + "(install librsvg2-bin, or use --format svg)",
        exitCode: ExitCode.unavailable)
    }
    let run: ChildProcess.Run
    do throws(ChildProcess.Failure) {
      run = try ChildProcess.run(converter, arguments: ["--format", "png"], input: Data(svg.utf8))
    } catch {
      throw Failure(
        message: "cannot run \(converter.path): \(error.why)", exitCode: ExitCode.unavailable)
    }
    let png = run.output
    guard run.status == 0, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
      let why = String(decoding: run.error, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      throw Failure(
        message: "rsvg-convert failed (exit \(run.status)): \(why)", exitCode: ExitCode.software)
    }
    return png
  }

  /// Writes `data` to `path`, replacing any file there at once.
  static func write(_ data: Data, to path: String) throws(Failure) {
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw Failure(
        message: "\(path): cannot write it: \(error.localizedDescription)",
        exitCode: ExitCode.ioError)
    }
  }

  /// Whether standard output is a terminal (a PNG is not written there).
  static var outputIsTerminal: Bool { isatty(1) == 1 }

  private static func executable(named name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = String(directory) + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) {
        return URL(fileURLWithPath: candidate)
      }
    }
    return nil
  }
}
