import Foundation
import IslandCore
import IslandTesting
import Testing

/// The programs the picture tests run, found on the PATH.
enum Tool {
  /// The executable `name` on the PATH, if any.
  static func path(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Chromium, under the names Debian and others give it.
  static let chromium: String? = ["chromium", "chromium-browser", "google-chrome"].lazy
    .compactMap(path).first

  /// Runs `executable` with `arguments` and `input` on its standard input; returns its exit
  /// status, standard output and standard error.
  @discardableResult
  static func run(_ executable: String, _ arguments: [String], input: Data = Data()) throws -> (
    status: Int32, output: Data, error: Data
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let box = OutputBox()
    let group = DispatchGroup()
    for (index, pipe) in [stdout, stderr].enumerated() {
      group.enter()
      DispatchQueue.global().async {
        box.set(index, pipe.fileHandleForReading.readDataToEndOfFile())
        group.leave()
      }
    }
    stdin.fileHandleForWriting.write(input)
    try? stdin.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, box.get(0), box.get(1))
  }

  /// A new empty directory under the system's temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("island-pictures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Fails unless `svg` is well-formed XML, as `xmllint --noout` reads it.
  static func expectValidXML(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let xmllint = try #require(path("xmllint"), "xmllint (libxml2-utils) is not installed")
    let result = try run(xmllint, ["--noout", "-"], input: Data(svg.utf8))
    #expect(
      result.status == 0, "xmllint: \(String(decoding: result.error, as: UTF8.self))",
      sourceLocation: sourceLocation)
  }

  /// The PNG librsvg makes of `svg`.
  static func png(of svg: String) throws -> PNGImage {
    let converter = try #require(path("rsvg-convert"), "rsvg-convert (librsvg2-bin) is missing")
    let result = try run(converter, ["--format", "png"], input: Data(svg.utf8))
    try #require(
      result.status == 0, "rsvg-convert: \(String(decoding: result.error, as: UTF8.self))")
    return try PNGImage(data: result.output)
  }
}

private final class OutputBox: @unchecked Sendable {
  private let lock = NSLock()
  private var data = [Data(), Data()]
  func set(_ index: Int, _ value: Data) { lock.withLock { data[index] = value } }
  func get(_ index: Int) -> Data { lock.withLock { data[index] } }
}

/// Compares `svg` with the golden file `Goldens/<name>.svg` (a line diff on a mismatch,
/// `ISLAND_RECORD=1` re-records), as the drawing's goldens do.
func expectGolden(
  _ svg: String, named name: String, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  assertGolden(
    svg, file: "Goldens/\(name).svg", fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// A state folded from `events`, each at its time, on `device`.
func fold(_ events: [(Milliseconds, Event)], device: String = Device.defaultName) throws
  -> IslandState
{
  let device = try #require(Device.named(device))
  var state = IslandState(configuration: Configuration(device: device))
  for (t, event) in events { try state.apply(event, at: t) }
  return state
}

/// A start of built-in layout `layout` with its sample state, changed by `patch`.
func start(
  _ id: String, app: String, layout: String, relevance: Double = 0,
  stale: Milliseconds? = nil, patch: ContentState = [:]
) throws -> Event {
  var state = try #require(Layout.catalogue.first { $0.name == layout }).sampleState
  state.merge(patch)
  return .start(
    Start(
      activity: id, app: app, relevance: relevance, stale: stale, state: state,
      layout: .named(layout)))
}

/// The path of the recorded journal `Journals/<name>.jsonl`, from a test file directly in
/// `Tests/IslandPicturesTests/`.
func recordedJournal(_ name: String, filePath: String = #filePath) -> String {
  URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Journals/\(name).jsonl").path
}
