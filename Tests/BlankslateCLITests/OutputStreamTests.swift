@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// Standard output and error that cannot be written — a full disk, a pipe
/// whose reader is gone, a closed descriptor — never trap: the run stops
/// printing there and exits 2, saying why on the other stream when it can.
@Suite("Streams that cannot be written", .serialized)
struct OutputStreamTests {
  enum Broken: String, CaseIterable, Sendable {
    /// `> /dev/full`: every write fails with ENOSPC.
    case full
    /// A pipe whose read end closed before the run started: EPIPE.
    case closedPipe
    /// `>&-`: the descriptor is not open at all.
    case closed
  }

  /// A site made by `init`, built and recorded, shared by the cases.
  static let site: URL = {
    let folder = temporaryFolder()
    _ = try? SiteScaffold.create(at: folder)
    return folder
  }()

  /// Runs `arguments` with standard output (or error) `broken`; the exit status, how it ended, and the other stream.
  static func run(_ arguments: [String], breaking stream: Int32, _ broken: Broken) throws -> (
    status: Int32, reason: Process.TerminationReason, other: String
  ) {
    let process = Process()
    process.currentDirectoryURL = site
    process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1", "CI": ""]) { _, new in new }
    let other = Pipe()
    var keep: [Any] = []
    let target: FileHandle
    switch broken {
    case .full:
      target = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    case .closedPipe:
      let pipe = Pipe()
      try pipe.fileHandleForReading.close()
      target = pipe.fileHandleForWriting
      keep.append(pipe)
    case .closed:
      target = FileHandle.nullDevice
    }
    if broken == .closed {
      // Only a shell can start a program with a descriptor closed.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "exec \"$0\" \"$@\" \(stream)>&-", CommandRunner.binary.path] + arguments
    } else {
      process.executableURL = CommandRunner.binary
      process.arguments = arguments
    }
    if stream == STDOUT_FILENO {
      process.standardOutput = target
      process.standardError = other
    } else {
      process.standardError = target
      process.standardOutput = other
    }
    try process.runWatched()
    let text = String(decoding: other.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    _ = keep
    return (process.terminationStatus, process.terminationReason, text)
  }

  static let commands: [[String]] = [
    ["--help"], ["--version"], ["list"], ["schema"], ["build"], ["check"], ["lint"], ["record"], ["prune"],
    ["validate", "_site"], ["build", "--help"],
  ]

  @Test(arguments: commands, Broken.allCases)
  func standardOutputThatCannotBeWrittenEndsTheRunWithExit2(_ arguments: [String], _ broken: Broken) throws {
    let run = try Self.run(arguments, breaking: STDOUT_FILENO, broken)
    #expect(run.reason == .exit, "\(arguments) ended by a signal: \(run.other)")
    #expect(run.status == 2, "\(arguments): \(run.other)")
    #expect(run.other.contains("cannot write to standard output"), "\(arguments): \(run.other)")
    #expect(!run.other.contains("Fatal error") && !run.other.contains("backtrace"), "\(run.other)")
  }

  @Test(
    arguments: [["build", "--site", "Missing"], ["check", "--site", "Missing"], ["nonsense"], ["build"]],
    Broken.allCases)
  func standardErrorThatCannotBeWrittenEndsTheRunWithExit2(_ arguments: [String], _ broken: Broken) throws {
    let run = try Self.run(arguments, breaking: STDERR_FILENO, broken)
    #expect(run.reason == .exit, "\(arguments) ended by a signal")
    // A failing run is 2 already; a good one that could not print its note says 2 too, or 0 when nothing went there.
    #expect(run.status == (arguments == ["build"] ? 0 : 2), "\(arguments): \(run.other)")
    #expect(!run.other.contains("Fatal error"), "\(run.other)")
  }

  /// A closed standard output is held by /dev/null, so no file the run opens takes its number.
  @Test func aClosedStandardOutputNeverLandsInAFileTheRunWrites() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = try Self.run(["build", "--output", output.path], breaking: STDOUT_FILENO, .closed)
    #expect(run.status == 2)
    for file in try FileManager.default.subpathsOfDirectory(atPath: output.path) where file.hasSuffix(".html") {
      let text = try String(contentsOf: output.appending(path: file), encoding: .utf8)
      #expect(!text.contains("Built 1 design"), "\(file) holds the run's output")
    }
  }

  /// `serve` goes on: what it would print moves to the stream that works, said once.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func serveWithAFullStandardOutputGoesOnAndSaysSoOnce() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try SiteScaffold.create(at: folder)
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = ["serve", "--port", "0"]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1", "CI": ""]) { _, new in new }
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let errors = Pipe()
    process.standardError = errors
    try process.runWatched()
    defer {
      process.stop()
    }
    let log = StreamReader(errors.fileHandleForReading)
    log.wait(for: "note: standard output cannot be written (No space left on device)")
    log.wait(for: "Serving http://127.0.0.1:")
    let port = try #require(Int(log.wait(for: "/").prefix { $0.isNumber }))
    #expect(try ServeClient.status(["http://127.0.0.1:\(port)/"]) == "200")
    process.stop()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(log.text.components(separatedBy: "cannot be written").count == 2, "\(log.text)")
  }
}
