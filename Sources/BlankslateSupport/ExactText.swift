import Foundation

/// A string compared and hashed by its UTF-8 bytes, the scalars as written.
///
/// `String` compares by Unicode canonical equivalence: "é" written as one
/// scalar equals "e" followed by a combining acute, and hashing a string
/// first normalises it, which for CJK or Arabic text costs thousands of
/// instructions a hash. Where what matters is the exact text (a typesetter
/// shapes the scalars it is given; a list drops a text written twice), this
/// compares and hashes the bytes.
package struct ExactText: Hashable, Sendable {
  package var string: String

  package init(_ string: String) {
    self.string = string
  }

  package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
    var left = lhs.string
    var right = rhs.string
    return left.withUTF8 { leftBytes in
      right.withUTF8 { rightBytes in
        guard leftBytes.count == rightBytes.count else { return false }
        guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else { return true }
        return memcmp(leftStart, rightStart, leftBytes.count) == 0
      }
    }
  }

  /// Hashes the length and at most the first and last 16 bytes: texts that
  /// agree there compare their bytes (`==`). Hashing every byte of every text
  /// was 6.3 million instructions of a rebuild's 449 (the search texts'
  /// 3,349 of the 1,008-render team site, `bench/rebuild_callgrind.sh`).
  package func hash(into hasher: inout Hasher) {
    var text = string
    text.withUTF8 { bytes in
      hasher.combine(bytes.count)
      guard bytes.count > 32 else { return hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
      let all = UnsafeRawBufferPointer(bytes)
      hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: all[..<16]))
      hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: all[(all.count - 16)...]))
    }
  }
}
