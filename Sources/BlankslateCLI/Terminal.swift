import Foundation
import Synchronization
import BlankslateCore
import BlankslateServe
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// Writes to the terminal: colour only on a terminal and when `NO_COLOR` is
/// unset; every text with its control and bidirectional characters escaped.
///
/// Never traps: a stream that cannot be written (a closed pipe, a full disk,
/// a closed descriptor) is given up on at its first failure, the run then
/// exits 2 (`exitStatus`), and a long-lived run (`serve`) says so once on the
/// other stream and goes on there.
package enum Terminal {

  /// The streams given up on, and whether output moves to the other one when one fails.
  private struct State {
    var lost: Set<Int32> = []
    /// Standard streams that were closed when the run started (now held by `/dev/null`).
    var closed: Set<Int32> = []
    var fallsBack = false
  }
  private static let state = Mutex(State())

  static var colorsStandardError: Bool {
    Console.current.write == nil && Console.current.environment["NO_COLOR"] == nil && isatty(STDERR_FILENO) != 0
  }

  /// Before anything else: a write to a closed pipe is an error to handle, not
  /// a signal that kills the run; and a closed standard descriptor is held by
  /// `/dev/null`, so no file the run opens takes its number (and its output).
  package static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if null >= 0, null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
      if descriptor != STDIN_FILENO { state.withLock { _ = $0.closed.insert(descriptor) } }
    }
  }

  /// From now on a stream that fails is announced on the other, which then takes its lines (`serve`).
  static func fallBackWhenAStreamFails() {
    state.withLock { $0.fallsBack = true }
  }

  /// `status`, or 2 when a stream could not be written (and nothing took
  /// its lines): the run could not say what it did.
  package static func exitStatus(_ status: Int32) -> Int32 {
    state.withLock { $0.lost.isEmpty || ($0.fallsBack && $0.lost.count == 1) } ? status : 2
  }

  static func out(_ text: String) {
    write(TerminalText.escaped(text) + "\n", to: STDOUT_FILENO)
  }

  static func error(_ text: String) {
    write(TerminalText.escaped(text) + "\n", to: STDERR_FILENO)
  }

  /// `error: …` in red on a terminal, plain otherwise.
  static func failure(_ text: String) {
    let label = colorsStandardError ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
    write(label + " " + TerminalText.escaped(text) + "\n", to: STDERR_FILENO)
  }

  /// Writes `text` whole to `descriptor`, unless that stream was given up on.
  static func write(_ text: String, to descriptor: Int32) {
    if let write = Console.current.write { return write(descriptor, text) }
    let other = descriptor == STDOUT_FILENO ? STDERR_FILENO : STDOUT_FILENO
    let (isLost, fallsBack) = state.withLock { ($0.lost.contains(descriptor), $0.fallsBack) }
    guard !isLost else {
      if fallsBack, !state.withLock({ $0.lost.contains(other) }) { _ = writeAll(Array(text.utf8), to: other) }
      return
    }
    let isClosed = state.withLock { $0.closed.contains(descriptor) }
    let failure = isClosed ? "it is closed" : writeAll(Array(text.utf8), to: descriptor)
    guard let failure else { return }
    let first = state.withLock { $0.lost.insert(descriptor).inserted }
    guard first else { return }
    let name = descriptor == STDOUT_FILENO ? "standard output" : "standard error"
    if fallsBack {
      _ = writeAll(
        Array(
          ("note: \(name) cannot be written (\(failure)); what it would show goes here from now on.\n" + text).utf8),
        to: other)
    } else if descriptor == STDOUT_FILENO {
      _ = writeAll(Array("error: cannot write to \(name) (\(failure)); stopping output.\n".utf8), to: other)
    }
  }

  /// Nil once every byte is written, else the system's reason.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
    do throws(FileWriteError) {
      try FileWriter.writeAll(bytes, to: descriptor)
      return nil
    } catch {
      return error.reason
    }
  }
}
