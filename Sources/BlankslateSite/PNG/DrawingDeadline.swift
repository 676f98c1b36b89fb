import Foundation
import Synchronization
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// The backstop behind the sanitiser's drawing bound (`DrawingCost`):
/// librsvg cannot be interrupted, so a drawing still running after `limit`
/// ends the whole run with exit 2, naming what was being drawn. Nothing is
/// lost by it: a build publishes its output, and `record` its goldens, only
/// as the last step of a run that finished.
package enum DrawingDeadline {
  /// How long one drawing may take: a render of the largest device at @3x
  /// draws in well under a second.
  package static let limit: Duration = {
    #if DEBUG
      // Debug builds only: a test shortens the limit to see the run end.
      if let text = ProcessInfo.processInfo.environment["BLANKSLATE_DRAWING_DEADLINE_MS"], let milliseconds = Int(text)
      {
        return .milliseconds(milliseconds)
      }
    #endif
    return .seconds(30)
  }()

  private struct Drawing {
    var started: ContinuousClock.Instant
    var label: String
  }

  private static let drawings = Mutex<(next: Int, open: [Int: Drawing], watching: Bool)>((0, [:], false))

  /// Runs `body` (one librsvg drawing of `label`) under the deadline.
  static func watch<T, E: Error>(_ label: String, _ body: () throws(E) -> T) throws(E) -> T {
    let (id, startsWatcher) = drawings.withLock { state -> (Int, Bool) in
      state.next += 1
      state.open[state.next] = Drawing(started: .now, label: label)
      let starts = !state.watching
      state.watching = true
      return (state.next, starts)
    }
    if startsWatcher {
      let thread = Thread { watchForever() }
      thread.name = "blankslate.drawing-deadline"
      thread.start()
    }
    defer { _ = drawings.withLock { $0.open.removeValue(forKey: id) } }
    return try body()
  }

  /// Checks the open drawings a few times per limit, for the life of the process.
  private static func watchForever() {
    let interval = min(Duration.seconds(1), limit / 4)
    let (seconds, attoseconds) = interval.components
    let microseconds = UInt32(max(1_000, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    while true {
      usleep(microseconds)
      let overdue = drawings.withLock { state in
        state.open.values.first { ContinuousClock.now - $0.started > limit }
      }
      guard let overdue else { continue }
      let line = Array(
        ("error: drawing \(overdue.label) took longer than \(limit) and was stopped; an asset it embeds is too costly "
          + "to draw (simplify it). Nothing was published or recorded.\n").utf8)
      _ = line.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
      _exit(2)
    }
  }
}
