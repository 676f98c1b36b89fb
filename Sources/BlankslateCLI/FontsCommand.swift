import BlankslateCore
import BlankslateSite
import BlankslateSupport
import Foundation

/// `blankslate fonts`: every font file the site's text is set with, its
/// SHA-256, where it was found and how to get it when it was not; with
/// `--export DIR`, a copy of each found stand-in, so a team can commit the
/// exact files and render alike on every machine.
enum FontsCommand {
  static func run(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    let site = parsed[.site]
    guard let definition = Commands.definitions(of: site) else { return 2 }
    let search = FontSearch.forSite(Console.current.url(site).path)
    let used = Self.files(definition.typography)
    var missing = 0
    var lines = ["Fonts of \(site): \(count(used.count, "file")), looked for in \(site)/fonts first, then in "]
    lines[0] +=
      search.systemFolders.isEmpty
      ? "no system folder (BLANKSLATE_FONT_PATH is empty)."
      : search.systemFolders
        .joined(separator: ", ") + "."
    for entry in used {
      lines.append("")
      lines.append("\(entry.name) (\(entry.faces); \(entry.licence))")
      lines.append("  sha256 \(entry.sha256)")
      switch entry.location {
      case .site(let path):
        lines.append("  found  \(display(path, site: definition, siteArgument: site)) (the site's fonts/)")
      case .system(let path): lines.append("  found  \(path) (a system font folder)")
      case .missing(_, let different):
        missing += 1
        lines.append("  MISSING: no file with this SHA-256 in the folders above")
        for candidate in different {
          lines.append("  not it: \(candidate.description)")
        }
        if let file = entry.file {
          lines.append("  get it: apt-get install \(file.debianPackage) (Debian, Ubuntu)")
          lines.append(
            "          or copy it from a machine that has it (blankslate fonts --export DIR there) into \(site)/fonts/")
          lines.append(
            "          brew install --cask \(file.homebrewCask) has the family, but its release may hash differently")
        }
      }
    }
    if let folder = parsed.value(.fontsExport) {
      guard let exported = export(used, to: folder) else { return 2 }
      lines.append("")
      lines.append(
        "Exported \(count(exported, "file")) to \(folder)/ with LICENSES.md; "
          + "commit them as \(site)/fonts/ and every machine draws with these bytes.")
    }
    Terminal.out(lines.joined(separator: "\n"))
    if missing > 0 {
      Terminal.error("\(count(missing, "font file")) missing: commands that lay text out stop with exit 2 until found.")
      return 1
    }
    return 0
  }

  /// One file the site's text is set with: a stand-in or a team's own.
  struct UsedFile {
    var name: String
    var faces: String
    var licence: String
    var sha256: String
    var location: FontLocation
    var file: PinnedFile?
  }

  /// The distinct files of the faces the site sets text with, in slot order:
  /// a stand-in a team font replaces everywhere is not among them.
  static func files(_ typography: SiteTypography) -> [UsedFile] {
    var order: [String] = []
    var faces: [String: [PinnedFont]] = [:]
    for face in typography.faces {
      let key = face.file?.name ?? face.path
      if faces[key] == nil { order.append(key) }
      faces[key, default: []].append(face)
    }
    let team = Dictionary(typography.fonts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    return order.compactMap { key in
      guard let first = faces[key]?.first else { return nil }
      let all = faces[key] ?? []
      let regions = all.compactMap { $0.region?.rawValue }
      // A collection's faces share a family but for the region: `Blankslate Noto Sans CJK (JP KR SC TC HK)`.
      let family =
        regions.count > 1
        ? first.cssFamily.split(separator: " ").dropLast().joined(separator: " ")
          + " (\(regions.joined(separator: " ")))"
        : first.cssFamily
      let described = "\(family), weight \(first.weight)"
      if let file = first.file {
        return UsedFile(
          name: file.name, faces: described, licence: file.licence, sha256: file.sha256, location: first.location,
          file: file)
      }
      let own = team[first.path]
      return UsedFile(
        name: own?.file ?? first.path, faces: described + ", the team's own (site.json fonts)",
        licence: "the team's licence", sha256: own?.sha256 ?? "", location: first.location, file: nil)
    }
  }

  static func display(_ path: String, site: SiteDefinition, siteArgument: String) -> String {
    let root = Console.current.url(siteArgument).path
    return path.hasPrefix(root + "/") ? siteArgument + path.dropFirst(root.count) : path
  }

  /// Copies each found stand-in into `folder` (a file already there with the
  /// same bytes is kept; with other bytes, the export stops), and writes
  /// `LICENSES.md` naming each file's licence and source. Returns how many
  /// files are there, or nil after saying why it failed.
  static func export(_ used: [UsedFile], to folder: String) -> Int? {
    // The copies are the command's own files: written only into a real folder, never through a link.
    let output: OwnedFolder
    do throws(OwnedFolder.Refusal) {
      output = try OwnedFolder(folder, workingFolder: Console.current.path("."), display: folder)
    } catch {
      Terminal.failure(error.description)
      return nil
    }
    var copied = 0
    var licences = [
      "# Font files",
      "",
      "Copied by `blankslate fonts --export`: the exact files Blankslate's goldens",
      "are drawn with, known by their SHA-256. Each is under the SIL Open Font",
      "License 1.1 (https://openfontlicense.org): it may be copied, committed and",
      "redistributed with its licence (the `*.copyright` files beside it, copied",
      "from the Debian packages), but not sold by itself, and a modified copy",
      "may not keep its Reserved Font Name.",
      "",
      "| file | SHA-256 | licence | from |",
      "|---|---|---|---|",
    ]
    for entry in used {
      guard let file = entry.file, let source = entry.location.path else { continue }
      let existing: [UInt8]?
      do throws(OwnedFolder.Refusal) {
        existing = try output.read(file.name, limit: file.size)
      } catch {
        Terminal.failure("\(error.description); nothing more is copied")
        return nil
      }
      if let existing {
        guard SHA256.hex(existing) == file.sha256 else {
          Terminal.failure(
            "\(folder)/\(file.name) exists with other bytes; it is left as it is and nothing more is copied")
          return nil
        }
      } else {
        do {
          let bytes = try FileTree.read(source, limit: file.size * 2)
          guard SHA256.hex(bytes) == file.sha256 else {
            Terminal.failure("\(source) changed while it was read; nothing more is copied")
            return nil
          }
          try output.write(file.name, bytes)
        } catch let error as OwnedFolder.Refusal {
          Terminal.failure(error.description)
          return nil
        } catch {
          Terminal.failure("\(folder)/\(file.name): cannot be copied from \(source) (\(error))")
          return nil
        }
      }
      copied += 1
      licences.append("| \(file.name) | `\(file.sha256)` | \(file.licence) | Debian's \(file.debianPackage) |")
    }
    licences.append("")
    // Each package's copyright file, which holds the licence's full text.
    for package in Set(used.compactMap { $0.file?.debianPackage }).sorted() {
      guard let text = try? FileTree.read("/usr/share/doc/\(package)/copyright", limit: 1 << 20) else { continue }
      try? output.write("\(package).copyright", text)
    }
    do throws(OwnedFolder.Refusal) {
      try output.write("LICENSES.md", Array(licences.joined(separator: "\n").utf8))
    } catch {
      Terminal.failure(error.description)
      return nil
    }
    return copied
  }
}
