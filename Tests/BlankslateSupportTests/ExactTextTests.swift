import BlankslateSupport
import Testing

/// `ExactText` compares the bytes as written and hashes a sample of them:
/// texts that share a long start and end, or are canonically equivalent,
/// stay apart in a set.
@Suite("Exact text")
struct ExactTextTests {
  @Test func textsAreEqualExactlyWhenTheirBytesAre() {
    let start = String(repeating: "ラーメン", count: 10)
    let texts = [
      "", "a", "é", "e\u{301}", start + "A" + start, start + "B" + start, start + start, "short",
      String(repeating: "x", count: 32), String(repeating: "x", count: 33),
    ]
    var set: Set<ExactText> = []
    for text in texts { set.insert(ExactText(text)) }
    #expect(set.count == texts.count)
    for left in texts {
      for right in texts {
        #expect((ExactText(left) == ExactText(right)) == Array(left.utf8).elementsEqual(right.utf8))
      }
      // The same bytes in another string's storage.
      let copy = ExactText(String(decoding: Array(left.utf8), as: UTF8.self))
      #expect(set.contains(copy))
      #expect(ExactText(left).hashValue == copy.hashValue)
    }
  }
}
