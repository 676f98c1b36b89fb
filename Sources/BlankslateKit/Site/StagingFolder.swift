import CSystem
import Foundation

/// A build's output while it is being written: a hidden sibling of the output
/// folder, swapped into place in one step when everything succeeded.
///
/// A failed or killed build leaves the previous output as it was; the next
/// build removes any staging folder left behind.
final class StagingFolder: Sendable {
  /// The file that marks a folder as Blankslate's output, safe to replace.
  static let marker = ".blankslate-output"

  let target: URL
  let url: URL

  /// Prepares an empty staging folder beside `target`.
  ///
  /// - Throws: `BuildError.unsafeOutput` when `target` holds files Blankslate
  ///   did not write, or contains `protected` (the site folder).
  init(target: URL, protecting protected: URL) throws(BuildError) {
    self.target = target.standardizedFileURL
    let parent = self.target.deletingLastPathComponent()
    let name = self.target.lastPathComponent
    url = parent.appending(path: ".\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
    try Self.checkSafe(self.target, protecting: protected.standardizedFileURL)
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: parent, withIntermediateDirectories: true)
      // Staging folders of builds that were killed.
      for entry in try manager.contentsOfDirectory(atPath: parent.path) where entry.hasPrefix(".\(name).staging-") {
        try? manager.removeItem(at: parent.appending(path: entry))
      }
      try manager.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw .io(path: url.path, reason: "cannot create the staging folder: \(error.localizedDescription)")
    }
  }

  private static func checkSafe(_ target: URL, protecting site: URL) throws(BuildError) {
    let targetPath = target.resolvingSymlinksInPath().path
    let sitePath = site.resolvingSymlinksInPath().path
    if targetPath == "/" || sitePath == targetPath || sitePath.hasPrefix(targetPath + "/") {
      throw .unsafeOutput(path: target.path, reason: "it contains the site folder, which a build would replace")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return }
    guard isDirectory.boolValue else {
      throw .unsafeOutput(path: target.path, reason: "it is a file, not a folder")
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
    if !entries.isEmpty && !entries.contains(marker) {
      throw .unsafeOutput(
        path: target.path,
        reason: "it holds files that Blankslate did not write (no \(marker)); choose an empty or new folder")
    }
  }

  /// Writes `bytes` at `relativePath`, creating folders as needed.
  func write(_ bytes: [UInt8], to relativePath: String) throws(BuildError) {
    var failure: BuildError?
    bytes.withUnsafeBytes { buffer in
      do throws(BuildError) {
        try write(buffer, to: relativePath)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// Writes `bytes` at `relativePath` with plain POSIX calls (the hot path of
  /// a build writes tens of thousands of small files).
  func write(_ bytes: UnsafeRawBufferPointer, to relativePath: String) throws(BuildError) {
    let path = url.path + "/" + relativePath
    var descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT {
      let folder = (path as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else {
      throw .io(path: path, reason: "cannot write: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = Foundation.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw .io(path: path, reason: "cannot write: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  /// Puts the previous output's `relativePath` into the new output without
  /// rewriting it: a hard link (the same file), or a copy where links fail.
  func reuse(_ relativePath: String, from previous: URL) throws(BuildError) {
    let source = previous.path + "/" + relativePath
    let target = url.path + "/" + relativePath
    if link(source, target) == 0 { return }
    if errno == ENOENT {
      try? FileManager.default.createDirectory(
        atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      if link(source, target) == 0 { return }
    }
    do {
      try FileManager.default.copyItem(atPath: source, toPath: target)
    } catch {
      throw .io(path: source, reason: "cannot reuse the previous output's file: \(error.localizedDescription)")
    }
  }

  /// Creates the folders that parallel writers will fill.
  func createFolders(_ relativePaths: some Sequence<String>) throws(BuildError) {
    for path in relativePaths {
      do {
        try FileManager.default.createDirectory(at: url.appending(path: path), withIntermediateDirectories: true)
      } catch {
        throw .io(path: path, reason: "cannot create the folder: \(error.localizedDescription)")
      }
    }
  }

  /// Swaps the staging folder into place and deletes the previous output.
  func publish() throws(BuildError) {
    try write(Array("Built by blankslate; this folder is replaced by each build.\n".utf8), to: Self.marker)
    let manager = FileManager.default
    do {
      if manager.fileExists(atPath: target.path) {
        if blankslate_exchange_paths(url.path, target.path) == 0 {
          try manager.removeItem(at: url)  // now holds the previous output
        } else {
          // No atomic exchange here (an old kernel or another file system): two renames.
          let old = target.deletingLastPathComponent().appending(path: ".\(target.lastPathComponent).staging-old-\(ProcessInfo.processInfo.processIdentifier)")
          try manager.moveItem(at: target, to: old)
          try manager.moveItem(at: url, to: target)
          try manager.removeItem(at: old)
        }
      } else {
        try manager.moveItem(at: url, to: target)
      }
    } catch {
      throw .io(path: target.path, reason: "cannot put the new output in place: \(error.localizedDescription)")
    }
  }

  /// Removes the staging folder (after a failed build).
  func discard() {
    try? FileManager.default.removeItem(at: url)
  }
}
