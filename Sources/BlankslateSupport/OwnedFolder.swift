import Foundation

/// A folder a command fills with files of its own (`export swift --output`,
/// `fonts --export`), which may lie in a repository a pull request wrote.
///
/// The folder is opened once, as a real folder: a symbolic link at its name,
/// or at any folder between it and the working folder when it was named
/// relative to it, is refused, so `Export -> elsewhere` writes nowhere. Each
/// file is then written through that open folder: a new temporary file
/// (never through a link), renamed over the name. A name that holds anything
/// but a regular file (a link, a FIFO, a device, a folder) is refused: the
/// files are the command's own, and it replaces nothing else.
package final class OwnedFolder {
  /// Why the folder or one of its files was refused: the path and the reason.
  package struct Refusal: Error, CustomStringConvertible, Equatable {
    package var path: String
    package var reason: String
    package var description: String { "\(path): \(reason)" }
  }

  /// How messages name the folder (as typed).
  package let display: String
  private let descriptor: Int32

  /// Opens `path` (made, with the folders above it, when missing).
  ///
  /// - Parameters:
  ///   - path: the folder, absolute or relative to `workingFolder`.
  ///   - workingFolder: the folder a relative `path` is named from.
  ///   - display: how messages name it.
  /// - Throws: `Refusal` naming the link, or the file that is not a folder, on the way.
  package init(_ path: String, workingFolder: String, display: String) throws(Refusal) {
    self.display = display
    let absolute = path.hasPrefix("/") ? path : workingFolder + "/" + path
    // The folders named relative to the working folder are all checked; for an
    // absolute path the user typed, the named folder itself.
    let components = path.split(separator: "/").map(String.init)
    var checked = path.hasPrefix("/") ? "/" + components.dropLast().joined(separator: "/") : workingFolder
    let toCheck = path.hasPrefix("/") ? Array(components.suffix(1)) : components
    for component in toCheck where component != "." {
      guard component != ".." else {
        throw Refusal(path: display, reason: "climbs out with '..'; name the folder without it")
      }
      checked += (checked.hasSuffix("/") ? "" : "/") + component
      var status = stat()
      if lstat(checked, &status) != 0 {
        guard errno == ENOENT else { throw Refusal(path: display, reason: String(cString: strerror(errno))) }
        guard mkdir(checked, 0o755) == 0 || errno == EEXIST else {
          throw Refusal(path: display, reason: "cannot be made a folder (\(String(cString: strerror(errno))))")
        }
        guard lstat(checked, &status) == 0 else {
          throw Refusal(path: display, reason: String(cString: strerror(errno)))
        }
      }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: continue
      case S_IFLNK:
        throw Refusal(
          path: display,
          reason: "\(checked) is a symbolic link; the files are written only into a real folder, never through a link")
      default: throw Refusal(path: display, reason: "\(checked) is not a folder")
      }
    }
    descriptor = open(absolute, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Refusal(path: display, reason: "cannot be opened as a folder (\(String(cString: strerror(errno))))")
    }
  }

  private init(descriptor: Int32, display: String) {
    self.descriptor = descriptor
    self.display = display
  }

  deinit { close(descriptor) }

  /// The folder `name` inside this one (made when missing and `create`), a real
  /// folder opened through this one: never a link. Nil when it is missing and not made.
  ///
  /// - Throws: `Refusal` when `name` is there and is not a folder.
  package func folder(_ name: String, create: Bool) throws(Refusal) -> OwnedFolder? {
    guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
      throw Refusal(path: path(name), reason: "is not a folder's name")
    }
    if create, mkdirat(descriptor, name, 0o755) != 0, errno != EEXIST {
      throw Refusal(path: path(name), reason: "cannot be made a folder (\(Self.reason()))")
    }
    let folder = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folder >= 0 else {
      if errno == ENOENT, !create { return nil }
      var status = stat()
      let kind =
        fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
        ? FileReadError.kind(of: status.st_mode) : Self.reason()
      throw Refusal(path: path(name), reason: Self.notOwn(kind))
    }
    return OwnedFolder(descriptor: folder, display: path(name))
  }

  /// The folder that holds `path` (`a/b/file`: `a/b`, made when `create`) and the file's name in it.
  private func holder(of path: String, create: Bool) throws(Refusal) -> (OwnedFolder, String)? {
    var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let name = parts.removeLast()
    var folder = self
    for part in parts {
      guard let inner = try folder.folder(part, create: create) else { return nil }
      folder = inner
    }
    return (folder, name)
  }

  /// `read(_:limit:)` of a file in a folder inside this one (`a/b/file`); nil when either is missing.
  package func read(path: String, limit: Int) throws(Refusal) -> [UInt8]? {
    guard let (folder, name) = try holder(of: path, create: false) else { return nil }
    return try folder.read(name, limit: limit)
  }

  /// Every entry below the folder `path` inside this one that is not a
  /// folder (a file, a link: a link is listed, never followed), as paths
  /// relative to this folder, sorted; none when `path` is missing.
  ///
  /// - Throws: `Refusal` when `path` or a folder below it cannot be read, or is a link.
  package func entries(under path: String) throws(Refusal) -> [String] {
    var folder: OwnedFolder = self
    for part in path.split(separator: "/").map(String.init) {
      guard let inner = try folder.folder(part, create: false) else { return [] }
      folder = inner
    }
    var found: [String] = []
    try folder.collect(prefix: path, into: &found)
    return found.sorted { $0.precedesInByteOrder($1) }
  }

  private func collect(prefix: String, into found: inout [String]) throws(Refusal) {
    let copy = dup(descriptor)
    guard copy >= 0, let directory = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      throw Refusal(path: display, reason: "cannot be read (\(Self.reason()))")
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = FileTree.name(of: entry)
      if name != "." && name != ".." { names.append(name) }
    }
    for name in names {
      var status = stat()
      guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
      if (status.st_mode & S_IFMT) == S_IFDIR, let inner = try folder(name, create: false) {
        try inner.collect(prefix: prefix + "/" + name, into: &found)
      } else {
        found.append(prefix + "/" + name)
      }
    }
  }

  /// Removes the entry `path` (a file or a link, never what a link points to)
  /// and then each folder above it, up to this one, that it leaves empty.
  ///
  /// - Throws: `Refusal` when it cannot be removed.
  package func remove(path: String) throws(Refusal) {
    var parts = path.split(separator: "/").map(String.init)
    guard let name = parts.popLast() else { return }
    var chain: [OwnedFolder] = [self]
    for part in parts {
      guard let inner = try chain[chain.count - 1].folder(part, create: false) else { return }
      chain.append(inner)
    }
    guard unlinkat(chain[chain.count - 1].descriptor, name, 0) == 0 || errno == ENOENT else {
      throw Refusal(path: self.path(path), reason: "cannot be removed (\(Self.reason()))")
    }
    // The folders it leaves empty go too; a folder with anything left in it stays (ENOTEMPTY).
    for (index, part) in parts.enumerated().reversed() {
      guard unlinkat(chain[index].descriptor, part, AT_REMOVEDIR) == 0 else { break }
    }
  }

  /// `write(_:_:)` of a file in a folder inside this one (`a/b/file`), its folders made as needed.
  package func write(path: String, _ bytes: [UInt8]) throws(Refusal) {
    guard let (folder, name) = try holder(of: path, create: true) else { return }
    try folder.write(name, bytes)
  }

  /// `path` with every link resolved, as far as it exists; the rest as written.
  package static func resolvedPath(_ path: String) -> String {
    var existing = URL(fileURLWithPath: path).standardizedFileURL.path
    var rest: [String] = []
    while ContainedFolder.resolved(existing) == nil, existing != "/" {
      rest.insert((existing as NSString).lastPathComponent, at: 0)
      existing = (existing as NSString).deletingLastPathComponent
    }
    let resolved = ContainedFolder.resolved(existing) ?? existing
    return ([resolved == "/" ? "" : resolved] + rest).joined(separator: "/")
  }

  /// The bytes of the regular file `name` (no link followed), nil when there is none.
  ///
  /// - Throws: `Refusal` when `name` is anything but a regular file, or larger than `limit`.
  package func read(_ name: String, limit: Int) throws(Refusal) -> [UInt8]? {
    let file = openat(descriptor, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
    guard file >= 0 else {
      if errno == ENOENT { return nil }
      throw Refusal(path: path(name), reason: errno == ELOOP ? Self.notOwn("a symbolic link") : Self.reason())
    }
    defer { close(file) }
    do throws(FileReadError) {
      return try FileTree.read(descriptor: file, limit: limit)
    } catch {
      throw Refusal(path: path(name), reason: error.description)
    }
  }

  /// Writes `bytes` as `name`: a new file renamed over it, or a refusal when
  /// `name` is there and is not a regular file.
  package func write(_ name: String, _ bytes: [UInt8]) throws(Refusal) {
    var status = stat()
    if fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, (status.st_mode & S_IFMT) != S_IFREG {
      throw Refusal(path: path(name), reason: Self.notOwn(FileReadError.kind(of: status.st_mode)))
    }
    let temporary = "." + name + ".tmp-" + String(getpid())
    unlinkat(descriptor, temporary, 0)
    let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard file >= 0 else { throw Refusal(path: path(name), reason: Self.reason()) }
    do throws(FileWriteError) {
      try FileWriter.writeAll(bytes, to: file)
      guard close(file) == 0 else { throw FileWriteError(reason: Self.reason()) }
    } catch {
      close(file)
      unlinkat(descriptor, temporary, 0)
      throw Refusal(path: path(name), reason: "cannot be written (\(error.reason))")
    }
    guard renameat(descriptor, temporary, descriptor, name) == 0 else {
      let reason = Self.reason()
      unlinkat(descriptor, temporary, 0)
      throw Refusal(path: path(name), reason: "cannot be written (\(reason))")
    }
  }

  private func path(_ name: String) -> String { display + "/" + name }

  private static func notOwn(_ kind: String) -> String {
    "is \(kind), not a file of Blankslate's own; it is left as it is and nothing is written through it"
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
