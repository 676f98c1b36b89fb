import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSupport

/// Watches the site's folders and says when something changed, once the
/// changes have settled: with inotify on Linux, else (and with `serve
/// --poll`, for folders inotify does not hear: network and container
/// mounts) by polling every file's version (`PollingWatcher`).
protocol SiteWatcher: AnyObject, Sendable {
  /// Blocks until a change, then until the changes settle; the paths that
  /// changed. Returns nil when `stopped()` turns true.
  func next(stopped: () -> Bool) -> [String]?
}

/// Makes the watcher of `roots`: inotify on Linux unless `polling` (or a
/// debug build's `BLANKSLATE_FALLBACK=watch`), else the polling one.
func makeSiteWatcher(roots: [String], polling: Bool, report: @escaping (String) -> Void) -> SiteWatcher? {
  #if os(Linux)
    if !polling, !Fallback.isForced(.watch) { return InotifyWatcher(roots: roots, report: report) }
  #endif
  return PollingWatcher(roots: roots)
}

/// A name a build never reads: an editor's temporary and backup files
/// (`.x.json.swp`, `.x.json.tmp123`, `x.json~`); the rename that ends a save
/// names the file itself.
func isEditorScratch(_ name: String) -> Bool {
  name.hasPrefix(".") || name.hasSuffix("~")
}

#if os(Linux)
  /// Watches folders and everything under them with inotify, and says when
  /// something changed, once the changes have settled.
  ///
  /// A root that is moved away or deleted (`mv Site Site.old; mv Site.new
  /// Site`) is watched again by its path as soon as a folder is there, and its
  /// whole tree is scanned anew; so is every root when the kernel's queue
  /// overflowed. A folder that cannot be watched (the kernel's watch limit) is
  /// reported, never skipped in silence.
  final class InotifyWatcher: SiteWatcher, @unchecked Sendable {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private let roots: [String]
    /// Roots whose folder went away: looked for again at every tick until it is back.
    private var lostRoots: Set<String> = []
    /// The folder (device and inode) each root's watch is on: a root whose path
    /// now names another folder was replaced, whatever events said or missed.
    private var rootIdentities: [String: [UInt64]] = [:]
    /// Names of folders whose changes never matter (`__snapshots__`: goldens do not change the gallery).
    private let ignored: Set<String>
    /// Says what the watcher cannot do (a folder it cannot watch, a root that went away).
    private let report: (String) -> Void

    init?(
      roots: [String], ignoring ignored: Set<String> = ["__snapshots__"], report: @escaping (String) -> Void = { _ in }
    ) {
      descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard descriptor >= 0 else { return nil }
      self.roots = roots
      self.ignored = ignored
      self.report = report
      for root in roots {
        add(root)
        rootIdentities[root] = Self.identity(of: root)
      }
    }

    /// The device and inode of the folder at `path`, or nil when there is none.
    private static func identity(of path: String) -> [UInt64]? {
      var status = stat()
      guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
      return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    deinit { close(descriptor) }

    private static let mask: UInt32 = UInt32(
      IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)

    /// Watches `folder` and the folders below it (links are not followed).
    private func add(_ folder: String) {
      let watch = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW))
      guard watch >= 0 else {
        if errno == ENOSPC || errno == ENOMEM {
          report(
            "warning: cannot watch \(folder): the system's limit of inotify watches is reached "
              + "(raise fs.inotify.max_user_watches); changes in it are not seen")
        }
        return
      }
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
    func next(stopped: () -> Bool) -> [String]? {
      next(quiet: 0.005, stopped: stopped)
    }

    func next(quiet: Double, stopped: () -> Bool) -> [String]? {
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
        } else if ready == 0 {
          let found = findLostRoots()
          changed += found
          pending = !found.isEmpty
        }
      }
    }

    /// Drops every watch and watches each root that is there again, with its
    /// whole tree; the roots, as what changed.
    private func rescan() -> [String] {
      for watch in folders.keys { inotify_rm_watch(descriptor, watch) }
      folders = [:]
      for root in roots {
        var status = stat()
        if lstat(root, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
          lostRoots.remove(root)
          add(root)
          rootIdentities[root] = Self.identity(of: root)
        } else {
          lostRoots.insert(root)
        }
      }
      return roots
    }

    /// The lost roots that are folders again, and the roots whose path now
    /// names another folder than the one watched (replaced between two events
    /// the watcher read): every root is watched again with its tree.
    private func findLostRoots() -> [String] {
      let back = lostRoots.filter { Self.identity(of: $0) != nil }
      let replaced = roots.filter { root in
        !lostRoots.contains(root) && Self.identity(of: root).map { $0 != rootIdentities[root] } == true
      }
      guard !back.isEmpty || !replaced.isEmpty else { return [] }
      return rescan()
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
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          // Events were lost: every folder is scanned anew, and the site is built again.
          changed += rescan()
          continue
        }
        if let folder = folders[watch], roots.contains(folder),
          mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
        {
          // The root's folder went away (moved or deleted): its path is watched again once a folder is there.
          lostRoots.insert(folder)
          changed += rescan()
          continue
        }
        if mask & UInt32(IN_IGNORED) != 0 {
          folders[watch] = nil
          continue
        }
        guard let folder = folders[watch], !ignored.contains(name) else { continue }
        if isEditorScratch(name) { continue }
        let path = name.isEmpty ? folder : folder + "/" + name
        if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { add(path) }
        changed.append(path)
      }
      return changed
    }
  }
#endif
