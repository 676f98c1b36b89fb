@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSite
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Testing

@Suite("Template engine")
struct TemplateTests {
  func render(_ source: String, _ context: TemplateValue, partials: [String: String] = [:]) throws(TemplateError)
    -> String
  {
    var files = [("page.html", Array(source.utf8))]
    for (name, text) in partials { files.append((name + ".html", Array(text.utf8))) }
    return try TemplateSet(files: files).render("page", context)
  }

  @Test func escapesVariablesByDefault() throws {
    #expect(try render("<p>{{x}}</p>{{{x}}}{{& x}}", ["x": "<b>&"]) == "<p>&lt;b&gt;&amp;</p><b>&<b>&")
  }

  /// Found by the fuzzer: a tag with a quote broke `<option value="{{value}}">`.
  /// In an attribute quotes are escaped; in content they need not be.
  @Test func escapesQuotesInAttributes() throws {
    #expect(
      try render(#"<option value="{{x}}">{{x}}</option>"#, ["x": #"a"b'c"#])
        == #"<option value="a&quot;b&#39;c">a"b'c</option>"#)
    #expect(
      try render(#"<a {{#on}}title="{{x}}"{{/on}}>{{x}}</a>"#, ["x": #"<"#, "on": true]) == #"<a title="&lt;">&lt;</a>"#
    )
  }

  @Test func rendersSectionsOverListsBooleansAndObjects() throws {
    let context: TemplateValue = [
      "items": [["name": "a"], ["name": "b"]], "flag": true, "off": false, "person": ["name": "c"], "title": "T",
    ]
    let source =
      "{{#items}}[{{name}}{{title}}]{{/items}}{{#flag}}yes{{/flag}}{{#off}}no{{/off}}{{^off}}not{{/off}}{{#person}}{{name}}{{/person}}{{person.name}}"
    #expect(try render(source, context) == "[aT][bT]yesnotcc")
  }

  @Test func listsOfStringsUseTheDot() throws {
    #expect(try render("{{#tags}}#{{.}} {{/tags}}", ["tags": ["x", "y"]]) == "#x #y ")
  }

  @Test func standaloneTagsLeaveNoBlankLines() throws {
    let source = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n"
    #expect(try render(source, ["items": ["a", "b"]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
  }

  /// The standalone rule reads characters: `\r\n` is one and no line feed,
  /// a space with a mark on it is no space, and a text between two standalone
  /// tags can lose both ends.
  @Test(arguments: [
    ("a\n  {{#x}}  \nb\n{{/x}}\nc", "a\nb\nc"),
    ("a\r\n{{#x}}\r\nb{{/x}}", "a\r\n\r\nb"),
    ("a\n \u{301}{{#x}}\nb{{/x}}", "a\n \u{301}\nb"),
    ("{{#x}}\n\t{{/x}}\n", ""),
    ("👍🏽\n{{#x}}\n👍🏽{{/x}}", "👍🏽\n👍🏽"),
    ("ü\u{308}\n\t{{! c }}\t\nz", "ü\u{308}\nz"),
  ])
  func standaloneLinesAreCutByCharacters(source: String, expected: String) throws {
    #expect(try render(source, ["x": true]) == expected)
  }

  @Test func includesPartials() throws {
    #expect(try render("<{{> parts/head}}>", ["x": "1"], partials: ["parts/head": "h{{x}}"]) == "<h1>")
  }

  @Test(arguments: [
    ("{{#a}}x", "page.html:1: the section {{#a}} is never closed"),
    ("line\n{{#a}}x{{/b}}", "page.html:2: {{/b}} closes {{#a}} opened on line 2"),
    ("{{x", "page.html:1: a tag opened with {{ is never closed"),
    ("{{> nope}}", "page.html:1: the partial \"nope\" does not exist"),
    ("\n\n{{missing}}", "page.html:3: \"missing\" is not a value this page provides"),
    ("{{list}}", "page.html:1: \"list\" is a list or an object"),
    ("{{=<% %>=}}", "changing delimiters"),
  ])
  func reportsTheTemplateAndLine(source: String, message: String) {
    do {
      _ = try render(source, ["list": ["a"]])
      Issue.record("rendered \(source)")
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func stopsRecursivePartials() {
    #expect(throws: TemplateError.self) { try render("{{> loop}}", [:], partials: ["loop": "{{> loop}}"]) }
  }

  /// Depth is capped, and so is breadth: eleven levels of four partials each
  /// would expand four million times (a 4 MB page in seconds); the page
  /// stops, naming the partial, long before.
  @Test func partialsThatFanOutAreStoppedNamingThePartial() {
    var partials: [String: String] = [:]
    for level in 0..<11 {
      partials["l\(level)"] = level == 10 ? "xyz" : String(repeating: "{{> l\(level + 1)}}", count: 4)
    }
    do {
      _ = try render("{{> l0}}", [:], partials: partials)
      Issue.record("rendered a page of 4^10 partials")
    } catch {
      #expect(error.description.contains("makes the page too large"), "\(error)")
      #expect(error.description.contains("more than \(TemplateRenderer.maximumExpansions) partials"), "\(error)")
      #expect(error.description.contains("the partial \"l"), "\(error)")
    }
    // A wide page of modest partials still renders.
    let wide = TemplateValue.object(["items": .list((0..<5_000).map { .string("\($0)") })])
    #expect(throws: Never.self) {
      try render("{{#items}}{{> item}}{{/items}}", wide, partials: ["item": "<i>{{.}}</i>"])
    }
  }

  @Test func builtInTemplatesCompile() throws {
    let set = try TemplateSet.builtIn()
    #expect(set.staticFiles.map(\.path).contains("gallery.css"))
  }
}

/// A context's fingerprint decides whether a page is made again: equal
/// contexts hash alike whatever order their objects were built in, and any
/// change a page could show changes the hash.
@Suite("Template value fingerprints")
struct TemplateFingerprintTests {
  static func hash(_ value: TemplateValue) -> String {
    var hash = ContentHash()
    value.fingerprint(into: &hash)
    return hash.hex
  }

  static let card: TemplateValue = [
    "name": "Orders", "hasTags": true, "tags": ["a", "b"],
    "variants": [["name": "Empty", "href": "#e"], ["name": "Error", "href": "#f"]],
  ]

  /// Fields behave as a dictionary does, through seeded runs of sets,
  /// replacements, removals and merges (keys that differ in one byte, and
  /// empty, long and non-ASCII ones among them); equality ignores order.
  @Test(arguments: 1...20)
  func fieldsBehaveAsADictionary(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let keys = [
      "", "a", "b", "ab", "ba", "root", "rooT", "title", "pageTitle", "ü", "u\u{308}", "K", "\u{212A}", "Å",
      "\u{212B}", "A\u{30A}", String(repeating: "k", count: 40),
    ]
    var fields = TemplateFields()
    var model: [String: TemplateValue] = [:]
    for step in 0..<200 {
      let key = keys[Int(random.next() % UInt64(keys.count))]
      switch random.next() % 4 {
      case 0, 1:
        let value = TemplateValue.string("\(step)")
        fields[key] = value
        model[key] = value
      case 2:
        fields[key] = nil
        model[key] = nil
      default:
        let other = TemplateFields([(key, .bool(step % 2 == 0)), ("merged", .string("m\(step)"))])
        fields.merge(other) { old, new in step % 3 == 0 ? old : new }
        model.merge(Dictionary(uniqueKeysWithValues: Array(other))) { old, new in step % 3 == 0 ? old : new }
      }
      #expect(fields.count == model.count)
      for key in keys + ["merged", "missing"] { #expect(fields[key] == model[key], "\(key) at step \(step)") }
      #expect(fields == TemplateFields(model))
      #expect(Dictionary(uniqueKeysWithValues: Array(fields)) == model)
    }
    #expect(TemplateFields([("a", "1"), ("b", "2")]) == TemplateFields([("b", "2"), ("a", "1")]))
    #expect(TemplateFields([("a", "1"), ("b", "2")]) != TemplateFields([("a", "1"), ("b", "3")]))
    #expect(TemplateFields([("a", "1"), ("a", "2")]) == ["a": "2"])
  }

  @Test func equalValuesBuiltInAnyOrderHashAlike() {
    var fields = TemplateFields()
    for key in ["variants", "tags", "hasTags", "name"] {
      if case .object(let all) = Self.card { fields[key] = all[key] }
    }
    #expect(Self.hash(.object(fields)) == Self.hash(Self.card))
  }

  @Test(
    arguments: [
      [
        "name": "Orders!", "hasTags": true, "tags": ["a", "b"],
        "variants": [["name": "Empty", "href": "#e"], ["name": "Error", "href": "#f"]],
      ],
      [
        "name": "Orders", "hasTags": false, "tags": ["a", "b"],
        "variants": [["name": "Empty", "href": "#e"], ["name": "Error", "href": "#f"]],
      ],
      [
        "name": "Orders", "hasTags": true, "tags": ["b", "a"],
        "variants": [["name": "Empty", "href": "#e"], ["name": "Error", "href": "#f"]],
      ],
      [
        "name": "Orders", "hasTags": true, "tags": ["a", "b"],
        "variants": [["name": "Empty", "href": "#f"], ["name": "Error", "href": "#e"]],
      ],
      ["name": "Orders", "hasTags": true, "tags": ["a", "b"], "variants": [["name": "Empty", "href": "#e"]]],
      [
        "name": "Orders", "hasTags": true, "tags": ["ab"],
        "variants": [["name": "Empty", "href": "#e"], ["name": "Error", "href": "#f"]],
      ],
      [
        "name": "Orders", "hasTags": true, "tags": ["a", "b"],
        "variants": [["href": "Empty", "name": "#e"], ["name": "Error", "href": "#f"]],
      ],
      [
        "name": "Orders", "hasTags": "true", "tags": ["a", "b"],
        "variants": [["name": "Empty", "href": "#e"], ["name": "Error", "href": "#f"]],
      ],
      [
        "title": "Orders", "hasTags": true, "tags": ["a", "b"],
        "variants": [["name": "Empty", "href": "#e"], ["name": "Error", "href": "#f"]],
      ],
    ] as [TemplateValue])
  func anyChangeChangesTheHash(changed: TemplateValue) {
    #expect(Self.hash(changed) != Self.hash(Self.card))
  }
}
