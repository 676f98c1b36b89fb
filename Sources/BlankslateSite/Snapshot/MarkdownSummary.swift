import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// A check's outcome as Markdown, for a CI job summary (`check --markdown FILE`,
/// `$GITHUB_STEP_SUMMARY`): each change once, with every render it applies to
/// and the exact command that accepts it.
public enum MarkdownSummary {
  /// One change seen on one or more renders of a variant: the same status and explanation.
  package struct Group {
    package var status: SnapshotStatus
    package var explanation: String
    /// The renders it applies to, in result order.
    package var renders: [RenderID]
    /// `design/variant`.
    package var variant: String { renders[0].variantPath }
  }

  /// The results grouped: renders of one variant with the same explanation make one group, in result order.
  package static func groups(_ summary: SnapshotSummary) -> [Group] {
    var groups: [Group] = []
    var index: [String: Int] = [:]
    for result in summary.results {
      let render = result.id
      let explanation: String
      switch result.status {
      case .changed: explanation = result.changes.isEmpty ? "changed" : result.changes.joined(separator: "; ")
      case .new: explanation = "new: no golden yet"
      case .orphaned: explanation = "orphaned: no render produces its golden"
      case .unchanged: continue
      }
      let key = "\(result.status.rawValue)\n\(render.variantPath)\n\(explanation)"
      if let at = index[key] {
        groups[at].renders.append(render)
      } else {
        index[key] = groups.count
        groups.append(Group(status: result.status, explanation: explanation, renders: [render]))
      }
    }
    return groups
  }

  /// The summary; `site` is the folder as the user names it (`--site`).
  public static func render(_ summary: SnapshotSummary, site: String) -> String {
    var lines = ["## Blankslate: \(summary.countLine)", ""]
    lines.append(
      "Site `\(escape(site))`\(summary.shard.map { ", shard \($0)" } ?? ""): \(summary.checked) renders checked."
    )
    let groups = groups(summary)
    if groups.isEmpty {
      lines += ["", "Every render matches its golden."]
      return lines.joined(separator: "\n") + "\n"
    }
    let siteOption = site == "Site" ? "" : " --site '\(site.replacingOccurrences(of: "'", with: "'\\''"))'"
    for (status, title) in [(SnapshotStatus.changed, "Changed"), (.new, "New"), (.orphaned, "Orphaned")] {
      let section = groups.filter { $0.status == status }
      guard !section.isEmpty else { continue }
      lines += ["", "### \(title)", ""]
      for group in section {
        lines.append(
          "- **`\(group.variant)`** on \(group.renders.count) render\(group.renders.count == 1 ? "" : "s") "
            + "(\(escape(placement(of: group.renders)))): \(escape(group.explanation))")
        let filter = self.filter(for: group, in: summary)
        let command =
          switch status {
          case .orphaned: "blankslate prune\(siteOption) --filter '\(filter)'"
          case .new: "blankslate record\(siteOption) --filter '\(filter)'"
          default: "blankslate record\(siteOption) --mode failed --filter '\(filter)'"
          }
        lines.append("  Accept: `\(command)`")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Where a group applies (`RenderID.placement(of:)`).
  package static func placement(of renders: [RenderID]) -> String { RenderID.placement(of: renders) }

  /// A `--filter` that selects exactly the group's renders among the results of its status.
  package static func filter(for group: Group, in summary: SnapshotSummary) -> String {
    let candidates = summary.results.filter { $0.status == group.status }.map(\.id)
    return RenderID.filter(selecting: group.renders, among: candidates)
  }

  /// The command that takes `group`: record a new render, accept a change, prune an orphan.
  package static func command(for group: Group, in summary: SnapshotSummary, site: String) -> String {
    let siteOption = site == "Site" ? "" : " --site '\(site.replacingOccurrences(of: "'", with: "'\\''"))'"
    let filter = self.filter(for: group, in: summary)
    switch group.status {
    case .orphaned: return "blankslate prune\(siteOption) --filter '\(filter)'"
    case .new: return "blankslate record\(siteOption) --filter '\(filter)'"
    default: return "blankslate record\(siteOption) --mode failed --filter '\(filter)'"
    }
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
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "&": result += "&amp;"
      case "\\", "`", "*", "_", "[", "]", "|": result += "\\" + String(character)
      case "\n", "\r": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
