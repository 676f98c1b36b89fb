import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSupport

/// What open pages are told: each good build bumps the generation (they
/// reload); a failed one sets the failure (they show it over the last good
/// gallery) until a build succeeds again.
final class LiveState: @unchecked Sendable {
  struct Snapshot: Equatable {
    var generation: Int
    var failure: String?
    /// Bumped when the snapshot report is rewritten (after the gallery's pages have reloaded).
    var report = 0
    /// The generation the report describes: behind `generation` while the renders are being checked.
    var reportOf = 0
  }

  private let condition = NSCondition()
  private var current = Snapshot(generation: 0, failure: nil)
  private var stopping = false

  var snapshot: Snapshot {
    condition.lock()
    defer { condition.unlock() }
    return current
  }

  func built() {
    condition.lock()
    current = Snapshot(
      generation: current.generation + 1, failure: nil, report: current.report, reportOf: current.reportOf)
    condition.broadcast()
    condition.unlock()
  }

  /// The report now describes the build `generation`.
  func reportWritten(of generation: Int) {
    condition.lock()
    current.report += 1
    current.reportOf = generation
    condition.broadcast()
    condition.unlock()
  }

  func failed(_ message: String) {
    condition.lock()
    current.failure = message
    condition.broadcast()
    condition.unlock()
  }

  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  /// The state once it differs from `seen`, or nil when stopping; `seen` back when `timeout` passes first.
  func wait(after seen: Snapshot, timeout: TimeInterval) -> Snapshot? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while current == seen, !stopping {
      if !condition.wait(until: deadline) { break }
    }
    return stopping ? nil : current
  }
}
