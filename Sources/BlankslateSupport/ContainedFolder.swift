import Foundation

/// A folder that every path the tool reads, writes or deletes below it must
/// stay inside, whatever symbolic links it holds.
///
/// A link is followed only when it leads to a place inside the folder; one
/// that leads out (or nowhere) is refused, naming the path. Folders already
/// found to be inside are remembered, so a run that touches thousands of
/// files in one folder checks the folder once.
package final class ContainedFolder: @unchecked Sendable {
  /// Why a path was refused.
  package struct Escape: Error, Equatable, CustomStringConvertible {
    /// How messages name the folder (`Site`).
    var folder: String
    /// The path, relative to the folder, whose link leads out.
    var relative: String
    /// Where the link leads (nil when it leads nowhere, or climbs out with `..`).
    var target: String?
    package var description: String {
      let link = folder + "/" + relative
      guard let target else { return "\(link) climbs out of \(folder) or is a symbolic link that leads nowhere" }
      return "it leads out of \(folder) through the symbolic link \(link) → \(target)"
    }
  }

  /// The folder as the caller named it.
  let path: String
  /// How messages name the folder.
  let display: String
  /// The folder with every link resolved (the folder itself may be a link).
  let realPath: String
  private let lock = NSLock()
  private var insideFolders: Set<String> = [""]

  package init(_ path: String, display: String? = nil) {
    self.path = path
    self.display = display ?? path
    realPath = Self.resolved(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Whether `absolute` (already resolved) is the folder or below it.
  package func holds(resolved absolute: String) -> Bool {
    absolute == realPath || absolute.hasPrefix(realPath == "/" ? "/" : realPath + "/")
  }

  /// Checks every existing component of `relative` (`a/b/c.svg`): each that
  /// is a symbolic link must resolve inside the folder. Components that do
  /// not exist yet are fine: whatever creates them makes real folders.
  ///
  /// - Returns: the path to use (the folder's path joined with `relative`).
  @discardableResult
  package func check(_ relative: String) throws(Escape) -> String {
    try check(relative, includingTheLast: true)
  }

  /// `check` of the folders on the way only, for a file that is then opened
  /// without following a link (`FileTree.read(_:limit:noFollow:)`).
  package func checkFolders(of relative: String) throws(Escape) -> String {
    try check(relative, includingTheLast: false)
  }

  /// `check`, of every component or of the folders on the way only.
  private func check(_ relative: String, includingTheLast checksLast: Bool) throws(Escape) -> String {
    // The common case, a file in a folder already found to be inside: only its last component is looked at.
    if isInKnownFolder(relative) {
      if checksLast { try checkEntry(relative) }
      return path + "/" + relative
    }
    // Split by bytes: a path's components are its bytes between slashes.
    let components = relative.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    var prefix = ""
    for (index, component) in components.enumerated() {
      if component == "." { continue }
      guard component != ".." else { throw Escape(folder: display, relative: relative, target: nil) }
      let next = prefix.isEmpty ? component : prefix + "/" + component
      let isLast = index == components.count - 1
      if isLast, !checksLast { break }
      if !isLast, knownInside(next) {
        prefix = next
        continue
      }
      var status = stat()
      guard lstat(path + "/" + next, &status) == 0 else { break }  // not there yet
      if (status.st_mode & S_IFMT) == S_IFLNK {
        guard let target = Self.resolved(path + "/" + next) else {
          throw Escape(folder: display, relative: next, target: nil)
        }
        guard holds(resolved: target) else { throw Escape(folder: display, relative: next, target: target) }
      }
      if !isLast, (status.st_mode & S_IFMT) == S_IFDIR || (status.st_mode & S_IFMT) == S_IFLNK { remember(next) }
      prefix = next
    }
    return relative.isEmpty ? path : path + "/" + relative
  }

  /// The bytes of the regular file `relative`, which must lie inside.
  /// The folders on the way are checked; the file itself is opened without
  /// following a link, and only a link is checked the long way (it must
  /// resolve inside), then read through.
  package func read(_ relative: String, limit: Int) throws(ContainedReadError) -> [UInt8] {
    let full: String
    do throws(Escape) {
      full = try check(relative, includingTheLast: false)
    } catch {
      throw .escape(error)
    }
    do throws(FileReadError) {
      return try FileTree.read(full, limit: limit, noFollow: true)
    } catch .symbolicLink {
      do throws(Escape) {
        try check(relative)
      } catch {
        throw .escape(error)
      }
    } catch {
      throw .read(error)
    }
    do throws(FileReadError) {
      return try FileTree.read(full, limit: limit)
    } catch {
      throw .read(error)
    }
  }

  /// Whether the folders before the last component of `relative` are one
  /// already found to be inside and that component is a name (not empty,
  /// `.` or `..`); anything else is walked component by component.
  private func isInKnownFolder(_ relative: String) -> Bool {
    guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return false }
    let name = relative[relative.index(after: slash)...]
    return !name.isEmpty && name != "." && name != ".." && knownInside(String(relative[..<slash]))
  }

  /// Checks the existing entry `relative` itself, as the walk checks each
  /// component: a symbolic link there must resolve inside.
  private func checkEntry(_ relative: String) throws(Escape) {
    var status = stat()
    guard lstat(path + "/" + relative, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return }
    guard let target = Self.resolved(path + "/" + relative) else {
      throw Escape(folder: display, relative: relative, target: nil)
    }
    guard holds(resolved: target) else { throw Escape(folder: display, relative: relative, target: target) }
  }

  private func knownInside(_ relative: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return insideFolders.contains(relative)
  }

  private func remember(_ relative: String) {
    lock.lock()
    insideFolders.insert(relative)
    lock.unlock()
  }

  /// `path` with every symbolic link resolved, or nil when it leads nowhere.
  package static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}

/// Why a file inside a contained folder was not read.
package enum ContainedReadError: Error, Equatable, CustomStringConvertible {
  case escape(ContainedFolder.Escape)
  case read(FileReadError)

  package var description: String {
    switch self {
    case .escape(let escape): escape.description
    case .read(let error): error.description
    }
  }

  /// The read found nothing there.
  package var isMissing: Bool { self == .read(.missing) }
}
