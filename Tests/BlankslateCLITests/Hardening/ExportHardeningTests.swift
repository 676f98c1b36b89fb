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

/// `export swift` against a hostile definition and a hostile output folder:
/// no text declares Swift, no id gives Swift that does not compile, and the
/// export's files are written only as its own regular files.
@Suite("export swift against hostile input", .serialized)
struct ExportHardeningTests {
  /// Every line terminator and separator Swift, Unicode or an editor knows, and the bidi controls.
  /// (A definition may hold no other C0 control: XML cannot carry them.)
  static let breaks = ["\r", "\r\n", "\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{202E}", "\u{2066}", "\u{200F}"]

  /// A site whose every text tries to end its comment or literal and declare a function.
  static func hostileSite() throws -> TemporarySite {
    func payload(_ name: String, _ index: Int) -> String {
      let cut = breaks[index % breaks.count]
      return "\(name)\(cut)}\(cut)public func pwned\(name)\(index)() {}\(cut)/*\(cut)\"\"\"\\(0)#if X"
    }
    func json(_ text: String) -> String {
      var writer = JSONWriter()
      JSONDocument.string(text).write(to: &writer)
      return String(decoding: writer.bytes, as: UTF8.self)
    }
    var placeholders: [String: String] = [:]
    for index in 0..<breaks.count {
      placeholders["design-\(index).json"] = """
        {"layout": "content-unavailable", "name": \(json(payload("Design", index))),
         "title": \(json(payload("Title", index))), "message": \(json(payload("Message", index))),
         "button": {"title": \(json(payload("Button", index)))},
         "chrome": {"navigationTitle": \(json(payload("Navigation", index)))},
         "variants": [{"id": "v\(index)", "name": \(json(payload("Variant", index)))},
                      {"id": "q\(index)", "state": "noResults", "query": \(json(payload("Query", index)))}]}
        """
    }
    return try TemporarySite(
      siteJSON: #"{"title": \#(json(payload("Site", 3))), "locales": ["en", "de"]}"#, placeholders: placeholders)
  }

  /// A site whose ids are Swift keywords, names Swift gives a meaning after a
  /// dot, and names of the types the exported code calls.
  static func namingSite() throws -> TemporarySite {
    var placeholders: [String: String] = [:]
    let designs = [
      "string", "text", "placeholder-variant", "placeholder-sample", "placeholders", "any", "precedencegroup", "self",
      "type", "protocol",
      "color", "image", "button", "label", "ui-color", "any-view", "content-unavailable-view", "default",
    ]
    for id in designs {
      placeholders["\(id).json"] = """
        {"layout": "content-unavailable", "title": "\(id)", "button": {"title": "Go"},
         "variants": [{"id": "self"}, {"id": "init"}, {"id": "type"}, {"id": "default"}, {"id": "reload"}, {"id": "text"}, {"id": "actions"}, {"id": "locale"}, {"id": "color"},
                      {"id": "configuration"}, {"id": "all"}, {"id": "id"}, {"id": "string"}, {"id": "any"},
                      {"id": "precedencegroup"}, {"id": "3d"}]}
        """
    }
    return try TemporarySite(siteJSON: #"{"title": "Names", "locales": ["en"]}"#, placeholders: placeholders)
  }

  /// The declarations `swiftc -dump-parse` finds in `source`: each line that declares something.
  static func declarations(in source: String) throws -> [String] {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(path: "Placeholders.swift")
    try Data(source.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-dump-parse", file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let printed = output.readToEndInBackground()
    try process.runWatched()
    process.waitUntilExit()
    let text = String(decoding: printed(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "swiftc -dump-parse failed:\n\(text.prefix(3000))")
    return text.split(separator: "\n").map(String.init).filter {
      $0.contains("_decl ") && !$0.contains("unresolved_decl_ref_expr")
    }
  }

  @Test func noTextDeclaresAnything() throws {
    let site = try Self.hostileSite()
    defer { site.remove() }
    let definition = try site.load()
    let swift = try SwiftExportTests.text(try SwiftExport.files(for: definition, root: nil), SwiftExport.swiftFile)
    for scalar in swift.unicodeScalars {
      #expect(scalar == "\n" || !SwiftSource.isUnsafe(scalar), "U+\(String(scalar.value, radix: 16)) in the export")
    }
    let declarations = try Self.declarations(in: swift)
    #expect(!declarations.contains { $0.contains("pwned") }, "\(declarations.filter { $0.contains("pwned") })")
    // Only what the exporter means: the text lookup, PlaceholderSample's two methods, each
    // variant's two (and its maker, when it takes a query); PlaceholderSample, each variant's
    // type and its Actions; Placeholders and one enum per design.
    let entries = SwiftExport.entries(of: definition)
    let handOffs = entries.map {
      ModernHandOff(properties: $0.variant.properties, state: $0.variant.state(in: $0.design.layout), locale: "en")
    }
    #expect(
      declarations.filter { $0.contains("(func_decl") }.count
        == 3 + 2 * entries.count + handOffs.filter(\.takesQuery).count)
    #expect(
      declarations.filter { $0.contains("(struct_decl") }.count
        == 1 + entries.count + handOffs.filter { !$0.actions.isEmpty }.count)
    #expect(declarations.filter { $0.contains("(enum_decl") }.count == 1 + Self.breaks.count)
    // Placeholders' designs and list, PlaceholderSample's list, each design's variants, each variant's members.
    #expect(
      declarations.filter { $0.contains("(extension_decl") }.count == 3 + Self.breaks.count + entries.count)
  }

  @Test func literalsAndCommentsKeepEveryUnsafeCharacterOut() {
    for text in Self.breaks + ["\u{0}", "\u{0B}", "\u{0C}", "\u{7F}", "\u{9F}", "\u{200E}", "\u{61C}", "\u{FEFF}"] {
      let literal = SwiftSource.literal(text)
      #expect(!literal.unicodeScalars.contains(where: SwiftSource.isUnsafe), "\(literal.debugDescription)")
      let comment = SwiftSource.comment("x" + text + "y")
      #expect(!comment.unicodeScalars.contains(where: SwiftSource.isUnsafe) && comment == "x y", "\(comment)")
    }
    #expect(SwiftSource.literal("say \"hi\"\\") == #""say \"hi\"\\""#)
  }

  @Test(arguments: [
    ("orders-1", "orders1", "Placeholders.Orders1"), ("a-b", "a-b-", "Placeholders.AB"),
    ("x-2d", "x2d", "Placeholders.X2d"),
  ])
  func designIdsThatMeetInSwiftAreRefusedNamingBothFiles(first: String, second: String, name: String) throws {
    _ = name
    let site = try TemporarySite(placeholders: [
      "\(first).json": #"{"layout": "content-unavailable", "title": "One"}"#,
      "\(second).json": #"{"layout": "content-unavailable", "title": "Two"}"#,
    ])
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["export", "swift", "--site", site.root.path, "--output", output.path])
    #expect(run.status == 2, "\(run.output)")
    #expect(
      run.error.contains("placeholders/\(first).json") && run.error.contains("placeholders/\(second).json"),
      "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: output.appending(path: SwiftExport.swiftFile).path))
  }

  @Test func variantIdsThatMeetInSwiftAreRefusedNamingBoth() throws {
    let site = try TemporarySite(placeholders: [
      "orders.json": #"{"layout": "content-unavailable", "variants": [{"id": "x-1"}, {"id": "x1"}]}"#
    ])
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["export", "swift", "--site", site.root.path, "--output", output.path])
    #expect(run.status == 2)
    #expect(
      run.error.contains("placeholders/orders.json") && run.error.contains("\"x-1\"") && run.error.contains("\"x1\""),
      "\(run.error)")
  }

  @Test func namesSwiftReservesAreQuotedOrSuffixedAndNeverMeet() {
    #expect(SwiftSource.identifier("precedencegroup", upper: false) == "`precedencegroup`")
    #expect(SwiftSource.identifier("any", upper: true) == "`Any`")
    #expect(SwiftSource.identifier("self", upper: false) == "self_")
    #expect(SwiftSource.identifier("type", upper: true) == "Type_")
    #expect(SwiftExport.typeName("placeholder-sample") == "PlaceholderSample_")
    #expect(SwiftExport.variantTypeName("actions") == "Actions_")
    #expect(SwiftExport.variantTypeName("3d") == "_3d_" && SwiftSource.identifier("3d", upper: false) == "_3d")
    // An id's own words never end in `_`: a suffixed name meets only ids of the same words, which are refused.
    for id in ["self-", "-self", "a-", "a--b", "3", "x-y-"] {
      #expect(!SwiftSource.identifier(id, upper: true).hasSuffix("_") || id.contains("self"), "\(id)")
    }
  }

  /// Each hostile thing at the export's file name or folder: exit 2, nothing written through it, the link kept.
  @Test(arguments: ["link-out", "link-devnull", "fifo", "folder-link", "parent-link", "folder-at-file"])
  func theExportWritesOnlyItsOwnRegularFiles(kind: String) throws {
    let site = try TemporarySite(placeholders: [
      "a.json": #"{"layout": "content-unavailable", "title": "One", "variants": [{"id": "x"}]}"#
    ])
    defer { site.remove() }
    let work = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let manager = FileManager.default
    let outside = work.appending(path: "outside")
    try manager.createDirectory(at: outside, withIntermediateDirectories: true)
    let victim = outside.appending(path: "file")
    try Data("keep".utf8).write(to: victim)
    let export = work.appending(path: "repo/Export")
    var output = "Export"
    switch kind {
    case "link-out":
      try manager.createDirectory(at: export, withIntermediateDirectories: true)
      try manager.createSymbolicLink(
        atPath: export.appending(path: "Placeholders.swift").path, withDestinationPath: victim.path)
    case "link-devnull":
      try manager.createDirectory(at: export, withIntermediateDirectories: true)
      try manager.createSymbolicLink(
        atPath: export.appending(path: "Placeholders.swift").path, withDestinationPath: "/dev/null")
    case "fifo":
      try manager.createDirectory(at: export, withIntermediateDirectories: true)
      #expect(mkfifo(export.appending(path: "Placeholders.swift").path, 0o644) == 0)
    case "folder-link":
      try manager.createDirectory(at: export.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.createSymbolicLink(atPath: export.path, withDestinationPath: outside.path)
    case "parent-link":
      try manager.createDirectory(at: export.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.createSymbolicLink(
        atPath: export.deletingLastPathComponent().appending(path: "App").path, withDestinationPath: outside.path)
      output = "App/Generated"
    default:
      try manager.createDirectory(
        at: export.appending(path: SwiftExport.catalogFile), withIntermediateDirectories: true)
    }
    let before = try folderContents(outside)
    for check in [false, true] {
      let arguments = ["export", "swift", "--site", site.root.path, "--output", output] + (check ? ["--check"] : [])
      let run = CommandRunner.run(arguments, in: work.appending(path: "repo"))
      #expect(run.status == 2, "\(kind) \(check): \(run.output)\(run.error)")
      #expect(!run.error.isEmpty)
    }
    #expect(try folderContents(outside) == before, "\(kind)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
    if kind.hasPrefix("link") {
      let link = export.appending(path: "Placeholders.swift").path
      #expect((try? manager.destinationOfSymbolicLink(atPath: link)) != nil, "the link is kept")
    }
  }
}
