import CNettle
import Foundation

/// SHA-256 (GNU Nettle), as lower-case hex: what names the exact bytes a
/// reviewer saw, in Accept and in decisions files.
package enum SHA256 {
  package static func hex(_ bytes: [UInt8]) -> String {
    var context = sha256_ctx()
    nettle_sha256_init(&context)
    bytes.withUnsafeBufferPointer { buffer in
      nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
    }
    var digest = [UInt8](repeating: 0, count: 32)
    digest.withUnsafeMutableBufferPointer { buffer in
      nettle_sha256_digest(&context, buffer.count, buffer.baseAddress)
    }
    return hexDigits(digest)
  }

  private static func hexDigits(_ digest: [UInt8]) -> String {
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}

extension SHA256 {
  /// The SHA-256 of the regular file at `path` (a link there is not
  /// followed) and how many bytes it had, read 64 KiB at a time, so that no
  /// file is held whole; reading stops past `limit` bytes (`tooLarge`).
  package static func hex(ofFileAt path: String, limit: Int) throws(FileReadError) -> (hex: String, size: Int) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { throw FileReadError(errno: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw FileReadError(errno: errno) }
    guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notRegular(kind: FileReadError.kind(of: status.st_mode)) }
    guard Int(status.st_size) <= limit else { throw .tooLarge(size: Int(status.st_size), limit: limit) }
    var context = sha256_ctx()
    nettle_sha256_init(&context)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var size = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileReadError(errno: errno)
      }
      if count == 0 { break }
      size += count
      guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
      buffer.withUnsafeBufferPointer { nettle_sha256_update(&context, count, $0.baseAddress) }
    }
    var digest = [UInt8](repeating: 0, count: 32)
    digest.withUnsafeMutableBufferPointer { nettle_sha256_digest(&context, $0.count, $0.baseAddress) }
    return (hexDigits(digest), size)
  }

  /// GNU Nettle's version as linked (`--version`).
  package static var libraryVersion: String {
    "Nettle \(nettle_version_major()).\(nettle_version_minor())"
  }
}
