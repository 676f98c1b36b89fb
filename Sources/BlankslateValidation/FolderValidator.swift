import Foundation
import BlankslateSupport

/// Validates files and folders on disk: every SVG, HTML and XML file, and the
/// links between the files of each folder given.
package struct FolderValidator: Sendable {
  /// What a validation found.
  package struct Report: Sendable {
    package var filesChecked: Int
    package var issues: [ValidationIssue]
  }

  package init() {}

  /// `paths`: files or folders, as the user typed them.
  /// - Throws: `CocoaError`-style errors when a path cannot be read.
  package func validate(_ paths: [String]) throws -> Report {
    var report = Report(filesChecked: 0, issues: [])
    let checker = MarkupChecker()
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        report.issues.append(ValidationIssue(file: path, line: 0, message: "no such file or folder"))
        continue
      }
      if !isDirectory.boolValue {
        guard let kind = MarkupKind(path: path) else {
          report.issues.append(ValidationIssue(file: path, line: 0, message: "not an .svg, .html or .xml file"))
          continue
        }
        let bytes: [UInt8]
        do throws(FileReadError) {
          bytes = try FileTree.read(path, limit: Self.maximumSize)
        } catch {
          report.issues.append(ValidationIssue(file: path, line: 0, message: error.description))
          continue
        }
        report.issues += checker.check(bytes, file: path, kind: kind).issues
        report.filesChecked += 1
        continue
      }
      let root = URL(fileURLWithPath: path).standardizedFileURL
      var files: Set<String> = []
      var pages: [LinkChecker.Page] = []
      let relativePaths = try Self.files(under: root)
      for relative in relativePaths {
        files.insert(relative)
        guard let kind = MarkupKind(path: relative) else { continue }
        let display = (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/" + relative
        let bytes: [UInt8]
        do throws(FileReadError) {
          bytes = try FileTree.read(root.path + "/" + relative, limit: Self.maximumSize)
        } catch {
          report.issues.append(ValidationIssue(file: display, line: 0, message: error.description))
          continue
        }
        report.filesChecked += 1
        if kind == .svg, Self.isSiteAsset(relative) {
          report.issues += Self.checkAsset(bytes, file: display)
          continue
        }
        let result = checker.check(bytes, file: display, kind: kind)
        report.issues += result.issues
        if kind == .html { pages.append(LinkChecker.Page(path: relative, links: result.links, ids: result.ids)) }
      }
      let display = path.hasSuffix("/") ? String(path.dropLast()) : path
      report.issues += LinkChecker(allowsExternalLinks: true).check(pages, files: files, displayRoot: display)
    }
    return report
  }

  /// Whether `relative` is one of the site's own images, as `build` copies
  /// them (`assets/`): drawn inside a render or a page, which names it, so
  /// the rules of a standalone SVG (a `<title>`, a `viewBox`) are not theirs.
  static func isSiteAsset(_ relative: String) -> Bool { relative.hasPrefix("assets/") }

  /// The rule `build` holds a site's SVG to, as the sanitiser applies it when
  /// the site is loaded: well-formed SVG with nothing it would take out.
  static func checkAsset(_ bytes: [UInt8], file: String) -> [ValidationIssue] {
    do throws(AssetProblem) {
      let result = try SVGSanitizer().sanitize(bytes, file: file)
      return result.removed.map {
        ValidationIssue(file: file, line: 0, message: "the sanitiser would clean it (\($0))")
      }
    } catch {
      return [ValidationIssue(file: file, line: 0, message: error.reason)]
    }
  }

  /// The largest file validated (a page embedding many assets stays far below).
  static let maximumSize = 256 << 20

  /// Regular files below `root`, relative to it, sorted (byte order).
  static func files(under root: URL) throws -> [String] {
    FileTree.regularFiles(under: root.standardizedFileURL.path)
  }
}
