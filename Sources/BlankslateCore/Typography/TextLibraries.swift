import CFriBidi
import CHarfBuzz
import CUnibreak
import BlankslateModel

/// The versions of the C libraries that set text, as linked: HarfBuzz shapes,
/// FriBidi orders and libunibreak breaks lines, so a version of any of them
/// can move a line break and with it a golden (`--version`, and each
/// variant's definition record).
package enum TextLibraries {
  /// Each library's name and version: HarfBuzz's as loaded, FriBidi's as
  /// built against, libunibreak's line-breaking API (the version it reports).
  package static var stack: [(name: String, version: String)] {
    [
      ("HarfBuzz", String(cString: hb_version_string())), ("FriBidi", FRIBIDI_VERSION),
      ("libunibreak", "API \(linebreak_version >> 8).\(linebreak_version & 0xFF)"),
    ]
  }

  /// `HarfBuzz 6.0.0`, …, as `--version` lists them.
  package static var versions: [String] {
    stack.map { $0.name == "libunibreak" ? "libunibreak (line breaking \($0.version))" : "\($0.name) \($0.version)" }
  }
}
