import CHarfBuzz
import Foundation
import BlankslateModel
import BlankslateSupport

/// The gallery's `fonts.css`: every pinned face a site draws with, cut by
/// hb-subset to the characters the site uses, embedded as `data:` URLs.
///
/// Embedded, because Chromium refuses a font file linked from a page opened
/// from `file://` (fonts need CORS, and a file URL has no origin); a
/// stylesheet's own `data:` fonts load in every browser, from a folder or a
/// host. The browser then shapes the live renditions' text with the very
/// faces the layout measured.
package enum FontStylesheet {
  /// The characters every gallery page shows besides the site's texts: ASCII
  /// (titles, buttons, numbers) and the status bar clock.
  static let galleryCharacters: Set<UInt32> = Set(
    (0x20...0x7E).map { UInt32($0) } + [0xA0, 0x2026, 0x2022, 0x00D7, 0x2192])

  /// The stylesheet for a site that draws `characters`, in `locales`.
  package static func css(
    characters drawn: some Sequence<Unicode.Scalar>, locales: [String], library: FontLibrary = .shared
  ) throws(FontError) -> String {
    var characters = galleryCharacters
    for scalar in drawn { characters.insert(scalar.value) }
    let regions = Set(locales.map(PinnedFont.Region.forLocale))
    let sorted = characters.sorted()
    let unicode = hb_unicode_funcs_get_default()
    let coverages = Set(sorted.compactMap { Typesetter.coverage(of: hb_unicode_script(unicode, $0)) })
    var css = "/* The pinned fonts, cut to the characters this site draws (README, \"Fonts and text\"). */\n"
    for font in PinnedFont.all where font.region.map(regions.contains) ?? true {
      // A face for a script the site does not write is left out.
      guard coverages.contains(font.coverage) || font.coverage == .latin else { continue }
      let face = try library.loaded(font.id)
      let bytes = try subset(face, characters: sorted.filter(face.hasGlyph))
      face.releasePages()  // every glyph the site draws was read: megabytes of a CJK face
      css += "@font-face { font-family: \"\(font.cssFamily)\"; font-weight: \(font.weight); font-style: normal; "
      css +=
        "font-display: block; src: url(data:font/otf;base64,\(Data(bytes).base64EncodedString())) format(\"opentype\"); }\n"
    }
    return css
  }

  /// `face` cut down to `characters` (and the glyphs its substitutions reach), without hinting.
  static func subset(_ face: LoadedFace, characters: [UInt32]) throws(FontError) -> [UInt8] {
    guard let input = hb_subset_input_create_or_fail() else {
      throw FontError(font: face.font, reason: "cannot be subset (out of memory)")
    }
    defer { hb_subset_input_destroy(input) }
    let unicodes = hb_subset_input_unicode_set(input)
    for character in characters { hb_set_add(unicodes, character) }
    hb_subset_input_set_flags(input, UInt32(HB_SUBSET_FLAGS_NO_HINTING.rawValue))
    guard let subset = hb_subset_or_fail(face.face, input) else {
      throw FontError(font: face.font, reason: "cannot be subset by HarfBuzz")
    }
    defer { hb_face_destroy(subset) }
    let blob = hb_face_reference_blob(subset)
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else {
      throw FontError(font: face.font, reason: "gave an empty subset")
    }
    return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }
}
