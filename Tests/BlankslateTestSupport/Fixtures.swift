import BlankslateSupport
import Foundation

/// Temporary site folders for tests, written from literal JSON.
package struct TemporarySite {
  package let root: URL

  /// A new site folder with `site.json` (when given) and `placeholders/<name>`.
  package init(siteJSON: String? = nil, placeholders: [String: String], assets: [String: [UInt8]] = [:]) throws {
    root = scratchFolder.appending(path: "blankslate-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appending(path: "placeholders"), withIntermediateDirectories: true)
    if let siteJSON {
      try Data(siteJSON.utf8).write(to: root.appending(path: "site.json"))
    }
    for (name, json) in placeholders {
      try Data(json.utf8).write(to: root.appending(path: "placeholders/\(name)"))
    }
    for (path, bytes) in assets {
      let url = root.appending(path: path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
  }

  package func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}

/// Paths of the repository, found from this file's location.
package enum Repository {
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  package static var site: URL { root.appending(path: "Site") }
}

package enum FixtureError: Error {
  case missing(String)
}

/// A folder of this test process below the scratch folder
/// (`blankslate-run-<pid>-<name>`), for what a suite builds once and keeps:
/// two runs on one machine never share one, and the folders of runs that have
/// ended are removed when this process makes its first.
package func processFolder(_ name: String) -> URL {
  scratchFolder.appending(path: processFolderPrefix + name)
}

private let processFolderPrefix: String = {
  let prefix = "blankslate-run-"
  for name in (try? FileManager.default.contentsOfDirectory(atPath: scratchFolder.path)) ?? []
  where name.hasPrefix(prefix) || name.hasPrefix("blankslate-text-frames-") || name == "blankslate-browser-gallery" {
    let pid = name.hasPrefix(prefix) ? name.dropFirst(prefix.count).prefix { $0.isNumber } : ""
    // A folder of a process that no longer runs, or of the names before there were pids in them.
    if pid.isEmpty || kill(pid_t(pid) ?? 0, 0) != 0 {
      try? FileManager.default.removeItem(at: scratchFolder.appending(path: name))
    }
  }
  return "\(prefix)\(getpid())-"
}()

/// A temporary folder removed by the caller.
package func temporaryFolder() -> URL {
  scratchFolder.appending(path: "blankslate-test-\(UUID().uuidString)")
}

/// Where tests make their files: `TMPDIR` when it is set, else tmpfs
/// (`/dev/shm`) where there is one to write to, else the system's temporary
/// folder. The suite creates and removes tens of thousands of small files;
/// with them on a virtual machine's disk, that was its largest cost (the
/// whole suite 134 s with `/tmp` on disk, 82 s on tmpfs, on CI's kind of machine).
package let scratchFolder: URL = {
  if ProcessInfo.processInfo.environment["TMPDIR"]?.isEmpty == false { return FileManager.default.temporaryDirectory }
  var status = stat()
  if stat("/dev/shm", &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, access("/dev/shm", W_OK) == 0 {
    return URL(fileURLWithPath: "/dev/shm", isDirectory: true)
  }
  return FileManager.default.temporaryDirectory
}()

/// A debug build's hold point (`Failpoint.hold`): the environment that arms
/// it, and the file whose appearance lets the run go on.
package struct DebugHold {
  package let file = temporaryFolder().appending(path: "release")
  package let point: String

  package init(at point: String) { self.point = point }

  package var environment: [String: String] { ["BLANKSLATE_HOLD": point, "BLANKSLATE_HOLD_UNTIL": file.path] }

  /// Lets the held run go on.
  package func release() throws {
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data().write(to: file)
  }

  package func remove() { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
}
