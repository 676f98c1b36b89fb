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

/// Proof, not just parsing: every UIKit and SwiftUI snippet of the modern
/// layout compiled against a recording UIKit and SwiftUI
/// (`Tests/HandOffRecorder`: Apple's names and types, UIKit's defaults, which
/// `ContentUnavailableView` is assumed to share), run, and what it configured
/// compared with what the render drew, in both themes and every language:
/// texts, fonts, colours, the image and its tint and size, the gaps (UIKit),
/// each button's title, size, colours, corners, font and symbol, the
/// navigation title. What a snippet lists as beyond its API is not compared.
@Suite("Code hand-off builds the reviewed screen", .serialized)
struct CodeHandOffProofTests {
  /// One snippet to prove: the render it must reproduce, and its code.
  struct Case {
    var name: String
    var site: SiteDefinition
    var design: Design
    var variant: Variant
    var locale: String
    var code: String
    var swiftUI: String
    /// The keys the SwiftUI snippet says it cannot express (not compared).
    var swiftUIUnexpressed: Set<String>
    /// Each button's action, in order.
    var actions: [String]
  }

  /// Every modern variant of the bundled site, the held-back and v3 sites and the `init` sample, in every locale.
  static func cases() throws -> [Case] {
    var found: [Case] = []
    for (site, _) in try SwiftExportTests.sites() {
      for design in site.designs where design.layout == .contentUnavailable {
        for variant in design.variants where variant.state(in: design.layout) != .hasData {
          for locale in site.locales {
            let snippets = CodeHandOff.snippets(for: design, variant: variant, locale: locale)
            guard let uiKit = snippets.first(where: { $0.label == "UIKit" }),
              let swiftUI = snippets.first(where: { $0.label == "SwiftUI" })
            else { continue }
            found.append(
              Case(
                name: "\(design.id)/\(variant.id) \(locale)", site: site, design: design, variant: variant,
                locale: locale, code: uiKit.code, swiftUI: swiftUI.code,
                swiftUIUnexpressed: Set(
                  swiftUI.unexpressed.compactMap { $0.split(separator: "`").first.map(String.init) }),
                actions: ModernHandOff(
                  properties: variant.properties, state: variant.state(in: design.layout), locale: locale
                ).actionNames))
          }
        }
      }
    }
    return found
  }

  /// `#RRGGBBAA`, as the recording UIKit writes colours.
  static func hex(_ color: RGBA) -> String {
    String(format: "#%02X%02X%02X%02X", color.red, color.green, color.blue, color.alpha)
  }

  /// A Swift expression of `color` in both themes for the recording UIKit.
  static func swift(_ color: ColorValue?) -> String {
    let light = hex(ColorValue.semantic(.tintColor).resolved(in: .light, tint: color))
    let dark = hex(ColorValue.semantic(.tintColor).resolved(in: .dark, tint: color))
    return "UIColor(light: \"\(light)\", dark: \"\(dark)\")"
  }

  /// The system colours for the recording UIKit, from Blankslate's own table.
  static var colorsSource: String {
    var colors = "func systemColor(_ name: String) -> UIColor {\n  switch name {\n"
    for semantic in SemanticColor.allCases where semantic != .tintColor {
      colors +=
        "  case \"\(semantic.rawValue)\": return UIColor(light: \"\(hex(semantic.resolved(in: .light)))\", dark: \"\(hex(semantic.resolved(in: .dark)))\")\n"
    }
    return colors + "  default: fatalError(\"no system colour \\(name)\")\n  }\n}\n"
  }

  /// The words the system views bring, in `locale`, set before a snippet runs.
  static func systemWords(in locale: String) -> String {
    "loadingText = \(SwiftSource.literal(DefaultString.unavailableLoading.text(in: locale)))\n"
      + "searchTitle = \(SwiftSource.literal(DefaultString.unavailableNoResultsTitle.text(in: locale)))\n"
      + "searchMessage = \(SwiftSource.literal(DefaultString.unavailableNoResultsMessage.text(in: locale)))\n"
      + "searchQueryTitle = \(SwiftSource.literal(DefaultString.unavailableNoResultsQueryTitle.text(in: locale)))\n"
  }

  /// `sources` (name → text) compiled with the recording UIKit and SwiftUI into
  /// one program and run: the lines it prints, or nil (an issue recorded) when it does not compile.
  static func compileAndRun(_ sources: [(String, String)], what: String) throws -> [Substring]? {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let recorder = Repository.root.appending(path: "Tests/HandOffRecorder")
    var files: [(String, String)] = []
    for name in ["UIKit.swift", "Record.swift", "SwiftUI.swift"] {
      files.append((name, try String(contentsOf: recorder.appending(path: name), encoding: .utf8)))
    }
    files += [("Colors.swift", colorsSource)] + sources
    for (name, text) in files { try Data(text.utf8).write(to: folder.appending(path: name)) }
    let binary = folder.appending(path: "program")
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compile.arguments =
      ["swiftc", "-swift-version", "5", "-Onone", "-lm", "-o", binary.path]
      + files.map { folder.appending(path: $0.0).path }
    let errors = Pipe()
    compile.standardError = errors
    compile.standardOutput = FileHandle.nullDevice
    let compileErrors = errors.readToEndInBackground()
    try compile.runWatched()
    compile.waitUntilExit()
    let message = String(decoding: compileErrors(), as: UTF8.self)
    guard compile.terminationStatus == 0 else {
      Issue.record("\(what) does not compile against the recording UIKit and SwiftUI:\n\(message.prefix(4000))")
      return nil
    }
    // What a team pastes compiles without a warning (the recording's own files and the harness aside).
    let warnings = message.split(separator: "\n").filter {
      $0.contains(": warning:") && ($0.contains("Placeholders.swift:") || $0.contains("Snippets.swift:"))
    }
    #expect(warnings.isEmpty, "\(what) compiles with warnings:\n\(warnings.prefix(10).joined(separator: "\n"))")
    let run = Process()
    run.executableURL = binary
    let output = Pipe()
    run.standardOutput = output
    let printed = output.readToEndInBackground()
    try run.runWatched()
    run.waitUntilExit()
    #expect(run.terminationStatus == 0, "\(what) stopped with \(run.terminationStatus)")
    return String(decoding: printed(), as: UTF8.self).split(separator: "\n")
  }

  /// Compiles every case with the recording UIKit, runs it, and returns what each configured, by case index.
  static func recordings(_ cases: [Case]) throws -> (uiKit: [Int: [String: Any]], swiftUI: [Int: [String: Any]]) {
    var snippets = ""
    var main = ""
    for (index, item) in cases.enumerated() {
      // Each button's action, a closure of its own name that says it ran.
      let actions = item.actions.map { "  let \($0): () -> Void = { ranAction = \"\($0)\" }\n" }.joined()
      snippets += "func snippet\(index)(_ viewController: UIViewController) {\n" + actions
      snippets += item.code.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
        separator: "\n")
      snippets += "\n}\n"
      main += "appTint = \(swift(item.site.tint))\n" + systemWords(in: item.locale)
      main += "do {\n  redundant = []\n  let controller = UIViewController()\n  snippet\(index)(controller)\n"
      main += "  print(\"r\(index)\\t\" + json(redundant.joined(separator: \",\")))\n"
      main += "  print(\"\(index)\\t\" + record(controller))\n}\n"
      // The SwiftUI snippet is a view's body: an expression, its modifiers on the lines below.
      snippets += "func view\(index)() -> Recorded {\n" + actions + "  let view =\n"
      snippets += item.swiftUI.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(
        separator: "\n")
      snippets += "\n  return view.recorded\n}\n"
      main += "print(\"s\(index)\\t\" + record(view\(index)()))\n"
    }
    guard
      let lines = try compileAndRun([("Snippets.swift", snippets), ("main.swift", main)], what: "the snippets")
    else { return ([:], [:]) }
    var recorded: [Int: [String: Any]] = [:]
    var views: [Int: [String: Any]] = [:]
    for line in lines {
      let parts = line.split(separator: "\t", maxSplits: 1)
      // The assignments that set a property to what it was: the hand-off sets none to its default.
      if parts.count == 2, parts[0].hasPrefix("r"), let index = Int(parts[0].dropFirst()) {
        let names = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        #expect(names.isEmpty, "\(cases[index].name): the UIKit code sets \(names) to its default")
        continue
      }
      guard parts.count == 2,
        let object = try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any]
      else { continue }
      if parts[0].hasPrefix("s"), let index = Int(parts[0].dropFirst()) {
        views[index] = object
      } else if let index = Int(parts[0]) {
        recorded[index] = object
      }
    }
    return (recorded, views)
  }

  /// A recorded font's point size at the Large text size and its weight, as UIKit would draw it.
  static func drawn(_ font: [String: Any]?) -> (size: Double, weight: String)? {
    guard let font else { return nil }
    if let name = font["style"] as? String, let style = TextStyle(rawValue: name) {
      return (style.pointSize(at: .large), (font["weight"] as? String) ?? style.weight.rawValue)
    }
    guard let size = font["size"] as? Double else { return nil }
    return (size, (font["weight"] as? String) ?? "regular")
  }

  static func text(_ node: SceneNode?) -> TextBlock? {
    switch node?.content {
    case .text(let block)?: block
    case .button(let face)?: face.title
    default: nil
    }
  }

  /// The same words, whatever the line breaks took out.
  static func words(_ text: String) -> String { text.filter { !$0.isWhitespace } }

  @Test func everySnippetConfiguresWhatTheRenderDrew() throws {
    let cases = try Self.cases()
    #expect(cases.count > 50)
    let (recorded, views) = try Self.recordings(cases)
    #expect(recorded.count == cases.count, "ran \(recorded.count) of \(cases.count)")
    #expect(views.count == cases.count, "ran \(views.count) SwiftUI views of \(cases.count)")
    for (index, item) in cases.enumerated() {
      for theme in [Theme.light, .dark] {
        let job = RenderJob(
          design: item.design, variant: item.variant, device: .iphone15, theme: theme, locale: item.locale)
        let scene = Renderer().scene(for: job)
        if let config = recorded[index] {
          check(
            config, against: scene, theme: theme, tint: item.site.tint, name: "\(item.name) \(theme) UIKit",
            actions: item.actions)
        }
        if let view = views[index] {
          check(
            Self.configuration(of: view), against: scene, theme: theme, tint: item.site.tint,
            name: "\(item.name) \(theme) SwiftUI", unexpressed: item.swiftUIUnexpressed, actions: item.actions)
        }
      }
    }
  }

  /// A recorded SwiftUI view tree as the UIKit recording's shape, with the
  /// defaults `ContentUnavailableView` is assumed to share with UIKit where the
  /// snippet set nothing; it has no gaps, so none are compared.
  static func configuration(of view: [String: Any]) -> [String: Any] {
    func children(_ node: [String: Any]) -> [[String: Any]] { node["children"] as? [[String: Any]] ?? [] }
    func modifiers(_ node: [String: Any]) -> [String: String] {
      var found: [String: String] = [:]
      for pair in node["modifiers"] as? [[String]] ?? [] where pair.count == 2 { found[pair[0]] = pair[1] }
      return found
    }
    func pair(_ value: String?) -> [String: String]? {
      guard let parts = value?.split(separator: "/"), parts.count == 2 else { return nil }
      return ["light": String(parts[0]), "dark": String(parts[1])]
    }
    func font(_ value: String?) -> [String: Any]? {
      guard let parts = value?.split(separator: "|", omittingEmptySubsequences: false), parts.count == 3 else {
        return nil
      }
      var font: [String: Any] = [:]
      if !parts[0].isEmpty { font["style"] = String(parts[0]) }
      if let size = Double(parts[1]) { font["size"] = size }
      if !parts[2].isEmpty { font["weight"] = String(parts[2]) }
      return font
    }
    func system(_ color: SemanticColor) -> [String: String] {
      ["light": hex(color.resolved(in: .light)), "dark": hex(color.resolved(in: .dark))]
    }
    var config: [String: Any] = [:]
    let root = modifiers(view)
    if view["kind"] as? String == "progress" {
      config["kind"] = "loading"
      config["secondaryText"] = view["text"]
      config["secondaryFont"] = font(root["font"]) ?? ["style": "subheadline"]
      config["secondaryColor"] = pair(root["foregroundStyle"]) ?? system(.secondaryLabel)
      return config
    }
    let parts = children(view)
    func descendants(_ node: [String: Any]) -> [[String: Any]] { children(node).flatMap { [$0] + descendants($0) } }
    let label = parts.first { $0["kind"] as? String == "label" }.map(descendants) ?? []
    // A spinner as the label's image: a loading screen with a title.
    let loading = label.contains { $0["kind"] as? String == "progress" }
    config["kind"] = loading ? "loading" : "empty"
    if let title = label.first(where: { $0["kind"] as? String == "text" }) {
      config["text"] = title["text"]
      config["textFont"] = font(modifiers(title)["font"]) ?? ["style": "title2", "weight": "bold"]
      config["textColor"] = pair(modifiers(title)["foregroundStyle"]) ?? system(.label)
    }
    if !loading, let image = label.first(where: { $0["kind"] as? String == "image" }) {
      let marks = modifiers(image)
      var name = image["detail"] as? String ?? ""
      if marks["renderingMode"] == "template" { name = name.replacingOccurrences(of: "asset:", with: "template:") }
      config["image"] = ["light": name, "dark": name]
      config["imageTint"] = pair(marks["foregroundStyle"])
      if let size = font(marks["font"])?["size"] as? Double { config["symbolPointSize"] = size }
      if let frame = marks["frame"]?.split(separator: "x").compactMap({ Double($0) }), frame.count == 2 {
        config["maximumSize"] = frame
      }
    }
    let description = parts.first { $0["kind"] as? String == "description" }.map(descendants) ?? []
    if let message = description.first(where: { $0["kind"] as? String == "text" }) {
      config["secondaryText"] = message["text"]
      config["secondaryFont"] = font(modifiers(message)["font"]) ?? ["style": "subheadline"]
      config["secondaryColor"] = pair(modifiers(message)["foregroundStyle"]) ?? system(.secondaryLabel)
    }
    let actions = parts.first { $0["kind"] as? String == "actions" }.map(children) ?? []
    config["buttons"] = actions.filter { $0["kind"] as? String == "button" }.map { button -> [String: Any] in
      let marks = modifiers(button)
      let inner = descendants(button)
      let texts = inner.filter { $0["kind"] as? String == "text" }
      var found: [String: Any] = [
        "title": texts.first { $0["kind"] as? String == "text" }?["text"] as? String ?? "",
        "size": marks["controlSize"].map { $0 == "regular" ? "medium" : $0 } ?? "small",
        "role": button["detail"] as? String ?? "normal",
        "action": button["runs"] as? String ?? "",
      ]
      switch marks["buttonStyle"] {
      case "borderedProminent": found["style"] = "filled"
      case "borderless": found["style"] = "plain"
      default: found["style"] = "bordered"
      }
      if let image = inner.first(where: { $0["kind"] as? String == "image" }) {
        let name = image["detail"] as? String ?? ""
        found["image"] = ["light": name, "dark": name]
      }
      if let tint = pair(marks["tint"]) { found["background"] = tint }
      if let foreground = pair(marks["foregroundStyle"]) { found["foreground"] = foreground }
      if let radius = marks["buttonBorderShape"].flatMap(Double.init) { found["cornerRadius"] = radius }
      if let font = font(marks["font"]) { found["font"] = font }
      return found
    }
    if let background = pair(root["background"]) { config["background"] = background }
    if let title = root["navigationTitle"] { config["navigationTitle"] = title }
    config["largeTitle"] = root["navigationBarTitleDisplayMode"] == "large"
    return config
  }

  /// `unexpressed`: the keys the snippet lists as beyond its API, left uncompared.
  /// `actions`: each button's action, which its tap must run (and no other).
  func check(
    _ config: [String: Any], against scene: Scene, theme: Theme, tint appTint: ColorValue?, name: String,
    unexpressed: Set<String> = [], actions: [String]
  ) {
    let style = theme == .dark ? "dark" : "light"
    func color(_ value: Any?) -> String? { (value as? [String: Any])?[style] as? String }
    let hidden = Set(scene.allNodes.flatMap { $0.hiddenParts.map(\.id) })
    // Texts, fonts and colours.
    for (id, textKey, fontKey, colorKey) in [
      ("title", "text", "textFont", "textColor"), ("message", "secondaryText", "secondaryFont", "secondaryColor"),
    ] where !hidden.contains(id) {
      let block = Self.text(scene.node(withID: id))
      let written = config[textKey] as? String
      #expect(
        (block?.hasText ?? false) == !(written ?? "").isEmpty,
        "\(name): \(id) drawn \(block?.texts ?? []), code \(written ?? "nil")")
      guard let block, let written, !written.isEmpty else { continue }
      #expect(Self.words(block.texts.joined()) == Self.words(written), "\(name): \(id) text")
      if let font = Self.drawn(config[fontKey] as? [String: Any]) {
        #expect(
          abs(block.fontSize - font.size) < 0.01 && block.weight.rawValue == font.weight,
          "\(name): \(id) font \(block.fontSize) \(block.weight) vs \(font)")
      }
      #expect(Self.hex(block.color) == color(config[colorKey]), "\(name): \(id) colour")
      if config["alignment"] as? String == "natural" {
        #expect(block.alignment == .leading, "\(name): \(id) alignment")
      }
    }
    // The image, its tint and size.
    let imageNode = scene.node(withID: "image")
    let image = color(config["image"])
    if !hidden.contains("image"), config["kind"] as? String != "loading", !unexpressed.contains("image") {
      let tint = color(config["imageTint"]) ?? Self.hex(SemanticColor.secondaryLabel.resolved(in: theme))
      switch imageNode?.content {
      case .symbolImage(let symbol, let drawn, _)?:
        #expect(image == "symbol:" + symbol.rawValue, "\(name): symbol \(symbol) vs \(image ?? "nil")")
        #expect(Self.hex(drawn) == tint, "\(name): symbol tint")
        // The point size UIKit is given, drawn in SF's box for it.
        let side = ((config["symbolPointSize"] as? Double) ?? 48) * ContentUnavailableStyle.symbolBoxScale
        #expect(abs((imageNode?.frame.width ?? 0) - side) < 0.01, "\(name): symbol size")
      case .templateImage(let path, let drawn)?:
        #expect(image == "template:" + Self.stem(path), "\(name): template image")
        #expect(Self.hex(drawn) == tint, "\(name): template tint")
      case .image(.asset(let path))?:
        #expect(image == "asset:" + Self.stem(path), "\(name): asset image")
      case nil:
        #expect(image == nil, "\(name): the code shows \(image ?? "") the render does not")
      default:
        Issue.record("\(name): an image the modern layout does not draw")
      }
      if let maximum = config["maximumSize"] as? [Double], let frame = imageNode?.frame {
        #expect(frame.width == maximum[0] && frame.height == maximum[1], "\(name): image size")
      }
    }
    // The gaps between what is drawn.
    if let paddings = config["paddings"] as? [Double] {
      let order = ["image", "title", "message", "button", "secondary-button"].filter {
        scene.node(withID: $0) != nil && !hidden.contains($0)
          && !(($0 == "title" || $0 == "message") && !(Self.text(scene.node(withID: $0))?.hasText ?? false))
      }
      let gap = ["image": 0, "title": 0, "message": 1, "button": 2, "secondary-button": 3]
      // UIKit measures a gap to a plain button's title, inside its frame (`_alignmentInsetsForView:`).
      func inset(_ id: String) -> Double {
        guard case .button(let face)? = scene.node(withID: id)?.content, face.fill.alpha == 0,
          let size = face.controlSize
        else { return 0 }
        return size.metrics.vertical
      }
      for (above, below) in zip(order, order.dropFirst()) {
        guard let a = scene.node(withID: above)?.frame, let b = scene.node(withID: below)?.frame else { continue }
        let expected =
          below == "title" || (below == "message" && above == "image") ? paddings[0] : paddings[gap[below] ?? 0]
        let drawn = (b.minY + inset(below)) - (a.maxY - inset(above))
        #expect(abs(drawn - expected) < 0.01, "\(name): \(above) → \(below) \(drawn) vs \(expected)")
      }
    }
    // Each button.
    let buttons = (config["buttons"] as? [[String: Any]]) ?? []
    let tint = ColorValue.semantic(.tintColor).resolved(in: theme, tint: appTint)
    for (index, id) in ["button", "secondary-button"].enumerated() where !hidden.contains(id) {
      let node = scene.node(withID: id)
      #expect(
        (node != nil) == (index < buttons.count),
        "\(name): \(id) drawn \(node != nil), in code \(index < buttons.count)")
      guard let node, index < buttons.count, case .button(let face) = node.content else { continue }
      let button = buttons[index]
      #expect(
        Self.words(face.title.texts.joined()) == Self.words(button["title"] as? String ?? ""), "\(name): \(id) title")
      #expect(
        index < actions.count && button["action"] as? String == actions[index],
        "\(name): \(id) runs \(button["action"] ?? "nothing"), not its own action")
      let size = ControlSize(rawValue: button["size"] as? String ?? "")
      if let drawnSize = face.controlSize {
        #expect(drawnSize == size, "\(name): \(id) size \(drawnSize) vs \(size as Any)")
      }
      let metrics = (size ?? .small).metrics
      #expect(
        face.cornerRadius == (button["cornerRadius"] as? Double ?? metrics.cornerRadius), "\(name): \(id) corners")
      let destructive = button["role"] as? String == "destructive"
      let accent = destructive ? SemanticColor.systemRed.resolved(in: theme) : tint
      let filled = button["style"] as? String == "filled"
      let foreground = color(button["foreground"]) ?? Self.hex(filled ? .white : accent)
      #expect(Self.hex(face.title.color) == foreground, "\(name): \(id) title colour")
      if filled {
        #expect(Self.hex(face.fill) == (color(button["background"]) ?? Self.hex(accent)), "\(name): \(id) fill")
      }
      if button["style"] as? String == "plain", button["background"] == nil || button["background"] is NSNull {
        #expect(face.fill.alpha == 0, "\(name): \(id) plain fill")
      }
      let font =
        // UIKit's title is regular in every style (`UIButton.Configuration`; semibold only for the primary role).
        Self.drawn(button["font"] as? [String: Any]) ?? (metrics.font.pointSize(at: .large), "regular")
      #expect(
        abs(face.title.fontSize - font.size) < 0.01 && face.title.weight.rawValue == font.weight, "\(name): \(id) font")
      let symbol = node.children.first { $0.id == id + "-symbol" }
      if case .symbolImage(let drawn, _, _)? = symbol?.content {
        #expect(color(button["image"]) == "symbol:" + drawn.rawValue, "\(name): \(id) symbol")
      } else {
        #expect(button["image"] == nil || button["image"] is NSNull, "\(name): \(id) symbol in code only")
      }
    }
    // The host's title.
    if let title = config["navigationTitle"] as? String {
      let id = (config["largeTitle"] as? Bool) == true ? "navigation-large-title" : "navigation-title"
      // A bar's title is one line, cut where it does not fit: what is drawn begins the title.
      let drawn = Self.words(Self.text(scene.node(withID: id))?.texts.joined() ?? "").replacingOccurrences(
        of: "…", with: "")
      #expect(!drawn.isEmpty && Self.words(title).hasPrefix(drawn), "\(name): navigation title")
    }
    if let background = color(config["background"]) {
      #expect(Self.hex(scene.background) == background, "\(name): background")
    }
  }

  static func stem(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.split(separator: ".").dropLast().joined(separator: ".")
  }
}

/// `blankslate export swift`: the app uses the definitions as they are.
@Suite("Swift export", .serialized)
struct SwiftExportTests {
  /// The sites every export test reads, each with its folder (nil: removed once loaded, so no images).
  static func sites() throws -> [(site: SiteDefinition, root: String?)] {
    var sites: [(SiteDefinition, String?)] = [(try Repository.bundledSite(), Repository.site.path)]
    // The hand-off site is a team's: two buttons of other roles, a query in four languages, loading
    // titles, translations missing, the team's own colours and images.
    for folder in ["Tests/HeldBack", "Tests/FidelitySite", "Tests/HandOffSite"] {
      let root = Repository.root.appending(path: folder)
      sites.append((try SiteLoader(root: root, displayRoot: folder).load(), root.path))
    }
    let sample = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: sample) }
    _ = try SiteScaffold.create(at: sample)
    sites.append((try SiteLoader(root: sample.appending(path: "Site"), displayRoot: "Site").load(), nil))
    // Texts that try to end a comment or a literal, and ids that are Swift's keywords or the code's own names.
    for hostile in [try ExportHardeningTests.hostileSite(), try ExportHardeningTests.namingSite()] {
      defer { hostile.remove() }
      sites.append((try hostile.load(), nil))
    }
    return sites.filter { site, _ in site.designs.contains { $0.layout == .contentUnavailable } }
  }

  /// A file of the export, as text.
  static func text(_ files: [SwiftExport.File], _ name: String) throws -> String {
    String(decoding: try #require(files.first { $0.name == name }).bytes, as: UTF8.self)
  }

  /// The exported catalogs as the recording's globals: the String Catalog
  /// (`catalog`), the colour sets (`assetColors`) and the image sets (`assetImages`).
  static func catalogsSource(_ files: [SwiftExport.File]) throws -> String {
    let strings = try #require(
      try JSONSerialization.jsonObject(with: Data(try text(files, SwiftExport.catalogFile).utf8)) as? [String: Any])
    var out = "catalog = [\n"
    for (key, entry) in (strings["strings"] as? [String: [String: Any]] ?? [:]).sorted(by: { $0.key < $1.key }) {
      let localizations = entry["localizations"] as? [String: [String: Any]] ?? [:]
      let values = localizations.compactMap { locale, localization -> String? in
        guard let value = (localization["stringUnit"] as? [String: Any])?["value"] as? String else { return nil }
        return "\(SwiftSource.literal(locale)): \(SwiftSource.literal(value))"
      }
      out += "  \(SwiftSource.literal(key)): [\(values.isEmpty ? ":" : values.joined(separator: ", "))],\n"
    }
    out += "]\n"
    for file in files where file.name.hasSuffix(".colorset/Contents.json") {
      let name = String(file.name.split(separator: "/").dropLast().last?.dropLast(".colorset".count) ?? "")
      let set = try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any])
      var byAppearance: [String: String] = [:]
      for color in set["colors"] as? [[String: Any]] ?? [] {
        let components = (color["color"] as? [String: Any])?["components"] as? [String: String] ?? [:]
        let alpha = Int(((Double(components["alpha"] ?? "1") ?? 1) * 255).rounded())
        let hex = ["red", "green", "blue"].map { (components[$0] ?? "0x00").dropFirst(2) }.joined()
        let dark = (color["appearances"] as? [[String: String]])?.contains { $0["value"] == "dark" } ?? false
        byAppearance[dark ? "dark" : "any"] = "#" + hex + String(format: "%02X", alpha)
      }
      let light = try #require(byAppearance["any"], "\(file.name)")
      out +=
        "assetColors[\(SwiftSource.literal(name))] = UIColor(light: \"\(light)\", dark: \"\(byAppearance["dark"] ?? light)\")\n"
    }
    for file in files where file.name.hasSuffix(".imageset/Contents.json") {
      let name = String(file.name.split(separator: "/").dropLast().last?.dropLast(".imageset".count) ?? "")
      out += "assetImages.insert(\(SwiftSource.literal(name)))\n"
    }
    return out
  }

  /// The exported Swift compiles against the recording UIKit and SwiftUI,
  /// with its String Catalog and asset catalog read as Foundation and UIKit
  /// would read them; each value, run in each language the app ships, configures what its
  /// render drew there; each button runs its own action; every preview builds and runs.
  @Test func theExportCompilesAndEachValueIsItsRender() throws {
    for (site, root) in try Self.sites() {
      let files = try SwiftExport.files(for: site, root: root)
      let swift = try Self.text(files, SwiftExport.swiftFile)
      let entries = SwiftExport.entries(of: site)
      #expect(swift.components(separatedBy: "  #Preview(").count - 1 >= entries.count * 4, "\(site.title)")
      #expect(swift.contains("@available(iOS 17.0, *)\npublic struct PlaceholderSample"), "\(site.title)")
      let source = SwiftExport.sourceLanguage(of: site)
      let locales = site.locales.filter { !PseudoLocale.isPseudo($0) }
      var main = "appTint = \(CodeHandOffProofTests.swift(site.tint))\n" + (try Self.catalogsSource(files))
      main += "MainActor.assumeIsolated {\n"
      var names: [String: (entry: SwiftExport.Entry, actions: [String])] = [:]
      for locale in locales {
        main += CodeHandOffProofTests.systemWords(in: locale) + "Locale.current = Locale(identifier: \"\(locale)\")\n"
        for (index, entry) in entries.enumerated() {
          let actions = ModernHandOff(
            properties: entry.variant.properties, state: entry.variant.state(in: entry.design.layout), locale: source
          ).actionNames
          names["\(locale)|\(index)"] = (entry, actions)
          let closures = actions.map { "\($0): { ranAction = \"\($0)\" }" }.joined(separator: ", ")
          let arguments =
            (actions.isEmpty ? "" : "actions: .init(\(closures)), ") + "locale: Locale(identifier: \"\(locale)\")"
          let value = SwiftExport.sample(entry, source: source, locale: locale)
          main += "  do {\n    let controller = UIViewController()\n"
          main += "    controller.contentUnavailableConfiguration = \(value).configuration(\(arguments))\n"
          main += "    print(\"\(locale)|\(index)\\t\" + record(controller))\n"
          main += "    print(\"s\(locale)|\(index)\\t\" + record(\(value).view(\(arguments)).recorded))\n  }\n"
        }
      }
      main += "}\n"
      // The app's imports are the recording modules' own files here, compiled into one module
      // with the export, whose access levels then say nothing; the previews run in main.
      let parts = swift.components(separatedBy: "\n#if DEBUG\n")
      let exported = parts[0].split(separator: "\n", omittingEmptySubsequences: false).filter {
        !$0.hasPrefix("import ")
      }.map { line in
        // Declarations only, never a text that says "public ".
        let body = line.drop { $0 == " " }
        return body.hasPrefix("public ") ? line.prefix(line.count - body.count) + body.dropFirst(7) : line
      }.joined(separator: "\n")
      if parts.count == 2 {
        main += "MainActor.assumeIsolated {\n"
        // A preview of a view controller is UIKit's; the others are SwiftUI views.
        main += parts[1].replacingOccurrences(of: "#endif\n", with: "").replacing(
          #/#Preview\(("[^\n]* · UIKit")\)/#, with: { "previewUIKit(\($0.output.1))" }
        ).replacingOccurrences(of: "#Preview(", with: "preview(")
        main += "}\nprint(\"previews ran\")\n"
      }
      guard
        let lines = try CodeHandOffProofTests.compileAndRun(
          [("Placeholders.swift", exported), ("main.swift", main)], what: "\(site.title)'s export")
      else { continue }
      #expect(entries.isEmpty || lines.contains("previews ran"), "\(site.title): the previews did not all run")
      var uiKit: [String: [String: Any]] = [:]
      var views: [String: [String: Any]] = [:]
      for line in lines {
        let parts = line.split(separator: "\t", maxSplits: 1)
        guard parts.count == 2,
          let object = try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any]
        else { continue }
        if parts[0].hasPrefix("s") {
          views[String(parts[0].dropFirst())] = object
        } else {
          uiKit[String(parts[0])] = object
        }
      }
      #expect(uiKit.count == names.count && views.count == names.count, "\(site.title)")
      let proof = CodeHandOffProofTests()
      for (id, (entry, actions)) in names.sorted(by: { $0.key < $1.key }) {
        let locale = String(id.split(separator: "|")[0])
        for theme in [Theme.light, .dark] {
          let scene = Renderer().scene(
            for: RenderJob(
              design: entry.design, variant: entry.variant, device: .iphone15, theme: theme, locale: locale))
          let name = "export \(entry.key) \(locale) \(theme)"
          let snippets = CodeHandOff.snippets(for: entry.design, variant: entry.variant, locale: locale)
          func unexpressed(_ label: String) -> Set<String> {
            Set(
              snippets.first { $0.label == label }?.unexpressed.compactMap {
                $0.split(separator: "`").first.map(String.init)
              } ?? [])
          }
          if var config = uiKit[id] {
            // The host's title is the app's: the exported configuration does not set it.
            config["navigationTitle"] = nil
            proof.check(
              config, against: scene, theme: theme, tint: site.tint, name: name + " UIKit",
              unexpressed: unexpressed("UIKit"), actions: actions)
          }
          if let view = views[id] {
            let unexpressed = unexpressed("SwiftUI")
            var config = CodeHandOffProofTests.configuration(of: view)
            config["navigationTitle"] = nil
            proof.check(
              config, against: scene, theme: theme, tint: site.tint, name: name + " SwiftUI",
              unexpressed: unexpressed, actions: actions)
          }
        }
      }
    }
  }

  /// The String Catalog is Xcode's format: every key in the source
  /// language, and in another locale only a translation, `translated`, equal
  /// to the text the render draws there.
  @Test func theCatalogHoldsEveryTextTheSiteTranslates() throws {
    for (site, root) in try Self.sites() {
      let source = site.locales.contains("en") ? "en" : site.locales[0]
      let files = try SwiftExport.files(for: site, root: root)
      let text = try Self.text(files, SwiftExport.catalogFile)
      let catalog = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      #expect(catalog["version"] as? String == "1.0")
      // Every key the Swift asks for is in the catalog.
      let swift = try Self.text(files, SwiftExport.swiftFile)
      let asked = swift.matches(of: #/placeholderText\("([^"]+)"/#).map { String($0.output.1) }
      #expect(!asked.isEmpty || SwiftExport.entries(of: site).isEmpty, "\(site.title)")
      let held = Set((catalog["strings"] as? [String: Any] ?? [:]).keys)
      let missing = Set(asked).subtracting(held).sorted()
      #expect(missing.isEmpty, "\(site.title): \(missing.prefix(8))")
      #expect(catalog["sourceLanguage"] as? String == (site.locales.contains("en") ? "en" : site.locales[0]))
      let strings = try #require(catalog["strings"] as? [String: [String: Any]])
      for (key, entry) in strings {
        #expect(entry["comment"] is String && entry["extractionState"] as? String == "manual", "\(key)")
        let localizations = try #require(entry["localizations"] as? [String: [String: Any]], "\(key)")
        #expect(localizations[source] != nil, "\(key)")
        #expect(Set(localizations.keys).isSubset(of: Set(site.locales.filter { !PseudoLocale.isPseudo($0) })), "\(key)")
        for (locale, localization) in localizations {
          let unit = localization["stringUnit"] as? [String: Any]
          #expect(unit?["state"] as? String == "translated" && unit?["value"] is String, "\(key) \(locale)")
        }
      }
      // Every title, message and button title the renders draw has its key; in the source
      // language and wherever the catalog translates it, its value is the text drawn.
      for design in site.designs where design.layout == .contentUnavailable {
        for variant in design.variants where variant.state(in: design.layout) != .hasData {
          for locale in site.locales {
            let scene = Renderer().scene(
              for: RenderJob(design: design, variant: variant, device: .iphone15, theme: .light, locale: locale))
            for (id, role) in [
              ("title", "title"), ("message", "message"), ("button", "button"),
              ("secondary-button", "secondaryButton"),
            ] {
              guard let block = CodeHandOffProofTests.text(scene.node(withID: id)), block.hasText else { continue }
              let key = "\(design.id).\(variant.id).\(role)"
              #expect(strings[key] != nil, "\(key)")
              let value =
                ((strings[key]?["localizations"] as? [String: [String: Any]])?[locale]?["stringUnit"]
                as? [String: Any])?["value"] as? String
              guard let value else {
                #expect(locale != source, "\(key) has no \(locale) text")
                continue
              }
              // A searched text is the format's argument where the source language's text is a format
              // (the Swift passes the query): the sample query is never in it, and a text that is no
              // format in the source language is none in any other (it would be given no argument).
              let query = variant.properties.query?.resolved(in: locale) ?? ""
              let sourceValue =
                ((strings[key]?["localizations"] as? [String: [String: Any]])?[source]?["stringUnit"]
                as? [String: Any])?["value"] as? String ?? ""
              if sourceValue.contains("%@") {
                #expect(query.isEmpty || !value.contains(query), "\(key) \(locale) holds the sample query: \(value)")
              } else {
                #expect(!value.contains("%@"), "\(key) \(locale) is a format its Swift gives no argument: \(value)")
              }
              let filled = value.replacingOccurrences(of: "%@", with: query).replacingOccurrences(of: "%%", with: "%")
              #expect(
                CodeHandOffProofTests.words(filled) == CodeHandOffProofTests.words(block.texts.joined()),
                "\(key) \(locale)")
            }
          }
        }
      }
    }
  }

  /// The String Catalog and every `Contents.json` of the asset catalog of
  /// every test site's export are valid against schemas written from Apple's
  /// documentation of the two formats (`Tests/HandOffSchemas`, each citing its
  /// source), and every colour and image the Swift names is in the asset catalog.
  @Test(
    .enabled(if: JSONSchemaValidator.runs, "python3-jsonschema is not installed (apt-get install python3-jsonschema)"))
  func theCatalogsAreApplesFormats() throws {
    let schemas = Repository.root.appending(path: "Tests/HandOffSchemas")
    let strings = Array(try Data(contentsOf: schemas.appending(path: "xcstrings.schema.json")))
    let contents = Array(try Data(contentsOf: schemas.appending(path: "xcassets-contents.schema.json")))
    var catalogs: [String] = []
    var assetFiles: [(String, String)] = []
    for (site, root) in try Self.sites() {
      let files = try SwiftExport.files(for: site, root: root)
      catalogs.append(try Self.text(files, SwiftExport.catalogFile))
      for file in files where file.name.hasSuffix("Contents.json") {
        assetFiles.append((file.name, String(decoding: file.bytes, as: UTF8.self)))
      }
      // Every set the Swift names is in the catalog, and every set in the catalog is named.
      let swift = try Self.text(files, SwiftExport.swiftFile)
      let named = Set(
        swift.matches(
          of: #/(?:UIColor\(named: |UIImage\(named: |Color\(|Image\()"([^"]+)", (?:in|bundle): placeholderBundle/#
        )
        .map { String($0.output.1) })
      let sets = Set(
        files.compactMap { file -> String? in
          let parts = file.name.split(separator: "/")
          guard parts.count == 4, parts[3] == "Contents.json" else { return nil }
          return String(parts[2].split(separator: ".")[0])
        })
      #expect(named == sets, "\(site.title): named \(named.sorted()), catalog \(sets.sorted())")
    }
    #expect(assetFiles.count > 6, "the test sites' exports write colour and image sets")
    // The schemas refuse what Xcode would not read: a state it does not know, a component past 1.
    let wrongCatalog =
      #"{"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": "#
      + #"{"ja": {"stringUnit": {"state": "finished", "value": "x"}}}}}}"#
    #expect(try JSONSchemaValidator.refusals(of: [wrongCatalog], schemaBytes: strings).count == 1)
    let wrongColor =
      #"{"info": {"author": "a", "version": 1}, "colors": [{"idiom": "universal", "color": "#
      + #"{"color-space": "srgb", "components": {"red": "2.0", "green": "0", "blue": "0", "alpha": "1"}}}]}"#
    #expect(try JSONSchemaValidator.refusals(of: [wrongColor], schemaBytes: contents).count == 1)
    for (index, problem) in try JSONSchemaValidator.refusals(of: catalogs, schemaBytes: strings) {
      Issue.record("String Catalog \(index): \(problem)")
    }
    for (index, problem) in try JSONSchemaValidator.refusals(of: assetFiles.map(\.1), schemaBytes: contents) {
      Issue.record("\(assetFiles[index].0): \(problem)")
    }
  }

  /// A translation the site lacks is not exported as finished: a text with
  /// no `ja` has no `ja` entry, a plain string is the source language's
  /// alone, the state's own words count where the tool has them, and a
  /// pseudo-locale is never one of the app's languages.
  @Test func aLocaleWithoutATranslationHasNoEntry() throws {
    let site = try TemporarySite(
      siteJSON: #"{ "locales": ["en", "de", "ja", "en-XA"] }"#,
      placeholders: [
        "orders.json": #"""
        { "layout": "content-unavailable", "variants": [
          { "id": "empty", "title": { "en": "No Orders", "de": "Keine Bestellungen" }, "message": "Order something." },
          { "id": "offline", "state": "offline" },
          { "id": "loading", "state": "loading", "title": { "en": "Finding Orders", "ja": "注文を検索中" } } ] }
        """#
      ])
    defer { site.remove() }
    let text = try Self.text(try SwiftExport.files(for: try site.load(), root: nil), SwiftExport.catalogFile)
    let catalog = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let strings = try #require(catalog["strings"] as? [String: [String: Any]])
    func locales(_ key: String) -> Set<String> {
      Set(((strings[key]?["localizations"]) as? [String: Any] ?? [:]).keys)
    }
    #expect(locales("orders.empty.title") == ["en", "de"])
    #expect(locales("orders.empty.message") == ["en"])
    // The offline state's words: the tool has them in German and Japanese.
    #expect(locales("orders.offline.title") == ["en", "de", "ja"])
    let states = strings.values.flatMap { entry in
      ((entry["localizations"] as? [String: [String: Any]]) ?? [:]).values.compactMap {
        ($0["stringUnit"] as? [String: Any])?["state"] as? String
      }
    }
    #expect(!states.isEmpty && states.allSatisfy { $0 == "translated" })
    #expect(locales("orders.loading.title") == ["en", "ja"])
    #expect(!text.contains("en-XA"))
  }

  @Test func theSameDefinitionsGiveTheSameBytesAndCheckSaysWhenTheyAreStale() throws {
    let site = try TemporarySite(placeholders: [
      "a.json": #"{"layout": "content-unavailable", "title": "One", "variants": [{"id": "x"}]}"#
    ])
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let first = CommandRunner.run(["export", "swift", "--site", site.root.path, "--output", output.path])
    #expect(first.status == 0, "\(first.error)")
    let written = try Data(contentsOf: output.appending(path: SwiftExport.swiftFile))
    #expect(CommandRunner.run(["export", "swift", "--site", site.root.path, "--output", output.path]).status == 0)
    #expect(try Data(contentsOf: output.appending(path: SwiftExport.swiftFile)) == written)
    #expect(
      CommandRunner.run(["export", "swift", "--site", site.root.path, "--output", output.path, "--check"]).status
        == 0)
    try Data(#"{"layout": "content-unavailable", "title": "Two", "variants": [{"id": "x"}]}"#.utf8).write(
      to: site.root.appending(path: "placeholders/a.json"))
    let stale = CommandRunner.run(["export", "swift", "--site", site.root.path, "--output", output.path, "--check"])
    #expect(stale.status == 1 && stale.error.contains("stale"), "\(stale.error)")
    #expect(try Data(contentsOf: output.appending(path: SwiftExport.swiftFile)) == written)
  }

  /// The asset catalog is the export's own: a set it no longer writes is stale for `--check` and
  /// removed by the next export; a link put inside it is removed, never followed.
  @Test func aSetTheExportNoLongerWritesIsStaleAndGoes() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let site = Repository.root.appending(path: "Tests/HandOffSite").path
    let first = CommandRunner.run(["export", "swift", "--site", site, "--output", output.path])
    #expect(first.status == 0, "\(first.error)")
    let catalog = output.appending(path: SwiftExport.assetCatalog)
    let stray = catalog.appending(path: "Colors/Gone.colorset")
    try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: stray.appending(path: "Contents.json"))
    let outside = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: outside) }
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: outside.appending(path: "kept.txt"))
    try FileManager.default.createSymbolicLink(
      at: catalog.appending(path: "Images/Elsewhere"), withDestinationURL: outside)
    let check = CommandRunner.run(["export", "swift", "--site", site, "--output", output.path, "--check"])
    #expect(check.status == 1, "\(check.error)")
    #expect(check.error.contains("Colors/Gone.colorset/Contents.json") && check.error.contains("Images/Elsewhere"))
    #expect(CommandRunner.run(["export", "swift", "--site", site, "--output", output.path]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: stray.path))
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: catalog.appending(path: "Images/Elsewhere").path))
        == nil)
    #expect(try String(contentsOf: outside.appending(path: "kept.txt"), encoding: .utf8) == "keep")
    #expect(CommandRunner.run(["export", "swift", "--site", site, "--output", output.path, "--check"]).status == 0)
  }

  @Test(arguments: [("favourites-empty", "FavouritesEmpty"), ("default", "`default`"), ("3d-view", "_3dView")])
  func idsBecomeSwiftNames(id: String, name: String) {
    let upper = id != "default"
    #expect(SwiftSource.identifier(id, upper: upper) == name)
  }
}
