import CFriBidi
import CHarfBuzz
import CUnibreak
import BlankslateModel

/// The versions of the C libraries that set text, as linked (`--version`).
package enum TextLibraries {
  package static var versions: [String] {
    let unibreak = "libunibreak (line breaking API \(linebreak_version >> 8).\(linebreak_version & 0xFF))"
    return ["HarfBuzz " + String(cString: hb_version_string()), "FriBidi " + FRIBIDI_VERSION, unibreak]
  }
}
