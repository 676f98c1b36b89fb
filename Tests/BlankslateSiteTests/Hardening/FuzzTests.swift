@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// Property-based tests with a fixed seed: random definitions either build
/// into output libxml2 accepts or are refused with exit 2 and a located
/// message; random and mutated SVG either sanitises into clean SVG or is
/// refused. Never a crash, never invalid output. `fuzz/run.sh` runs longer.
@Suite("Fuzzing", .serialized)
struct FuzzTests {
  /// Strings that have broken parsers and renderers before.
  static let fragments: [String] = [
    "暂无数据", "貌似出了点差错", "No data", "<script>alert(1)</script>", "]]>", "<!--", "&amp;", "&#0;", "\"'", "\\\"",
    "\u{202E}evil\u{202C}", "\u{2066}iso\u{2069}", "e\u{301}\u{302}\u{303}", "👩‍👩‍👧‍👦", "𝒜𝓈𝓉𝓇𝒶𝓁", "\u{1F1E8}\u{1F1F3}",
    "\u{1}", "\u{B}", "\u{FFFE}", "\u{FFFF}", "\u{0}", "\t\n\r", "   ", "", "\u{200B}", "\u{FEFF}", "ﷺ", "ـــ",
    String(repeating: "W", count: 300), String(repeating: "长", count: 120), "a\nb\nc\nd\ne\nf", "%s%n", "{{x}}",
    "{{{x}}}",
  ]

  static let keys = [
    "id", "name", "layout", "tags", "variants", "state", "title", "message", "titleColor", "messageColor", "background",
    "titleFont", "messageFont", "image", "imageSize", "button", "offsetY", "headerHeight", "sections", "scrollEnabled",
    "customView", "loading", "toast", "chrome", "suppress", "mesage", "colour", "",
  ]

  struct Generator {
    var random: SeededRandom

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func string() -> String {
      (0..<Int.random(in: 1...3, using: &random)).map { _ in pick(FuzzTests.fragments) }.joined()
    }

    /// A JSON string literal of `text`, escaped the way a careful writer would (or not).
    mutating func literal(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
          if scalar.value < 0x20 {
            result += String(format: "\\u%04x", scalar.value)
          } else {
            result.unicodeScalars.append(scalar)
          }
        }
      }
      if chance(3) { result += "\\ud800" }  // a lone surrogate
      return result + "\""
    }

    mutating func value(depth: Int) -> String {
      switch Int.random(in: 0..<(depth > 3 ? 6 : 9), using: &random) {
      case 0: return literal(string())
      case 1: return pick(["0", "-1", "17", "1e308", "1e999", "0.5", "-0", "44", "115", "99999999"])
      case 2: return pick(["true", "false", "null"])
      case 3:
        return literal(
          pick(["#00C2A8", "orange", "label", "#12345G", "#FFF", "lightGray", "systemBackground", "#00000000"]))
      case 4:
        return literal(
          pick([
            "builtin:blankpage_6", "builtin:404notfound", "assets/x.svg", "../etc/passwd", "/etc/passwd",
            "builtin:nope",
          ]))
      case 5:
        return "["
          + (0..<Int.random(in: 0...3, using: &random)).map { _ in pick(["0", "2", "200", "-5", "1.5"]) }.joined(
            separator: ", ") + "]"
      case 6:
        return "["
          + (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1) }.joined(separator: ", ")
          + "]"
      default:
        let keys = (0..<Int.random(in: 0...4, using: &random)).map { _ in
          pick([
            "title", "size", "background", "text", "textColor", "zh-Hans", "en", "navigationTitle", "tabBar",
            "contrast", "x",
          ])
        }
        return "{" + Set(keys).sorted().map { literal($0) + ": " + value(depth: depth + 1) }.joined(separator: ", ")
          + "}"
      }
    }

    mutating func design() -> String {
      var members: [String] = []
      if chance(90) {
        members.append("\"layout\": " + literal(pick(["blank-page", "message", "no-network", "table", "grid"])))
      }
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        let key = pick(FuzzTests.keys)
        guard key != "layout", !members.contains(where: { $0.hasPrefix(literal(key)) }) else { continue }
        if key == "variants" {
          let variants = (0..<Int.random(in: 1...3, using: &random)).map { index in
            "{\"id\": " + literal(chance(85) ? "v\(index)" : string())
              + (chance(50) ? ", \"message\": " + literal(string()) : "") + "}"
          }
          members.append("\"variants\": [" + variants.joined(separator: ", ") + "]")
        } else if key == "message" || key == "title" || key == "name", chance(70) {
          members.append(literal(key) + ": " + literal(string()))
        } else {
          members.append(literal(key) + ": " + value(depth: 0))
        }
      }
      var json = "{" + members.joined(separator: ", ") + "}"
      if chance(8) { json = String(json.prefix(Int.random(in: 0...json.count, using: &random))) }  // truncated
      if chance(5) { json += "," }
      return json
    }
  }

  @Test func randomDefinitionsBuildValidOutputOrAreRefusedWithALocation() throws {
    let (seed, iterations) = SeededRandom.fuzzSettings(defaultIterations: 60)
    var generator = Generator(random: SeededRandom(seed: seed))
    var built = 0
    var refused = 0
    for iteration in 0..<iterations {
      var placeholders: [String: String] = [:]
      for index in 0..<Int.random(in: 1...3, using: &generator.random) {
        placeholders["d\(index).json"] = generator.design()
      }
      let locales = generator.pick([#"["en"]"#, #"["zh-Hans", "en"]"#, #"["ar", "en-XA"]"#])
      let site = try TemporarySite(
        siteJSON:
          #"{ "devices": ["\#(generator.pick(["iphone-se", "iphone-15", "ipad-mini"]))"], "themes": ["\#(generator.pick(["light", "dark"]))"], "locales": \#(locales) }"#,
        placeholders: placeholders,
        assets: [
          "assets/x.svg": Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>"#.utf8)
        ])
      defer { site.remove() }
      let output = site.root.deletingLastPathComponent().appending(path: site.root.lastPathComponent + "-out")
      defer { try? FileManager.default.removeItem(at: output) }
      do throws(BuildError) {
        _ = try SiteBuilder(
          options: BuildOptions(siteFolder: site.root, siteDisplay: "Site", output: output, workers: 2)
        )
        .build()
        built += 1
        let report = try? FolderValidator().validate([output.path])
        #expect(report?.issues == [], "seed \(seed) iteration \(iteration): \(placeholders)")
      } catch {
        refused += 1
        #expect(error.exitCode == 2, "seed \(seed) iteration \(iteration): \(error)\n\(placeholders)")
        if case .definitions(let errors) = error {
          for message in errors.errors.map(\.description) {
            #expect(message.hasPrefix("Site/placeholders/") || message.hasPrefix("Site/site.json"), "\(message)")
          }
        }
      }
    }
    // Both outcomes must be exercised, or the generator has drifted.
    #expect(built > 0 && refused > 0, "built \(built), refused \(refused)")
  }

  static let hostileSnippets = [
    "<script>alert(1)</script>", " onload=\"alert(1)\"",
    "<foreignObject><body xmlns=\"http://www.w3.org/1999/xhtml\"/></foreignObject>",
    "<image href=\"http://evil.example/x.png\"/>", "<use href=\"file:///etc/passwd#x\"/>",
    "<style>@import 'http://x';</style>",
    "<a href=\"javascript:alert(1)\"><rect/></a>", "<animate attributeName=\"href\" to=\"javascript:1\"/>",
    "<rect style=\"fill:url(http://x)\"/>", "<!ENTITY x \"y\">", "&x;", "<![CDATA[ <script> ]]>", "<?php ?>",
    "<!-- c -->",
    "<g>", "</g>", "<title>\u{202E}x</title>", "<rect fill=\"url(#ok)\"/>",
    "<svg:rect xmlns:svg=\"http://www.w3.org/2000/svg\"/>",
  ]

  @Test func randomAndMutatedSVGIsCleanedOrRefused() throws {
    // The sanitiser's root keeps only the SVG namespace declaration, which the check below allows.
    let (seed, iterations) = SeededRandom.fuzzSettings(defaultIterations: 400)
    var random = SeededRandom(seed: seed &+ 1)
    let base = Array(
      ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g id="a"><rect width="10" height="10" fill="#0af"/><title>hi</title></g></svg>"##
        .utf8)
    var cleaned = 0
    for iteration in 0..<iterations {
      var bytes = base
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          let snippet = Array(Self.hostileSnippets[Int.random(in: 0..<Self.hostileSnippets.count, using: &random)].utf8)
          bytes.insert(contentsOf: snippet, at: position)
        case 1 where !bytes.isEmpty:
          bytes[min(position, bytes.count - 1)] = UInt8.random(in: 0...255, using: &random)
        case 2 where !bytes.isEmpty:
          bytes.remove(at: min(position, bytes.count - 1))
        default:
          bytes.insert(
            contentsOf: Array(FuzzTests.fragments[Int.random(in: 0..<FuzzTests.fragments.count, using: &random)].utf8),
            at: position)
        }
      }
      do {
        let result = try SVGSanitizer().sanitize(bytes, file: "fuzz.svg")
        cleaned += 1
        // What survived, read structurally: no active element, no event
        // attribute, no reference out of the file (text may say anything).
        try Array(result.svg.utf8).withUnsafeBytes { buffer in
          try StrictXMLParser().withDocument(buffer, file: "clean.svg") { document in
            document.root?.forEachElement { element in
              #expect(
                !["script", "foreignObject", "animate", "set", "iframe"].contains(element.name),
                "seed \(seed) iteration \(iteration)")
              for (name, value) in element.attributes {
                let lower = value.lowercased()
                #expect(!name.lowercased().hasPrefix("on"), "seed \(seed) iteration \(iteration): \(name)")
                #expect(
                  !lower.contains("javascript:") && !lower.contains("http:") && !lower.contains("file:"),
                  "seed \(seed) iteration \(iteration): \(value)")
              }
              if element.name == "style" { #expect(!element.textContent.contains("@import")) }
            }
          }
        }
        #expect(MarkupChecker().check(Array(result.svg.utf8), file: "clean.svg", kind: .xml).issues == [])
      } catch let error as AssetProblem {
        #expect(error.file == "fuzz.svg")
      } catch {
        Issue.record("seed \(seed) iteration \(iteration): the sanitiser's output did not parse: \(error)")
      }
    }
    #expect(cleaned > 0)
  }
}
