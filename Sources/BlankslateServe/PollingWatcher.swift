import Foundation
import BlankslateSupport

/// Watches folders by looking: every `interval`, the version (device, inode,
/// size, modification and change time) of every file and folder below each
/// root, links not followed, compared with the last look. Needs nothing of
/// the kernel but `lstat`, so it works on every system and on mounts that
/// send no events; a root moved away, replaced or brought back is simply
/// what the next look sees.
final class PollingWatcher: SiteWatcher, @unchecked Sendable {
  private let roots: [String]
  private let ignored: Set<String>
  private let interval: Double
  private let quiet: Double
  private var last: [String: String]

  init(roots: [String], ignoring ignored: Set<String> = ["__snapshots__"], interval: Double = 0.1, quiet: Double = 0.02)
  {
    self.roots = roots
    self.ignored = ignored
    self.interval = interval
    self.quiet = quiet
    last = [:]
    last = look()
  }

  /// Every path below the roots with its version, as text; a missing root is absent.
  func look() -> [String: String] {
    var seen: [String: String] = [:]
    for root in roots { walk(root, into: &seen) }
    return seen
  }

  private func walk(_ path: String, into seen: inout [String: String]) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR {
      seen[path] = "folder \(status.st_dev) \(status.st_ino)"
      for entry in FileTree.entries(of: path) where !ignored.contains(entry.name) && !isEditorScratch(entry.name) {
        walk(path + "/" + entry.name, into: &seen)
      }
    } else if let version = FileTree.version(of: status) {
      seen[path] = version.key
    } else {
      seen[path] = "other \(kind) \(status.st_ino)"
    }
  }

  /// The paths whose version differs between two looks (added, removed or changed).
  static func changes(from old: [String: String], to new: [String: String]) -> [String] {
    var changed: [String] = []
    for (path, version) in new where old[path] != version { changed.append(path) }
    for path in old.keys where new[path] == nil { changed.append(path) }
    return changed.sorted { $0.precedesInByteOrder($1) }
  }

  func next(stopped: () -> Bool) -> [String]? {
    var changed: Set<String> = []
    while true {
      if stopped() { return nil }
      // Each wait is the interval, or the quiet once a change was seen.
      usleep(useconds_t((changed.isEmpty ? interval : quiet) * 1_000_000))
      let now = look()
      let found = Self.changes(from: last, to: now)
      last = now
      if found.isEmpty, !changed.isEmpty { return changed.sorted { $0.precedesInByteOrder($1) } }
      changed.formUnion(found)
    }
  }
}
