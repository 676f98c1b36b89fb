import BlankslateKit
import Foundation
import Testing

/// The built `blankslate` binary, run as a user would: one runner for every test that runs a command.
package enum CommandRunner {
  package struct Run {
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

  package static func run(_ arguments: [String], in folder: URL = Repository.root, environment: [String: String] = [:])
    throws
    -> Run
  {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
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
