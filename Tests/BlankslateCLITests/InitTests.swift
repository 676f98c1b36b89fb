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

/// `blankslate init`: a new project that builds, lints and checks at once.
@Suite("blankslate init", .serialized)
struct InitTests {
  @Test func initThenBuildLintAndCheckPassInAFreshFolder() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let created = CommandRunner.run(["init", folder.path, "--action", "a-team/blankslate@v0.3.0"])
    #expect(created.status == 0, "\(created.error)")
    for file in [
      "Site/site.json", "Site/placeholders/favourites.json", "Site/schema/placeholder.schema.json",
      ".gitignore", ".github/workflows/placeholders.yml",
    ] {
      #expect(FileManager.default.fileExists(atPath: folder.appending(path: file).path), "\(file)")
    }
    let environment = ["CI": "", "NO_COLOR": "1", "SNAPSHOT_TESTING_RECORD": ""]
    let build = CommandRunner.run(["build", "--quiet"], in: folder, environment: environment)
    #expect(build.status == 0, "\(build.error)")
    let lint = CommandRunner.run(["lint"], in: folder, environment: environment)
    #expect(
      lint.output.hasSuffix(
        "Lint: 0 errors, 0 warnings, 0 accepted in 16 renders (errors in 0 renders, warnings in 0, accepted in 0).\n"),
      "\(lint.output)")
    let check = CommandRunner.run(["check"], in: folder, environment: environment)
    #expect(check.status == 0)
    #expect(check.output.contains("Checked 16 renders: 0 changed, 0 new, 0 orphaned, 16 unchanged."))
    // The output, the report and the tool's state are ignored by git.
    let ignore = try String(contentsOf: folder.appending(path: ".gitignore"), encoding: .utf8)
    for entry in ["/_site/", "/._site.blankslate/", "/_report/"] { #expect(ignore.contains(entry)) }
    // The files point at their schemas, which are the tool's own.
    let definition = try String(
      contentsOf: folder.appending(path: "Site/placeholders/favourites.json"), encoding: .utf8)
    #expect(definition.contains(#""$schema": "../schema/placeholder.schema.json""#))
    let schema = try String(contentsOf: folder.appending(path: "Site/schema/placeholder.schema.json"), encoding: .utf8)
    #expect(schema == DefinitionSchema.placeholder.rendered(pretty: true) + "\n")
  }

  /// The workflow runs as written: its one Blankslate step uses the action
  /// where `--action` says, with inputs the action declares; nothing is left to fill in.
  @Test func theWorkflowUsesTheActionNamedAndTheActionsOwnInputs() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(CommandRunner.run(["init", folder.path, "--action", "a-team/blankslate-fork@3f2c1e0"]).status == 0)
    let workflow = try String(
      contentsOf: folder.appending(path: ".github/workflows/placeholders.yml"), encoding: .utf8)
    let uses = workflow.split(separator: "\n").filter { $0.contains("uses: ") }.map {
      $0.components(separatedBy: "uses: ")[1]
    }
    #expect(uses == ["actions/checkout@v4", "a-team/blankslate-fork@3f2c1e0"])
    for placeholder in ["<owner>", "OWNER", "REF"] { #expect(!workflow.contains(placeholder)) }
    let action = try String(contentsOf: Repository.root.appending(path: "action.yml"), encoding: .utf8)
    let inputs = try #require(
      action.components(separatedBy: "\ninputs:\n").dropFirst().first?.components(separatedBy: "\noutputs:").first)
    let declared = Set(
      inputs.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") }.map {
        $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "")
      })
    #expect(declared == ["site", "swift-image", "against"])
    let with = try #require(workflow.components(separatedBy: "with:\n").dropFirst().first)
    for line in with.split(separator: "\n") {
      let key = line.trimmingCharacters(in: .whitespaces).components(separatedBy: ":")[0]
      #expect(declared.contains(key), "the action declares no input \(key)")
    }
    // A malformed location is a usage error, and nothing is made.
    let other = temporaryFolder()
    let bad = CommandRunner.run(["init", other.path, "--action", "<owner>/blankslate@main"])
    #expect(bad.status == 2)
    #expect(bad.error.contains("--action takes OWNER/REPO@REF"))
    #expect(!FileManager.default.fileExists(atPath: other.path))
  }

  /// Without `--action`, the workflow names the GitHub clone and commit the
  /// tool was built from; a tool built from elsewhere writes none and says how.
  @Test func withoutActionTheWorkflowNamesTheCloneTheToolWasBuiltFromOrIsNotWritten() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CommandRunner.run(["init", folder.path])
    #expect(run.status == 0)
    let workflow = folder.appending(path: ".github/workflows/placeholders.yml")
    if let built = ActionLocation.ofClone(at: ActionLocation.sourceRoot) {
      #expect(try String(contentsOf: workflow, encoding: .utf8).contains("- uses: \(built)\n"))
    } else {
      #expect(!FileManager.default.fileExists(atPath: workflow.path))
      #expect(run.error.contains("placeholders.yml was not written: this blankslate was not built from a GitHub clone"))
      #expect(run.error.contains("--action OWNER/REPO@REF"))
    }
    #expect(CommandRunner.run(["check"], in: folder, environment: ["CI": "", "NO_COLOR": "1"]).status == 0)
  }

  @Test func aCloneIsNamedByItsGitHubOriginAndCommit() throws {
    #expect(ActionLocation.repository(ofRemote: "https://github.com/a-team/blankslate.git") == "a-team/blankslate")
    #expect(ActionLocation.repository(ofRemote: "git@github.com:a-team/blankslate.git") == "a-team/blankslate")
    #expect(ActionLocation.repository(ofRemote: "https://github.com/a-team/blankslate/") == "a-team/blankslate")
    #expect(ActionLocation.repository(ofRemote: "/work/main") == nil)
    #expect(ActionLocation.repository(ofRemote: "https://gitlab.com/a/b.git") == nil)
    let clone = temporaryFolder()
    try FileManager.default.createDirectory(at: clone, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: clone) }
    try Data("name: x\n".utf8).write(to: clone.appending(path: "action.yml"))
    let git = { (arguments: [String]) throws in
      _ = try CommandRunner.output(
        "/usr/bin/git",
        ["-C", clone.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments)
    }
    try git(["init", "-q"])
    try git(["add", "action.yml"])
    try git(["commit", "-q", "-m", "x"])
    #expect(ActionLocation.ofClone(at: clone) == nil, "no origin yet")
    try git(["remote", "add", "origin", "https://github.com/a-team/blankslate.git"])
    let commit = try CommandRunner.output("/usr/bin/git", ["-C", clone.path, "rev-parse", "HEAD"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(ActionLocation.ofClone(at: clone) == "a-team/blankslate@\(commit)")
  }

  @Test(.enabled(if: JSONSchemaValidator.runs, "python3-jsonschema is not installed"))
  func theSampleIsValidAgainstItsSchema() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try SiteScaffold.create(at: folder)
    let sample = try String(contentsOf: folder.appending(path: "Site/placeholders/favourites.json"), encoding: .utf8)
    #expect(try JSONSchemaValidator.refusals(of: [sample], schema: DefinitionSchema.placeholder).isEmpty)
    let site = try String(contentsOf: folder.appending(path: "Site/site.json"), encoding: .utf8)
    #expect(try JSONSchemaValidator.refusals(of: [site], schema: DefinitionSchema.site).isEmpty)
  }

  @Test func anExistingSiteIsNeverReplacedAndProjectFilesAreLeftAlone() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("my-own-rule\n".utf8).write(to: folder.appending(path: ".gitignore"))
    let first = CommandRunner.run(["init", folder.path])
    #expect(first.status == 0)
    #expect(first.error.contains(".gitignore exists and was left as it is; add /_site/"), "\(first.error)")
    #expect(try String(contentsOf: folder.appending(path: ".gitignore"), encoding: .utf8) == "my-own-rule\n")
    let definition = folder.appending(path: "Site/placeholders/favourites.json")
    try Data("{}".utf8).write(to: definition)
    let second = CommandRunner.run(["init", folder.path])
    #expect(second.status == 2)
    #expect(second.error.contains("already exists; init never replaces a site"))
    #expect(try String(contentsOf: definition, encoding: .utf8) == "{}")
    // A site folder that is a link is refused too (mkdir never follows it).
    let other = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: other) }
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: other.appending(path: "Site"), withDestinationURL: folder.appending(path: "Site"))
    #expect(CommandRunner.run(["init", other.path]).status == 2)
  }

  /// A cloned project may link `.github`, `.github/workflows` or `.gitignore`
  /// anywhere: init writes through none of them, says so, and still makes the site.
  @Test(arguments: [".github", ".github/workflows", ".gitignore", ".github/workflows/placeholders.yml"])
  func initWritesThroughNoLink(_ linked: String) throws {
    let folder = temporaryFolder()
    let outside = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: outside)
    }
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let link = folder.appending(path: linked)
    try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    let isFile = linked.hasSuffix(".gitignore") || linked.hasSuffix(".yml")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: isFile ? outside.appending(path: "target") : outside)
    let run = CommandRunner.run(["init", folder.path, "--action", "a-team/blankslate@main"])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.contains("\(linked) is a symbolic link, and init writes through none"), "\(run.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [], "init wrote outside its folder")
    #expect(FileManager.default.fileExists(atPath: folder.appending(path: "Site/site.json").path))
  }
}
