import Foundation

/// The goldens of a site: `<site>/__snapshots__/<design>/<variant>.<device>.<theme>.<locale>.svg`.
///
/// Each golden is written atomically (a temporary file in the same folder,
/// flushed, then renamed over the old one), so a killed run leaves every
/// golden either old or new, never torn; temporary files a killed run left
/// behind are removed the next time the store is opened.
public struct GoldenStore: Sendable {
  /// The `__snapshots__` folder.
  public let root: URL
  /// How messages name it (`Site/__snapshots__`).
  public let displayRoot: String
  /// `root` as a file system path, worked out once (a URL's path is not free).
  private let rootPath: String

  static let temporaryMarker = ".tmp-"

  public init(site: URL, siteDisplay: String) {
    root = site.appending(path: "__snapshots__")
    displayRoot = siteDisplay + "/__snapshots__"
    rootPath = root.path
  }

  /// The golden of `job`, relative to the store.
  public static func relativePath(of job: RenderJob) -> String {
    job.design.id + "/" + job.renderName + ".svg"
  }

  public func display(_ relative: String) -> String {
    displayRoot + "/" + relative
  }

  /// The golden's bytes, or nil when there is none.
  public func read(_ relative: String) -> [UInt8]? {
    FileTree.contents(of: rootPath + "/" + relative)
  }

  /// Every golden in the store, relative and sorted; removes temporary files
  /// left by killed runs on the way.
  public func all() throws -> [String] {
    var result: [String] = []
    for relative in FileTree.regularFiles(under: rootPath) {
      if relative.contains(Self.temporaryMarker) {
        unlink(rootPath + "/" + relative)
        continue
      }
      if relative.hasSuffix(".svg") { result.append(relative) }
    }
    return result
  }

  /// Writes a golden atomically.
  ///
  /// - Parameter beforeRename: called when the temporary file is complete,
  ///   just before it replaces the golden (a fault-injection point for tests).
  public func write(_ bytes: [UInt8], to relative: String, beforeRename: () -> Void = {}) throws {
    let target = root.appending(path: relative)
    let folder = target.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appending(
      path: "." + target.lastPathComponent + Self.temporaryMarker + String(ProcessInfo.processInfo.processIdentifier))
    guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
    }
    let handle = try FileHandle(forWritingTo: temporary)
    try handle.synchronize()
    try handle.close()
    beforeRename()
    if rename(temporary.path, target.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path, NSLocalizedDescriptionKey: reason])
    }
  }

  /// Removes a golden, and its design folder when that is left empty.
  public func remove(_ relative: String) throws {
    let target = root.appending(path: relative)
    try FileManager.default.removeItem(at: target)
    let folder = target.deletingLastPathComponent()
    if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
      try? FileManager.default.removeItem(at: folder)
    }
  }
}
