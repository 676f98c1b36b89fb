import Foundation

/// Runs `git -C folder …` and gives back what it printed: the one place the
/// tool starts git (the action's own clone, a revision's goldens).
package enum GitCommand {
  /// Why git gave nothing back.
  package enum Failure: Error {
    /// git could not be started (not installed).
    case notRun
    /// git ran and exited with a status other than 0.
    case failed(status: Int32)
  }

  /// What git printed on its standard output; `input`, a file git reads as
  /// its standard input (a file, so that git's output never waits on a full
  /// input pipe). Its standard error is not shown.
  package static func run(_ arguments: [String], in folder: URL, input: URL? = nil) throws(Failure) -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder.path] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    if let input, let handle = try? FileHandle(forReadingFrom: input) {
      process.standardInput = handle
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    do {
      try process.run()
    } catch {
      throw .notRun
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw .failed(status: process.terminationStatus) }
    return Array(data)
  }
}
