import BlankslateCore
import BlankslateTestSupport
import Foundation
import Testing

/// README's example of Blankslate as a library: this test holds the same
/// code, runs it, and checks that README shows exactly it.
@Suite("README's library example")
struct LibraryExampleTests {
  @Test func theExampleRunsAndIsTheOneREADMEShows() throws {
    // example:begin
    let definition = #"""
      {"layout": "content-unavailable", "title": "No Favourites Yet",
       "message": "Tap the heart on a recipe to keep it here.", "variants": [{"id": "empty"}]}
      """#
    let design = try Design.decode(Array(definition.utf8), file: "favourites.json")
    let job = RenderJob(design: design, variant: design.variants[0], device: .iphone15, theme: .dark, locale: "en")
    let render = Renderer().render(job)
    // render.svg is the SVG that build publishes; render.scene, every element's frame in points.
    // example:end
    #expect(String(decoding: render.svg.prefix(200), as: UTF8.self).contains("<svg"))
    #expect(render.scene.node(withID: "title") != nil)
    #expect(job.id.description == "favourites/empty.iphone-15.dark.en")

    // The README's block is this code, line for line.
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let body = try #require(
      source.components(separatedBy: "// example:begin\n").dropFirst().first?
        .components(separatedBy: "    // example:end").first)
    let code = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.dropFirst(4) }.joined(
      separator: "\n")
    let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
    let block = try #require(
      readme.components(separatedBy: "```swift\nimport BlankslateCore\n\n").dropFirst().first?
        .components(separatedBy: "```").first)
    #expect(block == code, "README's library example differs from LibraryExampleTests; make them the same")
  }

  @Test func aDefinitionThatDoesNotDecodeNamesItsFileLineAndPath() throws {
    do {
      _ = try Design.decode(Array("{\"layout\": \"content-unavailable\",\n \"title\": 7}".utf8), file: "broken.json")
      Issue.record("decoded a title that is a number")
    } catch {
      #expect(error.description.contains("broken.json:2:"), "\(error)")
      #expect(error.description.contains("title"), "\(error)")
    }
    do {
      _ = try Design.decode(Array(#"{"layout": "message", "image": "assets/a.png"}"#.utf8), file: "art.json")
      Issue.record("resolved an image with no site")
    } catch {
      #expect(error.description.contains("assets/a.png"), "\(error)")
    }
  }
}
