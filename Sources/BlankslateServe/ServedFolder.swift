import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSupport

/// A folder `serve` answers from, held open: every request is resolved
/// against this descriptor with `openat` and `O_NOFOLLOW` at each step, never
/// against a path name, so a link committed in its place (`_site -> /etc`) or
/// put there later is never followed, and nothing outside it is ever read.
///
/// It is opened only on a folder that carries Blankslate's output marker,
/// which the tool writes in every folder it builds and publishes.
final class ServedFolder: Sendable {
  /// Why a folder cannot be served.
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  /// The largest file served (a build writes no file near this).
  static let maximumFileSize = 256 << 20

  let path: String
  private let descriptor: Int32

  /// Opens `path`, which must be a real folder (not a link) holding the marker.
  init(_ path: String) throws(Refusal) {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno
      var status = stat()
      if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
        throw Refusal(description: "\(path) is a symbolic link; serve serves only a folder its own build made")
      }
      throw Refusal(description: "\(path) cannot be opened (\(String(cString: strerror(reason))))")
    }
    var status = stat()
    let marker = openat(descriptor, StagingFolder.marker, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    defer { if marker >= 0 { close(marker) } }
    guard marker >= 0, fstat(marker, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw Refusal(
        description: "\(path) does not carry \(StagingFolder.marker); serve serves only what Blankslate built")
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Whether the folder has been removed since it was opened (another run of
  /// the tool replaced it, as `check` replaces the report): then it is opened
  /// again by its name, with the same checks.
  var isGone: Bool {
    var status = stat()
    return fstat(descriptor, &status) != 0 || status.st_nlink == 0
  }

  /// The bytes of the regular file at `components` below the folder (a
  /// folder's `index.html`) and the name of the file read, or nil: for a link
  /// at any step, a hidden name, anything but a regular file, or one larger
  /// than `maximumFileSize`.
  func read(_ components: [Substring]) -> (bytes: [UInt8], name: String)? {
    guard !components.contains(where: { $0.isEmpty || $0.hasPrefix(".") || $0.contains("\0") }) else { return nil }
    var folder = dup(descriptor)
    defer { if folder >= 0 { close(folder) } }
    for name in components.dropLast() {
      let next = openat(folder, String(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      close(folder)
      folder = next
      guard folder >= 0 else { return nil }
    }
    var name = components.last.map(String.init) ?? "index.html"
    var file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0 else { return nil }
    if (status.st_mode & S_IFMT) == S_IFDIR, !components.isEmpty {
      let index = openat(file, "index.html", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      close(file)
      (file, name) = (index, "index.html")
      guard file >= 0, fstat(file, &status) == 0 else { return nil }
    }
    guard (status.st_mode & S_IFMT) == S_IFREG,
      let bytes = try? FileTree.read(descriptor: file, limit: Self.maximumFileSize)
    else { return nil }
    return (bytes, name)
  }
}
