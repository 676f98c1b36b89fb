import CHarfBuzz
import Foundation
import Synchronization
import BlankslateModel
import BlankslateSupport

/// The fonts as the code that sets text reads them: a team's file with
/// HarfBuzz, the site's faces through the typesetter that will set its text.
package struct HarfBuzzFontReader: SiteFontReader {
  /// The reader every loader in a program that sets text uses.
  package init() {}

  /// What the file is, read with HarfBuzz (`TeamFont.inspect`).
  package func inspect(path: String) -> Result<TeamFont.Inspection, FontFileProblem> {
    TeamFont.inspect(path: path)
  }

  /// The font library's problems: a stand-in not found, a file that is no font.
  package func problems(of typography: SiteTypography) -> [String] {
    typography.typesetter.fontLibrary.problems().map(\.description)
  }
}

extension SiteLoader {
  /// A loader of the site at `root`, named `displayRoot` in messages, whose
  /// fonts are read with HarfBuzz.
  ///
  /// - Parameters:
  ///   - root: The site folder.
  ///   - displayRoot: How messages name it; `root`'s path when nil.
  ///   - workers: How many files are read and decoded at once.
  ///   - memo: Files decoded by earlier loads (`serve`), or nil.
  public init(
    root: URL, displayRoot: String? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    memo: Memo? = nil
  ) {
    self.init(root: root, displayRoot: displayRoot, workers: workers, memo: memo, fonts: HarfBuzzFontReader())
  }
}

extension TeamFont {
  /// A character each script's face must have for a team font to set that script.
  static let probes: [(PinnedFont.Coverage, UInt32)] = [
    (.latin, 0x41), (.cjk, 0x4E2D), (.arabic, 0x627), (.hebrew, 0x5D0),
  ]

  /// What the file is, read with HarfBuzz: the scripts it covers and its
  /// weight, or why it cannot set text (not a font, or no script Blankslate sets).
  static func inspect(path: String) -> Result<Inspection, FontFileProblem> {
    guard let blob = hb_blob_create_from_file_or_fail(path) else { return .failure(.unreadable) }
    defer { hb_blob_destroy(blob) }
    guard hb_face_count(blob) > 0, let face = hb_face_create(blob, 0) else { return .failure(.notAFont) }
    defer { hb_face_destroy(face) }
    guard hb_face_get_upem(face) > 0, hb_face_get_glyph_count(face) > 1 else { return .failure(.notAFont) }
    let font = hb_font_create(face)
    defer { hb_font_destroy(font) }
    var glyph: hb_codepoint_t = 0
    let coverages = probes.filter { hb_font_get_nominal_glyph(font, $0.1, &glyph) != 0 }.map(\.0)
    guard !coverages.isEmpty else { return .failure(.noScript) }
    // OS/2 usWeightClass (offset 4); a font without the table is regular.
    var weight = 400
    if let table = hb_face_reference_table(face, 0x4F53_2F32) {
      defer { hb_blob_destroy(table) }
      var length: UInt32 = 0
      if let data = hb_blob_get_data(table, &length), length >= 6 {
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        weight = Int(bytes[4]) << 8 | Int(bytes[5])
      }
    }
    return .success(Inspection(coverages: coverages, weight: min(max(weight, 100), 900)))
  }
}

extension SiteTypography {
  private static let typesetters = Mutex<[SiteTypography: Typesetter]>([:])

  /// The typesetter of this typography, made once per process (`serve` loads
  /// the site again and again): the shared one for the stand-ins.
  public var typesetter: Typesetter {
    if self == .standIns { return .shared }
    return Self.typesetters.withLock { made in
      if let typesetter = made[self] { return typesetter }
      let typesetter = Typesetter(library: FontLibrary(faces: faces), tracking: tracking)
      made[self] = typesetter
      return typesetter
    }
  }
}
