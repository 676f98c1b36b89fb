@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// `blankslate schema`: made from the decoder's declarations, checked with an
/// independent validator (Python's `jsonschema`, Debian's python3-jsonschema).
@Suite("JSON Schemas of the definition format", .serialized)
struct SchemaTests {
  @Test func theBundledSitesSchemaFilesAreTheCommandsOutput() throws {
    for kind in ["placeholder", "site"] {
      let run = CommandRunner.run(["schema", kind])
      #expect(run.status == 0)
      let saved = try String(
        contentsOf: Repository.site.appending(path: "schema/\(kind).schema.json"), encoding: .utf8)
      #expect(saved == run.output, "Site/schema/\(kind).schema.json is stale: blankslate schema \(kind) > it")
    }
    let unknown = CommandRunner.run(["schema", "placeholders"])
    #expect(unknown.status == 2)
  }

  @Test func readmesPropertyTableIsTheDeclarations() throws {
    let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "<!-- properties:begin (blankslate schema properties) -->\n"))
    let end = try #require(readme.range(of: "<!-- properties:end -->"))
    #expect(
      String(readme[start.upperBound..<end.lowerBound]) == DefinitionSchema.propertyTable,
      "README's property table is stale: paste `blankslate schema properties` between its markers")
  }

  @Test(
    .enabled(if: JSONSchemaValidator.runs, "python3-jsonschema is not installed (apt-get install python3-jsonschema)"))
  func everyBundledFileIsValidAgainstTheEmittedSchema() throws {
    let placeholders = try FileManager.default.contentsOfDirectory(
      at: Repository.site.appending(path: "placeholders"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    #expect(placeholders.count >= 4)
    let texts = try placeholders.map { try String(contentsOf: $0, encoding: .utf8) }
    let refused = try JSONSchemaValidator.refusals(of: texts, schema: DefinitionSchema.placeholder)
    for (index, message) in refused { Issue.record("\(placeholders[index].lastPathComponent): \(message)") }
    let site = try String(contentsOf: Repository.site.appending(path: "site.json"), encoding: .utf8)
    #expect(try JSONSchemaValidator.refusals(of: [site], schema: DefinitionSchema.site).isEmpty)
  }

  /// Files the decoder refuses, each for one reason; the schema must refuse each too.
  static let badPlaceholders = [
    #"{"layout": "content-unavailable", "buttons": [{"title": "a"}, {"title": "b"}, {"title": "c"}]}"#,
    #"{"layout": "content-unavailable", "spacing": {"imageToTitle": -1}}"#,
    #"{"layout": "content-unavailable", "imageTint": "systemPnik"}"#,
    #"{"layout": "content-unavailable", "image": "symbol:heart.slah"}"#,
    #"{"layout": "content-unavailable", "image": "sf:heart"}"#,
    #"{"layout": "blank-page", "title": "Blank pages have no title"}"#,
    #"{"layout": "blank-page", "state": "offline"}"#,
    #"{"layout": "message", "variants": [{"id": "a", "textAlignment": "center"}]}"#,
    ##"{"layout": "table", "messageColor": {"light": "#000"}}"##,
    #"{"layout": "content-unavailable", "titleFont": {"style": "bodyy"}}"#,
    #"{"layout": "content-unavailable", "titleFont": 0}"#,
    #"{"layout": "content-unavailable", "margins": [1, 2, 3]}"#,
    #"{"layout": "content-unavailable", "buttons": [{"title": "a", "style": "outline"}]}"#,
    #"{"layout": "content-unavailable", "message": 12}"#,
    ##"{"layout": "content-unavailable", "messageColor": "#12345"}"##,
    #"{"layout": "content-unavailable", "query": {"": "x"}}"#,
    #"{"layout": "no-network", "sections": []}"#,
    #"{"layout": "content-unavailable", "variants": [{"id": "Bad Id"}]}"#,
    #"{"layout": "spinner"}"#,
    #"{"name": "no layout"}"#,
    #"{"layout": "content-unavailable", "$schema": 3}"#,
    #"{"layout": "content-unavailable", "imageSize": [10]}"#,
    #"{"layout": "content-unavailable", "chrome": {"tabbar": true}}"#,
    #"{"layout": "message", "customView": {"size": [1, 2], "colour": "red"}}"#,
    #"{"layout": "content-unavailable", "suppress": {"contrast": ""}}"#,
    #"{"layout": "content-unavailable", "message": "bell \u0007"}"#,
  ]

  @Test(
    .enabled(if: JSONSchemaValidator.runs, "python3-jsonschema is not installed (apt-get install python3-jsonschema)"))
  func aFileTheDecoderRefusesTheSchemaRefusesToo() throws {
    for (index, text) in Self.badPlaceholders.enumerated() {
      let site = try TemporarySite(placeholders: ["bad.json": text])
      defer { site.remove() }
      #expect(!site.errors().isEmpty, "the decoder accepts bad file \(index): \(text)")
    }
    let refused = try JSONSchemaValidator.refusals(of: Self.badPlaceholders, schema: DefinitionSchema.placeholder)
    for (index, text) in Self.badPlaceholders.enumerated() where refused[index] == nil {
      Issue.record("the schema accepts bad file \(index): \(text)")
    }
    let badSites = [
      #"{"devices": ["iphone-16"]}"#, #"{"locales": ["english"]}"#, #"{"textSizes": ["huge"]}"#,
      #"{"lint": {"contrast": "fatal"}}"#, #"{"limits": {"renders": 0}}"#, #"{"colour": "red"}"#,
    ]
    for text in badSites {
      let site = try TemporarySite(siteJSON: text, placeholders: ["a.json": #"{"layout": "message"}"#])
      defer { site.remove() }
      #expect(!site.errors().isEmpty, "the decoder accepts \(text)")
    }
    let sitesRefused = try JSONSchemaValidator.refusals(of: badSites, schema: DefinitionSchema.site)
    for (index, text) in badSites.enumerated() where sitesRefused[index] == nil {
      Issue.record("the schema accepts bad site.json \(text)")
    }
  }
}
