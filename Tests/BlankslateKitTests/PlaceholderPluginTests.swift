import BlankslateTestSupport
import Foundation
import Testing

/// The build-tool plugin as a team's package uses it: a target that names
/// `PlaceholderHandOff` gets the site's Swift compiled in and its String
/// Catalog and asset catalog in its resource bundle, made by the C-free tool
/// on the first build, again after an edit, and not on a build with none.
@Suite("The hand-off plugin")
struct PlaceholderPluginTests {
  /// A package beside the repository that uses the plugin on `Tests/HandOffSite`.
  static func makePackage(at folder: URL) throws {
    let files = FileManager.default
    try files.createDirectory(at: folder.appending(path: "Sources/Placeholders"), withIntermediateDirectories: true)
    try files.createDirectory(at: folder.appending(path: "Sources/Probe"), withIntermediateDirectories: true)
    try files.copyItem(at: Repository.root.appending(path: "Tests/HandOffSite"), to: folder.appending(path: "Site"))
    // A path dependency's identity is its folder's name.
    let identity = Repository.root.lastPathComponent.lowercased()
    let manifest = """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "Fixture",
        dependencies: [.package(path: \(String(reflecting: Repository.root.path)))],
        targets: [
          .target(name: "Placeholders", plugins: [.plugin(name: "PlaceholderHandOff", package: "\(identity)")]),
          .executableTarget(name: "Probe", dependencies: ["Placeholders"]),
        ]
      )

      """
    let lookup = """
      import Foundation

      /// The target's resource bundle, which SwiftPM makes only for a target that has resources.
      public let resources = Bundle.module.bundleURL

      """
    let probe = "import Placeholders\n\nprint(resources.path)\n"
    for (path, text) in [
      ("Package.swift", manifest), ("Sources/Placeholders/Resources.swift", lookup),
      ("Sources/Probe/main.swift", probe),
    ] {
      try Data(text.utf8).write(to: folder.appending(path: path))
    }
  }

  /// `swift build` of the package at `folder`: what it printed.
  static func build(_ folder: URL) throws -> String {
    try CommandRunner.output("/usr/bin/env", ["swift", "build", "--package-path", folder.path])
  }

  /// Every regular file under `folder`, by its path inside it, with its bytes.
  static func tree(_ folder: URL) throws -> [String: Data] {
    var found: [String: Data] = [:]
    let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
    while let path = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      let url = folder.appending(path: path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        found[path] = try Data(contentsOf: url)
      }
    }
    return found
  }

  @Test func aPackageGetsTheReviewedPlaceholdersOnEveryBuildThatNeedsThem() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.makePackage(at: folder)
    let command = "Blankslate: placeholders of Placeholders from Site"

    let first = try Self.build(folder)
    #expect(first.contains(command), "the first build did not run the plugin's command:\n\(first.suffix(2000))")
    let bin = try CommandRunner.output(
      "/usr/bin/env", ["swift", "build", "--package-path", folder.path, "--show-bin-path"]
    )
    .trimmingCharacters(in: .whitespacesAndNewlines)
    // The probe finds the resource bundle the generated catalogs went into.
    let bundle = try CommandRunner.output(bin + "/Probe", []).trimmingCharacters(in: .whitespacesAndNewlines)
    let resources = try Self.tree(URL(fileURLWithPath: bundle))

    // What `export swift --bundle module` writes, byte for byte: the Swift compiled in, the catalogs as resources.
    let exported = folder.appending(path: "Exported")
    let run = try CommandRunner.spawn([
      "export", "swift", "--site", folder.appending(path: "Site").path, "--output", exported.path, "--bundle", "module",
    ])
    #expect(run.status == 0, "\(run.error)")
    let expected = try Self.tree(exported)
    let catalogs = expected.filter { $0.key != "Placeholders.swift" }
    #expect(catalogs.keys.contains("Placeholders.xcstrings") && catalogs.count > 2, "\(catalogs.keys.sorted())")
    #expect(resources == catalogs, "the bundle holds \(resources.keys.sorted()), not \(catalogs.keys.sorted())")
    let generated = try Self.tree(folder.appending(path: ".build/plugins/outputs")).filter {
      $0.key.hasSuffix("/Placeholders.swift")
    }
    #expect(generated.count == 1 && generated.first?.value == expected["Placeholders.swift"], "\(generated.keys)")

    // Nothing changed: the command does not run. (The build after a fresh one may compile the tool's C
    // target again, SwiftPM's own doing, and then runs the command with the new tool; the next has nothing to do.)
    _ = try Self.build(folder)
    let settled = try Self.build(folder)
    #expect(!settled.contains(command), "a build with no edit ran the plugin's command again:\n\(settled)")

    // A title edited in the site: the next build makes the files again, and the bundle has the new text.
    let definition = folder.appending(path: "Site/placeholders/favourites.json")
    let text = try String(contentsOf: definition, encoding: .utf8)
    #expect(text.contains("\"en\": \"No Favourites\""))
    try Data(text.replacingOccurrences(of: "\"en\": \"No Favourites\"", with: "\"en\": \"Nothing Saved Yet\"").utf8)
      .write(to: definition)
    let third = try Self.build(folder)
    #expect(third.contains(command), "a build after an edit did not run the plugin's command")
    let catalog = try String(contentsOf: URL(fileURLWithPath: bundle + "/Placeholders.xcstrings"), encoding: .utf8)
    #expect(catalog.contains("Nothing Saved Yet") && !catalog.contains("\"No Favourites\""))
  }

  /// The Swift a package gets is the app's, in a package's bundle, and none
  /// of it where UIKit is missing (a package also built for macOS or Linux).
  @Test func aPackagesSwiftIsTheAppsInItsOwnBundle() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var swift: [String: String] = [:]
    for bundle in ["main", "module"] {
      let output = folder.appending(path: bundle)
      let run = try CommandRunner.spawn([
        "export", "swift", "--site", Repository.root.appending(path: "Tests/HandOffSite").path, "--output",
        output.path, "--bundle", bundle,
      ])
      #expect(run.status == 0, "\(run.error)")
      swift[bundle] = try String(contentsOf: output.appending(path: "Placeholders.swift"), encoding: .utf8)
    }
    let app = try #require(swift["main"]).split(separator: "\n", omittingEmptySubsequences: false)
    let package = try #require(swift["module"]).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(package.contains("#if canImport(UIKit)") && package.last == "" && package.dropLast().last == "#endif")
    #expect(package.contains("private let placeholderBundle = Bundle.module"))
    #expect(app.contains("private let placeholderBundle = Bundle.main"))
    // The same code after the header, but for the bundle and the closing #endif.
    let body: ([Substring]) -> [Substring] = { lines in
      Array(
        lines.drop { !$0.hasPrefix("import ") }.filter { !$0.contains("placeholderBundle = Bundle.") && $0 != "#endif" }
      )
    }
    #expect(body(app) == body(package))
  }
}
