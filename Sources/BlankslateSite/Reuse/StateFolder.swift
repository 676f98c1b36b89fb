import Foundation
import BlankslateSupport

/// The folder beside an output (`.<name>.blankslate`, never published) where
/// the tool keeps what it knows of that output: the one owner of where the
/// folder is, of every state file's name, and of reading one before a build
/// holds the lock. Each state file begins with its `StateFile.header`.
///
/// It holds the back buffer (`back/`, the output before last, which the next
/// build writes over in place) and a fresh build's `staging-<pid>/`
/// (`StagingFolder`), the build caches (`BuildCache`), the decoded
/// definitions (`SiteInputs`), the lock two builds of one output take turns
/// with, its marker and a `.gitignore` of `*`.
package enum StateFolder {
  /// Marks a folder as Blankslate's state: only a marked folder is written in.
  static let marker = ".blankslate-state"
  /// The lock file.
  static let lock = "lock"
  /// The back buffer's folder.
  static let backBuffer = "back"
  /// The build caches of the published output, of the back buffer, and of a build about to be published.
  static let publishedCache = "published.cache"
  static let backCache = "back.cache"
  static let nextCache = "next.cache"
  /// The names earlier versions wrote (JSON caches): removed when found, never read.
  static let legacyCaches = ["published.cache.json", "back.cache.json", "next.cache.json"]
  /// The decoded definitions the last build kept for the next one (`SiteLoader.Memo`).
  static let definitions = "definitions.cache"

  /// The state folder of the output `target`.
  static func path(of target: URL) -> String {
    let standard = target.standardizedFileURL
    return standard.deletingLastPathComponent().path + "/." + standard.lastPathComponent + ".blankslate"
  }

  /// The bytes of the file `name` in the state folder of `target`, read
  /// before the build takes the lock: only from a folder (not a link) marked
  /// as Blankslate's state, only a regular file (a link is not followed), at
  /// most `limit` bytes. Nil otherwise.
  static func read(_ name: String, of target: URL, limit: Int) -> [UInt8]? {
    let state = path(of: target)
    var status = stat()
    guard lstat(state, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR,
      FileTree.identity(of: state + "/" + marker) != nil
    else { return nil }
    return try? FileTree.read(state + "/" + name, limit: limit, noFollow: true)
  }

  /// Makes the state folder, or checks that the one there is Blankslate's.
  static func prepare(_ path: String, output: String) throws(BuildError) {
    var status = stat()
    if lstat(path, &status) == 0 {
      guard (status.st_mode & S_IFMT) == S_IFDIR else {
        throw .unsafeOutput(
          path: path,
          reason:
            "Blankslate keeps the output's state here, but it is \(FileReadError.kind(of: status.st_mode)); remove it")
      }
      let entries = FileTree.entries(of: path).map(\.name)
      guard entries.isEmpty || entries.contains(marker) else {
        throw .unsafeOutput(
          path: path, reason: "Blankslate keeps the output's state here, but it holds files Blankslate did not write")
      }
    } else if mkdir(path, 0o755) != 0, errno != EEXIST {
      throw .io(path: path, reason: "cannot create the state folder (\(String(cString: strerror(errno))))")
    }
    for (name, text) in [
      (marker, "Blankslate's build state for \((output as NSString).lastPathComponent); never published.\n"),
      (".gitignore", "# Blankslate's build state: the previous output and the build cache.\n*\n"),
    ] where FileTree.contents(of: path + "/" + name) != Array(text.utf8) {
      unlink(path + "/" + name)
      do throws(FileWriteError) {
        try FileWriter.writeNew(Array(text.utf8), at: path + "/" + name)
      } catch {
        throw .io(path: path + "/" + name, reason: "cannot write (\(error.reason))")
      }
    }
  }
}
