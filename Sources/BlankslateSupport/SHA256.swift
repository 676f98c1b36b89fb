import Foundation

#if os(Linux)
  import CNettle
#else
  import CryptoKit
#endif

/// SHA-256, as lower-case hex: what names the exact bytes a reviewer saw, in
/// Accept and in decisions files. GNU Nettle computes it on Linux, CryptoKit
/// on Apple's systems, so that a tool built with Xcode alone links no other
/// library (the hand-off's plugin); the digest is the standard's either way.
package enum SHA256 {
  package static func hex(_ bytes: [UInt8]) -> String {
    var digest = Digest()
    bytes.withUnsafeBufferPointer { digest.update($0) }
    return hexDigits(digest.finish())
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
    var digest = Digest()
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
      buffer.withUnsafeBufferPointer { digest.update(UnsafeBufferPointer(rebasing: $0.prefix(count))) }
    }
    return (hexDigits(digest.finish()), size)
  }

  /// The hashing library's version as linked (`--version`).
  package static var libraryVersion: String {
    #if os(Linux)
      "Nettle \(nettle_version_major()).\(nettle_version_minor())"
    #else
      "CryptoKit"
    #endif
  }
}

/// One SHA-256 being computed: the bytes given in order, then the 32-byte digest.
private struct Digest {
  #if os(Linux)
    private var context = sha256_ctx()

    init() { nettle_sha256_init(&context) }

    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
      nettle_sha256_update(&context, bytes.count, bytes.baseAddress)
    }

    mutating func finish() -> [UInt8] {
      var digest = [UInt8](repeating: 0, count: 32)
      digest.withUnsafeMutableBufferPointer { nettle_sha256_digest(&context, $0.count, $0.baseAddress) }
      return digest
    }
  #else
    private var hasher = CryptoKit.SHA256()

    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
      hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
    }

    mutating func finish() -> [UInt8] { Array(hasher.finalize()) }
  #endif
}
