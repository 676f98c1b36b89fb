import CNettle

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
  /// GNU Nettle's version as linked (`--version`).
  package static var libraryVersion: String {
    "Nettle \(nettle_version_major()).\(nettle_version_minor())"
  }
}
