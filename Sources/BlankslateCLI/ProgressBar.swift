import Foundation
import Synchronization
import BlankslateCore
import BlankslateServe
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// A one-line progress bar on standard error: only on a terminal, and never
/// when `NO_COLOR` or `CI` is set, so logs and pipes stay clean.
final class ProgressBar: Sendable {
  private let label: String
  private let shown = Mutex<Int>(-1)

  private init(label: String) {
    self.label = label
  }

  static func forStandardError(label: String) -> ProgressBar? {
    let environment = Console.current.environment
    guard Console.current.write == nil, isatty(STDERR_FILENO) != 0, environment["NO_COLOR"] == nil,
      !RunEnvironment.isCI(environment)
    else {
      return nil
    }
    return ProgressBar(label: label)
  }

  /// Redraws when the percentage changes; callable from any thread.
  func update(_ done: Int, of total: Int) {
    guard total > 0 else { return }
    let percent = done * 100 / total
    let draw = shown.withLock { last -> Bool in
      guard percent != last else { return false }
      last = percent
      return true
    }
    guard draw else { return }
    let width = 30
    let filled = percent * width / 100
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    Terminal.write("\r\(bar) \(done)/\(total) \(label)", to: STDERR_FILENO)
  }

  /// Clears the line.
  func finish() {
    Terminal.write("\r\u{1B}[2K", to: STDERR_FILENO)
  }
}
