import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// One change of a definition, in its own words: the key path and the values
/// as written (`spacing.titleToMessage 6 → 10`, `imageTint systemPink →
/// systemBlue (#FF2D55 → #007AFF)`), and which renders it can reach.
package struct DefinitionEdit: Sendable, Hashable {
  package enum Scope: String, Sendable {
    /// A key of the variant's definition (its design's or its own).
    case definition
    /// A key of `site.json`: every design's renders.
    case site
    /// The content of a file the variant draws.
    case file
  }

  package var path: String
  package var scope: Scope
  /// The values as written; nil where the key is not written.
  package var old: String?
  package var new: String?
  /// For a colour, the values drawn (`#FF2D55 → #007AFF`).
  package var resolution: String?
  /// Only renders in this theme (a `{light, dark}` half), or all.
  var theme: Theme?
  /// A per-locale entry: its group (`title`) and key (`de`), reaching the renders that choose it.
  var localeGroup: String?
  var localeKey: String?
  var isColor = false
  /// A whole part (`buttons[1]`) written or removed, not one key.
  var isWhole = false

  package init(path: String, scope: Scope, old: String?, new: String?, resolution: String? = nil) {
    self.path = path
    self.scope = scope
    self.old = old
    self.new = new
    self.resolution = resolution
  }

  init(leaf: Leaves.Leaf, old: String?, new: String?) {
    self.init(path: leaf.path, scope: leaf.scope, old: old, new: new)
    theme = leaf.theme
    localeGroup = leaf.localeGroup
    localeKey = leaf.localeKey
    isColor = leaf.isColor
  }

  /// A part written or removed as a whole, with its value when it is short.
  init(path: String, scope: Scope, added: Bool, value: String?) {
    let shown = value.flatMap { $0.count <= 80 ? $0 : nil } ?? ""
    self.init(path: path, scope: scope, old: added ? nil : shown, new: added ? shown : nil)
    isWhole = true
  }

  /// The sentence: `spacing.titleToMessage 6 → 10`, `site.json tint …`, `assets/a.svg changed`.
  package var description: String {
    let name =
      switch scope {
      case .definition: path
      case .site: "site.json " + path
      case .file: path
      }
    if scope == .file { return "\(name) changed (sha256 \(short(old)) → \(short(new)))" }
    let body: String
    switch (old, new) {
    case (nil, let new?): body = isWhole ? (new.isEmpty ? "added" : "added: \(new)") : "default → \(new)"
    case (let old?, nil): body = isWhole ? (old.isEmpty ? "removed" : "removed (was \(old))") : "\(old) → default"
    case (let old?, let new?): body = "\(old) → \(new)"
    case (nil, nil): body = "changed"
    }
    return "\(name) \(body)" + (resolution.map { " (\($0))" } ?? "")
  }

  private func short(_ hash: String?) -> String {
    guard let hash else { return "none" }
    return hash.count > 12 ? String(hash.prefix(8)) + "…" : hash
  }
}
