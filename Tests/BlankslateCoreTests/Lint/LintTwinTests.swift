@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// Each dark render is reviewed beside its light twin: the same render in
/// every respect but the theme, text size included.
@Suite("Lint's light twins")
struct LintTwinTests {
  @Test func everyDarkRenderIsComparedWithTheLightRenderOfItsOwnTextSize() throws {
    let site = try TemporarySite(
      siteJSON: #"""
        {"devices": ["iphone-se", "iphone-15"], "locales": ["en", "ar"], "themes": ["light", "dark"],
         "textSizes": ["large", "accessibilityExtraExtraExtraLarge"]}
        """#,
      placeholders: [
        "a.json": #"""
        {"layout": "content-unavailable", "title": "Nothing saved yet",
         "message": "Save a recipe to keep it here, even when you are offline for a while.",
         "variants": [{"id": "empty"}, {"id": "search", "state": "noResults", "query": "Tea"}]}
        """#
      ])
    defer { site.remove() }
    let definition = try site.load()
    let renderer = Renderer()
    var session = Linter.Session(linter: Linter(site: definition), renderer: renderer)
    var darkRenders = 0
    for job in RenderMatrix(definition).jobs {
      let scene = renderer.scene(for: job)
      let light = session.lightScene(for: job, scene: scene)
      guard job.theme == .dark else {
        #expect(light == nil)
        continue
      }
      darkRenders += 1
      let twin = Linter.Session.lightTwin(of: job)
      #expect(twin.textSize == job.textSize && twin.locale == job.locale && twin.device == job.device)
      #expect(twin.theme == .light && twin.variant.id == job.variant.id)
      // The scene it was compared with is that twin's, not another size's.
      #expect(light == renderer.scene(for: twin), "\(job.renderName) was compared with another light render")
    }
    #expect(darkRenders == 16)
  }
}
