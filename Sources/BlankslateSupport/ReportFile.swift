import Foundation

/// A file a command was asked to write (`--json FILE`, `--junit FILE`).
package enum ReportFile {
  /// Why a report file could not be written: the path and the reason.

  /// Writes `text` to `path`: a regular file atomically, anything else (a
  /// FIFO, `/dev/stdout`) through, as a shell redirection would. A path
  /// inside one of `protectedFolders` (the site) is refused.
  package static func write(_ text: String, to path: String, protecting protectedFolders: [URL]) throws(ReportFileError)
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
package struct ReportFileError: Error, CustomStringConvertible {
  package var path: String
  package var reason: String
  package var description: String { "\(path): cannot write: \(reason)." }
}
