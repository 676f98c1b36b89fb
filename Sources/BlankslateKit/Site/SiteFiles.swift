/// The files of a build beyond the designs' own: the index pages, the JSON
/// and search indexes, the gallery's art, stylesheet and script, and the
/// site's assets. Each is checked (libxml2 for markup, a syntax check for
/// JSON) and written to the staging folder only where it changed.
struct SiteFiles: Sendable {
  let staging: StagingFolder
  /// How messages name the output folder.
  let display: String
  /// The tool and templates (part of an index page's fingerprint).
  let identity: String
  /// The back buffer's cache: which index pages it already holds.
  let inPlace: BuildCache?
  let pages: GalleryPages
  let alts: [String: String]
  let lint: [String: [String: LintCounts]]

  /// What making some files gave.
  struct Made: Sendable {
    var issues: [ValidationIssue] = []
    var linkPages: [LinkChecker.Page] = []
    var files = 0
    var bytes = 0
    /// An index page's path and the fingerprint of its content.
    var pageKey: (path: String, key: String)?
    /// Where each design's entry lies in the file (index.json and the search index).
    var entryRanges: [Range<Int>]?
    var failure: BuildError?
  }

  enum Kind {
    case markup(MarkupKind)
    case json
  }

  /// Index page `number`; one whose content the back buffer already holds is kept as it is.
  func indexPage(_ number: Int) -> Made {
    let path = SitePaths.indexPage(number)
    let context = pages.indexPageContext(number, thumbnailAlts: alts, lint: lint)
    var fingerprint = ContentHash()
    fingerprint.add(identity)
    fingerprint.add(path)
    context.fingerprint(into: &fingerprint)
    if inPlace?.pages[path] == fingerprint.hex, let size = staging.size(of: path) {
      return Made(files: 1, bytes: size, pageKey: (path, fingerprint.hex))
    }
    var made = make(path, kind: .markup(.html)) { () throws(BuildError) in
      do throws(TemplateError) {
        return Array(try pages.renderIndexPage(context).utf8)
      } catch {
        throw .template(error)
      }
    }
    made.pageKey = (path, fingerprint.hex)
    return made
  }

  /// The file at `path`, made by `bytes`, checked as `kind` (nil: not checked).
  func make(_ path: String, kind: Kind?, _ bytes: () throws(BuildError) -> [UInt8]) -> Made {
    var made = Made()
    let checker = StreamingChecker()
    do throws(BuildError) {
      try write(path, try bytes(), kind: kind, checker: checker, into: &made)
    } catch {
      made.failure = error
    }
    return made
  }

  /// Files given whole: `checked` ones are SVG checked with libxml2.
  func copies(checked: [(String, [UInt8])], unchecked: [(String, [UInt8])]) -> Made {
    var made = Made()
    let checker = StreamingChecker()
    do throws(BuildError) {
      for (path, bytes) in checked { try write(path, bytes, kind: .markup(.svg), checker: checker, into: &made) }
      for (path, bytes) in unchecked { try write(path, bytes, kind: nil, checker: checker, into: &made) }
    } catch {
      made.failure = error
    }
    return made
  }

  private func write(
    _ path: String, _ bytes: [UInt8], kind: Kind?, checker: StreamingChecker, into made: inout Made
  ) throws(BuildError) {
    switch kind {
    case .json:
      if let error = JSONValidator.firstError(in: bytes, maximumDepth: 32) {
        made.issues.append(
          ValidationIssue(
            file: display + "/" + path, line: 0, message: "not valid JSON at byte \(error.offset): \(error.message)"))
      }
    case .markup(let markup):
      let result = bytes.withUnsafeBytes { checker.check($0, file: display + "/" + path, kind: markup) }
      made.issues += result.issues
      if markup == .html { made.linkPages.append(LinkChecker.Page(path: path, links: result.links, ids: result.ids)) }
    case nil:
      break
    }
    try staging.update(bytes, at: path)
    made.files += 1
    made.bytes += bytes.count
  }
}
