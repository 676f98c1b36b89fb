import CSystem
import Foundation

/// Ctrl-C and `kill` for a process that runs until it is told to stop.
///
/// From the moment `catch(_:)` returns, SIGINT and SIGTERM no longer end the
/// process: each writes a byte to a pipe (`blankslate_catch_stop_signals`, a
/// sigaction handler), and a thread that reads it calls `stop` once. There is
/// no moment between ignoring a signal and listening for it in which one is
/// lost, which a dispatch signal source has: it registers only later, on its
/// queue, after the signal has been set to be ignored.
package enum StopSignals {
  /// Installs the handler; `stop` runs on a thread of its own at the first signal.
  /// Returns false (and the signals keep their default action) when no pipe can be made.
  @discardableResult
  package static func `catch`(_ stop: @escaping @Sendable () -> Void) -> Bool {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    let reading = ends[0]
    let listener = Thread {
      var byte: UInt8 = 0
      while read(reading, &byte, 1) < 0 && errno == EINTR {}
      stop()
    }
    listener.start()
    guard blankslate_catch_stop_signals(ends[1]) == 0 else { return false }
    return true
  }
}
