import BlankslateSupport

/// What loading a site asks of fonts, answered by the code that sets text:
/// `BlankslateCore` reads them with HarfBuzz. A tool that never sets text (the
/// hand-off) passes `FontsNotRead`, so that it links no font library.
package protocol SiteFontReader: Sendable {
  /// What a team's font file is: the scripts it covers and its OS/2 weight
  /// class, or why it cannot set text.
  ///
  /// - Parameter path: The file's absolute path, inside the site.
  /// - Returns: The scripts and weight, or the problem.
  func inspect(path: String) -> Result<TeamFont.Inspection, FontFileProblem>

  /// Why `typography`'s faces cannot set the site's text (a stand-in not
  /// found, a file that is no font); empty when they can.
  ///
  /// - Parameter typography: The site's fonts.
  /// - Returns: One message per problem.
  func problems(of typography: SiteTypography) -> [String]
}

extension TeamFont {
  /// What a font file was found to be: the scripts it sets and its weight.
  package struct Inspection: Sendable {
    /// The scripts of the stand-ins whose probe characters it has.
    package var coverages: [PinnedFont.Coverage]
    /// Its OS/2 weight class, clamped to 100…900 (400 when it has no OS/2 table).
    package var weight: Int

    /// An inspection's findings.
    package init(coverages: [PinnedFont.Coverage], weight: Int) {
      self.coverages = coverages
      self.weight = weight
    }
  }
}

/// The fonts of a tool that sets no text: a team font's hash is checked, its
/// glyphs are not read (it counts as a regular face of no script), and no
/// stand-in need be found.
package struct FontsNotRead: SiteFontReader {
  /// A reader that reads no font.
  package init() {}

  /// A regular face of no script: never used, since nothing is set.
  package func inspect(path: String) -> Result<TeamFont.Inspection, FontFileProblem> {
    .success(TeamFont.Inspection(coverages: [], weight: 400))
  }

  /// None: nothing is set.
  package func problems(of typography: SiteTypography) -> [String] { [] }
}
