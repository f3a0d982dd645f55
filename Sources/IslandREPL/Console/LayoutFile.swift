import Foundation
import IslandCore

/// Layouts read from files: `--layout @FILE` wherever a layout is taken. One function reads
/// them all and picks the reader by the file's extension, so that another kind of file
/// (`@Layout.swift`) is one more case here.
public enum LayoutFile {
  /// The file a `--layout` value names, when it is `@FILE`.
  public static func path(of value: String) -> String? {
    value.hasPrefix("@") && value.count > 1 ? String(value.dropFirst()) : nil
  }

  /// The layout in the file at `path`: `.json` holds the journal's layout JSON (the form an
  /// inline `--layout '{...}'` takes).
  public static func read(_ path: String) throws(SessionError) -> Layout {
    let fileExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
    switch fileExtension {
    case "json":
      let text = try TextFile.read(path)
      do {
        return try InlineLayout.decode(text)
      } catch {
        throw .file(path: path, why: "not a layout: \(error.message)")
      }
    default:
      throw .file(
        path: path,
        why: "a layout file is a .json file (the journal's layout JSON), not "
          + (fileExtension.isEmpty ? "a file without an extension" : ".\(fileExtension)"))
    }
  }
}
