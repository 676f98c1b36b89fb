import Foundation

/// A file a command was asked to write (`--json FILE`, `--junit FILE`).
public enum ReportFile {
  /// Why a report file could not be written: the path and the reason.

  /// Writes `text` to `path`: a regular file atomically, anything else (a
  /// FIFO, `/dev/stdout`) through, as a shell redirection would. A path
  /// inside one of `protectedFolders` (the site) is refused.
  public static func write(_ text: String, to path: String, protecting protectedFolders: [URL]) throws(ReportFileError)
  {
    do throws(FileWriteError) {
      try FileWriter.writeReport(
        Array(text.utf8), to: path,
        protecting: protectedFolders.map { ContainedFolder($0.path, display: $0.relativePath) })
    } catch {
      throw ReportFileError(path: path, reason: error.reason)
    }
  }
}

/// Why a report file named on the command line could not be written.
public struct ReportFileError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): cannot write: \(reason)." }
}
