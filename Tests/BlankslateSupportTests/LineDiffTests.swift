@testable import BlankslateSupport
import BlankslateTestSupport
import Testing

@Suite("Line diff")
struct LineDiffTests {
  @Test func showsOnlyTheChangedLinesWithContext() {
    let old = (1...20).map { "line \($0)" }.joined(separator: "\n")
    let new = old.replacingOccurrences(of: "line 10", with: "line ten")
    let diff = LineDiff.unified(old: old, new: new, oldName: "a", newName: "b")
    #expect(
      diff == """
        --- a
        +++ b
        @@ -7,7 +7,7 @@
         line 7
         line 8
         line 9
        -line 10
        +line ten
         line 11
         line 12
         line 13

        """)
  }

  @Test func isEmptyForEqualTexts() {
    #expect(LineDiff.unified(old: "a\nb", new: "a\nb", oldName: "a", newName: "b") == "")
  }

  @Test func handlesAddedAndRemovedLines() {
    let lines = LineDiff.lines(from: ["a", "b", "c"], to: ["a", "c", "d"])
    #expect(lines == [.same("a"), .removed("b"), .same("c"), .added("d")])
  }
}
