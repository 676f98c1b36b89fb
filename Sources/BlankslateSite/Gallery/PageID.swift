import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// The HTML ids the gallery's pages derive from the site's own ids, in one
/// place, so that no two can be equal.
///
/// Design and variant ids are `[a-z0-9-]+` (`Identifier`). Each family has a
/// prefix no other family's id starts with, and where a family joins an id
/// with a number it uses `_`, which ids never contain, so the parts read back
/// one way only: variants `x` and `x-1` give `code_x_1` and `code_x-1_1`,
/// never one id twice. The fixed ids of the templates (`main`, `controls`,
/// `handoff-title`, `svg-render`, …) start with none of these prefixes.
enum PageID {
  /// A variant's row on its design page (the index's links point at it): `variant-<id>`.
  static func variant(_ id: String) -> String { "variant-" + id }

  /// A variant's code section on its design page: `code-<id>` (written by `design.html`).
  static func variantCode(_ id: String) -> String { "code-" + id }

  /// The `number`th snippet of a variant on its design page: `code_<id>_<number>`.
  static func snippet(variant: String, number: Int) -> String { "code_" + variant + "_" + String(number) }

  /// The `number`th snippet on a render page, which shows one variant: `code_<number>`.
  static func snippet(number: Int) -> String { "code_" + String(number) }
}
