@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSite
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Testing

/// The rule that stands for a gallery's list of files when links are checked.
@Suite("The output's files")
struct OutputFilesTests {
  @Test func knowsEveryRenderAndNothingElse() throws {
    let site = try Repository.bundledSite()
    var files = OutputFiles(site: site)
    files.insert("index.html")
    var listed: Set<String> = ["index.html"]
    for job in RenderMatrix(site).jobs {
      listed.insert(SitePaths.svg(job))
      listed.insert(SitePaths.page(job))
    }
    for design in site.designs { listed.insert(SitePaths.designPage(design.id)) }
    for path in listed { #expect(files.contains(path), "\(path)") }

    let absent = [
      "designs/table/empty.iphone-se.light.en.png",  // another kind of file
      "designs/table/empty.iphone-se.sepia.en.svg",  // a theme the site does not have
      "designs/table/empty.ipad.light.en.svg",  // a device it does not have
      "designs/table/empty.iphone-se.light.fr.svg",  // a locale it does not have
      "designs/table/missing.iphone-se.light.en.svg",  // a variant of another design
      "designs/nowhere/index.html",  // a design it does not have
      "designs/table/extra/empty.iphone-se.light.en.svg",  // a deeper folder
      "designs/table/empty.iphone-se.light.en.html.svg",
      "designs/table/empty.iphone-se.light.en.large.svg",  // the default size, which a name never spells
      "designs/table/empty.iphone-se.light.en.huge.svg",  // a text size there is not
      "designs/table/empty.iphone-se.light.en.svg/",
      "designs/table/", "designs/table/.svg", "designs//index.html", "designs/index.html", "designs/",
      "pages/2.html",
    ]
    for path in absent {
      #expect(!files.contains(path), "\(path)")
      #expect(!listed.contains(path))
    }
  }
}
