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
  public enum Failpoint {
    private static let armed: (name: String, hit: Int)? = {
      guard let text = ProcessInfo.processInfo.environment["BLANKSLATE_FAILPOINT"], !text.isEmpty else { return nil }
      let parts = text.split(separator: "@", maxSplits: 1)
      return (String(parts[0]), parts.count == 2 ? Int(parts[1]) ?? 1 : 1)
    }()
    private static let hits = Atomic<Int>(0)

    /// Stops here for good when this point is armed and this is its hit.
    public static func reach(_ name: String) {
      guard let armed, armed.name == name else { return }
      guard hits.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue == armed.hit else { return }
      let line = Array("failpoint \(name) reached\n".utf8)
      _ = line.withUnsafeBytes { Foundation.write(2, $0.baseAddress, $0.count) }
      while true { pause() }
    }

    private static let held: (name: String, hit: Int, until: String)? = {
      let environment = ProcessInfo.processInfo.environment
      guard let text = environment["BLANKSLATE_HOLD"], !text.isEmpty, let until = environment["BLANKSLATE_HOLD_UNTIL"]
      else { return nil }
      let parts = text.split(separator: "@", maxSplits: 1)
      return (String(parts[0]), parts.count == 2 ? Int(parts[1]) ?? 1 : 1, until)
    }()
    private static let holds = Atomic<Int>(0)

    /// `BLANKSLATE_HOLD=NAME@N` with `BLANKSLATE_HOLD_UNTIL=PATH`: at the N-th
    /// reach of NAME, prints `hold NAME reached` on standard error and waits
    /// until a file appears at PATH, then goes on; so a test does something
    /// at exactly that moment, and then lets the run go on.
    public static func hold(_ name: String) {
      guard let held, held.name == name else { return }
      guard holds.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue == held.hit else { return }
      let line = Array("hold \(name) reached\n".utf8)
      _ = line.withUnsafeBytes { Foundation.write(2, $0.baseAddress, $0.count) }
      while access(held.until, F_OK) != 0 { usleep(1000) }
    }

    private static let noted: Set<String> = Set(
      (ProcessInfo.processInfo.environment["BLANKSLATE_NOTE"] ?? "").split(separator: ",").map(String.init))

    /// `BLANKSLATE_NOTE=NAME[,NAME…]`: prints `note NAME` on standard error
    /// each time NAME is reached, so a test sees that the moment has passed.
    public static func note(_ name: String) {
      guard noted.contains(name) else { return }
      let line = Array("note \(name)\n".utf8)
      _ = line.withUnsafeBytes { Foundation.write(2, $0.baseAddress, $0.count) }
    }
  }
#else
  /// Named points where a debug build's test can stop, hold or note the
  /// process; nothing in a release build.
  public enum Failpoint {
    @inline(__always) public static func reach(_ name: String) {}
    @inline(__always) public static func hold(_ name: String) {}
    @inline(__always) public static func note(_ name: String) {}
  }
#endif
