import Foundation
import Testing

extension Process {
  /// The longest any process a test starts may run: far above the slowest
  /// (a full build of a stress site under a loaded two-core machine), far
  /// below CI's limit.
  package static let watchdogLimit: Double = 300

  /// Starts the process under a watchdog: one still running after
  /// `watchdogLimit` seconds is killed, which closes its streams and ends every
  /// wait on it, and the test fails saying so. A hang is a red test, never a
  /// CI run that does not finish.
  package func runWatched(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try run()
    let name = ([executableURL?.lastPathComponent ?? "process"] + (arguments ?? [])).joined(separator: " ")
    let watched = UncheckedProcess(process: self)
    DispatchQueue.global().asyncAfter(deadline: .now() + Self.watchdogLimit) {
      // A process that ended in time is left alone; one still running is the failure.
      if watched.process.isRunning {
        kill(watched.process.processIdentifier, SIGKILL)
        Issue.record(
          "\(name) was still running after \(Int(Self.watchdogLimit)) s: killed", sourceLocation: sourceLocation)
      }
    }
  }

  /// SIGTERM, then waits for the process to end (its exit is the moment
  /// waited on). One that ignores the signal is ended by the watchdog
  /// `runWatched` armed, which fails the test: no wait here is timed.
  package func stop() {
    if isRunning { terminate() }
    waitUntilExit()
  }
}

/// A process handed to the watchdog's queue.
private struct UncheckedProcess: @unchecked Sendable {
  package let process: Process
}

extension Pipe {
  /// Reads the pipe to its end on a thread of its own; the returned function
  /// waits for that end. Reading two streams one after the other deadlocks
  /// once the second fills its pipe while the first is waited on.
  package func readToEndInBackground() -> () -> Data {
    let box = DataBox()
    let done = DispatchSemaphore(value: 0)
    let handle = fileHandleForReading
    Thread {
      box.data = handle.readDataToEndOfFile()
      done.signal()
    }.start()
    return {
      done.wait()
      return box.data
    }
  }
}

/// Data filled by one thread and read by another after a semaphore.
private final class DataBox: @unchecked Sendable {
  package var data = Data()
}
