@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateHandOff
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
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
    // The tint is the symbol's alone, not the title's and message's. The title is a heading for
    // VoiceOver, and the symbol, which has no label, is not read, as UIKit's image view is not.
    #expect(
      swiftUI.contains(
        """
          Label {
            Text("Noch keine Favoriten")
              .accessibilityAddTraits(.isHeader)
          } icon: {
            Image(systemName: "heart")
              .accessibilityHidden(true)
              .symbolRenderingMode(.monochrome)
              .foregroundStyle(Color(uiColor: UIColor.systemPink))
          }
        """))
    // The button runs its own action, named from its English title.
    #expect(swiftUI.contains(#"Button("Rezepte entdecken", action: { browseRecipes() })"#), "\(swiftUI)")
    #expect(swiftUI.contains(".tint(Color(uiColor: UIColor.systemIndigo))"))
    let uiKit = try #require(snippets.first { $0.label == "UIKit" }).code
    #expect(uiKit.contains("configuration.imageProperties.tintColor = UIColor.systemPink"))
    let search = try #require(site.designs.first { $0.id == "search-no-results" })
    // The design writes its own message colour, so the search view is written out with it.
    let searchCode = CodeHandOff.snippets(for: search, variant: search.variants[0], locale: "en")[0].code
    #expect(searchCode.contains(#"Text("No Results for “Sourdough”")"#), "\(searchCode)")
    #expect(searchCode.contains(".foregroundStyle(Color(uiColor: UIColor {"), "\(searchCode)")
    // With nothing of its own, it is the system's search view.
    var plain = Properties()
    plain.state = .noResults
    plain.query = LocalizedText("Sourdough")
    let probe = Design(
      id: "p", name: "P", layout: .contentUnavailable, variants: [Variant(id: "v", name: "V", properties: plain)],
      sourceFile: "placeholders/p.json")
    #expect(
      CodeHandOff.snippets(for: probe, variant: probe.variants[0], locale: "en")[0].code
        == #"ContentUnavailableView.search(text: "Sourdough")"#)
    #expect(SwiftSource.literal("a \"quote\" \\ and\nline\u{202E}") == #""a \"quote\" \\ and\nline\u{202e}""#)
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
      #expect(
        renderPage.contains(
          "<pre tabindex=\"0\"><code id=\"code_2\">var configuration = UIContentUnavailableConfiguration"))
      #expect(renderPage.contains("configuration.text = \"\(title)\""), "\(render)")
    }
  }
}

/// The modern layout's snippets set every property the definition writes that
/// differs from the API's default, or say the API cannot: for every key the
/// layout reads, and every key of a button, in SwiftUI and UIKit.
@Suite("Code hand-off says every property")
struct HandOffCoverageTests {
  /// What VoiceOver reads is handed off with the screen: SwiftUI sets the
  /// image's and the button's labels and hides a decorative image; UIKit's
  /// configuration cannot reach them and says so.
  @Test func theHandOffSaysWhatVoiceOverReads() throws {
    var properties = Properties()
    properties.title = LocalizedText("No orders")
    properties.image = .value(
      .described(.one(.asset("assets/box.svg")), ImageAccessibility(label: LocalizedText("An empty box"))))
    var button = ButtonDefinition()
    button.title = LocalizedText("Retry")
    button.accessibilityLabel = LocalizedText("Load the orders again")
    properties.button = .value(button)
    let labelled = snippets(properties)
    let swiftUI = try #require(labelled["SwiftUI"]).code
    #expect(swiftUI.contains(#".accessibilityLabel(Text("An empty box"))"#), "\(swiftUI)")
    #expect(swiftUI.contains(#".accessibilityLabel(Text("Load the orders again"))"#), "\(swiftUI)")
    #expect(swiftUI.contains(".accessibilityAddTraits(.isHeader)") && !swiftUI.contains("accessibilityHidden"))
    let uiKit = try #require(labelled["UIKit"])
    #expect(uiKit.unexpressed.contains { $0.hasPrefix("`image.accessibilityLabel`") }, "\(uiKit.unexpressed)")
    #expect(uiKit.unexpressed.contains { $0.hasPrefix("`button.accessibilityLabel`") }, "\(uiKit.unexpressed)")
    properties.image = .value(.described(.one(.asset("assets/box.svg")), ImageAccessibility(isDecorative: true)))
    let decorative = try #require(snippets(properties)["SwiftUI"]).code
    #expect(decorative.contains(".accessibilityHidden(true)") && !decorative.contains("An empty box"))
  }

  func snippets(_ properties: Properties, layout: LayoutKind = .contentUnavailable) -> [String: CodeHandOff.Snippet] {
    let design = Design(
      id: "probe", name: "Probe", layout: layout,
      variants: [Variant(id: "v", name: "V", properties: properties)], sourceFile: "placeholders/probe.json")
    let snippets = CodeHandOff.snippets(for: design, variant: design.variants[0], locale: "en")
    return Dictionary(uniqueKeysWithValues: snippets.map { ($0.label, $0) })
  }

  /// A value for each key the layout reads, unlike its default.
  static func probe(_ key: PropertyKey, into properties: inout Properties) {
    switch key {
    case .state: properties.state = .offline
    case .title: properties.title = LocalizedText("Probe title")
    case .titleColor: properties.titleColor = .semantic(.systemRed)
    case .titleFont: properties.titleFont = FontSpec(size: .style(.headline))
    case .message: properties.message = LocalizedText("Probe message")
    case .messageColor: properties.messageColor = .semantic(.systemRed)
    case .messageFont: properties.messageFont = FontSpec(size: .fixed(19))
    case .background: properties.background = .semantic(.systemYellow)
    case .image: properties.image = .value(.one(.symbol(.star)))
    case .imageTint: properties.imageTint = .semantic(.systemPink)
    case .imageSize: properties.imageSize = Size(width: 64, height: 64)
    case .button:
      var button = ButtonDefinition()
      button.title = LocalizedText("Probe")
      properties.button = .value(button)
    case .buttons:
      var button = ButtonDefinition()
      button.title = LocalizedText("Probe")
      properties.buttons = [button]
    case .spacing:
      var spacing = Spacing()
      spacing.messageToButton = 40
      properties.spacing = spacing
    case .margins: properties.margins = Insets(all: 40)
    case .textAlignment: properties.textAlignment = .natural
    case .query:
      properties.state = .noResults
      properties.query = LocalizedText("probe query")
    case .sections: properties.sections = [3]
    case .scrolls: properties.scrolls = true
    case .toast: properties.toast = .value(LocalizedText("Probe toast"))
    case .chrome:
      var chrome = ChromeDefinition()
      chrome.navigationTitle = LocalizedText("Probe screen")
      properties.chrome = chrome
    case .messageBackground: properties.messageBackground = .semantic(.systemGray6)
    case .offsetY: properties.offsetY = -40
    case .headerHeight: properties.headerHeight = 120
    case .scrollEnabled: properties.scrollEnabled = false
    case .customView:
      var custom = CustomViewDefinition()
      custom.text = LocalizedText("Probe view")
      properties.customView = .value(custom)
    case .loading: properties.loading = true
    }
  }

  @Test func everyKeyTheLayoutReadsIsSetOrSaidToBeUnexpressible() {
    for key in LayoutKind.contentUnavailable.reads {
      var base = Properties()
      if key == .query { base.state = .noResults }
      var probed = base
      Self.probe(key, into: &probed)
      let before = snippets(base)
      let after = snippets(probed)
      for api in ["SwiftUI", "UIKit"] {
        guard let old = before[api], let new = after[api] else {
          Issue.record("no \(api) snippet")
          continue
        }
        let said = new.code != old.code || new.unexpressed.contains { $0.hasPrefix("`\(key.rawValue)") }
        #expect(said, "\(api) says nothing of \(key.rawValue)")
      }
    }
  }

  /// The seed layouts: their libraries' calls say what their APIs take, and list the rest.
  @Test(arguments: [LayoutKind.blankPage, .message, .table, .noNetwork])
  func everyKeyASeedLayoutReadsIsSaidOrListed(layout: LayoutKind) {
    for key in layout.reads {
      var probed = Properties()
      Self.probe(key, into: &probed)
      if key == .state, !layout.states.contains(.offline) { probed.state = layout.states.last }
      let before = snippets(Properties(), layout: layout)
      let after = snippets(probed, layout: layout)
      for (label, new) in after {
        let said = new.code != before[label]?.code || new.unexpressed.contains { $0.hasPrefix("`\(key.rawValue)`") }
        #expect(said, "\(layout) \(label) says nothing of \(key.rawValue)")
      }
    }
  }

  /// Each key of a button, unlike its default.
  static let buttonProbes: [(String, @Sendable (inout ButtonDefinition) -> Void)] = [
    ("title", { $0.title = LocalizedText("Other") }),
    ("textColor", { $0.textColor = .semantic(.systemRed) }),
    ("background", { $0.background = .semantic(.systemIndigo) }),
    ("size", { $0.size = Size(width: 200, height: 50) }),
    ("cornerRadius", { $0.cornerRadius = 22 }),
    ("font", { $0.font = FontSpec(size: .style(.headline)) }),
    ("style", { $0.style = .filled }),
    ("role", { $0.role = .destructive }),
    ("controlSize", { $0.controlSize = .large }),
    ("symbol", { $0.symbol = .arrowClockwise }),
    // The id names the button's action.
    ("id", { $0.id = "browse-menu" }),
    ("accessibilityLabel", { $0.accessibilityLabel = LocalizedText("Try loading the list again") }),
  ]

  @Test func everyKeyOfAButtonIsSetOrSaidToBeUnexpressible() {
    #expect(Set(Self.buttonProbes.map(\.0)) == Set(PropertyKey.buttonKeys))
    var button = ButtonDefinition()
    button.title = LocalizedText("Go")
    var base = Properties()
    base.buttons = [button]
    for (key, probe) in Self.buttonProbes {
      var changed = button
      probe(&changed)
      var probed = base
      probed.buttons = [changed]
      let before = snippets(base)
      let after = snippets(probed)
      for api in ["SwiftUI", "UIKit"] {
        guard let old = before[api], let new = after[api] else { continue }
        let said = new.code != old.code || new.unexpressed.contains { $0.hasPrefix("`buttons[0].\(key)") }
        #expect(said, "\(api) says nothing of a button's \(key)")
      }
    }
  }

  /// A property written as the API's own default sets nothing: the code is the same as without it.
  @Test func aPropertyWrittenAsItsDefaultIsNotSet() {
    var button = ButtonDefinition()
    button.title = LocalizedText("Go")
    var base = Properties()
    base.buttons = [button]
    var written = base
    written.titleFont = FontSpec(size: .style(.title2), weight: .bold)
    written.messageFont = FontSpec(size: .style(.subheadline))
    var spacing = Spacing()
    spacing.imageToTitle = 15
    spacing.titleToMessage = 3
    spacing.messageToButton = 20
    spacing.betweenButtons = 15
    written.spacing = spacing
    written.textAlignment = .center
    var small = button
    small.controlSize = .small
    small.style = .plain
    small.font = FontSpec(size: .style(.subheadline))
    written.buttons = [small]
    let plain = snippets(base)
    let explicit = snippets(written)
    for api in ["UIKit"] {
      #expect(plain[api]?.code == explicit[api]?.code, "\(api):\n\(explicit[api]?.code ?? "")")
    }
    // SwiftUI has no gaps: writing UIKit's own still says so, and sets nothing else.
    #expect(plain["SwiftUI"]?.code == explicit["SwiftUI"]?.code)
  }

  /// The issue's own example: fonts, per-theme colours, a sized image, a button's colours and corners, a destructive role.
  @Test func aCustomisedDesignSetsEachOfItsProperties() throws {
    var properties = Properties()
    properties.title = LocalizedText("No Downloads")
    properties.titleFont = FontSpec(size: .style(.title2), weight: .semibold)
    properties.messageColor = .perTheme(light: .semantic(.secondaryLabel), dark: .fixed(RGBA(hex: 0xAEAEB2)))
    properties.imageSize = Size(width: 64, height: 64)
    properties.image = .value(.one(.symbol(.arrowDownCircle)))
    var primary = ButtonDefinition()
    primary.title = LocalizedText("Browse Music")
    primary.background = .perTheme(light: .fixed(RGBA(hex: 0xC2185B)), dark: .fixed(RGBA(hex: 0xFF5C8A)))
    primary.textColor = .perTheme(light: .fixed(.white), dark: .fixed(RGBA(hex: 0x1C0008)))
    primary.cornerRadius = 22
    var remove = ButtonDefinition()
    remove.title = LocalizedText("Remove Downloads")
    remove.role = .destructive
    properties.buttons = [primary, remove]
    let code = snippets(properties)
    let uiKit = try #require(code["UIKit"]).code
    for expected in [
      "UIFont.Weight.semibold",
      "configuration.secondaryTextProperties.color = UIColor { $0.userInterfaceStyle == .dark",
      "UIImage.SymbolConfiguration(pointSize: 64)", "button.baseForegroundColor = UIColor {",
      "button.background.cornerRadius = 22",
      "configuration.secondaryButtonProperties.role = .destructive",
      "var secondaryButton = configuration.secondaryButton",
    ] {
      #expect(uiKit.contains(expected), "UIKit lacks \(expected):\n\(uiKit)")
    }
    let swiftUI = try #require(code["SwiftUI"]).code
    for expected in [
      ".font(.title2.weight(.semibold))", ".font(.system(size: 64))", "role: .destructive",
      ".buttonBorderShape(.roundedRectangle(radius: 22))",
      ".foregroundStyle(Color(uiColor: UIColor {",
    ] {
      #expect(swiftUI.contains(expected), "SwiftUI lacks \(expected):\n\(swiftUI)")
    }
  }
}
