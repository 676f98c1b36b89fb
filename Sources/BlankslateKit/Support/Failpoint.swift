import Foundation

#if DEBUG
  import Synchronization

  /// Named points in a run where a test can stop the process and kill it.
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
  }
#else
  /// Named points where a debug build's test can stop the process; nothing
  /// in a release build.
  public enum Failpoint {
    @inline(__always) public static func reach(_ name: String) {}
  }
#endif
