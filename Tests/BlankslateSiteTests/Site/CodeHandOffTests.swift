import BlankslateKit
import BlankslateTestSupport
import Foundation
import Testing

/// The design pages' code hand-off: every snippet is Swift that parses.
@Suite("Code hand-off", .serialized)
struct CodeHandOffTests {
  /// Every snippet of the bundled site, the held-back designs and the `init` sample, in every locale.
  static func allSnippets() throws -> [(name: String, snippet: CodeHandOff.Snippet)] {
    var sites = [try Repository.bundledSite()]
    sites.append(try SiteLoader(root: HeldBackTests.folder, displayRoot: "HeldBack").load())
    let sample = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: sample) }
    _ = try SiteScaffold.create(at: sample)
    sites.append(try SiteLoader(root: sample.appending(path: "Site"), displayRoot: "Site").load())
    var found: [(String, CodeHandOff.Snippet)] = []
    for site in sites {
      for design in site.designs {
        for variant in design.variants {
          for locale in site.locales {
            for snippet in CodeHandOff.snippets(for: design, variant: variant, locale: locale) {
              found.append(("\(design.id)/\(variant.id) \(locale) \(snippet.label)", snippet))
            }
          }
        }
      }
    }
    return found
  }

  @Test func everySnippetParsesWithSwiftc() throws {
    let snippets = try Self.allSnippets()
    #expect(snippets.count > 100)
    // Identical snippets are parsed once.
    var seen: Set<String> = []
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var checked = 0
    for (name, snippet) in snippets where seen.insert(snippet.code).inserted {
      // A SwiftUI snippet is a view's body; the others are statements and declarations at the top of main.swift.
      let source =
        snippet.label == "SwiftUI"
        ? "import SwiftUI\nstruct Placeholder: View {\n  var body: some View {\n\(snippet.code)\n  }\n}\n"
        : "import UIKit\n\(snippet.code)\n"
      let file = folder.appending(path: "\(checked)/main.swift")
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(source.utf8).write(to: file)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["swiftc", "-parse", file.path]
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.runWatched()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0 && message.isEmpty, "\(name):\n\(source)\n\(message)")
      checked += 1
    }
    #expect(checked >= 20)
  }

  @Test func theModernSnippetsSayWhatTheDesignSays() throws {
    let site = try Repository.bundledSite()
    let design = try #require(site.designs.first { $0.id == "favourites-empty" })
    let snippets = CodeHandOff.snippets(for: design, variant: design.variants[0], locale: "de")
    let swiftUI = try #require(snippets.first { $0.label == "SwiftUI" }).code
    // The tint is the symbol's alone, not the title's and message's.
    #expect(
      swiftUI.contains(
        """
          Label {
            Text("Noch keine Favoriten")
          } icon: {
            Image(systemName: "heart")
              .symbolRenderingMode(.monochrome)
              .foregroundStyle(Color(UIColor.systemPink))
          }
        """))
    #expect(swiftUI.contains(#"Button("Rezepte entdecken")"#))
    #expect(swiftUI.contains(".tint(Color(UIColor.systemIndigo))"))
    let uiKit = try #require(snippets.first { $0.label == "UIKit" }).code
    #expect(uiKit.contains("configuration.imageProperties.tintColor = UIColor.systemPink"))
    let search = try #require(site.designs.first { $0.id == "search-no-results" })
    #expect(
      CodeHandOff.snippets(for: search, variant: search.variants[0], locale: "en")[0].code
        == #"ContentUnavailableView.search(text: "Sourdough")"#)
    #expect(CodeHandOff.literal("a \"quote\" \\ and\nline\u{202E}") == #""a \"quote\" \\ and\nline\u{202e}""#)
  }

  @Test func designAndRenderPagesShowTheCodeWithACopyButton() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--output", output.path, "--quiet"])
    #expect(run.status == 0, "\(run.error)")
    let page = try String(contentsOf: output.appending(path: "designs/offline/index.html"), encoding: .utf8)
    #expect(page.contains("<button type=\"button\" class=\"copy\" data-copy=\"code_default_2\">Copy</button>"))
    #expect(page.contains("UIContentUnavailableConfiguration.empty()"))
    #expect(page.contains("configuration.text = &quot;无网络连接&quot;") || page.contains("configuration.text = \"无网络连接\""))
    // Each render page shows its own variant's code, in its own locale.
    for (render, title) in [
      ("offline/default.iphone-se.dark.de", "Keine Internetverbindung"),
      ("offline/default.iphone-15.light.ar.accessibilityExtraExtraExtraLarge", "لا يوجد اتصال بالإنترنت"),
    ] {
      let renderPage = try String(contentsOf: output.appending(path: "designs/\(render).html"), encoding: .utf8)
      #expect(renderPage.contains("<button type=\"button\" class=\"copy\" data-copy=\"code_2\">Copy</button>"))
      #expect(renderPage.contains("<pre><code id=\"code_2\">var configuration = UIContentUnavailableConfiguration"))
      #expect(renderPage.contains("configuration.text = \"\(title)\""), "\(render)")
    }
  }
}
