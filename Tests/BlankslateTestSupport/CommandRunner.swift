import BlankslateSupport
import Foundation
import Testing

/// One runner for every test that runs a command as the built binary a user
/// runs (`spawn`), where the process itself is the subject: exit by signal,
/// streams, the environment a debug build's failpoints read, the allocator
/// it links. The CLI's tests also run a command in their own process
/// (`run`, beside them: only they link the CLI).
package enum CommandRunner {
  package struct Run {
    package init(status: Int32, output: String, error: String) {
      (self.status, self.output, self.error) = (status, output, error)
    }

    package var status: Int32
    package var output: String
    package var error: String
  }

  package static var binary: URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(
      path: "blankslate")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return Repository.root.appending(path: ".build/debug/blankslate")
  }

  /// Runs the built binary with `arguments` from `folder`.
  package static func spawn(
    _ arguments: [String], in folder: URL = Repository.root, environment: [String: String] = [:]
  ) throws -> Run {
    try capture(
      binary, arguments, in: folder,
      environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
  }

  /// The standard output of the program at `path` with `arguments` (which must exit 0).
  package static func output(
    _ path: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
  ) throws -> String {
    let run = try capture(URL(fileURLWithPath: path), arguments, in: folder, environment: environment)
    guard run.status == 0 else {
      throw ToolFailure(
        description: "\(path) \(arguments.joined(separator: " ")) exited \(run.status): \(run.error.suffix(2000))")
    }
    return run.output
  }

  /// Runs `executable` under the watchdog and collects both streams (standard
  /// error read beside standard output, so neither pipe fills and stalls it).
  private static func capture(
    _ executable: URL, _ arguments: [String], in folder: URL?, environment: [String: String]?
  ) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.runWatched()
    let errors = err.readToEndInBackground()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = errors()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errData, as: UTF8.self))
  }

  package struct ToolFailure: Error, CustomStringConvertible {
    package let description: String
  }

  /// Runs a system tool and returns its exit status.
  package static func runTool(_ path: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.runWatched()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

extension CommandRunner {
  /// The binary run with `arguments`; its exit status, standard error, and its
  /// peak memory in kilobytes (`VmHWM`), read while a debug build holds the
  /// finished run (`run.finished`). A child's rusage would not do: on Linux
  /// its `ru_maxrss` starts at the parent's, a test process that is large.
  package static func spawnMeasuringPeakMemory(_ arguments: [String]) throws -> (
    status: Int32, error: String, peakKilobytes: Int
  ) {
    let hold = DebugHold(at: "run.finished")
    defer { hold.remove() }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(hold.environment) { _, new in new }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.runWatched()
    let reader = StreamReader(errors.fileHandleForReading)
    reader.wait(for: "hold run.finished reached")
    let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
    let peak =
      status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
      .flatMap { Int($0.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") } ?? -1
    try hold.release()
    process.waitUntilExit()
    reader.wait(for: "\u{0}", quietly: true)
    return (process.terminationStatus, reader.text, peak)
  }
}
