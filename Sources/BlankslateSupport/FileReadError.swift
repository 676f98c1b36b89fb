import Foundation

/// Why a file was not read, in words a user can act on.
package enum FileReadError: Error, Equatable, CustomStringConvertible {
  /// Nothing at the path.
  case missing
  /// A FIFO, a device, a socket or a folder where a file was expected.
  case notRegular(kind: String)
  /// Larger than the limit (`size` is what `fstat` or the read found).
  case tooLarge(size: Int, limit: Int)
  /// A symbolic link where links are not followed.
  case symbolicLink
  /// Not readable: the system's reason.
  case failed(reason: String)

  init(errno code: Int32) {
    switch code {
    case ENOENT, ENOTDIR: self = .missing
    case ELOOP: self = .symbolicLink
    case EACCES, EPERM: self = .failed(reason: "permission denied")
    default: self = .failed(reason: String(cString: strerror(code)))
    }
  }

  package var description: String {
    switch self {
    case .missing: "it does not exist"
    case .notRegular(let kind): "it is \(kind), not a regular file"
    case .tooLarge(let size, let limit): "it has \(size) bytes, more than the limit of \(limit)"
    case .symbolicLink: "it is a symbolic link"
    case .failed(let reason): "it cannot be read (\(reason))"
    }
  }

  /// What a file of type `mode` is, with its article.
  package static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "a special file"
    }
  }
}
