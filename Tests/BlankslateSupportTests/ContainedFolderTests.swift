import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// A file read through `ContainedFolder` is read when it lies inside, also
/// through a link that resolves inside, and refused when it, or a folder on
/// the way, leads out.
@Suite("Reading inside a folder")
struct ContainedFolderTests {
  /// A folder `site` with `a/file` and `a/b/deep`, and a secret beside it.
  private struct Scene {
    let root = temporaryFolder()
    var site: URL { root.appending(path: "site") }
    var secret: URL { root.appending(path: "secret") }

    init() throws {
      try FileManager.default.createDirectory(at: root.appending(path: "site/a/b"), withIntermediateDirectories: true)
      try Data("file".utf8).write(to: root.appending(path: "site/a/file"))
      try Data("deep".utf8).write(to: root.appending(path: "site/a/b/deep"))
      try Data("secret".utf8).write(to: root.appending(path: "secret"))
    }

    func link(_ relative: String, to target: String) throws {
      try FileManager.default.createSymbolicLink(
        atPath: site.appending(path: relative).path, withDestinationPath: target)
    }

    func read(_ relative: String) -> Result<String, ContainedReadError> {
      do throws(ContainedReadError) {
        return .success(String(decoding: try ContainedFolder(site.path).read(relative, limit: 1 << 20), as: UTF8.self))
      } catch {
        return .failure(error)
      }
    }
  }

  @Test func aFileInsideIsReadDirectlyOrThroughALinkThatStaysInside() throws {
    let scene = try Scene()
    defer { try? FileManager.default.removeItem(at: scene.root) }
    try scene.link("a/near", to: "file")
    try scene.link("a/up", to: "../a/b/deep")
    try scene.link("folder", to: "a/b")
    #expect(try scene.read("a/file").get() == "file")
    #expect(try scene.read("a/./b/deep").get() == "deep")
    #expect(try scene.read("a/near").get() == "file")
    #expect(try scene.read("a/up").get() == "deep")
    #expect(try scene.read("folder/deep").get() == "deep")
  }

  @Test(arguments: ["out", "a/out", "a/nested/secret", "a/../../secret"])
  func aFileThatLeadsOutIsRefusedAndNeverRead(relative: String) throws {
    let scene = try Scene()
    defer { try? FileManager.default.removeItem(at: scene.root) }
    try scene.link("out", to: scene.secret.path)
    try scene.link("a/out", to: "../../secret")
    try scene.link("a/nested", to: scene.root.path)
    let result = scene.read(relative)
    #expect(result.isEscape, "\(relative): \(result)")
  }

  /// One folder reads a file in `a` and `a/b` first, so both are known to
  /// be inside; every path below them is still looked at: a link in a known
  /// folder that leads out, or a path that climbs out, is refused.
  @Test(arguments: ["a/out", "a/b/out", "a/../../secret", "a/b/../../../secret", "a/./out", "a//out", "a/b/.."])
  func aFolderKnownToBeInsideStillHasEachPathBelowItChecked(relative: String) throws {
    let scene = try Scene()
    defer { try? FileManager.default.removeItem(at: scene.root) }
    try scene.link("a/out", to: "../../secret")
    try scene.link("a/b/out", to: scene.secret.path)
    try scene.link("a/near", to: "file")
    let folder = ContainedFolder(scene.site.path)
    #expect(try folder.read("a/b/deep", limit: 1 << 20) == Array("deep".utf8))
    #expect(try folder.read("a/file", limit: 1 << 20) == Array("file".utf8))
    // Climbing (`a/b/..`) is refused even where it would end inside.
    #expect(throws: ContainedReadError.self) { try folder.read(relative, limit: 1 << 20) }
    #expect(throws: ContainedFolder.Escape.self) { try folder.check(relative) }
    // A link inside the known folder that stays inside is still read through.
    #expect(try folder.read("a/near", limit: 1 << 20) == Array("file".utf8))
    #expect(try folder.check("a/near") == scene.site.path + "/a/near")
  }

  @Test func aMissingFileOrAFolderIsARefusalOfTheRead() throws {
    let scene = try Scene()
    defer { try? FileManager.default.removeItem(at: scene.root) }
    try scene.link("dangling", to: "nothing")
    #expect(scene.read("a/missing") == .failure(.read(.missing)))
    #expect(scene.read("a/b") == .failure(.read(.notRegular(kind: "a folder"))))
    #expect(scene.read("dangling").isFailure)
  }
}

extension Result where Failure == ContainedReadError {
  fileprivate var isFailure: Bool {
    if case .failure = self { true } else { false }
  }

  fileprivate var isEscape: Bool {
    if case .failure(.escape) = self { true } else { false }
  }
}
