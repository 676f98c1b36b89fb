import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// A check's outcome as Markdown, for a CI job summary (`check --markdown FILE`,
/// `$GITHUB_STEP_SUMMARY`): each change once, with every render it applies to
/// and the exact command that accepts it.
package enum MarkdownSummary {
  /// The summary; `site` is the folder as the user names it (`--site`).
  package static func render(_ summary: SnapshotSummary, site: String) -> String {
    var lines = ["## Blankslate: \(summary.countLine)", ""]
    lines.append(
      "Site `\(escape(site))`\(summary.shard.map { ", shard \($0)" } ?? ""): \(summary.checked) renders checked."
    )
    let cards = ReviewCard.cards(summary)
    let findings = summary.findings
    if !findings.new.isEmpty || !findings.resolved.isEmpty {
      lines += ["", "### Lint since the goldens", "", escape(findings.line), ""]
      for (title, entries) in [("New", findings.new), ("Resolved", findings.resolved)] where !entries.isEmpty {
        lines.append("**\(title)**")
        for entry in entries.prefix(50) {
          lines.append(
            "- \(entry.severity.rawValue) `\(entry.rule.rawValue)` `\(escape(entry.variant))`: \(escape(entry.summary))"
          )
        }
        if entries.count > 50 { lines.append("- and \(entries.count - 50) more") }
      }
    }
    if cards.isEmpty {
      lines += ["", "Every render matches its golden."]
      return lines.joined(separator: "\n") + "\n"
    }
    let candidates = ReviewCard.Candidates(summary)
    for (status, title) in [(SnapshotStatus.changed, "Changed"), (.new, "New"), (.orphaned, "Orphaned")] {
      let section = cards.filter { $0.status == status }
      guard !section.isEmpty else { continue }
      lines += ["", "### \(title)", ""]
      for card in section {
        lines.append(
          "- **\(escape(card.headline))** · `\(escape(card.variantList))` on \(card.renders.count) "
            + "render\(card.renders.count == 1 ? "" : "s") (\(escape(card.placement)))")
        if !card.effects.isEmpty { lines.append("  Effects: " + escape(card.effects.joined(separator: "; "))) }
        lines.append("  Accept: `\(card.command(among: candidates, site: site))`")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A line diff for a terminal: every long `d="…"` (glyph outlines, paths) shortened to its length and a hash.
  package static func abbreviated(_ diff: String) -> String {
    var out = ""
    var rest = Substring(diff)
    while let start = rest.range(of: " d=\"") {
      out += rest[..<start.upperBound]
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      let data = rest[..<end]
      if data.utf8.count > 48 {
        out += "…\(data.utf8.count) bytes, sha256 \(SHA256.hex(Array(data.utf8)).prefix(8))…"
      } else {
        out += data
      }
      rest = rest[end...]
    }
    return out + rest
  }

  /// Text safe in Markdown that GitHub renders: no HTML, no emphasis or links from a definition's words.
  ///
  /// GitHub also links bare addresses (GFM's "autolinks (extension)": a
  /// scheme `http://`, `https://` or `ftp://`, `www.`, and e-mail addresses):
  /// a word joiner (U+2060, invisible) goes before the `://` and the dot after
  /// `www`, and after each `@`, so none of them is recognised.
  static func escape(_ text: String) -> String {
    let joiner = "\u{2060}"
    var result = ""
    let characters = Array(text)
    for (index, character) in characters.enumerated() {
      switch character {
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "&": result += "&amp;"
      case "\\", "`", "*", "_", "[", "]", "|", "~": result += "\\" + String(character)
      case "\n", "\r", "\u{2028}", "\u{2029}": result += " "
      case ":" where characters[(index + 1)...].prefix(2) == ["/", "/"]: result += joiner + ":"
      case "." where index >= 3 && String(characters[(index - 3)..<index]).lowercased() == "www":
        result += joiner + "."
      case "@": result += "@" + joiner
      default: result.append(character)
      }
    }
    return result
  }
}
