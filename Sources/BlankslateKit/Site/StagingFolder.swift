import CSystem
import Foundation

/// A build's output while it is being written: a hidden sibling of the output
/// folder, swapped into place in one step when everything succeeded.
///
/// A failed or killed build leaves the published output as it was.
///
/// Two kinds:
/// - a *fresh* staging folder (`.<name>.staging-<pid>`) starts empty, and
///   the previous output is deleted once the new one is in place;
/// - the output's *back buffer* (`.<name>.staging`) keeps the previous output
///   after the swap, and the next build writes over it in place: what did
///   not change since is already there, so a small rebuild neither links nor
///   deletes the whole gallery. Between builds it holds a `.gitignore` of `*`,
///   so version control does not list it.
final class StagingFolder: Sendable {
  /// The file that marks a folder as Blankslate's output, safe to replace.
  static let marker = ".blankslate-output"

  let target: URL
  let url: URL
  /// `url` as a file system path, worked out once: every file of a build is named from it.
  let folderPath: String
  /// Whether `url` is the output's back buffer.
  let isBackBuffer: Bool
  /// The locked folders (the output and the back buffer), so two builds never write one output at once.
  private let locks: [Int32]

  /// Prepares the staging folder beside `target`: empty, or (`backBuffer`)
  /// the previous build's back buffer as it was left.
  ///
  /// - Throws: `BuildError.unsafeOutput` when `target` holds files Blankslate
  ///   did not write, or contains `protected` (the site folder).
  init(target: URL, protecting protected: URL, backBuffer: Bool = false) throws(BuildError) {
    self.target = target.standardizedFileURL
    isBackBuffer = backBuffer
    let parent = self.target.deletingLastPathComponent()
    let name = self.target.lastPathComponent
    url = parent.appending(
      path: backBuffer ? ".\(name).staging" : ".\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
    folderPath = url.path
    try Self.checkSafe(self.target, protecting: protected.standardizedFileURL)
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: parent, withIntermediateDirectories: true)
    } catch {
      throw .io(path: parent.path, reason: "cannot create the folder: \(error.localizedDescription)")
    }
    if backBuffer {
      try Self.checkSafe(url, protecting: protected.standardizedFileURL)
      locks = try Self.lock([folderPath, self.target.path], creating: folderPath)
    } else {
      locks = []
    }
    do {
      // Staging folders of builds that were killed.
      for entry in try manager.contentsOfDirectory(atPath: parent.path) where entry.hasPrefix(".\(name).staging-") {
        try? FileTree.remove(parent.appending(path: entry).path, workers: ProcessInfo.processInfo.activeProcessorCount)
      }
      try manager.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw .io(path: folderPath, reason: "cannot create the staging folder: \(error.localizedDescription)")
    }
    // From its first moment, a back buffer is marked as Blankslate's, so a killed build's is not refused.
    if backBuffer { try markAsOutput() }
  }

  deinit {
    for descriptor in locks { close(descriptor) }
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

  /// Locks each existing folder of `paths` (creating `creating` first),
  /// waiting while another build holds them. A folder swapped away while
  /// this build waited is locked again under its new occupant.
  private static func lock(_ paths: [String], creating: String) throws(BuildError) -> [Int32] {
    mkdir(creating, 0o755)
    var held: [Int32] = []
    for path in paths {
      while true {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { break }  // no output yet
        if flock(descriptor, LOCK_EX) != 0 && errno != EINTR {
          close(descriptor)
          break  // a file system without locks: go on unlocked
        }
        var locked = stat()
        var current = stat()
        if fstat(descriptor, &locked) == 0, stat(path, &current) == 0, locked.st_ino == current.st_ino,
          locked.st_dev == current.st_dev
        {
          held.append(descriptor)
          break
        }
        close(descriptor)
      }
    }
    return held
  }

  /// Writes `bytes` at `relativePath`, creating folders as needed.
  ///
  /// The path must be new in this build (a fresh folder, or one `clear`ed):
  /// in a back buffer an older file may be a hard link to a published one.
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
    let path = folderPath + "/" + relativePath
    if size(of: relativePath) == bytes.count, let existing = FileTree.contents(of: path), existing.hasSameBytes(as: bytes) {
      return
    }
    unlink(path)  // whatever is there is replaced, never written through
    try write(bytes, to: relativePath)
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
    var status = stat()
    guard lstat(folderPath + "/" + relativePath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(status.st_size)
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
    for name in names where linkat(sourceFolder, name, targetFolder, name, 0) != 0 {
      guard errno != ENOENT else {
        throw .io(path: source + "/" + name, reason: "the previous output's file is gone")
      }
      do {
        try FileManager.default.copyItem(atPath: source + "/" + name, toPath: target + "/" + name)
      } catch {
        throw .io(path: source + "/" + name, reason: "cannot reuse the previous output's file: \(error.localizedDescription)")
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
  private func markAsOutput() throws(BuildError) {
    try update(Array("Built by blankslate; this folder is replaced by each build.\n".utf8), at: Self.marker)
  }

  /// Removes every file that is not in `expected`, without looking inside
  /// `trusted` folders (whose contents this build vouched for), then the
  /// folders left empty.
  func sweep(keeping expected: Set<String>, trusting trusted: Set<String>) {
    var folders: [String] = []
    sweep(folder: "", expected: expected, trusted: trusted, folders: &folders)
    for folder in folders.reversed() { rmdir(folderPath + "/" + folder) }
  }

  private func sweep(folder: String, expected: Set<String>, trusted: Set<String>, folders: inout [String]) {
    let path = folder.isEmpty ? folderPath : folderPath + "/" + folder
    for entry in FileTree.entries(of: path) {
      let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
      if entry.isFolder {
        if trusted.contains(relative) { continue }
        folders.append(relative)
        sweep(folder: relative, expected: expected, trusted: trusted, folders: &folders)
      } else if !expected.contains(relative) {
        unlink(path + "/" + entry.name)
      }
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

  /// Swaps the staging folder into place. The previous output is deleted,
  /// or, in a back buffer, kept for the next build.
  func publish(workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(BuildError) {
    try markAsOutput()
    unlink(folderPath + "/.gitignore")
    let manager = FileManager.default
    var previous: String?
    do {
      if manager.fileExists(atPath: target.path) {
        if blankslate_exchange_paths(folderPath, target.path) == 0 {
          previous = folderPath  // the staging folder's name now holds the previous output
        } else {
          // No atomic exchange here (an old kernel or another file system): renames.
          let old = target.deletingLastPathComponent().appending(
            path: ".\(target.lastPathComponent).staging-old-\(ProcessInfo.processInfo.processIdentifier)")
          try manager.moveItem(at: target, to: old)
          try manager.moveItem(at: url, to: target)
          if isBackBuffer { try manager.moveItem(at: old, to: url) }
          previous = isBackBuffer ? folderPath : old.path
        }
      } else {
        try manager.moveItem(at: url, to: target)
      }
    } catch {
      throw .io(path: target.path, reason: "cannot put the new output in place: \(error.localizedDescription)")
    }
    guard let previous else { return }
    if isBackBuffer {
      // Not published, and not for version control either.
      _ = try? write(Array("# Blankslate's previous output, rewritten by the next build.\n*\n".utf8), to: ".gitignore")
    } else {
      // The new output is in place; what cannot be removed now, the next build's sweep removes.
      try? FileTree.remove(previous, workers: workers)
    }
  }

  /// After a failed build: a fresh staging folder is removed; a back buffer
  /// stays, and the next build, finding no cache in it, empties it.
  func discard() {
    if !isBackBuffer { try? FileManager.default.removeItem(at: url) }
  }
}
