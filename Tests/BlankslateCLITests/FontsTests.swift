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

/// Fonts by content: the same files anywhere give the same bytes, a site can
/// carry its own copies, and a missing or different file is an error that
/// names the face, the hashes and where it looked.
@Suite("Fonts by content", .serialized)
struct FontsTests {
  /// The system's font folders hidden, as on a machine without Debian's packages.
  static let hidden = ["BLANKSLATE_FONT_PATH": ""]

  static func run(_ arguments: [String], in folder: URL, _ environment: [String: String] = [:]) -> CommandRunner.Run {
    CommandRunner.run(arguments, in: folder, environment: environment.merging(["NO_COLOR": "1"]) { a, _ in a })
  }

  @Test func aBuildFromTheSitesOwnFontsWithTheSystemHiddenIsByteIdenticalToTheNormalBuild() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let export = Self.run(["fonts", "--export", "Site/fonts"], in: copy.folder)
    #expect(export.status == 0, "\(export.error)")
    #expect(export.output.contains("Exported 9 files to Site/fonts/ with LICENSES.md"))
    let licences = try String(contentsOf: copy.site.appending(path: "fonts/LICENSES.md"), encoding: .utf8)
    #expect(licences.contains("| NotoSansCJK-Bold.ttc | `\(PinnedFile.all[4].sha256)` | OFL-1.1 |"))

    // Listed with the system hidden: every file is the site's own.
    let listed = Self.run(["fonts"], in: copy.folder, Self.hidden)
    #expect(listed.status == 0, "\(listed.error)")
    #expect(listed.output.components(separatedBy: "(the site's fonts/)").count - 1 == 9, "\(listed.output)")
    #expect(!listed.output.contains("a system font folder"))

    let normal = Self.run(["build", "--quiet", "--output", "normal", "--site", "Site"], in: copy.folder)
    // The normal build reads the system's files: the site's copies moved away for it.
    try FileManager.default.moveItem(at: copy.site.appending(path: "fonts"), to: copy.folder.appending(path: "kept"))
    let system = Self.run(["build", "--quiet", "--output", "system"], in: copy.folder)
    try FileManager.default.moveItem(at: copy.folder.appending(path: "kept"), to: copy.site.appending(path: "fonts"))
    let own = Self.run(["build", "--quiet", "--output", "own"], in: copy.folder, Self.hidden)
    #expect(normal.status == 0 && system.status == 0 && own.status == 0, "\(system.error) \(own.error)")
    let reference = try folderContents(copy.folder.appending(path: "system"))
    #expect(reference.count > 1000)
    #expect(try folderContents(copy.folder.appending(path: "own")) == reference)
    #expect(try folderContents(copy.folder.appending(path: "normal")) == reference)
  }

  @Test func aFontWithOneByteChangedIsRefusedNamingBothHashes() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    #expect(Self.run(["fonts", "--export", "Site/fonts"], in: copy.folder).status == 0)
    let file = copy.site.appending(path: "fonts/Inter-Bold.otf")
    var bytes = try Data(contentsOf: file)
    bytes[5000] ^= 1
    try bytes.write(to: file)
    let found = SHA256Hex.of(bytes)
    // Refused even where the system has the right file: the team's copy is a mistake to name.
    for environment in [Self.hidden, [:]] {
      let build = Self.run(["build", "--quiet"], in: copy.folder, environment)
      #expect(build.status == 2)
      #expect(
        build.error.contains(
          "font Inter-Bold.otf (Blankslate Inter, weight 700) is not the pinned file: expected SHA-256 "
            + "\(PinnedFile.all[2].sha256), but \(copy.site.path)/fonts/Inter-Bold.otf has SHA-256 \(found)"),
        "\(build.error)")
      #expect(build.error.contains("apt-get install fonts-inter"))
      #expect(!FileManager.default.fileExists(atPath: copy.folder.appending(path: "_site").path), "nothing was built")
    }
    let listed = Self.run(["fonts"], in: copy.folder)
    #expect(listed.status == 1)
    #expect(listed.output.contains("not it: \(copy.site.path)/fonts/Inter-Bold.otf has SHA-256 \(found)"))
  }

  /// A gigabyte under a pinned font's name is told apart by its size, without being read.
  @Test(arguments: [["list"], ["build", "--quiet"], ["fonts"]])
  func aHugeFileUnderAPinnedNameIsNeverRead(arguments: [String]) throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let fonts = copy.site.appending(path: "fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    let path = fonts.appending(path: "Inter-Bold.otf").path
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
    #expect(descriptor >= 0 && ftruncate(descriptor, 1 << 30) == 0)
    close(descriptor)
    let run = try CommandRunner.spawnMeasuringPeakMemory(arguments + ["--site", copy.site.path])
    #expect(run.peakKilobytes > 0 && run.peakKilobytes < 256 * 1024, "peak \(run.peakKilobytes) kB: the file was read")
    if arguments[0] != "list" {
      #expect(run.status != 0)
      let text = arguments[0] == "fonts" ? Self.run(["fonts"], in: copy.folder).output : run.error
      #expect(
        text.contains("\(path) has 1073741824 bytes, not the pinned file's \(PinnedFile.all[2].size)"), "\(text)")
    }
  }

  @Test func aFileIsHashedAsItIsReadAndStopsPastItsLimit() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(path: "f")
    let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try bytes.write(to: file)
    let streamed = try SHA256.hex(ofFileAt: file.path, limit: bytes.count)
    #expect(streamed.hex == SHA256Hex.of(bytes) && streamed.size == bytes.count)
    #expect(throws: FileReadError.self) { try SHA256.hex(ofFileAt: file.path, limit: bytes.count - 1) }
  }

  @Test func withNoFontAnywhereEveryMissingFileIsNamedOnceWithWhereItWasLookedFor() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let build = Self.run(["build", "--quiet"], in: copy.folder, ["BLANKSLATE_FONT_PATH": "/nonexistent/fonts"])
    #expect(build.status == 2)
    for file in PinnedFile.all {
      let line = "font \(file.name) "
      #expect(build.error.components(separatedBy: line).count - 1 == 1, "\(file.name) once: \(build.error)")
      #expect(
        build.error.contains("no file with SHA-256 \(file.sha256) in \(copy.site.path)/fonts, /nonexistent/fonts"))
      #expect(build.error.contains("apt-get install \(file.debianPackage)"))
    }
    #expect(build.error.contains("9 errors in 1 file; nothing was built."))
    let listed = Self.run(["fonts"], in: copy.folder, Self.hidden)
    #expect(listed.status == 1)
    #expect(listed.output.contains("brew install --cask font-noto-sans-cjk"))
    #expect(listed.error.contains("9 font files missing"))
    // `list` needs no font.
    #expect(Self.run(["list"], in: copy.folder, Self.hidden).status == 0)
  }

  /// A `fonts` folder that is a link is no folder of the site: nothing in it is read.
  @Test func aLinkedFontsFolderIsNotFollowed() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let elsewhere = copy.folder.appending(path: "elsewhere")
    #expect(Self.run(["fonts", "--export", "elsewhere"], in: copy.folder).status == 0)
    try FileManager.default.createSymbolicLink(at: copy.site.appending(path: "fonts"), withDestinationURL: elsewhere)
    let build = Self.run(["build", "--quiet"], in: copy.folder, Self.hidden)
    #expect(build.status == 2)
    #expect(build.error.contains("font Inter-Regular.otf (Blankslate Inter, weight 400) is missing"), "\(build.error)")
  }

  @Test func fontconfigsFoldersAreReadWithTheirPrefixes() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let conf = folder.appending(path: "fonts.conf")
    try Data(
      """
      <?xml version="1.0"?>
      <fontconfig>
        <dir>/usr/share/fonts</dir>
        <dir prefix="xdg">fonts</dir>
        <dir>~/.fonts</dir>
        <dir prefix="default">relative</dir>
        <cachedir>/var/cache/fontconfig</cachedir>
      </fontconfig>
      """.utf8
    ).write(to: conf)
    let folders = FontconfigFolders.read(
      home: "/home/a", environment: ["FONTCONFIG_FILE": conf.path, "XDG_DATA_HOME": "/data"])
    #expect(folders == ["/usr/share/fonts", "/data/fonts", "/home/a/.fonts"])
    // Without the file, fontconfig's usual folders.
    #expect(
      FontconfigFolders.read(home: "/home/a", environment: ["FONTCONFIG_FILE": folder.path + "/none"]) == [
        "/usr/share/fonts", "/usr/local/share/fonts", "/home/a/.local/share/fonts", "/home/a/.fonts",
      ])
  }

  /// A remembered hash is trusted only for the very file version it was
  /// taken of: new bytes of the same size, with the modification time set
  /// back, are hashed again (the change time moved).
  @Test func aRememberedHashIsDroppedWhenTheFileChangesEvenWithItsTimeSetBack() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "a.otf").path
    let cache = folder.appending(path: "cache/font-sha256").path
    try Data("first bytes".utf8).write(to: URL(fileURLWithPath: file))
    let hashes = FontHashes(cacheFile: cache)
    func candidate() throws -> FontCandidateFile {
      try #require(FontSearch.candidates(in: folder.path, sizes: [11], names: []).first { $0.path == file })
    }
    let first = try candidate()
    #expect(hashes.sha256(of: first) == SHA256Hex.of(Data("first bytes".utf8)))
    #expect(FileManager.default.fileExists(atPath: cache), "remembered on disk")
    // The same size, the modification time set back to the first's.
    let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
    try Data("other bytes".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: file)
    let second = try candidate()
    #expect(FontHashes(cacheFile: cache).sha256(of: second) == SHA256Hex.of(Data("other bytes".utf8)))
    #expect(hashes.sha256(of: second) == SHA256Hex.of(Data("other bytes".utf8)))
  }
}

/// SHA-256 by the system's own tool, to check the tool's hashes independently.
enum SHA256Hex {
  static func of(_ data: Data) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try? process.run()
    input.fileHandleForWriting.write(data)
    try? input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix(64))
  }
}
