import BlankslateCore
import BlankslateSupport
import BlankslateValidation

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
  /// The fingerprints of each design's index card and coverage row, in site order (`GalleryPages.parts`).
  let parts: [GalleryPages.DesignParts]

  /// What making some files gave.
  struct MadeFile: Sendable {
    var tally = CheckedWriter.WrittenFiles()
    /// An index page's path and the fingerprint of its content.
    var pageKey: (path: String, key: String)?
    var failure: BuildError?
  }

  /// Index page `number`; one whose content the back buffer already holds
  /// is kept as it is, without making its cards.
  func indexPage(_ number: Int) -> MadeFile {
    let path = SitePaths.indexPage(number)
    var fingerprint = ContentHash()
    fingerprint.add(identity)
    fingerprint.add(path)
    fingerprint.add(pages.indexPageFingerprint(number, parts: parts).hex)
    return page(path, fingerprint: fingerprint) { () throws(TemplateError) in
      try pages.renderIndexPage(pages.indexPageContext(number, thumbnailAlts: alts, lint: lint))
    }
  }

  /// `symbols.html`: every symbol a definition may use, with its name; kept
  /// as it is when the back buffer holds the one made by this tool, templates and site title.
  func symbolsPage() -> MadeFile {
    let path = SitePaths.symbolsPage
    var fingerprint = ContentHash()
    fingerprint.add(identity)
    fingerprint.add(path)
    fingerprint.add(pages.site.title)
    return page(path, fingerprint: fingerprint) { () throws(TemplateError) in try pages.symbolsPage() }
  }

  /// Coverage page `number` (`coverage.html` first): its designs against
  /// the states; kept as it is, without making its rows, when the back
  /// buffer holds the one made from the same rows by this tool and templates.
  ///
  /// `states` (the columns, `GalleryPages.coverageStates`) and `missing`
  /// (the site's missing cells, `coverageMissingCount`) are found once for every page.
  func coveragePage(_ number: Int, states: [ContentState], missing: Int) -> MadeFile {
    let path = SitePaths.coveragePage(number)
    var fingerprint = ContentHash()
    fingerprint.add(identity)
    fingerprint.add(path)
    fingerprint.add(pages.coverageFingerprint(number, states: states, missing: missing, parts: parts).hex)
    return page(path, fingerprint: fingerprint) { () throws(TemplateError) in
      try pages.renderCoveragePage(pages.coverageContext(number, states: states, missing: missing))
    }
  }

  /// `_gallery/fonts.css`, subset to the characters the renders draw; kept as
  /// it is when the back buffer holds the one made from the same characters and fonts.
  ///
  /// `characters`: each once, in code point order.
  func fontStylesheet(characters sorted: [Unicode.Scalar], locales: [String]) -> MadeFile {
    let path = SitePaths.fontStylesheet
    let text = String(String.UnicodeScalarView(sorted))
    var fingerprint = ContentHash()
    fingerprint.add(identity)
    fingerprint.add(text)
    for locale in Set(locales.map { PinnedFont.Region.forLocale($0).rawValue }).sorted() { fingerprint.add(locale) }
    return kept(path, fingerprint: fingerprint.hex)
      ?? make(path, key: fingerprint.hex, check: .none) { () throws(BuildError) in
        do throws(FontError) {
          return Array(
            try FontStylesheet.css(
              characters: sorted, locales: locales, library: pages.site.typography.typesetter.fontLibrary
            ).utf8)
        } catch {
          throw .fonts(error)
        }
      }
  }

  /// The HTML page at `path` whose content has `fingerprint`: kept from
  /// the back buffer when it holds that page, else rendered and checked.
  private func page(
    _ path: String, fingerprint: ContentHash, _ render: () throws(TemplateError) -> String
  ) -> MadeFile {
    kept(path, fingerprint: fingerprint.hex)
      ?? make(path, key: fingerprint.hex, check: .markup(.html)) { () throws(BuildError) in
        do throws(TemplateError) {
          return Array(try render().utf8)
        } catch {
          throw .template(error)
        }
      }
  }

  /// The back buffer's file at `path`, when its cache records `fingerprint` for it and it may be kept.
  private func kept(_ path: String, fingerprint: String) -> MadeFile? {
    guard inPlace?.pages[path] == fingerprint, let size = keptSize(of: path) else { return nil }
    return MadeFile(tally: CheckedWriter.WrittenFiles(files: 1, bytes: size), pageKey: (path, fingerprint))
  }

  /// `make`, recording `key` as the file's fingerprint for the next build.
  private func make(
    _ path: String, key: String, check: CheckedWriter.Check, _ bytes: () throws(BuildError) -> [UInt8]
  ) -> MadeFile {
    var made = make(path, check: check, bytes)
    made.pageKey = (path, key)
    return made
  }

  /// The size of the back buffer's page at `path` when it may be kept: a
  /// regular file that last changed before the back buffer's cache was
  /// written (`StagingFolder.publish` settles the cache's time after every
  /// page it names). A page edited since, even in the same clock tick, is
  /// made again, so nothing written into a published gallery is published again.
  private func keptSize(of path: String) -> Int? {
    guard let written = inPlace?.written, let file = staging.regularFile(path), file.changed < written else {
      return nil
    }
    return file.size
  }

  /// The file at `path`, made by `bytes`, checked as `check`.
  func make(_ path: String, check: CheckedWriter.Check, _ bytes: () throws(BuildError) -> [UInt8]) -> MadeFile {
    var made = MadeFile()
    var timings = BuildTimings()
    do throws(BuildError) {
      try writer.write(try bytes(), to: path, check: check, replacing: true, into: &made.tally, timings: &timings)
    } catch {
      made.failure = error
    }
    return made
  }

  /// Files given whole: `checked` ones are SVG checked with libxml2.
  func copies(checked: [(String, [UInt8])], unchecked: [(String, [UInt8])]) -> MadeFile {
    var made = MadeFile()
    var timings = BuildTimings()
    let writer = self.writer
    do throws(BuildError) {
      for (path, bytes) in checked {
        try writer.write(bytes, to: path, check: .markup(.svg), replacing: true, into: &made.tally, timings: &timings)
      }
      for (path, bytes) in unchecked {
        try writer.write(bytes, to: path, check: .none, replacing: true, into: &made.tally, timings: &timings)
      }
    } catch {
      made.failure = error
    }
    return made
  }

  /// A checked writer for one task (its parser context is not shared between workers).
  private var writer: CheckedWriter { CheckedWriter(staging: staging, display: display) }
}
