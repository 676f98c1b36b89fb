import Foundation

/// A file system's clock moves in ticks of milliseconds: these put a build
/// cache's time in the tick of a later edit, so a test sees what a build
/// makes of an edit that falls in the same tick as the cache's write.
package enum FileTimes {
  /// The earliest change time (`ctime`) of the entries at `urls` (a link is not followed).
  package static func earliestChange(of urls: [URL]) throws -> timespec {
    var earliest: timespec?
    for url in urls {
      var status = stat()
      guard lstat(url.path, &status) == 0 else { throw FixtureError.missing(url.path) }
      if earliest.map({ ($0.tv_sec, $0.tv_nsec) > (status.st_ctim.tv_sec, status.st_ctim.tv_nsec) }) ?? true {
        earliest = status.st_ctim
      }
    }
    guard let earliest else { throw FixtureError.missing("no files") }
    return earliest
  }

  /// Sets the access and modification times of the file at `path` to `time`.
  package static func setModificationTime(of path: String, to time: timespec) throws {
    var times = [time, time]
    guard utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0 else { throw FixtureError.missing(path) }
  }
}
