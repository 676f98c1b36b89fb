import Foundation

/// A file a command was asked to write (`--json FILE`, `--junit FILE`).
public enum ReportFile {
  /// Why a report file could not be written: the path and the reason.
  public struct Failure: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): cannot write: \(reason)." }
  }

  /// Writes `text` to `path`: a regular file atomically, anything else (a
  /// FIFO, `/dev/stdout`) through, as a shell redirection would. A path
  /// inside one of `protectedFolders` (the site) is refused.
  public static func write(_ text: String, to path: String, protecting protectedFolders: [URL]) throws(Failure) {
    do throws(FileWriter.Failure) {
      try FileWriter.writeReport(
        Array(text.utf8), to: path,
        protecting: protectedFolders.map { ContainedFolder($0.path, display: $0.relativePath) })
    } catch {
      throw Failure(path: path, reason: error.reason)
    }
  }
}
