import CSystem
import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// A build's output while it is being written, swapped into place in one
/// step when everything succeeded. A failed or killed build leaves the
/// published output as it was.
///
/// Everything the tool keeps for an output `<name>` lives in its state
/// folder beside it, `.<name>.blankslate/`, never in what is published:
/// - `back/`, the output's *back buffer*: it keeps the previous output after
///   the swap, and the next build writes over it in place, so a small
///   rebuild neither links nor deletes the whole gallery;
/// - `staging-<pid>/`, a *fresh* staging folder that starts empty (the
///   report's); the previous output is deleted once the new one is in place;
/// - the state files (`StateFolder`): the build caches, the decoded definitions, a lock.
///
/// Only folders the tool made and marked are ever emptied: the output must
/// be new, empty or carry the marker; the state folder must be a real
/// folder carrying its own marker; no symbolic link is followed to empty
/// anything.
package final class StagingFolder: Sendable {
  /// The file that marks a folder as Blankslate's output, safe to replace.
  package static let marker = ".blankslate-output"

  let target: URL
  let url: URL
  /// `url` as a file system path, worked out once: every file of a build is named from it.
  let folderPath: String
  /// The output's state folder (`.<name>.blankslate`).
  let statePath: String
  /// Whether `url` is the output's back buffer.
  let isBackBuffer: Bool
  /// The lock file's descriptor, so two builds never write one output at once.
  private let lock: Int32

  /// Prepares the staging folder of `target`: empty, or (`backBuffer`) the
  /// previous build's back buffer as it was left.
  ///
  /// `waiting`: called once when another build holds the output
  /// and this one waits for it.
  /// - Throws: `BuildError.unsafeOutput` when `target` is a symbolic link,
  ///   holds files Blankslate did not write, contains the site or lies in it.
  package init(
    target: URL, protecting protected: URL, backBuffer: Bool = false, waiting: (@Sendable () -> Void)? = nil
  ) throws(BuildError) {
    self.target = target.standardizedFileURL
    isBackBuffer = backBuffer
    let parent = self.target.deletingLastPathComponent()
    statePath = StateFolder.path(of: self.target)
    url = URL(fileURLWithPath: statePath + "/" + (backBuffer ? StateFolder.backBuffer : "staging-\(getpid())"))
    folderPath = url.path
    try Self.checkSafe(self.target, protecting: protected.standardizedFileURL)
    do {
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    } catch {
      throw .io(path: parent.path, reason: "cannot create the folder (\(FileWriter.reason(error)))")
    }
    try StateFolder.prepare(statePath, output: self.target.path)
    lock = try Self.lock(statePath + "/" + StateFolder.lock, waiting: waiting)
    Self.removeLeftovers(of: self.target, state: statePath)
    try Self.makeFolder(folderPath, isBackBuffer: backBuffer)
    // From its first moment, a staging folder is marked as Blankslate's.
    try markAsOutput()
    Failpoint.reach("build.staging-ready")
  }

  /// What earlier runs left that only the tool made: the back buffer of
  /// Blankslate 0.1 (`.<name>.staging`, when it is a marked folder), and the
  /// staging folders of builds that were killed, inside the state folder only.
  private static func removeLeftovers(of target: URL, state statePath: String) {
    let workers = ProcessInfo.processInfo.activeProcessorCount
    let legacy = target.deletingLastPathComponent().path + "/." + target.lastPathComponent + ".staging"
    var legacyStatus = stat()
    if lstat(legacy, &legacyStatus) == 0, (legacyStatus.st_mode & S_IFMT) == S_IFDIR,
      lstat(legacy + "/" + marker, &legacyStatus) == 0
    {
      try? FileTree.remove(legacy, workers: workers)
    }
    // The portable publish's one intermediate state: killed between its two
    // renames, a run left no output and the previous one in `old-<pid>`,
    // which is put back (this runs under the output's lock).
    var status = stat()
    var outputMissing = lstat(target.path, &status) != 0 && errno == ENOENT
    let leftovers = FileTree.entries(of: statePath).filter { $0.isFolder && isStagingName($0.name) }
    for entry in leftovers.sorted(by: { $0.name.precedesInByteOrder($1.name) }) {
      let path = statePath + "/" + entry.name
      if outputMissing, entry.name.hasPrefix("old-"), lstat(path + "/" + marker, &status) == 0,
        rename(path, target.path) == 0
      {
        outputMissing = false
        continue
      }
      try? FileTree.remove(path, workers: workers)
    }
  }

  /// The staging folder itself: a fresh one is made, a back buffer kept as it
  /// was (but a link or a file in its place, which the tool never made, is removed).
  private static func makeFolder(_ folderPath: String, isBackBuffer: Bool) throws(BuildError) {
    if isBackBuffer {
      var status = stat()
      if lstat(folderPath, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR {
        unlink(folderPath)
      }
    }
    guard mkdir(folderPath, 0o755) == 0 || errno == EEXIST else {
      throw .io(path: folderPath, reason: "cannot create the staging folder (\(String(cString: strerror(errno))))")
    }
  }

  deinit {
    close(lock)
  }

  /// `staging-<digits>` (or the fallback's `old-<digits>`): a killed run's folder.
  private static func isStagingName(_ name: String) -> Bool {
    for prefix in ["staging-", "old-"] where name.hasPrefix(prefix) {
      let number = name.dropFirst(prefix.count)
      return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }
    return false
  }

  /// Whether a folder the tool would replace, or serve, is its own to touch.
  package enum Ownership: Equatable {
    /// Nothing there yet, an empty folder, or one carrying the output marker.
    case own
    /// A symbolic link, and where it leads when that can be told.
    case link(leadsTo: String?)
    /// Something that is not a folder (a file, a FIFO): what it is.
    case notAFolder(String)
    /// A folder of files without the marker.
    case foreign
  }

  /// What is at `path`, as far as replacing or serving it goes (a link is never followed).
  package static func ownership(of path: String) -> Ownership {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .own }
    switch status.st_mode & S_IFMT {
    case S_IFLNK: return .link(leadsTo: ContainedFolder.resolved(path))
    case S_IFDIR:
      let entries = FileTree.entries(of: path).map(\.name)
      return entries.isEmpty || entries.contains(marker) ? .own : .foreign
    default: return .notAFolder(FileReadError.kind(of: status.st_mode))
    }
  }

  private static func checkSafe(_ target: URL, protecting site: URL) throws(BuildError) {
    let ownership = ownership(of: target.path)
    if case .link(let real) = ownership {
      throw .unsafeOutput(
        path: target.path,
        reason: "it is a symbolic link\(real.map { " (it leads to \($0))" } ?? ""); a build replaces its output "
          + "folder as a whole, so name a real folder")
    }
    let parentPath =
      ContainedFolder.resolved(target.deletingLastPathComponent().path) ?? target.deletingLastPathComponent().path
    let targetPath = parentPath == "/" ? "/" + target.lastPathComponent : parentPath + "/" + target.lastPathComponent
    let sitePath = ContainedFolder.resolved(site.path) ?? site.path
    if targetPath == "/" || sitePath == targetPath || sitePath.hasPrefix(targetPath + "/") {
      throw .unsafeOutput(path: target.path, reason: "it contains the site folder, which a build would replace")
    }
    if targetPath.hasPrefix(sitePath + "/") {
      throw .unsafeOutput(
        path: target.path, reason: "it lies inside the site folder \(site.path); choose a folder outside it")
    }
    switch ownership {
    case .own, .link: return
    case .notAFolder(let kind):
      throw .unsafeOutput(path: target.path, reason: "it is \(kind), not a folder")
    case .foreign:
      throw .unsafeOutput(
        path: target.path,
        reason: "it holds files that Blankslate did not write (no \(marker)); choose an empty or new folder")
    }
  }

  /// Locks the output through the state folder's lock file, waiting while
  /// another build holds it.
  private static func lock(_ path: String, waiting: (@Sendable () -> Void)?) throws(BuildError) -> Int32 {
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .io(path: path, reason: "cannot open the lock file (\(String(cString: strerror(errno))))")
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
      waiting?()
      while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }
    return descriptor  // a file system without locks: go on unlocked
  }

  /// Writes `bytes` at `relativePath`, creating folders as needed.
  ///
  /// The path must be new in this build (a fresh folder, or one `clear`ed):
  /// in a back buffer an older file may be a hard link to a published one.
  func write(_ bytes: [UInt8], to relativePath: String) throws(BuildError) {
    try bytes.withBytes { buffer throws(BuildError) in try write(buffer, to: relativePath) }
  }

  /// Writes `bytes` at `relativePath` with plain POSIX calls (the hot path of
  /// a build writes tens of thousands of small files).
  func write(_ bytes: UnsafeRawBufferPointer, to relativePath: String) throws(BuildError) {
    let path = folderPath + "/" + relativePath
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

  /// Makes `relativePath` hold `bytes`: a file that already does is left as
  /// it is (not rewritten); any other is replaced by a new file, never
  /// written through.
  func update(_ bytes: [UInt8], at relativePath: String) throws(BuildError) {
    try bytes.withBytes { buffer throws(BuildError) in try update(buffer, at: relativePath) }
  }

  /// As `update(_:at:)`, for bytes in place.
  func update(_ bytes: UnsafeRawBufferPointer, at relativePath: String) throws(BuildError) {
    let path = folderPath + "/" + relativePath
    if size(of: relativePath) == bytes.count, Self.file(at: path, holds: bytes) { return }
    unlink(path)  // whatever is there is replaced, never written through
    try write(bytes, to: relativePath)
  }

  /// Whether the regular file at `path` (a link is not followed) holds
  /// exactly `bytes`: compared a piece at a time, so an index of megabytes
  /// is not read into a buffer of its own to be compared once.
  private static func file(at path: String, holds bytes: UnsafeRawBufferPointer) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count
    else { return false }
    guard let expected = bytes.baseAddress else { return true }
    let piece = 1 << 16
    return withUnsafeTemporaryAllocation(byteCount: piece, alignment: 16) { buffer in
      guard let read = buffer.baseAddress else { return false }
      var compared = 0
      while compared < bytes.count {
        let count = pread(descriptor, read, min(piece, bytes.count - compared), off_t(compared))
        if count < 0, errno == EINTR { continue }
        guard count > 0, memcmp(read, expected + compared, count) == 0 else { return false }
        compared += count
      }
      // Nothing past the end: the file did not grow while it was read.
      var extra: UInt8 = 0
      return pread(descriptor, &extra, 1, off_t(compared)) == 0
    }
  }

  /// Removes the file at `relativePath`, if there is one (a link to a
  /// published file is unlinked, the published file left as it is).
  func remove(_ relativePath: String) throws(BuildError) {
    let path = folderPath + "/" + relativePath
    guard unlink(path) == 0 || errno == ENOENT else {
      throw .io(path: path, reason: "cannot remove: \(String(cString: strerror(errno)))")
    }
  }

  /// The size of the regular file at `relativePath`, or nil when there is none.
  func size(of relativePath: String) -> Int? {
    regularFile(relativePath)?.size
  }

  /// The size and last change of the regular file at `relativePath` (a link is not followed), or nil.
  func regularFile(_ relativePath: String) -> (size: Int, changed: (seconds: Int64, nanoseconds: Int))? {
    var status = stat()
    guard lstat(folderPath + "/" + relativePath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return (Int(status.st_size), FileTree.changeTime(of: status))
  }

  /// Puts the previous output's files `names` of `folder` into the new
  /// output without rewriting them: hard links (the same files), or copies
  /// where links fail. The folder must exist in the staging folder.
  func reuse(_ names: [String], in folder: String, from previous: URL) throws(BuildError) {
    let source = previous.path + "/" + folder
    let target = folderPath + "/" + folder
    let sourceFolder = open(source, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard sourceFolder >= 0 else {
      throw .io(path: source, reason: "cannot open the previous output's folder: \(String(cString: strerror(errno)))")
    }
    defer { close(sourceFolder) }
    let targetFolder = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard targetFolder >= 0 else {
      throw .io(path: target, reason: "cannot open the staging folder: \(String(cString: strerror(errno)))")
    }
    defer { close(targetFolder) }
    for name in names {
      // Only a regular file is lent: a link or anything else planted in the
      // previous output is not carried into the next (the design is rendered instead).
      var status = stat()
      if fstatat(sourceFolder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, (status.st_mode & S_IFMT) != S_IFREG {
        throw .io(path: source + "/" + name, reason: "the previous output's file is not a regular file")
      }
      guard linkat(sourceFolder, name, targetFolder, name, 0) != 0 else { continue }
      guard errno != ENOENT else {
        throw .io(path: source + "/" + name, reason: "the previous output's file is gone")
      }
      do {
        try FileManager.default.copyItem(atPath: source + "/" + name, toPath: target + "/" + name)
      } catch {
        throw .io(
          path: source + "/" + name, reason: "cannot reuse the previous output's file (\(FileWriter.reason(error)))")
      }
    }
  }

  /// Empties `relativePath` (the whole staging folder when empty), leaving the folder in place.
  func clear(_ relativePath: String = "", workers: Int = 1) throws(BuildError) {
    let path = relativePath.isEmpty ? folderPath : folderPath + "/" + relativePath
    do throws(FileTree.RemovalError) {
      try FileTree.remove(path, workers: workers)
    } catch {
      throw .io(path: path, reason: "cannot empty the staging folder: \(error)")
    }
    try createFolders([relativePath])
    if relativePath.isEmpty { try markAsOutput() }
  }

  /// Writes the marker that lets a later build replace this folder.
  func markAsOutput() throws(BuildError) {
    try update(Array("Built by blankslate; this folder is replaced by each build.\n".utf8), at: Self.marker)
  }

}
