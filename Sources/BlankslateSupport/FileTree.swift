import Foundation

/// Lists the regular files below a folder with POSIX calls: Foundation's
/// enumerator with resource values costs tens of microseconds a file, which
/// a gallery of tens of thousands of files notices.
package enum FileTree {
  /// Regular files below `root`, as paths relative to it, sorted (byte order);
  /// symbolic links are not followed.
  package static func regularFiles(under root: String) -> [String] {
    var result: [String] = []
    walk(root, prefix: "", into: &result)
    return result.sorted { $0.precedesInByteOrder($1) }
  }

  private static func walk(_ folder: String, prefix: String, into result: inout [String]) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = name(of: entry)
      if name == "." || name == ".." { continue }
      let relative = prefix.isEmpty ? name : prefix + "/" + name
      let full = folder + "/" + name
      var kind = Int32(entry.pointee.d_type)
      if kind == Int32(DT_UNKNOWN) {
        var status = stat()
        guard lstat(full, &status) == 0 else { continue }
        kind =
          (status.st_mode & S_IFMT) == S_IFDIR
          ? Int32(DT_DIR) : ((status.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : 0)
      }
      if kind == Int32(DT_DIR) {
        walk(full, prefix: relative, into: &result)
      } else if kind == Int32(DT_REG) {
        result.append(relative)
      }
    }
  }
}

extension FileTree {
  /// The bytes of the regular file at `path`, or nil when it cannot be read.
  package static func contents(of path: String) -> [UInt8]? {
    try? read(path, limit: Int.max)
  }

  /// What tells one version of a file from another without reading it: its
  /// device, inode, size and modification time (a file written anew by
  /// write-then-rename has a new inode; a rename keeps all four).
  package struct Identity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    package var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int

    /// When the file's bytes were last written, as (seconds, nanoseconds).
    package var modificationTime: (seconds: Int64, nanoseconds: Int) { (modified, modifiedNanoseconds) }
  }

  /// The identity of the regular file at `path` (a link is not followed), or nil.
  package static func identity(of path: String) -> Identity? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return identity(of: status)
  }

  /// The identity of the file `status` describes, or nil when it is not a regular file.
  package static func identity(of status: stat) -> Identity? {
    guard (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Identity(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
      modified: Int64(modified(status).tv_sec), modifiedNanoseconds: modified(status).tv_nsec)
  }

  /// One version of a file's content: its identity and its change time,
  /// which every write sets and no tool can set back (as `touch` and
  /// `rsync -t` can the modification time). A rename sets it too, so a
  /// renamed file counts as another version.
  package struct Version: Equatable, Sendable {
    package var identity: Identity
    var changed: Int64
    var changedNanoseconds: Int

    /// The version as one line of text, for a cache kept on disk.
    package var key: String {
      "\(identity.device) \(identity.inode) \(identity.size) \(identity.modified).\(identity.modifiedNanoseconds) "
        + "\(changed).\(changedNanoseconds)"
    }

    /// Whether the file last changed before the second `seconds` began.
    package func changed(before seconds: Int64) -> Bool {
      changed < seconds
    }
  }

  /// The modification and change times of `status`: the one place that
  /// knows Linux names them `st_mtim`/`st_ctim` and Darwin `st_mtimespec`/`st_ctimespec`.
  private static func modified(_ status: stat) -> timespec {
    #if canImport(Darwin)
      status.st_mtimespec
    #else
      status.st_mtim
    #endif
  }

  private static func changed(_ status: stat) -> timespec {
    #if canImport(Darwin)
      status.st_ctimespec
    #else
      status.st_ctim
    #endif
  }

  /// When the file `status` describes last changed, as (seconds, nanoseconds).
  package static func changeTime(of status: stat) -> (seconds: Int64, nanoseconds: Int) {
    (Int64(changed(status).tv_sec), changed(status).tv_nsec)
  }

  /// When the entry at `path` (of any kind; a link is not followed) last
  /// changed, as (seconds, nanoseconds); nil when there is none.
  package static func changeTime(of path: String) -> (seconds: Int64, nanoseconds: Int)? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return changeTime(of: status)
  }

  /// The version of the regular file at `path` (a link is not followed), or nil.
  package static func version(of path: String) -> Version? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return version(of: status)
  }

  /// The version of the file `status` describes, or nil when it is not a regular file.
  package static func version(of status: stat) -> Version? {
    identity(of: status).map {
      Version(identity: $0, changed: Int64(changed(status).tv_sec), changedNanoseconds: changed(status).tv_nsec)
    }
  }

  /// The bytes of the regular file at `path`, at most `limit` of them.
  ///
  /// Only a regular file is read: the file is opened without blocking (a
  /// FIFO or a device never stalls the run) and its type and size are
  /// checked with `fstat` on the open descriptor before a byte is read, so a
  /// huge file is refused without being read. A file that grows while it is
  /// read past `limit` is refused too.
  ///
  /// `noFollow`: refuse a symbolic link at `path` itself (`ELOOP`).
  package static func read(_ path: String, limit: Int, noFollow: Bool = false) throws(FileReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0))
    guard descriptor >= 0 else { throw FileReadError(errno: errno) }
    defer { close(descriptor) }
    return try read(descriptor: descriptor, limit: limit)
  }

  /// The bytes of the regular file at `path` (a link there is not followed)
  /// when it last changed strictly before `time`, or nil: a file a build
  /// wrote before recording `time` is read only while it is as that build left it.
  package static func contents(
    of path: String, changedBefore time: (seconds: Int64, nanoseconds: Int)
  ) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    func unchanged() -> Bool {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return false }
      return changeTime(of: status) < time
    }
    // Checked again after the read: a write while it was read changes the time too.
    guard unchanged(), let bytes = try? read(descriptor: descriptor, limit: Int.max), unchanged() else { return nil }
    return bytes
  }

  /// The bytes of the regular file open as `descriptor`, at most `limit` of
  /// them: its type and size are checked with `fstat` before a byte is read.
  package static func read(descriptor: Int32, limit: Int) throws(FileReadError) -> [UInt8] {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw FileReadError(errno: errno) }
    guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notRegular(kind: FileReadError.kind(of: status.st_mode)) }
    let size = max(Int(status.st_size), 0)
    guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
    // Room for one byte more than the size, so the end shows without a second allocation.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var filled = 0
    while true {
      if filled == bytes.count {  // the file grew while it was read
        guard filled <= limit else { throw .tooLarge(size: filled, limit: limit) }
        bytes += repeatElement(0, count: 65_536)
      }
      let count = bytes.withUnsafeMutableBytes { buffer in
        // Never empty here: the array always has room for one byte more than was read.
        guard let base = buffer.baseAddress else { return 0 }
        return Foundation.read(descriptor, base + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileReadError(errno: errno)
      }
      if count == 0 { break }
      filled += count
    }
    guard filled <= limit else { throw .tooLarge(size: filled, limit: limit) }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }

  /// The entries of `folder` (not `.` and `..`), in the order the file system gives.
  package static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var result: [(name: String, isFolder: Bool)] = []
    while let entry = readdir(directory) {
      let name = name(of: entry)
      if name == "." || name == ".." { continue }
      result.append((name, isFolder(entry, path: folder + "/" + name)))
    }
    return result
  }

  /// Deletes the folder `root` and everything below it, emptying its folders
  /// on `workers` threads (a gallery's tens of thousands of files are a
  /// noticeable part of a small rebuild). Symbolic links are removed, not followed.
  package static func remove(_ root: String, workers: Int) throws(RemovalError) {
    var status = stat()
    guard lstat(root, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      // A link (or a file) where a folder was expected: the link goes, never what it points to.
      guard unlink(root) == 0 else { throw RemovalError(path: root, reason: String(cString: strerror(errno))) }
      return
    }
    var found: [String] = []
    collectFolders(root, into: &found)
    let folders = found
    _ = ParallelWork.map(count: folders.count, workers: workers) { index in
      emptyOfFiles(folders[index])
    }
    // Children come after their parents in `folders`: remove them in reverse.
    // A file that could not be unlinked shows here, as a folder that is not empty.
    for folder in folders.reversed() where rmdir(folder) != 0 && errno != ENOENT {
      throw RemovalError(path: folder, reason: String(cString: strerror(errno)))
    }
  }

  package struct RemovalError: Error, CustomStringConvertible {
    var path: String
    package var reason: String
    package var description: String { "cannot remove \(path): \(reason)" }
  }

  private static func collectFolders(_ folder: String, into folders: inout [String]) {
    folders.append(folder)
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = name(of: entry)
      if name == "." || name == ".." { continue }
      if isFolder(entry, path: folder + "/" + name) { collectFolders(folder + "/" + name, into: &folders) }
    }
  }

  /// Unlinks every entry of `folder` that is not a folder.
  private static func emptyOfFiles(_ folder: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = name(of: entry)
      if name == "." || name == ".." || isFolder(entry, path: folder + "/" + name) { continue }
      names.append(name)
    }
    for name in names { unlinkat(descriptor, name, 0) }
  }

  /// A directory entry's name.
  package static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  private static func isFolder(_ entry: UnsafeMutablePointer<dirent>, path: String) -> Bool {
    if entry.pointee.d_type == UInt8(DT_DIR) { return true }
    guard entry.pointee.d_type == UInt8(DT_UNKNOWN) else { return false }
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}

extension [UInt8] {
  /// Whether both arrays hold the same bytes, compared with `memcmp`.
  package func hasSameBytes(as other: [UInt8]) -> Bool {
    guard count == other.count else { return false }
    guard !isEmpty else { return true }
    return withUnsafeBytes { left in
      other.withUnsafeBytes { right in
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return false }
        return memcmp(leftBase, rightBase, left.count) == 0
      }
    }
  }
}

extension FileTree.Version {
  /// The version's seven numbers (device, inode, size, modification and change
  /// time in seconds and nanoseconds), for a cache that stores numbers.
  package var numbers: [Int64] {
    [
      Int64(bitPattern: identity.device), Int64(bitPattern: identity.inode), identity.size, identity.modified,
      Int64(identity.modifiedNanoseconds), changed, Int64(changedNanoseconds),
    ]
  }

  /// The version `numbers` gave; nil for any other list.
  package init?(numbers: [Int64]) {
    guard numbers.count == 7, (0..<1_000_000_000).contains(numbers[4]), (0..<1_000_000_000).contains(numbers[6])
    else { return nil }
    identity = FileTree.Identity(
      device: UInt64(bitPattern: numbers[0]), inode: UInt64(bitPattern: numbers[1]), size: numbers[2],
      modified: numbers[3], modifiedNanoseconds: Int(numbers[4]))
    (changed, changedNanoseconds) = (numbers[5], Int(numbers[6]))
  }
}
