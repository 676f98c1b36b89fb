import CSystem
import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Sweeping what a build did not write, and publishing the folder.
extension StagingFolder {
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
      // One call for a folder a back buffer already holds (a rebuild meets all but the new ones).
      var status = stat()
      if lstat(folderPath + "/" + path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { continue }
      do {
        try FileManager.default.createDirectory(at: url.appending(path: path), withIntermediateDirectories: true)
      } catch {
        throw .io(path: path, reason: "cannot create the folder (\(FileWriter.reason(error)))")
      }
    }
  }

  /// Swaps the staging folder into place. The previous output is deleted,
  /// or, in a back buffer, kept for the next build.
  ///
  /// `cache`: what this build made, kept in the state folder for
  /// the next one (never in the output).
  package func publish(cache: BuildCache? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount)
    throws(BuildError)
  {
    // A new marker file each build: with the folder, it is the identity a cache names.
    unlink(folderPath + "/" + Self.marker)
    try markAsOutput()
    if let cache, let identity = Self.identity(of: folderPath) {
      let next = statePath + "/" + StateFolder.nextCache
      unlink(next)
      do throws(FileWriteError) {
        try FileWriter.writeNew(cache.encoded(describing: identity), at: next)
      } catch {
        throw .io(path: next, reason: "cannot write the build cache (\(error.reason))")
      }
      // The design folders, and the site's pages a next build may keep (`SiteFiles.keptSize`).
      settle(
        next,
        after: cache.designs.keys.map { folderPath + "/" + SitePaths.designFolder($0) }
          + cache.pages.keys.map { folderPath + "/" + $0 })
    }
    Failpoint.reach("build.before-publish")
    var previous: String?
    var status = stat()
    if lstat(target.path, &status) == 0 {
      if !Fallback.isForced(.publish), blankslate_exchange_paths(folderPath, target.path) == 0 {
        previous = folderPath  // the staging folder's name now holds the previous output
      } else {
        // No atomic exchange here (macOS, an old kernel, another file system):
        // two renames under the lock. Between them there is no output, and the
        // previous one is `old-<pid>`, which the next run puts back
        // (`removeLeftovers`) if this one is killed there.
        let old = statePath + "/old-\(getpid())"
        guard rename(target.path, old) == 0 else { throw Self.placeFailure(target.path) }
        Failpoint.reach("build.between-renames")
        guard rename(folderPath, target.path) == 0 else {
          let failure = Self.placeFailure(target.path)
          rename(old, target.path)
          throw failure
        }
        if isBackBuffer { rename(old, folderPath) }
        previous = isBackBuffer ? folderPath : old
      }
    } else {
      guard rename(folderPath, target.path) == 0 else { throw Self.placeFailure(target.path) }
    }
    Failpoint.reach("build.swapped")
    if cache != nil {
      // Each cache names the folder it describes, so a run killed between these renames loses nothing.
      rename(statePath + "/" + StateFolder.publishedCache, statePath + "/" + StateFolder.backCache)
      rename(statePath + "/" + StateFolder.nextCache, statePath + "/" + StateFolder.publishedCache)
    }
    if let previous, !isBackBuffer {
      // The new output is in place; what cannot be removed now, the next run removes.
      try? FileTree.remove(previous, workers: workers)
    }
  }

  /// Gives the cache file at `path` a time later than the last change of
  /// every folder and file in `folders`. A design folder or a site page is
  /// kept by the next build only when it last changed before its cache was
  /// written (`DesignPhase.keepsItsFolder`, `SiteFiles.keptSize`); a file
  /// system's clock moves in ticks of a few milliseconds, so a folder written in the cache's own tick
  /// would look as new as a link planted there after the build. The cache's
  /// time is set again until the tick has passed (a small site's build can
  /// end inside one), for at most 50 ms: a clock that stays behind a folder
  /// longer (set back) leaves the folder to be linked or rendered, never kept.
  private func settle(_ path: String, after folders: [String]) {
    var latest: (seconds: Int64, nanoseconds: Int) = (0, 0)
    for folder in folders {
      if let changed = FileTree.changeTime(of: folder), changed > latest { latest = changed }
    }
    for _ in 0..<100 {
      guard let written = FileTree.identity(of: path)?.modificationTime, written <= latest else { return }
      usleep(500)
      utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW)
    }
  }

  private static func placeFailure(_ path: String) -> BuildError {
    .io(path: path, reason: "cannot put the new output in place (\(String(cString: strerror(errno))))")
  }

  /// A folder's identity as a cache names it: the folder's device and
  /// inode, and its marker file's inode (new in every build).
  static func identity(of folder: String) -> String? {
    var folderStatus = stat()
    var markerStatus = stat()
    guard lstat(folder, &folderStatus) == 0, (folderStatus.st_mode & S_IFMT) == S_IFDIR,
      lstat(folder + "/" + marker, &markerStatus) == 0
    else { return nil }
    return "\(folderStatus.st_dev):\(folderStatus.st_ino):\(markerStatus.st_ino)"
  }

  /// After a failed build: a fresh staging folder is removed; a back buffer
  /// stays, and the next build, finding no cache for it, empties it.
  package func discard() {
    if !isBackBuffer { try? FileTree.remove(folderPath, workers: 1) }
  }
}
