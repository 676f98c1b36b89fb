import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// The goldens of a site: `<site>/__snapshots__/<design>/<variant>.<device>.<theme>.<locale>.svg`.
///
/// Every path the store reads, writes or deletes lies inside the site: a
/// symbolic link (the `__snapshots__` folder, a design folder or a golden)
/// that leads out is refused, naming it. Only golden-shaped names are
/// goldens; any other file in the folder is left alone.
///
/// Each golden is written atomically (a temporary file in the same folder,
/// flushed, then renamed over the old one), so a killed run leaves every
/// golden either old or new, never torn; `record` removes the temporary
/// files a killed run left behind.
package struct GoldenStore: Sendable {
  /// The `__snapshots__` folder.
  package let root: URL
  /// How messages name it (`Site/__snapshots__`).
  package let displayRoot: String
  /// The site, which every path must stay inside.
  private let site: ContainedFolder
  /// The goldens as a git revision has them, read instead of the folder (`check --against`); never written.
  package let revision: GoldensAtRevision?

  static let folderName = "__snapshots__"
  static let temporaryMarker = ".tmp-"
  /// The largest golden read: a render's largest size.
  static let maximumSize = SitePaths.maximumSVGSize

  /// The store of the site at `site`; with `revision`, its goldens as that git revision has them.
  package init(site: URL, siteDisplay: String, revision: GoldensAtRevision? = nil) {
    root = site.appending(path: Self.folderName)
    displayRoot = (revision.map { $0.revision + ":" } ?? "") + siteDisplay + "/" + Self.folderName
    self.site = ContainedFolder(site.path, display: siteDisplay)
    self.revision = revision
  }

  /// Refuses to write the goldens of a revision: they are git's.
  private func checkWritable() throws(SnapshotError) {
    if revision != nil {
      throw .io(path: displayRoot, reason: "the goldens of a git revision are compared, never written")
    }
  }

  /// The golden of `job`, relative to the store.
  package static func relativePath(of job: RenderJob) -> String {
    job.id.goldenPath
  }

  /// Whether `relative` has a golden's shape, `<design>/<name>.svg`, a render's id (`RenderID(goldenPath:)`).
  static func isGoldenName(_ relative: String) -> Bool {
    RenderID(goldenPath: relative) != nil
  }

  package func display(_ relative: String) -> String {
    displayRoot + "/" + relative
  }

  /// The golden's bytes, or nil when there is none.
  ///
  /// - Throws: `SnapshotError.unsafeInput` when it is a link out of the site,
  ///   not a regular file, or too large.
  package func read(_ relative: String) throws(SnapshotError) -> [UInt8]? {
    if let revision { return revision.files[relative] }
    do throws(ContainedReadError) {
      return try site.read(Self.folderName + "/" + relative, limit: Self.maximumSize)
    } catch {
      if error.isMissing { return nil }
      throw .unsafeInput(path: display(relative), reason: error.description)
    }
  }

  /// Every golden in the store, relative and sorted by bytes.
  ///
  /// - Throws: `SnapshotError.unsafeInput` naming the first link that leads
  ///   out of the site (the folder itself, a design folder or a golden).
  package func all() throws(SnapshotError) -> [String] {
    if let revision { return revision.files.keys.filter(Self.isGoldenName).sorted { $0.precedesInByteOrder($1) } }
    try checkInside(Self.folderName, display: displayRoot)
    var result: [String] = []
    for entry in FileTree.entries(of: root.path) {
      let design = entry.name
      if entry.isFolder {
        for file in FileTree.entries(of: root.path + "/" + design) where !file.isFolder {
          let relative = design + "/" + file.name
          guard Self.isGoldenName(relative) else { continue }
          try checkInside(Self.folderName + "/" + relative, display: display(relative))
          result.append(relative)
        }
      } else if isLink(root.path + "/" + design) {
        try checkInside(Self.folderName + "/" + design, display: display(design))
      }
    }
    return result.sorted { $0.precedesInByteOrder($1) }
  }

  /// Every variant's recorded definition in the store (`DefinitionRecord`), relative and sorted.
  func allDefinitions() throws(SnapshotError) -> [String] {
    if let revision {
      return revision.files.keys.filter { DefinitionRecord.owner(of: $0) != nil }.sorted { $0.precedesInByteOrder($1) }
    }
    try checkInside(Self.folderName, display: displayRoot)
    var result: [String] = []
    for entry in FileTree.entries(of: root.path) where entry.isFolder {
      for file in FileTree.entries(of: root.path + "/" + entry.name) where !file.isFolder {
        let relative = entry.name + "/" + file.name
        guard DefinitionRecord.owner(of: relative) != nil else { continue }
        try checkInside(Self.folderName + "/" + relative, display: display(relative))
        result.append(relative)
      }
    }
    return result.sorted { $0.precedesInByteOrder($1) }
  }

  private func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
  }

  private func checkInside(_ relative: String, display: String) throws(SnapshotError) {
    do throws(ContainedFolder.Escape) {
      try site.check(relative)
    } catch {
      throw .unsafeInput(path: display, reason: error.description)
    }
  }

  /// Writes a golden atomically: a new temporary file beside it (created
  /// exclusively, never through an existing file), flushed, then renamed
  /// over the golden.
  package func write(_ bytes: [UInt8], to relative: String) throws(SnapshotError) {
    try checkWritable()
    try checkInside(Self.folderName + "/" + relative, display: display(relative))
    let target = root.path + "/" + relative
    let folder = (target as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .io(path: display(relative), reason: "cannot create its folder (\(FileWriter.reason(error)))")
    }
    // The folders just made are real; check again in case one appeared as a link meanwhile.
    try checkInside(Self.folderName + "/" + relative, display: display(relative))
    let name = (target as NSString).lastPathComponent
    let temporary = folder + "/." + name + Self.temporaryMarker + String(getpid())
    do throws(FileWriteError) {
      try FileWriter.writeNew(bytes, at: temporary, sync: true)
    } catch {
      throw .io(path: display(relative), reason: "cannot write the golden (\(error.reason))")
    }
    Failpoint.reach("record.before-rename")
    if rename(temporary, target) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .io(path: display(relative), reason: "cannot write the golden (\(reason))")
    }
    Failpoint.reach("record.renamed")
  }

  /// The snapshots folder held for one writer (`record`, `accept`, serve's
  /// Accept, `prune`): an exclusive `flock` on the folder itself, given back
  /// when this is released, or when the process ends however it ends.
  package final class WriteLock: Sendable {
    private let descriptor: Int32

    fileprivate init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    deinit {
      flock(descriptor, LOCK_UN)
      close(descriptor)
    }
  }

  /// Takes the folder for writing, waiting while another writer holds it
  /// (`waiting` is called once, before the wait, to say so).
  ///
  /// - Throws: `SnapshotError.unsafeInput` when the folder is a link out of
  ///   the site, `.io` when it cannot be made or opened.
  package func lockForWriting(waiting: () -> Void = {}) throws(SnapshotError) -> WriteLock {
    try checkWritable()
    try checkInside(Self.folderName, display: displayRoot)
    do {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    } catch {
      throw .io(path: displayRoot, reason: "cannot create the folder (\(FileWriter.reason(error)))")
    }
    try checkInside(Self.folderName, display: displayRoot)
    let descriptor = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .io(path: displayRoot, reason: "cannot be opened (\(String(cString: strerror(errno))))")
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      waiting()
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let reason = String(cString: strerror(errno))
          close(descriptor)
          throw .io(path: displayRoot, reason: "cannot be locked (\(reason))")
        }
      }
    }
    return WriteLock(descriptor: descriptor)
  }

  /// Removes the temporary files that killed `record` runs left: only
  /// `.<golden name>.tmp-<number>` files beside goldens whose process
  /// (the number) is gone. Called with the folder locked, so no running
  /// writer's file is taken.
  package func removeTemporaryFiles() throws(SnapshotError) {
    try checkInside(Self.folderName, display: displayRoot)
    for entry in FileTree.entries(of: root.path) where entry.isFolder {
      try checkInside(Self.folderName + "/" + entry.name, display: display(entry.name))
      for file in FileTree.entries(of: root.path + "/" + entry.name) where !file.isFolder {
        guard file.name.hasPrefix("."), let marker = file.name.range(of: Self.temporaryMarker, options: .backwards)
        else { continue }
        let golden = String(file.name[file.name.index(after: file.name.startIndex)..<marker.lowerBound])
        let number = file.name[marker.upperBound...]
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
          Self.isGoldenName(entry.name + "/" + golden), let process = pid_t(number),
          process != getpid(), kill(process, 0) != 0, errno == ESRCH
        else { continue }
        unlink(root.path + "/" + entry.name + "/" + file.name)
      }
    }
  }

  /// Removes a golden or a recorded definition (a file of that shape inside
  /// the site), and its design folder when that is left empty.
  package func remove(_ relative: String) throws(SnapshotError) {
    try checkWritable()
    guard Self.isGoldenName(relative) || DefinitionRecord.owner(of: relative) != nil else {
      throw .io(path: display(relative), reason: "not a golden's name; only goldens are removed")
    }
    try checkInside(Self.folderName + "/" + relative, display: display(relative))
    let target = root.path + "/" + relative
    guard unlink(target) == 0 || errno == ENOENT else {
      throw .io(path: display(relative), reason: "cannot remove (\(String(cString: strerror(errno))))")
    }
    rmdir((target as NSString).deletingLastPathComponent)  // only when empty
  }
}
