import Foundation

/// Watches folders and everything under them with inotify, and says when
/// something changed, once the changes have settled.
final class SiteWatcher: @unchecked Sendable {
  private let descriptor: Int32
  private var folders: [Int32: String] = [:]
  /// Names of folders whose changes never matter (`__snapshots__`: goldens do not change the gallery).
  private let ignored: Set<String>

  init?(roots: [String], ignoring ignored: Set<String> = ["__snapshots__"]) {
    descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard descriptor >= 0 else { return nil }
    self.ignored = ignored
    for root in roots { add(root) }
  }

  deinit { close(descriptor) }

  private static let mask: UInt32 = UInt32(
    IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)

  /// Watches `folder` and the folders below it (links are not followed).
  private func add(_ folder: String) {
    let watch = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW))
    guard watch >= 0 else { return }
    folders[watch] = folder
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where !ignored.contains(name) {
      var status = stat()
      let path = folder + "/" + name
      if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { add(path) }
    }
  }

  /// Blocks until a change, then until `quiet` seconds pass without another;
  /// the paths that changed. Returns nil when `stopped()` turns true.
  ///
  /// The quiet is short: an editor's save (write a temporary file, rename it
  /// over the old one) arrives as one burst, and a change that comes while a
  /// build runs is gathered into the next build anyway.
  func next(quiet: Double = 0.005, stopped: () -> Bool) -> [String]? {
    var changed: [String] = []
    var pending = false
    while true {
      if stopped() { return nil }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, pending ? Int32(quiet * 1000) : 250)
      if ready > 0 {
        changed += read()
        pending = pending || !changed.isEmpty
      } else if ready == 0, pending {
        return changed
      }
    }
  }

  private func read() -> [String] {
    var changed: [String] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return [] }
    var offset = 0
    let header = MemoryLayout<inotify_event>.size
    while offset + header <= count {
      let (watch, mask, length) = buffer.withUnsafeBytes { bytes -> (Int32, UInt32, Int) in
        let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        return (event.wd, event.mask, Int(event.len))
      }
      let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
      let name = String(decoding: nameBytes, as: UTF8.self)
      offset += header + length
      guard let folder = folders[watch], !ignored.contains(name) else { continue }
      // An editor's temporary and backup files (`.x.json.swp`, `.x.json.tmp123`, `x.json~`)
      // are never read by a build; the rename that ends a save names the file itself.
      if name.hasPrefix(".") || name.hasSuffix("~") { continue }
      let path = name.isEmpty ? folder : folder + "/" + name
      if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { add(path) }
      changed.append(path)
    }
    return changed
  }
}
