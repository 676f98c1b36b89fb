import BlankslateCoreTestSupport
import BlankslateTestSupport
import Foundation
import Testing

/// Installed like a tool: a fresh clone, installed as README says (`make
/// install PREFIX=…`; a debug build here, to be quick), runs `init`, `build`
/// and `check` from another folder with `blankslate` found on PATH, in a
/// HOME of its own.
@Suite("Installed like a tool", .serialized)
struct InstallTests {
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "make is not installed"))
  func aFreshCloneInstalledAsReadmeSaysRunsInitBuildAndCheckFromPATH() throws {
    let scratch = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let clone = scratch.appending(path: "blankslate")
    let prefix = scratch.appending(path: "prefix")
    let home = scratch.appending(path: "home")
    let work = scratch.appending(path: "work")
    for folder in [home, work] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    _ = try CommandRunner.output("/usr/bin/git", ["clone", "-q", Repository.root.path, clone.path])

    // README's install step, word for word but the prefix and the configuration.
    let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
    #expect(readme.contains("make install PREFIX=$HOME/.local"))
    let path =
      prefix.appending(path: "bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let environment = ProcessInfo.processInfo.environment.merging([
      "HOME": home.path, "PATH": path, "CI": "", "GITHUB_ACTIONS": "", "NO_COLOR": "1",
    ]) { _, new in new }
    let installed = try CommandRunner.output(
      "/usr/bin/make", ["-C", clone.path, "install", "PREFIX=\(prefix.path)", "CONFIGURATION=debug"],
      environment: environment)
    #expect(installed.contains("Installed \(prefix.path)/bin/blankslate"), "\(installed)")

    // Found on PATH, from a folder that is not the clone.
    func blankslate(_ arguments: [String], in folder: URL) throws -> String {
      try CommandRunner.output("/usr/bin/env", ["blankslate"] + arguments, in: folder, environment: environment)
    }
    let version = try blankslate(["--version"], in: work)
    #expect(version.contains("executable \(prefix.path)/bin/blankslate"), "\(version)")
    #expect(version.contains("font Inter-Regular.otf sha256 "), "\(version)")
    #expect(version.contains("library HarfBuzz "))
    let created = try blankslate(["init", "my-app", "--action", "a-team/blankslate@v1"], in: work)
    #expect(created.contains("Created a site in my-app/Site/"), "\(created)")
    let app = work.appending(path: "my-app")
    #expect(try blankslate(["build", "--quiet"], in: app) == "")
    #expect(FileManager.default.fileExists(atPath: app.appending(path: "_site/index.html").path))
    let check = try blankslate(["check"], in: app)
    #expect(check.contains("Checked 16 renders: 0 changed, 0 new, 0 orphaned, 16 unchanged."), "\(check)")
    // The font hashes were remembered in that HOME's cache, not elsewhere.
    #expect(FileManager.default.fileExists(atPath: home.appending(path: ".cache/blankslate/font-sha256").path))
  }
}
