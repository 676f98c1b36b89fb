import Foundation

/// The platform seams: each Linux-only call the tool makes has a portable
/// way beside it, taken where the call does not exist (macOS) or fails.
///
/// - `watch`: inotify, else polling every file's version (`serve --poll` too);
/// - `publish`: `renameat2(RENAME_EXCHANGE)`, else two renames under the
///   output's lock, with the moment between them recovered by the next run;
/// - `identity`: the ELF build id, else a hash of the executable's bytes.
package enum Fallback: String, CaseIterable, Sendable {
  case watch
  case publish
  case identity

  #if DEBUG
    /// The seams a debug build is told to take the portable way on, so that
    /// the Linux tests run every fallback: `BLANKSLATE_FALLBACK=watch,publish`
    /// (or `all`). A release build has no such setting.
    private static let forced: Set<String> = Set(
      (ProcessInfo.processInfo.environment["BLANKSLATE_FALLBACK"] ?? "").split(separator: ",").map(String.init))

    package static func isForced(_ seam: Fallback) -> Bool {
      forced.contains(seam.rawValue) || forced.contains("all")
    }
  #else
    @inline(__always) package static func isForced(_ seam: Fallback) -> Bool { false }
  #endif
}
