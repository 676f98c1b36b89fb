import Foundation

/// Writes files with plain POSIX calls, the way each kind of file asks for.
package enum FileWriter {
  /// Why a write failed, in plain words (`No space left on device`).

  /// Creates `path`, which must not exist (`O_EXCL`, never through a link),
  /// and writes `bytes`; with `sync`, flushes them to the disk. A partial
  /// file is removed when the write fails.
  package static func writeNew(_ bytes: [UInt8], at path: String, sync: Bool = false) throws(FileWriteError) {
    var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == EEXIST {
      // A temporary file of an earlier run with the same process id.
      unlink(path)
      descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw FileWriteError(reason: String(cString: strerror(errno))) }
    do throws(FileWriteError) {
      try writeAll(bytes, to: descriptor)
      if sync, fsync(descriptor) != 0 { throw FileWriteError(reason: String(cString: strerror(errno))) }
      guard close(descriptor) == 0 else {
        descriptor = -1
        throw FileWriteError(reason: String(cString: strerror(errno)))
      }
    } catch {
      if descriptor >= 0 { close(descriptor) }
      unlink(path)
      throw error
    }
  }

  /// Replaces `path` with `bytes` in one step: a new temporary file beside it
  /// (`writeNew`), renamed over it, so a reader sees the old file or the new
  /// one, never a part. A link at `path` is replaced, not followed.
  package static func replace(_ path: String, with bytes: [UInt8], sync: Bool = false) throws(FileWriteError) {
    let temporary = path + ".\(getpid()).partial"
    try writeNew(bytes, at: temporary, sync: sync)
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FileWriteError(reason: reason)
    }
  }

  /// Writes a file named on the command line (`--json FILE`, `--junit FILE`).
  ///
  /// A regular file (or a new path) is replaced atomically: a temporary file
  /// beside it, renamed over it. Anything else — a FIFO, a terminal,
  /// `/dev/stdout`, a link to one of them — is written through, as a shell
  /// redirection would, never replaced. A path that resolves inside one of
  /// `protected` (the site) is refused.
  static func writeReport(_ bytes: [UInt8], to path: String, protecting protected: [ContainedFolder])
    throws(FileWriteError)
  {
    let resolved = ContainedFolder.resolved(path) ?? resolvedParent(of: path)
    if let resolved, let folder = protected.first(where: { $0.holds(resolved: resolved) }) {
      throw FileWriteError(
        reason: "it lies inside the site folder \(folder.path); a report never overwrites the site's files")
    }
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists, (status.st_mode & S_IFMT) == S_IFDIR { throw FileWriteError(reason: "it is a folder") }
    if exists, (status.st_mode & S_IFMT) != S_IFREG {
      let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      guard descriptor >= 0 else { throw FileWriteError(reason: String(cString: strerror(errno))) }
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor)
      return
    }
    // A regular file, or a new one: a link to a regular file is replaced through its target.
    let target = exists ? (ContainedFolder.resolved(path) ?? path) : path
    let folder = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    let temporary = (folder.isEmpty ? "." : folder) + "/." + name + ".tmp-" + String(getpid())
    try writeNew(bytes, at: temporary)
    guard rename(temporary, target) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FileWriteError(reason: reason)
    }
  }

  /// The resolved folder of a path that does not exist yet, joined with its name.
  private static func resolvedParent(of path: String) -> String? {
    let url = URL(fileURLWithPath: path)
    guard let folder = ContainedFolder.resolved(url.deletingLastPathComponent().path) else { return nil }
    return folder + "/" + url.lastPathComponent
  }

  /// Writes every byte to `descriptor`, again after an interruption; the system's reason when it cannot.
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(FileWriteError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return Foundation.write(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw FileWriteError(reason: String(cString: strerror(errno)))
      }
      offset += written
    }
  }

  /// A Foundation error in plain words: the POSIX reason when there is one,
  /// never "NSCocoaErrorDomain error 512".
  package static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    switch nsError.code {
    case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "No such file or directory"
    case NSFileWriteOutOfSpaceError: return "No space left on device"
    case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "Permission denied"
    case NSFileWriteFileExistsError: return "File exists"
    default: return nsError.localizedFailureReason ?? "error \(nsError.code)"
    }
  }
}

/// Why a file could not be written: the system's reason.
package struct FileWriteError: Error, Equatable, CustomStringConvertible {
  package var reason: String
  package var description: String { reason }
}
