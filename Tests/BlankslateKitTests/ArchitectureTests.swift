import BlankslateTestSupport
import Foundation
import Testing

/// The targets' dependencies are the pipeline's arrows, and what only
/// renders pulls in neither an HTTP server, nor librsvg, nor libxml2.
@Suite("The package's arrows")
struct ArchitectureTests {
  /// Each target of Package.swift and the targets it names as dependencies.
  static func targets() throws -> [String: Set<String>] {
    let manifest = try String(contentsOf: Repository.root.appending(path: "Package.swift"), encoding: .utf8)
    var result: [String: Set<String>] = [:]
    for chunk in manifest.components(separatedBy: "name: \"").dropFirst() {
      let name = String(chunk.prefix { $0 != "\"" })
      let rest = chunk.dropFirst(name.count)
      // The target's own arguments end where the next target starts.
      let own = rest.components(separatedBy: ".target(").first?.components(separatedBy: "Target(").first ?? ""
      guard
        let list = own.components(separatedBy: "dependencies: [").dropFirst().first?.components(separatedBy: "]").first
      else {
        result[name] = result[name] ?? []
        continue
      }
      result[name] = Set(list.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
    }
    return result
  }

  static func closure(of target: String, in targets: [String: Set<String>]) -> Set<String> {
    var seen: Set<String> = []
    var stack = [target]
    while let next = stack.popLast() {
      for dependency in targets[next] ?? [] where seen.insert(dependency).inserted { stack.append(dependency) }
    }
    return seen
  }

  @Test func theTargetsDependOnExactlyTheArrowsOfTheArchitecture() throws {
    let targets = try Self.targets()
    let ours: [String: Set<String>] = [
      "BlankslateSupport": [],
      "BlankslateModel": ["BlankslateSupport"],
      "BlankslateCore": ["BlankslateModel", "BlankslateSupport"],
      "BlankslateValidation": ["BlankslateSupport"],
      "BlankslateHandOff": ["BlankslateModel", "BlankslateValidation", "BlankslateSupport"],
      "BlankslateSite": [
        "BlankslateHandOff", "BlankslateCore", "BlankslateModel", "BlankslateValidation", "BlankslateSupport",
      ],
      "BlankslateSnapshot": [
        "BlankslateSite", "BlankslateCore", "BlankslateModel", "BlankslateValidation", "BlankslateSupport",
      ],
      "BlankslateServe": [
        "BlankslateSnapshot", "BlankslateSite", "BlankslateCore", "BlankslateModel", "BlankslateSupport",
      ],
      "BlankslateCLI": [
        "BlankslateServe", "BlankslateSnapshot", "BlankslateSite", "BlankslateHandOff", "BlankslateCore",
        "BlankslateModel", "BlankslateValidation", "BlankslateSupport",
      ],
      "blankslate": ["BlankslateCLI"],
      "blankslate-handoff": ["BlankslateHandOff"],
    ]
    for (target, expected) in ours {
      let found = try #require(targets[target], "no target \(target)").filter { $0.hasPrefix("Blankslate") }
      #expect(found == expected, "\(target) depends on \(found.sorted()), not \(expected.sorted())")
    }
    let architecture = try String(contentsOf: Repository.root.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
    for target in ours.keys where target.hasPrefix("Blankslate") {
      #expect(architecture.contains("`\(target)`"), "ARCHITECTURE.md does not name \(target)")
    }
  }

  /// A target's tests link that target and the test support below it,
  /// never a target above it: `BlankslateXTests` depends on `BlankslateX`,
  /// and of the pipeline's targets links only those `BlankslateX` does. One
  /// exception, declared: the model's tests probe SVG with libxml2
  /// (`BlankslateCoreTestSupport`'s `SVGProbe`, through `BlankslateValidation`).
  @Test func eachTargetsTestsLinkThatTargetAndTheSupportBelowIt() throws {
    let targets = try Self.targets()
    #expect(targets["BlankslateTestSupport"] == ["BlankslateSupport"])
    let pipeline: Set<String> = [
      "BlankslateSupport", "BlankslateModel", "BlankslateCore", "BlankslateValidation", "BlankslateHandOff",
      "BlankslateSite", "BlankslateSnapshot", "BlankslateServe", "BlankslateCLI", "BlankslateKit",
    ]
    let tested = targets.keys.filter { $0.hasSuffix("Tests") && $0 != "BlankslateKitTests" }
    #expect(tested.count == 8, "\(tested.sorted())")
    for tests in tested {
      let target = String(tests.dropLast("Tests".count))
      #expect(try #require(targets[tests]).contains(target), "\(tests) does not link \(target)")
      var allowed = Self.closure(of: target, in: targets).union([target])
      if tests == "BlankslateCoreTests" { allowed.insert("BlankslateValidation") }
      let linked = Self.closure(of: tests, in: targets).intersection(pipeline)
      #expect(linked.isSubset(of: allowed), "\(tests) links \(linked.subtracting(allowed).sorted())")
    }
  }

  @Test func whatOnlyRendersLinksNoHTTPServerNoLibrsvgAndNoLibxml2() throws {
    let core = Self.closure(of: "BlankslateCore", in: try Self.targets())
    #expect(core.contains("CHarfBuzz") && core.contains("BlankslateSupport"), "\(core.sorted())")
    for library in ["CMicroHTTPD", "CRsvg", "CLibXML2", "CMimalloc", "BlankslateSite", "BlankslateValidation"] {
      #expect(!core.contains(library), "BlankslateCore pulls in \(library)")
    }
    let site = Self.closure(of: "BlankslateSite", in: try Self.targets())
    #expect(!site.contains("CMicroHTTPD"), "the site pulls in the HTTP server")
  }

  /// The hand-off's tool, which the build-tool plugin runs inside Xcode,
  /// links nothing a Mac with Xcode alone lacks: of C, only libxml2 (in
  /// Apple's SDK) and the package's own `CSystem`; Nettle, which Debian
  /// packages, on Linux only (CryptoKit hashes on Apple's systems). Read from
  /// SwiftPM's own reading of the manifest, conditions and all.
  @Test func theHandOffToolLinksOnlyWhatApplesSDKHas() throws {
    let dump = Process()
    dump.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // A scratch folder of its own: the one `swift test` holds is locked while the tests run.
    let scratch = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    dump.arguments = [
      "swift", "package", "--package-path", Repository.root.path, "--scratch-path", scratch.path, "dump-package",
    ]
    let output = Pipe()
    dump.standardOutput = output
    let read = output.readToEndInBackground()
    try dump.runWatched()
    dump.waitUntilExit()
    #expect(dump.terminationStatus == 0)
    let manifest = try #require(try JSONSerialization.jsonObject(with: read()) as? [String: Any])
    let declared = try #require(manifest["targets"] as? [[String: Any]])
    // Each target's dependencies on an Apple platform: a conditional one counts only where it names one.
    var onApple: [String: Set<String>] = [:]
    var systemLibraries: Set<String> = []
    for target in declared {
      let name = try #require(target["name"] as? String)
      if target["type"] as? String == "system" { systemLibraries.insert(name) }
      var names: Set<String> = []
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        guard let entry = (dependency["byName"] ?? dependency["target"] ?? dependency["product"]) as? [Any],
          let dependencyName = entry.first as? String
        else { continue }
        let platforms = (entry.dropFirst().first as? [String: Any])?["platformNames"] as? [String]
        if platforms.map({ $0.contains("macos") || $0.contains("ios") }) ?? true { names.insert(dependencyName) }
      }
      onApple[name] = names
    }
    let tool = Self.closure(of: "blankslate-handoff", in: onApple)
    #expect(tool.contains("BlankslateHandOff") && tool.contains("BlankslateModel"), "\(tool.sorted())")
    #expect(tool.intersection(systemLibraries) == ["CLibXML2"], "\(tool.intersection(systemLibraries).sorted())")
    #expect(!tool.contains("BlankslateCore") && !tool.contains("BlankslateSite"), "\(tool.sorted())")
    // The manifest the test read is the one SwiftPM builds: Nettle is there, for Linux.
    #expect(Self.closure(of: "BlankslateSupport", in: try Self.targets()).contains("CSystem"))
    #expect(systemLibraries.contains("CNettle"))
  }

  /// Another package can depend on the library at a version: SwiftPM refuses
  /// a dependency whose manifest has `unsafeFlags`, so none is there; and
  /// mimalloc, which Debian packages, is linked on Linux only.
  @Test func theLibraryCanBeAVersionedDependency() throws {
    let manifest = try String(contentsOf: Repository.root.appending(path: "Package.swift"), encoding: .utf8)
    #expect(!manifest.contains("unsafeFlags"))
    // Every line that makes a target depend on CMimalloc (not the one that declares it).
    let mimalloc = manifest.components(separatedBy: "\n").filter {
      $0.contains("\"CMimalloc\"") && !$0.contains(".systemLibrary(")
    }
    #expect(!mimalloc.isEmpty && mimalloc.allSatisfy { $0.contains(".when(platforms: [.linux])") }, "\(mimalloc)")
  }

  /// Every public declaration, the API another Swift tool builds on, has a
  /// summary line (`///`) above it and its attributes.
  @Test func everyPublicDeclarationHasASummaryLine() throws {
    let sources = Repository.root.appending(path: "Sources")
    var undocumented: [String] = []
    var declarations = 0
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
    for file in files where file.hasSuffix(".swift") {
      let lines = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
        .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      for (index, line) in lines.enumerated() {
        let words = line.split(separator: " ")
        guard words.first(where: { !$0.hasPrefix("@") }) == "public" else { continue }
        declarations += 1
        var above = index - 1
        while above >= 0, lines[above].hasPrefix("@") { above -= 1 }
        if above < 0 || !lines[above].hasPrefix("///") { undocumented.append("\(file):\(index + 1): \(line)") }
      }
    }
    #expect(declarations > 100)
    #expect(undocumented.isEmpty, "\(undocumented.count) undocumented:\n\(undocumented.joined(separator: "\n"))")
  }
}
