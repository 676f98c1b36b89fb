import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

@Suite("The gallery's pages and indexes", .serialized)
struct GalleryTests {
  static func build(site: URL, templates: URL? = nil) throws -> (output: URL, summary: BuildSummary) {
    let output = temporaryFolder()
    let summary = try SiteBuilder(
      options: BuildOptions(
        siteFolder: site, siteDisplay: "Site", output: output, outputDisplay: "_site", workers: 2, templates: templates)
    ).build()
    return (output, summary)
  }

  static func text(_ output: URL, _ path: String) throws -> String {
    try String(contentsOf: output.appending(path: path), encoding: .utf8)
  }

  /// Ids that share a prefix and a number (`x`, `x-1`, `x-1-1`, designs `a`
  /// and `a-1`) never make one HTML id twice: every page builds, and every
  /// id on it is unique.
  @Test func idsThatLookAlikeMakeDistinctHTMLIDs() throws {
    let variants = ["x", "x-1", "x-1-1", "x-11", "1", "code"].map { #"{"id": "\#($0)", "title": "T \#($0)"}"# }
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en"]}"#,
      placeholders: [
        "a.json": #"{"layout": "content-unavailable", "variants": [\#(variants.joined(separator: ", "))]}"#,
        "a-1.json": #"{"layout": "content-unavailable", "variants": [{"id": "x"}, {"id": "variant"}]}"#,
      ])
    defer { site.remove() }
    let (output, _) = try Self.build(site: site.root)
    defer { try? FileManager.default.removeItem(at: output) }
    var pages = 0
    for path in try FileManager.default.subpathsOfDirectory(atPath: output.path) where path.hasSuffix(".html") {
      let html = try Self.text(output, path)
      let ids = html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
      #expect(
        Set(ids).count == ids.count,
        "\(path) repeats \(Dictionary(grouping: ids, by: { $0 }).filter { $1.count > 1 }.keys.sorted())")
      pages += 1
    }
    #expect(pages > 10)
    let design = try Self.text(output, "designs/a/index.html")
    #expect(
      design.contains(#"id="code_x_1""#) && design.contains(#"id="code_x-1_1""#) && design.contains(#"id="code-x-1""#))
  }

  @Test func indexJSONListsEveryDesignVariantAndRender() throws {
    let (output, _) = try Self.build(site: Repository.site)
    defer { try? FileManager.default.removeItem(at: output) }
    let site = try Repository.bundledSite()
    let data = try Data(contentsOf: output.appending(path: "index.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["locales"] as? [String] == ["zh-Hans", "en", "de", "ar"])
    let designs = try #require(json["designs"] as? [[String: Any]])
    #expect(designs.map { $0["id"] as? String } == site.designs.map(\.id))
    for (entry, design) in zip(designs, site.designs) {
      #expect(entry["layout"] as? String == design.layout.rawValue)
      #expect(entry["tags"] as? [String] == design.tags)
      let variants = try #require(entry["variants"] as? [[String: Any]])
      #expect(variants.map { $0["id"] as? String } == design.variants.map(\.id))
      for (variantEntry, variant) in zip(variants, design.variants) {
        #expect(variantEntry["state"] as? String == variant.state(in: design.layout).rawValue)
        let renders = try #require(variantEntry["renders"] as? [[String: Any]])
        #expect(renders.count == 32)
        let jobs = RenderMatrix(site).jobs.filter { $0.design.id == design.id && $0.variant.id == variant.id }
        for (render, job) in zip(renders, jobs) {
          #expect(render["device"] as? String == job.device.rawValue)
          #expect(render["theme"] as? String == job.theme.rawValue)
          #expect(render["locale"] as? String == job.locale)
          #expect(render["page"] as? String == SitePaths.page(job))
          #expect(render["svg"] as? String == SitePaths.svg(job))
          for key in ["page", "svg"] {
            let path = try #require(render[key] as? String)
            #expect(FileManager.default.fileExists(atPath: output.appending(path: path).path), "\(path)")
          }
        }
      }
    }
  }

  @Test func renderPagesShowTheResolvedDefinitionAndTheirNeighbours() throws {
    let (output, _) = try Self.build(site: Repository.site)
    defer { try? FileManager.default.removeItem(at: output) }
    let page = try Self.text(output, "designs/table/scroll-disabled.iphone-se.dark.en.html")
    #expect(page.contains("&quot;scrollEnabled&quot;: false") || page.contains("\"scrollEnabled\": false"))
    #expect(page.contains("data-scroll=\"disabled\""))
    #expect(page.contains("rel=\"prev\" href=\"with-rows.iphone-se.dark.en.html\""))
    #expect(page.contains("rel=\"next\" href=\"../zero-code/default.iphone-se.dark.en.html\""))
    #expect(page.contains("href=\"scroll-disabled.iphone-15.dark.en.html\""))
    #expect(page.contains("<span aria-current=\"page\">iPhone SE</span>"))
    let toast = try Self.text(output, "designs/no-network/default.iphone-15.light.zh-Hans.html")
    #expect(toast.contains("data-action=\"toast\" data-toast=\"请检查你的网络连接\""))
  }

  /// Each render page says what VoiceOver reads, in order and in the
  /// render's language: headings, the message, buttons with their trait, tabs
  /// with their place and selection; right to left in Arabic.
  @Test func eachRenderPageShowsWhatVoiceOverReads() throws {
    let (output, _) = try Self.build(site: Repository.site)
    defer { try? FileManager.default.removeItem(at: output) }
    let english = try Self.text(output, "designs/offline/default.iphone-15.light.en.html")
    #expect(
      english.contains(
        """
        <ol class="reading-order-list" lang="en" dir="ltr">
        <li>Feed, heading</li>
        <li>No Internet Connection, heading</li>
        <li>Check your connection, then try again.</li>
        <li>Try Again, button</li>
        </ol>
        """))
    let arabic = try Self.text(output, "designs/no-network/default.iphone-se.light.ar.html")
    #expect(arabic.contains("<ol class=\"reading-order-list\" lang=\"ar\" dir=\"rtl\">"))
    #expect(arabic.contains("<li>حاول مرة أخرى، زر</li>\n<li>الرئيسية، علامة تبويب، 1 من 4، محدد</li>"))
  }

  @Test func findingsShowOnCardsRowsAndRenderPages() throws {
    let (output, _) = try Self.build(site: Repository.site)
    defer { try? FileManager.default.removeItem(at: output) }
    let index = try Self.text(output, "index.html")
    // zero-code: each of its six lightGray or orange variants' contrast finding, counted once
    // however many of the variant's 16 renders show it.
    #expect(index.contains("<span class=\"lint lint-accepted\">lint: 6 accepted</span>"))
    #expect(index.contains("<span class=\"lint lint-clean\">lint clean</span>"))
    let design = try Self.text(output, "designs/no-network/index.html")
    // The accessible variant: only its three fixed sizes, accepted (CQNoNetworkView's frames are fixed).
    #expect(design.contains("<span class=\"lint lint-accepted\">lint: 3 accepted</span>"))
    let page = try Self.text(output, "designs/no-network/default.iphone-se.light.en.html")
    // Accepted findings are listed, not outlined on the render (an outline there reads as part of the design).
    #expect(!page.contains("class=\"outline outline-accepted\""))
    #expect(page.contains("button is 115×30 pt, under the HIG's 44 pt"))
    #expect(page.contains("Accepted: Seed 004"))
    let clean = try Self.text(output, "designs/no-network/accessible.iphone-se.dark.en.html")
    #expect(clean.contains("No findings"))
    #expect(!clean.contains("class=\"outline"))
  }

  @Test func designPagesHoldTheWholeMatrix() throws {
    let (output, _) = try Self.build(site: Repository.site)
    defer { try? FileManager.default.removeItem(at: output) }
    let page = try Self.text(output, "designs/zero-code/index.html")
    let cells = page.components(separatedBy: "<td data-device=").count - 1
    #expect(cells == 9 * 32)
    // Every cell and column header names its device, so none is anonymous when filtered or scrolled to.
    #expect(page.components(separatedBy: "<span class=\"cell-label\"><span class=\"device\">").count - 1 == 9 * 32)
    #expect(page.components(separatedBy: "<th scope=\"col\" class=\"render-col\"").count - 1 == 32)
    #expect(page.contains("id=\"variant-under-header\""))
  }

  @Test func largeSitesArePaginatedAndEveryPageStaysSmall() throws {
    var placeholders: [String: String] = [:]
    for index in 0..<100 {
      let layout = ["blank-page", "message", "no-network", "table"][index % 4]
      placeholders[String(format: "design-%03d.json", index)] =
        #"{ "layout": "\#(layout)", "tags": ["t\#(index % 7)"] }"#
    }
    let site = try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"] }"#, placeholders: placeholders)
    defer { site.remove() }
    let (output, summary) = try Self.build(site: site.root)
    defer { try? FileManager.default.removeItem(at: output) }
    #expect(summary.designs == 100)
    let pages = ["index.html", "pages/2.html", "pages/3.html"]
    for path in pages {
      let page = try Self.text(output, path)
      #expect(page.utf8.count < 150_000, "\(path) is \(page.utf8.count) bytes")
      #expect(page.contains("href=\"\(SitePaths.rootPrefix(from: path))pages/3.html\"") || path == "pages/3.html")
    }
    #expect(try Self.text(output, "index.html").components(separatedBy: "<li class=\"card\"").count - 1 == 48)
    #expect(try Self.text(output, "pages/3.html").components(separatedBy: "<li class=\"card\"").count - 1 == 4)
    #expect(!FileManager.default.fileExists(atPath: output.appending(path: "pages/4.html").path))
    let search = try Self.text(output, "_gallery/search-index.js")
    #expect(search.hasPrefix("window.BlankslateIndex = {"))
    #expect(search.contains("\"id\":\"design-099\""))
  }

  @Test func aUsersTemplatesReplaceTheBuiltInOnesFileByFile() throws {
    let templates = temporaryFolder()
    try FileManager.default.createDirectory(at: templates.appending(path: "static"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: templates.appending(path: "partials"), withIntermediateDirectories: true)
    try Data("body { background: hotpink; }\n".utf8).write(to: templates.appending(path: "static/gallery.css"))
    try Data("<footer class=\"site-footer\"><p>Acme design review</p></footer>\n".utf8)
      .write(to: templates.appending(path: "partials/footer.html"))
    defer { try? FileManager.default.removeItem(at: templates) }
    let (output, _) = try Self.build(site: Repository.site, templates: templates)
    defer { try? FileManager.default.removeItem(at: output) }
    #expect(try Self.text(output, "_gallery/gallery.css") == "body { background: hotpink; }\n")
    let index = try Self.text(output, "index.html")
    #expect(index.contains("Acme design review"))
    #expect(index.contains("class=\"controls\""))  // index.html itself is still the built-in one
    #expect(FileManager.default.fileExists(atPath: output.appending(path: "_gallery/gallery.js").path))
  }

  /// A theme's render.html written before the page's definition and code
  /// became partials still builds: the values it names are still given.
  /// And a theme restyles the code section through its partial.
  @Test func aThemesRenderPageKeepsTheDefinitionsValues() throws {
    let templates = temporaryFolder()
    try FileManager.default.createDirectory(
      at: templates.appending(path: "partials"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: templates) }
    let builtIn = try String(contentsOf: Repository.root.appending(path: "Templates/render.html"), encoding: .utf8)
    let older = builtIn.replacingOccurrences(
      of: "{{{definitionSection}}}",
      with: """
        <section class="definition"><h2>Resolved</h2><p><code>{{sourceFile}}</code>, <code>{{sourcePath}}</code></p>
        <pre><code>{{definitionJSON}}</code></pre></section>
        """
    ).replacingOccurrences(of: "{{{handoffSection}}}", with: "")
    #expect(older != builtIn)
    try Data(older.utf8).write(to: templates.appending(path: "render.html"))
    try Data(
      "<section class=\"handoff\"><h2>Acme code</h2>{{#snippets}}<pre>{{code}}</pre>{{/snippets}}</section>\n".utf8
    )
    .write(to: templates.appending(path: "partials/handoff.html"))
    let (output, _) = try Self.build(site: Repository.site, templates: templates)
    defer { try? FileManager.default.removeItem(at: output) }
    let page = try Self.text(output, "designs/offline/default.iphone-se.light.en.html")
    #expect(page.contains("<code>placeholders/offline.json</code>, <code>its single default variant</code>"))
    #expect(page.contains("&quot;design&quot;: &quot;offline&quot;") || page.contains(#""design": "offline""#))
    #expect(!page.contains("Acme code"))
    // The built-in render.html with the theme's partial.
    try FileManager.default.removeItem(at: templates.appending(path: "render.html"))
    let (themed, _) = try Self.build(site: Repository.site, templates: templates)
    defer { try? FileManager.default.removeItem(at: themed) }
    let themedPage = try Self.text(themed, "designs/offline/default.iphone-se.light.en.html")
    #expect(themedPage.contains("<h2>Acme code</h2><pre>ContentUnavailableView {"))
    #expect(themedPage.contains("</pre><pre>var configuration = UIContentUnavailableConfiguration.empty()"))
  }

  @Test func aBrokenUserTemplateNamesItsFileAndLine() throws {
    let templates = temporaryFolder()
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    try Data("<!DOCTYPE html>\n<html>\n{{#designs}}\n</html>\n".utf8).write(to: templates.appending(path: "index.html"))
    defer { try? FileManager.default.removeItem(at: templates) }
    do {
      let (output, _) = try Self.build(site: Repository.site, templates: templates)
      try? FileManager.default.removeItem(at: output)
      Issue.record("built with a broken template")
    } catch let error as BuildError {
      #expect(error.exitCode == 2)
      #expect(error.description.contains("template index.html:3: the section {{#designs}} is never closed"), "\(error)")
    }
  }

  @Test func aTemplateThatWritesBrokenMarkupFailsValidation() throws {
    let templates = temporaryFolder()
    try FileManager.default.createDirectory(
      at: templates.appending(path: "partials"), withIntermediateDirectories: true)
    try Data("<footer><p>unclosed</footer>\n".utf8).write(to: templates.appending(path: "partials/footer.html"))
    defer { try? FileManager.default.removeItem(at: templates) }
    do {
      let (output, _) = try Self.build(site: Repository.site, templates: templates)
      try? FileManager.default.removeItem(at: output)
      Issue.record("published invalid pages")
    } catch let error as BuildError {
      #expect(error.exitCode == 1)
      #expect(error.description.contains("Opening and ending tag mismatch: p line"), "\(error)")
      #expect(error.description.contains("the output was not replaced"))
    }
  }
}
