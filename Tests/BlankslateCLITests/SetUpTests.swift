import BlankslateCoreTestSupport
import BlankslateTestSupport
import Foundation
import Testing

/// README's set-up, `.ci/run` and the action install from one package list.
@Suite("Set-up from one package list")
struct SetUpTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: Repository.root.appending(path: path), encoding: .utf8)
  }

  /// The list's packages and what each is needed for.
  static func packages() throws -> [(name: String, need: String)] {
    try text("scripts/system-packages.txt").split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard let name = fields.first, !name.hasPrefix("#"), fields.count >= 2 else { return nil }
      return (String(name), String(fields[1]))
    }
  }

  @Test func everySystemLibraryOfThePackageIsInTheListForBuilding() throws {
    let manifest = try Self.text("Package.swift")
    // CMicroHTTPD is a C target, which opens libmicrohttpd with dlopen: its header is libmicrohttpd-dev's.
    #expect(manifest.contains("name: \"CMicroHTTPD\""))
    let providers =
      manifest.components(separatedBy: ".apt([\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
      + ["libmicrohttpd-dev"]
    #expect(providers.count >= 8, "\(providers)")
    let build = Set(try Self.packages().filter { $0.need == "build" }.map(\.name))
    for provider in providers { #expect(build.contains(provider), "\(provider) is missing from the list") }
    #expect(try Self.packages().allSatisfy { ["run", "build", "test"].contains($0.need) })
  }

  /// What a built blankslate needs at run time is the list's `run` part: the
  /// package of every shared library the executable names (`readelf -d`),
  /// but the C library's and Swift's own (which the Swift image has), and the fonts.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg"), "not a Debian machine"))
  func theRunPartOfTheListHoldsEveryLibraryTheExecutableLinks() throws {
    let run = Set(try Self.packages().filter { $0.need == "run" }.map(\.name))
    for font in ["fonts-inter", "fonts-noto-cjk", "fonts-noto-core"] { #expect(run.contains(font)) }
    let dynamic = try CommandRunner.output("/usr/bin/readelf", ["-d", CommandRunner.binary.path])
    let needed = dynamic.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else {
        return nil
      }
      return String(line[line.index(after: open)..<close])
    }
    #expect(needed.contains("libharfbuzz.so.0"), "\(dynamic)")
    var checked = 0
    for library in needed where !library.hasPrefix("libswift") && !library.hasPrefix("libFoundation") {
      if ["libdispatch.so", "libBlocksRuntime.so"].contains(library) { continue }
      let owner = try CommandRunner.output("/usr/bin/dpkg", ["-S", "*/" + library])
      let package = String(owner.prefix { $0 != ":" })
      if package == "libc6" { continue }
      checked += 1
      #expect(run.contains(package), "\(library) comes from \(package), which the list's run part lacks")
    }
    #expect(checked >= 7)
    // librsvg and libmicrohttpd are opened with dlopen, so readelf cannot name them: the list does.
    #expect(run.contains("librsvg2-2"))
    #expect(run.contains("libmicrohttpd12"))
    #expect(!needed.contains { $0.hasPrefix("libmicrohttpd") }, "serve's server is linked: \(needed)")
  }

  @Test func readmeCIAndTheActionInstallFromTheListAndNameNoPackage() throws {
    let ci = try Self.text(".ci/run")
    #expect(ci.contains("bash scripts/install-packages.sh\n"))
    let action = try Self.text("action.yml")
    #expect(action.contains("scripts/install-packages.sh build"))
    #expect(action.contains("scripts/install-packages.sh run"))
    for (name, text) in [(".ci/run", ci), ("action.yml", action)] {
      #expect(!text.contains("apt-get install"), "\(name) installs packages of its own")
      for package in try Self.packages() where package.name.contains("-dev") {
        #expect(!text.contains(package.name), "\(name) names \(package.name) outside the list")
      }
    }
    let readme = try Self.text("README.md")
    let commands = try #require(readme.components(separatedBy: "## The two commands").dropFirst().first)
    let block = try #require(
      commands.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
    let lines = block.split(separator: "\n").map {
      $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces)
    }
    #expect(lines == ["bash scripts/setup.sh", "swift test"], "\(lines)")
    // .ci/run ends with exactly README's test command.
    #expect(ci.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("\n" + lines[1]))
  }

  /// The action writes its reports only into the runner's temporary folder: the checked-out pull
  /// request may hold a link at any name (`blankslate-junit.xml -> the cached tool`).
  @Test func theActionWritesItsReportsOutsideTheCheckout() throws {
    let action = try Self.text("action.yml")
    let check =
      try #require(action.components(separatedBy: "/tool/blankslate check").dropFirst().first)
      .components(separatedBy: "'").first ?? ""
    let words = check.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" })
    var outputs = 0
    for (index, word) in words.enumerated() where ["--report", "--junit", "--markdown", "--json"].contains(word) {
      outputs += 1
      #expect(index + 1 < words.count && words[index + 1].hasPrefix("/out/"), "\(word) \(words[index + 1])")
    }
    #expect(outputs >= 3)
    #expect(action.contains("\"$RUNNER_TEMP:/out\""))
    let upload = try #require(action.components(separatedBy: "actions/upload-artifact").dropFirst().first)
    let paths =
      upload.components(separatedBy: "path: |").dropFirst().first?.split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }.prefix { !$0.contains(":") || $0.hasPrefix("${{") } ?? []
    #expect(!paths.isEmpty && paths.allSatisfy { $0.hasPrefix("${{ runner.temp }}/") }, "\(paths)")
  }

  /// On a machine that has every package and checker, the install step changes nothing and says so.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query"), "not a Debian machine"))
  func installingWhatIsInstalledDoesNothing() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [Repository.root.appending(path: "scripts/install-packages.sh").path]
    let out = Pipe()
    process.standardOutput = out
    try process.runWatched()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text == "System packages: all installed.\nCheckers: all fetched.\n", "\(text)")
  }
}
