@testable import BlankslateModel
@testable import BlankslateSupport
import BlankslateTestSupport
import Testing

/// Listings, indexes and reports sort names by their UTF-8 bytes, and files
/// are compared byte for byte: the fast paths must agree with the plain ones.
@Suite("Byte order and byte equality")
struct ByteOrderTests {
  static let names = [
    "", "a", "A", "a-b", "a/b", "a.b", "ab", "abc", "b", "zebra", "Ω", "é", "e\u{301}", "暂无数据", "😀", "a\u{0}",
    "no-network/default.iphone-se.light.zh-Hans.svg", "no-network/default.iphone-se.light.en.svg",
  ]

  @Test func precedesAsTheUTF8BytesDo() {
    for left in Self.names {
      for right in Self.names {
        #expect(
          left.precedesInByteOrder(right) == left.utf8.lexicographicallyPrecedes(right.utf8),
          "\(left.debugDescription) vs \(right.debugDescription)")
      }
    }
    // Not Unicode's canonical order: a decomposed é sorts by its bytes.
    #expect("e\u{301}".precedesInByteOrder("é"))
    #expect(!("é" < "e\u{301}") && !("e\u{301}" < "é"))
  }

  @Test func sameBytesOnlyWhenEveryByteIsEqual() {
    #expect([UInt8]().hasSameBytes(as: []))
    #expect([1, 2, 3].hasSameBytes(as: [1, 2, 3]))
    #expect(![1, 2, 3].hasSameBytes(as: [1, 2, 4]))
    #expect(![1, 2, 3].hasSameBytes(as: [1, 2]))
    #expect(![UInt8]().hasSameBytes(as: [0]))
    let long = [UInt8](repeating: 7, count: 100_000)
    var changed = long
    changed[99_999] = 8
    #expect(long.hasSameBytes(as: long) && !long.hasSameBytes(as: changed))
  }
}
