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

/// Runs the built `blankslate` binary, as a user would.
@Suite("The blankslate command", .serialized)
struct CommandLineTests {
  @Test func buildsTheBundledSite() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--output", output.path, "--jobs", "2"])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.hasPrefix("Built 10 designs, 24 variants, 768 renders"))
    #expect(FileManager.default.fileExists(atPath: output.appending(path: "index.html").path))
  }

  /// `--version` names what a build is made with: the tool's identity, the
  /// libraries it found, the fonts with where this machine has them, and the
  /// allocator, which is mimalloc only when it really took over `malloc` in
  /// the process. The binary, which alone links mimalloc.
  @Test func versionNamesTheIdentityLibrariesFontsAndTheAllocator() throws {
    let run = try CommandRunner.spawn(["--version"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("blankslate ") == true)
    #expect(lines.contains { $0.hasPrefix("identity build-id:") }, "the ELF build id on Linux")
    for library in [
      "libxml2 2.", "HarfBuzz ", "FriBidi 1.", "libunibreak ", "Nettle 3.", "libmicrohttpd 0.", "librsvg 2.",
    ] {
      #expect(lines.contains { $0.hasPrefix("library " + library) }, "\(library): \(run.output)")
    }
    let inter = PinnedFile.all[0]
    #expect(lines.contains("font Inter-Regular.otf sha256 \(inter.sha256) at \(inter.debianPath)"), "\(run.output)")
    #expect(lines.contains { $0.hasPrefix("allocator mimalloc 2.") }, "\(run.output)")
    // Empty pages go back to the kernel at once (`Allocator.configure`), unless the environment says otherwise.
    #expect(lines.contains { $0.hasSuffix(", pages back after 0 ms") }, "\(run.output)")
  }

  /// `serve` builds on every save, and a save frees and allocates the same
  /// pages within milliseconds: before its first build it keeps empty pages
  /// for mimalloc's own 25 ms (a one-shot command gives them back at once,
  /// above); `MIMALLOC_DECOMMIT_DELAY` in the environment still decides.
  @Test func serveKeepsEmptyPagesForReuseUnlessTheEnvironmentSays() throws {
    for (environment, expected) in [([String: String](), "25 ms"), (["MIMALLOC_DECOMMIT_DELAY": "3"], "3 ms")] {
      let server = try ServeClient.Server(
        environment: environment.merging(["BLANKSLATE_NOTE": "serve.allocator"]) { a, _ in a })
      defer { server.stop() }
      let note = try #require(server.log.text.range(of: "note serve.allocator: mimalloc 2."), "\(server.log.text)")
      let serving = try #require(server.log.text.range(of: "Serving http://"))
      #expect(note.upperBound < serving.lowerBound, "said before the first build's line")
      let line = server.log.text[note.lowerBound...].prefix { $0 != "\n" }
      #expect(line.hasSuffix(", pages back after \(expected)"), "\(line)")
    }
  }

  #if os(Linux)
    /// libmicrohttpd and the GnuTLS it brings are loaded by `serve` alone (and
    /// by `--version`, which names it): a build, a check or `--help` starts
    /// without them. The loader's own log (glibc's `LD_DEBUG=libs`) says what it loaded.
    @Test func onlyServeAndVersionLoadTheHTTPServer() throws {
      func loads(_ arguments: [String]) throws -> (microhttpd: Bool, gnutls: Bool, log: String) {
        let run = try CommandRunner.spawn(arguments, environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0, "\(arguments): \(run.error.suffix(500))")
        let opened = run.error.split(separator: "\n").filter { $0.contains("calling init:") }
        return (
          opened.contains { $0.contains("libmicrohttpd") }, opened.contains { $0.contains("libgnutls") },
          opened.joined(separator: "\n")
        )
      }
      let version = try loads(["--version"])
      #expect(version.microhttpd && version.gnutls, "the loader's log does not show libmicrohttpd: \(version.log)")
      for arguments in [["--help"], ["list", "--site", Repository.root.appending(path: "Site").path]] {
        let other = try loads(arguments)
        #expect(!other.microhttpd && !other.gnutls, "\(arguments) loaded the HTTP server: \(other.log)")
      }
    }
  #endif

  /// The identity's portable way, forced in the debug build: a hash of the
  /// executable's bytes, as where there is no ELF build id (macOS).
  @Test func withoutABuildIDTheIdentityIsTheExecutablesContentHash() throws {
    let run = try CommandRunner.spawn(["--version"], environment: ["BLANKSLATE_FALLBACK": "identity"])
    #expect(run.status == 0)
    let bytes = try Data(contentsOf: CommandRunner.binary)
    #expect(run.output.contains("identity content:\(ContentHash.of(bytes).hex)\n"), "\(run.output)")
  }

  @Test func badDefinitionsExitTwoNamingFileAndPath() throws {
    let site = try TemporarySite(
      placeholders: [
        "orders.json": ##"{ "layout": "message", "variants": [ {"id": "a"}, {"id": "b", "messageColor": "#12"} ] }"##
      ])
    defer { site.remove() }
    let output = temporaryFolder()
    let run = CommandRunner.run(
      ["build", "--site", site.root.path, "--output", output.path], environment: ["NO_COLOR": "1"])
    #expect(run.status == 2)
    #expect(
      run.error.contains("placeholders/orders.json:1:") && run.error.contains("variants[1].messageColor"),
      "\(run.error)")
    #expect(run.error.contains("nothing was built"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  /// `validate` holds a built gallery to the rules `build` held it to: a
  /// site's own SVG (no `<title>`, no `viewBox`) is valid as the sanitiser
  /// left it, and one with what the sanitiser takes out is not.
  @Test func validateAcceptsWhatBuildCalledValid() throws {
    let svg = Array(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>"#.utf8)
    let site = try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "locales": ["en", "ja"], "themes": ["light"] }"#,
      placeholders: [
        "a.json":
          #"{ "layout": "content-unavailable", "image": { "source": "assets/box.svg", "decorative": true }, "title": "No box" }"#,
        "b.json": #"{ "layout": "message", "image": "assets/icons/cup.svg", "message": "No tea" }"#,
      ], assets: ["assets/box.svg": svg, "assets/icons/cup.svg": svg])
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let build = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path, "--quiet"])
    #expect(build.status == 0, "\(build.error)")
    let valid = CommandRunner.run(["validate", output.path])
    #expect(valid.status == 0, "\(valid.error)")
    try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="6" height="6"><script>alert(1)</script></svg>"#.utf8)
      .write(to: output.appending(path: "assets/box.svg"))
    let tampered = CommandRunner.run(["validate", output.path])
    #expect(tampered.status == 1 && tampered.error.contains("assets/box.svg") && tampered.error.contains("<script>"))
  }

  @Test func validateReportsFileAndLine() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\">\n<title>x</title>\n<g></svg>\n".utf8)
      .write(to: folder.appending(path: "broken.svg"))
    let run = CommandRunner.run(["validate", folder.path])
    #expect(run.status == 1)
    #expect(run.error.contains("broken.svg:3:"), "\(run.error)")
    let goldens = Repository.site.appending(path: "__snapshots__/no-network")
    let svgs = try FileManager.default.contentsOfDirectory(atPath: goldens.path).filter { $0.hasSuffix(".svg") }
      .sorted()
    #expect(svgs.count == 96)
    let good = CommandRunner.run(["validate"] + svgs.map { goldens.appending(path: $0).path })
    #expect(good.status == 0, "\(good.error)")
    #expect(good.output.contains("\(svgs.count) files valid."))
  }

  @Test(arguments: [
    (["build", "--ouput", "x"], "Did you mean --output?"), (["biuld"], "unknown command"),
    (["build", "--jobs", "0"], "at least 1"),
    (["validate"], "at least one file"),
  ])
  func badUsageExitsTwo(arguments: [String], message: String) throws {
    let run = CommandRunner.run(arguments, environment: ["NO_COLOR": "1"])
    #expect(run.status == 2)
    #expect(run.error.contains(message), "\(run.error)")
  }

  @Test func everyCommandHasHelp() throws {
    for command in ["build", "validate", "list"] {
      let run = CommandRunner.run([command, "--help"])
      #expect(run.status == 0)
      #expect(run.output.contains("Usage: blankslate \(command)"))
    }
    #expect(CommandRunner.run(["--help"]).output.contains("Commands:"))
  }

  @Test func listsTheSite() throws {
    let run = CommandRunner.run(["list", "--json"])
    #expect(run.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    #expect(json?["renders"] as? Int == 768)
  }
}

@Suite("The lint command", .serialized)
struct LintCommandTests {
  @Test func theBundledSitePassesWithItsAcceptedFindings() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appending(path: "lint.json").path
    let junit = folder.appending(path: "lint.xml").path
    let run = CommandRunner.run(["lint", "--json", json, "--junit", junit])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("no-network\n  accepted contrast"))
    #expect(
      run.output.hasSuffix(
        "Lint: 0 errors, 0 warnings, 41 accepted in 768 renders (errors in 0 renders, warnings in 0, accepted in 430).\n"
      ))
    #expect(FileManager.default.fileExists(atPath: json) && FileManager.default.fileExists(atPath: junit))
  }

  @Test func anErrorFindingExitsOne() throws {
    let site = try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"] }"#,
      placeholders: ["grey.json": #"{ "layout": "message", "messageColor": "lightGray" }"#])
    defer { site.remove() }
    let run = CommandRunner.run(["lint", "--site", site.root.path])
    #expect(run.status == 1)
    #expect(
      run.output.contains("grey\n  error    contrast             message text #AAAAAA on #FFFFFF is 2.32:1"))
    let output = site.root.deletingLastPathComponent().appending(path: site.root.lastPathComponent + "-out")
    defer { try? FileManager.default.removeItem(at: output) }
    let build = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path])
    #expect(build.status == 0)
    #expect(build.output.contains("Lint: 1 error, 0 warnings, 0 accepted"))
  }
}

/// The command table in README.md is the one the declarations make.
@Suite("README's command table")
struct CommandTableTests {
  @Test func readmeShowsEveryCommandAsDeclared() throws {
    let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
    let marker = try #require(readme.range(of: "<!-- commands:begin"))
    let begin = try #require(readme.range(of: "-->\n", range: marker.upperBound..<readme.endIndex))
    let end = try #require(readme.range(of: "\n<!-- commands:end -->"))
    let table = String(readme[begin.upperBound..<end.lowerBound])
    #expect(
      table == CommandSpec.markdownTable,
      "README.md's command table differs from the declarations; replace it with:\n\(CommandSpec.markdownTable)")
  }

  @Test(arguments: CommandSpec.all.map(\.name))
  func everyDeclaredOptionParsesAndIsInTheHelp(command: String) throws {
    let spec = try #require(CommandSpec.named(command))
    for option in spec.options {
      let parsed = try spec.parse(option.value == nil ? [option.name] : [option.name, "1"])
      #expect(option.value == nil ? parsed.has(option) : parsed.value(option) == "1")
      #expect(spec.help.contains(option.synopsis), "\(command) --help does not show \(option.synopsis)")
    }
    #expect(throws: CommandSpec.UsageError.self) { try spec.parse(["--no-such-option"]) }
  }
}

/// The composite action (`action.yml`) calls the tool with options it declares.
@Suite("The GitHub Action")
struct ActionTests {
  @Test func theActionRunsCheckWithDeclaredOptionsAndWritesTheJobSummary() throws {
    let action = try String(contentsOf: Repository.root.appending(path: "action.yml"), encoding: .utf8)
    #expect(action.contains("using: composite"))
    #expect(action.contains(">> \"$GITHUB_STEP_SUMMARY\""))
    #expect(action.contains("-e CI=true"))
    let command = try #require(action.range(of: "blankslate check "))
    let tail = action[command.upperBound...].prefix { $0 != "'" }
    let used = tail.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" }).filter { $0.hasPrefix("--") }
    let check = try #require(CommandSpec.named("check"))
    #expect(Set(used.map(String.init)) == ["--site", "--report", "--junit", "--markdown"])
    // On a pull request, the base branch's goldens (`--against`), an option check declares.
    #expect(action.contains(#"compare=(--against "$AGAINST")"#) && action.contains(#""${compare[@]}""#))
    #expect(check.options.contains { $0.name == "--against" })
    for option in used { #expect(check.options.contains { $0.name == option }, "check has no \(option)") }
    // The action installs from the one package list, as .ci/run does (SetUpTests holds the list to both).
    #expect(action.contains("bash /blankslate/scripts/install-packages.sh build"))
    // No placeholder for anyone to fill in.
    for placeholder in ["<owner>", "\\bOWNER\\b", "<ref>", "\\bREF\\b"] {
      #expect(action.range(of: placeholder, options: .regularExpression) == nil, "\(placeholder)")
    }
  }

  /// The tool is built only when the cache does not hold it: the cache is
  /// keyed by the action's sources, the image and the runner's OS image, and
  /// a hit installs only the run-time packages.
  @Test func theActionBuildsTheToolOnlyWhenItsCacheLacksIt() throws {
    let action = try String(contentsOf: Repository.root.appending(path: "action.yml"), encoding: .utf8)
    #expect(action.contains("uses: actions/cache@v4"))
    #expect(action.contains("path: ${{ runner.temp }}/blankslate-tool"))
    #expect(action.contains("key: ${{ steps.key.outputs.key }}"))
    #expect(action.contains("${ImageOS:-$RUNNER_OS}") && action.contains("find Package.swift Sources"))
    let script = try #require(
      action.components(separatedBy: "bash -c '").dropFirst().first?.components(separatedBy: "'").first)
    let hit = try #require(script.components(separatedBy: "if [ -x /tool/blankslate ]; then").dropFirst().first)
    let (whenCached, whenNot) = (
      hit.components(separatedBy: "else")[0], hit.components(separatedBy: "else")[1].components(separatedBy: "fi")[0]
    )
    #expect(whenCached.contains("install-packages.sh run") && !whenCached.contains("swift build"))
    #expect(whenNot.contains("install-packages.sh build") && whenNot.contains("swift build -c release"))
    // The tool it caches carries the Swift runtime: it runs in any image with the Debian libraries.
    #expect(whenNot.contains("swift build -c release --static-swift-stdlib --product blankslate"))
    #expect(whenNot.contains("cp /tmp/blankslate/.build/release/blankslate /tool/blankslate"))
    #expect(script.contains("/tool/blankslate check "))
  }
}
