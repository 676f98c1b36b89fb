@testable import BlankslateModel
import BlankslateSupport
import BlankslateTestSupport
import Testing

/// The render matrix made again with an earlier one (as `serve` does): the
/// same renders, in the same order, as a matrix made from nothing.
@Suite("Render matrix")
struct RenderMatrixTests {
  /// Each render as messages name it, with the texts that reach its pages.
  static func names(_ matrix: RenderMatrix) -> [String] {
    matrix.jobs.map { "\($0.displayName) \($0.renderName) \($0.design.name) \($0.variant.name)" }
  }

  @Test func aMatrixMadeWithAnEarlierOneIsTheOneMadeFromNothing() throws {
    let site = try Repository.bundledSite()
    let earlier = RenderMatrix(site)
    #expect(Self.names(RenderMatrix(site, reusing: earlier)) == Self.names(earlier))

    // A design changed: its renders are made again, the others kept.
    var renamed = site
    renamed.designs[1].variants[0].name = "Renamed"
    renamed.designs[1].name = "Another name"
    let again = RenderMatrix(renamed, reusing: earlier)
    #expect(Self.names(again) == Self.names(RenderMatrix(renamed)))
    #expect(again.jobs[again.designRanges[1].lowerBound].variant.name == "Renamed")

    // Other axes: nothing is kept.
    var fewer = site
    fewer.locales = Array(site.locales.reversed().dropLast())
    let resized = RenderMatrix(fewer, reusing: earlier)
    #expect(Self.names(resized) == Self.names(RenderMatrix(fewer)))
    #expect(resized.count == earlier.count / site.locales.count * fewer.locales.count)

    // A design gone and one moved: each render is found where the new order puts it.
    var moved = site
    moved.designs.removeFirst()
    moved.designs.append(moved.designs.removeFirst())
    let reordered = RenderMatrix(moved, reusing: earlier)
    #expect(Self.names(reordered) == Self.names(RenderMatrix(moved)))
    for (index, range) in reordered.designRanges.enumerated() {
      #expect(reordered.run(range).allSatisfy { $0.design.id == moved.designs[index].id })
    }
  }
}
