import Foundation
import Synchronization
import BlankslateSupport

/// One font file the pinned faces live in, known by its content: the same
/// bytes wherever they lie give the same renders, so a face is found by its
/// SHA-256, never by a path.
package struct PinnedFile: Sendable, Hashable {
  /// The file's name where its package installs it (`Inter-Regular.otf`).
  package let name: String
  /// The SHA-256 of the exact bytes the goldens were drawn with.
  package let sha256: String
  /// Its size in bytes: a file of another size is not hashed at all.
  package let size: Int
  /// The Debian package that installs it, and where (Debian 12).
  package let debianPackage: String
  package let debianPath: String
  /// The Homebrew cask with the same family for macOS. Its release may
  /// differ from Debian's, so its files may hash differently: `blankslate
  /// fonts --export` from a machine that has the exact files is the sure way.
  package let homebrewCask: String
  /// The licence, which lets a team copy and commit the file (SPDX id).
  package let licence: String

  /// Every file a pinned face lives in, in `PinnedFont.all`'s order.
  package static let all: [PinnedFile] = [
    inter("Inter-Regular.otf", 258_992, "a7e791e8f5a0fb02b65663f7fca73e1d1ca9543f772ad480cbd76f4e3fe3f8cc"),
    inter("Inter-SemiBold.otf", 270_760, "8c1990b6012254ea2b487161697d107357dd0ee55811cfd91c8c11227bbef457"),
    inter("Inter-Bold.otf", 271_436, "1e9dfd6a6e33ac63a8fe3b4ed7ae0df9eac2d0b25e444e8e7daef4ac77943fc1"),
    cjk("NotoSansCJK-Regular.ttc", 19_484_784, "b76b0433203017ca80401b2ee0dd69350349871c4b19d504c34dbdd80541690a"),
    cjk("NotoSansCJK-Bold.ttc", 20_050_760, "faa5f3656a78b2e2d450d27fe8382c778bc2b6bb5ea29c986664a6a435056ceb"),
    core(
      "NotoSansArabic-Regular.ttf", 244_072, "504d7407d86875acf7d04dfaa0fd7524d0b8797723bc4aa18022f29db25b0b6e",
      cask: "font-noto-sans-arabic"),
    core(
      "NotoSansArabic-Bold.ttf", 252_940, "ded6fc7359ca36d15d7aab9ef0c066e21ce48b26a069994d6602fa2cb9a1b952",
      cask: "font-noto-sans-arabic"),
    core(
      "NotoSansHebrew-Regular.ttf", 26_892, "436900d5ad77d33e4234247f3076eaecd25b92b9bea0519514f684140e3566a7",
      cask: "font-noto-sans-hebrew"),
    core(
      "NotoSansHebrew-Bold.ttf", 27_156, "d3b01343f71e8a93fffb84c345a1aecbaf4694b98d0eaace916cb9eac9e6dcd3",
      cask: "font-noto-sans-hebrew"),
  ]

  private static func inter(_ name: String, _ size: Int, _ sha256: String) -> PinnedFile {
    PinnedFile(
      name: name, sha256: sha256, size: size, debianPackage: "fonts-inter",
      debianPath: "/usr/share/fonts/opentype/inter/" + name, homebrewCask: "font-inter", licence: "OFL-1.1")
  }

  private static func cjk(_ name: String, _ size: Int, _ sha256: String) -> PinnedFile {
    PinnedFile(
      name: name, sha256: sha256, size: size, debianPackage: "fonts-noto-cjk",
      debianPath: "/usr/share/fonts/opentype/noto/" + name, homebrewCask: "font-noto-sans-cjk", licence: "OFL-1.1")
  }

  private static func core(_ name: String, _ size: Int, _ sha256: String, cask: String) -> PinnedFile {
    PinnedFile(
      name: name, sha256: sha256, size: size, debianPackage: "fonts-noto-core",
      debianPath: "/usr/share/fonts/truetype/noto/" + name, homebrewCask: cask, licence: "OFL-1.1")
  }

  /// How to get the file onto a machine that lacks it.
  package var howToGet: String {
    "install the Debian package \(debianPackage) (apt-get install \(debianPackage)), "
      + "or copy the exact file into the site's fonts/ folder from a machine that has it "
      + "(blankslate fonts --export DIR there); Homebrew's \(homebrewCask) cask has the family, "
      + "but its release may hash differently"
  }
}

/// Where a pinned file was found, or why it was not.
package enum FontLocation: Sendable, Hashable {
  /// In the site's `fonts/` folder.
  case site(String)
  /// In one of the system's font folders.
  case system(String)
  /// Not found: the folders looked in, and files of the right name or size
  /// whose bytes are not the pinned ones (path and SHA-256).
  case missing(lookedIn: [String], different: [Candidate])

  package struct Candidate: Sendable, Hashable {
    package let path: String
    /// What the file is instead: its SHA-256, or its size when that alone
    /// tells it apart (a file of another size is never read).
    package let found: String

    /// "`path` has SHA-256 …" or "`path` has 1,073,741,824 bytes, not 412,584".
    package var description: String { "\(path) has \(found)" }
  }

  /// The path found, if any.
  package var path: String? {
    switch self {
    case .site(let path), .system(let path): path
    case .missing: nil
    }
  }
}

/// Finds the pinned files by content: first in the site's `fonts/` folder,
/// then in the system's font folders (fontconfig's on Linux; the system's,
/// the user's and Homebrew's on macOS), or the folders `BLANKSLATE_FONT_PATH`
/// lists instead (colon-separated; empty for none, so that only the site's
/// own files are used).
///
/// A file is a candidate when its size is a pinned file's size (nothing else
/// is read), and it is that file when its SHA-256 is. Hashes are remembered
/// by file version (device, inode, size, modification and change times) in
/// the user's cache folder, so a 20 MB collection is hashed once per machine,
/// not once per command.
package struct FontSearch: Sendable {
  /// The site's `fonts/` folder, when the site has one.
  package var siteFolder: String?
  /// The system folders, searched in order, each with everything below it.
  package var systemFolders: [String]

  package init(siteFolder: String?, systemFolders: [String]) {
    self.siteFolder = siteFolder
    self.systemFolders = systemFolders
  }

  /// The environment a command runs with (its console's), when it is not the process's.
  @TaskLocal package static var environment: [String: String]?

  /// The search of a site at `siteRoot` (nil: the system alone), with the
  /// command's environment.
  package static func forSite(_ siteRoot: String?, environment: [String: String]? = nil) -> FontSearch {
    let environment = environment ?? Self.environment ?? ProcessInfo.processInfo.environment
    return FontSearch(
      siteFolder: siteRoot.map { $0 + "/fonts" }, systemFolders: systemFolders(environment: environment))
  }

  /// The system's font folders: `BLANKSLATE_FONT_PATH` when it is set, else
  /// the platform's.
  package static func systemFolders(environment: [String: String]) -> [String] {
    if let listed = environment["BLANKSLATE_FONT_PATH"] {
      return listed.split(separator: ":").map(String.init)
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    #if os(macOS)
      return [
        home + "/Library/Fonts", "/Library/Fonts", "/System/Library/Fonts", "/opt/homebrew/share/fonts",
        "/usr/local/share/fonts",
      ]
    #else
      return FontconfigFolders.read(home: home, environment: environment)
    #endif
  }

  /// Where each of `files` is, in their order.
  package func locate(_ files: [PinnedFile] = PinnedFile.all) -> [FontLocation] {
    let sizes = Set(files.map(\.size))
    // The site's folder counts only as a real folder of the site: a link there could lead anywhere.
    var status = stat()
    let siteFolder = siteFolder.flatMap { lstat($0, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR ? $0 : nil }
    let siteCandidates = siteFolder.map { Self.candidates(in: $0, sizes: sizes, names: files) } ?? []
    var systemCandidates: [[FontCandidateFile]]?
    return files.map { file in
      var different: [FontLocation.Candidate] = []
      for candidate in siteCandidates where candidate.size == file.size || candidate.name == file.name {
        if let other = Self.differentBySize(candidate, from: file) {
          different.append(other)
          continue
        }
        let hash = FontHashes.shared.sha256(of: candidate)
        if hash == file.sha256 { return .site(candidate.path) }
        if candidate.name == file.name { different.append(.init(path: candidate.path, found: Self.hashed(hash))) }
      }
      // A file the team committed under the pinned name but with other bytes
      // is refused, not passed over for the system's: it is a mistake to name.
      if let siteFolder, !different.isEmpty { return .missing(lookedIn: [siteFolder], different: different) }
      if systemCandidates == nil {
        systemCandidates = systemFolders.map { Self.candidates(in: $0, sizes: sizes, names: files) }
      }
      for folder in systemCandidates ?? [] {
        for candidate in folder where candidate.size == file.size || candidate.name == file.name {
          if let other = Self.differentBySize(candidate, from: file) {
            different.append(other)
            continue
          }
          let hash = FontHashes.shared.sha256(of: candidate)
          if hash == file.sha256 { return .system(candidate.path) }
          if candidate.name == file.name { different.append(.init(path: candidate.path, found: Self.hashed(hash))) }
        }
      }
      return .missing(lookedIn: (self.siteFolder.map { [$0] } ?? []) + systemFolders, different: different)
    }
  }

  /// A candidate named like `file` whose size is another: different, said by
  /// its size, without a byte of it read (a gigabyte under a pinned name costs nothing).
  static func differentBySize(_ candidate: FontCandidateFile, from file: PinnedFile) -> FontLocation.Candidate? {
    guard candidate.size != file.size else { return nil }
    return .init(path: candidate.path, found: "\(candidate.size) bytes, not the pinned file's \(file.size)")
  }

  static func hashed(_ hash: String?) -> String {
    hash.map { "SHA-256 " + $0 } ?? "bytes that cannot be read"
  }

  /// The regular files below `folder` (links not followed) whose size is one
  /// of `sizes` or whose name is a pinned file's, in byte order of path.
  static func candidates(in folder: String, sizes: Set<Int>, names files: [PinnedFile]) -> [FontCandidateFile] {
    let names = Set(files.map(\.name))
    return FileTree.regularFiles(under: folder).compactMap { relative in
      let path = folder + "/" + relative
      // The last component, found by byte: a split by characters walked every path's grapheme clusters.
      let name =
        relative.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(relative[relative.utf8.index(after: $0)...]) }
        ?? relative
      guard let version = FileTree.version(of: path) else { return nil }
      let size = Int(version.identity.size)
      guard sizes.contains(size) || names.contains(name) else { return nil }
      return FontCandidateFile(path: path, name: name, size: size, version: version)
    }
  }
}

/// A file that may be a pinned one.
struct FontCandidateFile: Sendable {
  var path: String
  var name: String
  var size: Int
  var version: FileTree.Version
}

/// The folders fontconfig searches (`<dir>` in `/etc/fonts/fonts.conf`, with
/// `~` and the XDG prefix resolved), or its usual ones when that file is absent.
enum FontconfigFolders {
  static func read(home: String, environment: [String: String]) -> [String] {
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    let defaults = ["/usr/share/fonts", "/usr/local/share/fonts", dataHome + "/fonts", home + "/.fonts"]
    let file = environment["FONTCONFIG_FILE"] ?? "/etc/fonts/fonts.conf"
    guard let bytes = try? FileTree.read(file, limit: 1 << 20) else { return defaults }
    let text = String(decoding: bytes, as: UTF8.self)
    var folders: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "<dir") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: ">"), let end = rest.range(of: "</dir>") else { break }
      let attributes = rest[..<close]
      var folder = rest[rest.index(after: close)..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
      rest = rest[end.upperBound...]
      if attributes.hasSuffix("/") || folder.isEmpty { continue }
      if attributes.contains("prefix=\"xdg\"") {
        folder = dataHome + "/" + folder
      } else if folder.hasPrefix("~/") {
        folder = home + folder.dropFirst()
      } else if attributes.contains("prefix=\"default\"") || !folder.hasPrefix("/") {
        continue
      }
      folders.append(folder)
    }
    return folders.isEmpty ? defaults : folders
  }
}

/// SHA-256s of font files by file version, remembered in memory and in the
/// user's cache folder (`$XDG_CACHE_HOME/blankslate/font-sha256`, else
/// `~/.cache/…`; `~/Library/Caches/blankslate/…` on macOS). A file is hashed
/// again whenever its device, inode, size, modification or change time
/// differs; the change time is set by every write and cannot be set back.
final class FontHashes: Sendable {
  static let shared = FontHashes(cacheFile: FontHashes.cacheFile(ProcessInfo.processInfo.environment))

  private let cacheFile: String?
  private let known: Mutex<[String: (key: String, sha256: String)]?> = Mutex(nil)

  init(cacheFile: String?) {
    self.cacheFile = cacheFile
  }

  static func cacheFile(_ environment: [String: String]) -> String? {
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    #if os(macOS)
      return home + "/Library/Caches/blankslate/font-sha256"
    #else
      let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.cache"
      return cache + "/blankslate/font-sha256"
    #endif
  }

  /// The candidate's SHA-256, or nil when it cannot be read.
  func sha256(of candidate: FontCandidateFile) -> String? {
    let key = candidate.version.key
    if let hit = known.withLock({ loadedEntries(&$0)[candidate.path] }), hit.key == key { return hit.sha256 }
    // Hashed as it is read, never held whole; a file that is not the size it was found with is no match.
    guard let read = try? SHA256.hex(ofFileAt: candidate.path, limit: candidate.size), read.size == candidate.size
    else { return nil }
    let hash = read.hex
    // Saved under the lock: two workers never write the cache at once.
    known.withLock { entries in
      var loaded = loadedEntries(&entries)
      loaded[candidate.path] = (key, hash)
      entries = loaded
      save(loaded)
    }
    return hash
  }

  private func loadedEntries(_ entries: inout [String: (key: String, sha256: String)]?) -> [String:
    (key: String, sha256: String)]
  {
    if let entries { return entries }
    var read: [String: (key: String, sha256: String)] = [:]
    if let cacheFile, let bytes = try? FileTree.read(cacheFile, limit: 1 << 22, noFollow: true) {
      for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
        guard fields.count == 3, fields[0].count == 64 else { continue }
        read[fields[2]] = (fields[1], fields[0])
      }
    }
    entries = read
    return read
  }

  /// Writes the cache anew (a temporary file renamed over it); a cache that
  /// cannot be written is only slower next time.
  private func save(_ entries: [String: (key: String, sha256: String)]) {
    guard let cacheFile else { return }
    let folder = String(cacheFile[..<(cacheFile.lastIndex(of: "/") ?? cacheFile.endIndex)])
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var text = ""
    for path in entries.keys.sorted() where !path.contains("\n") && !path.contains("\t") {
      // A file that is gone or changed since is forgotten, so the cache holds only what is there.
      guard let entry = entries[path], FileTree.version(of: path)?.key == entry.key else { continue }
      text += "\(entry.sha256)\t\(entry.key)\t\(path)\n"
    }
    try? FileWriter.replace(cacheFile, with: Array(text.utf8))
  }
}
