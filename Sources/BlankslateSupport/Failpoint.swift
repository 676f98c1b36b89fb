import Foundation

#if DEBUG
  import Synchronization

  /// Named points in a run where a test can stop the process and kill it
  /// (`reach`), hold it until the test has acted (`hold`), or see it pass (`note`).
  ///
  /// Debug builds only: the shipped (release) binary compiles every
  /// `Failpoint.reach` to nothing, and reads no environment variable for it.
  ///
  /// `BLANKSLATE_FAILPOINT=NAME` (or `NAME@N`, the N-th time it is reached)
  /// makes the process print `failpoint NAME reached` on standard error and
  /// stop there for good, so a test that reads standard error kills it at
  /// exactly that moment, however fast or busy the machine is.
  package enum Failpoint {
    /// `NAME` or `NAME@N` from the environment variable `key`: a point, and which of its hits counts.
    private static func point(_ key: String) -> (name: String, hit: Int)? {
      guard let text = ProcessInfo.processInfo.environment[key], !text.isEmpty else { return nil }
      let parts = text.split(separator: "@", maxSplits: 1)
      return (String(parts[0]), parts.count == 2 ? Int(parts[1]) ?? 1 : 1)
    }

    /// Whether this reach of `name` is the one `point` names; counted in `hits`.
    private static func isTheHit(_ name: String, of point: (name: String, hit: Int)?, _ hits: borrowing Atomic<Int>)
      -> Bool
    {
      guard let point, point.name == name else { return false }
      return hits.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue == point.hit
    }

    /// A line on standard error, written at once (no buffering to lose).
    private static func say(_ text: String) {
      let line = Array((text + "\n").utf8)
      _ = line.withUnsafeBytes { Foundation.write(2, $0.baseAddress, $0.count) }
    }

    private static let armed = point("BLANKSLATE_FAILPOINT")
    private static let hits = Atomic<Int>(0)

    /// Stops here for good when this point is armed and this is its hit.
    package static func reach(_ name: String) {
      guard isTheHit(name, of: armed, hits) else { return }
      say("failpoint \(name) reached")
      while true { pause() }
    }

    private static let held = point("BLANKSLATE_HOLD")
    private static let holdUntil = ProcessInfo.processInfo.environment["BLANKSLATE_HOLD_UNTIL"]
    private static let holds = Atomic<Int>(0)

    /// `BLANKSLATE_HOLD=NAME@N` with `BLANKSLATE_HOLD_UNTIL=PATH`: at the N-th
    /// reach of NAME, prints `hold NAME reached` on standard error and waits
    /// until a file appears at PATH, then goes on; so a test does something
    /// at exactly that moment, and then lets the run go on.
    package static func hold(_ name: String) {
      guard let holdUntil, isTheHit(name, of: held, holds) else { return }
      say("hold \(name) reached")
      while access(holdUntil, F_OK) != 0 { usleep(1000) }
    }

    private static let noted: Set<String> = Set(
      (ProcessInfo.processInfo.environment["BLANKSLATE_NOTE"] ?? "").split(separator: ",").map(String.init))

    /// `BLANKSLATE_NOTE=NAME[,NAME…]`: prints `note NAME` on standard error
    /// each time NAME is reached, so a test sees that the moment has passed;
    /// with `detail`, `note NAME: DETAIL` (what the run had then).
    package static func note(_ name: String, _ detail: @autoclosure () -> String? = nil) {
      guard noted.contains(name) else { return }
      say("note \(name)" + (detail().map { ": " + $0 } ?? ""))
    }
  }
#else
  /// Named points where a debug build's test can stop, hold or note the
  /// process; nothing in a release build.
  package enum Failpoint {
    @inline(__always) package static func reach(_ name: String) {}
    @inline(__always) package static func hold(_ name: String) {}
    @inline(__always) package static func note(_ name: String, _ detail: @autoclosure () -> String? = nil) {}
  }
#endif
