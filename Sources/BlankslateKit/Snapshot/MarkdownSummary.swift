/// A check's outcome as Markdown, for a CI job summary (`check --markdown FILE`,
/// `$GITHUB_STEP_SUMMARY`): each change once, with every render it applies to
/// and the exact command that accepts it.
public enum MarkdownSummary {
  /// One change seen on one or more renders of a variant: the same status and explanation.
  struct Group {
    var status: SnapshotStatus
    /// `design/variant`.
    var variant: String
    var explanation: String
    /// The renders it applies to: `device theme locale [size]`.
    var renders: [String]
    var ids: [String]
  }

  /// The results grouped: renders of one variant with the same explanation make one group, in result order.
  static func groups(_ summary: SnapshotSummary) -> [Group] {
    var groups: [Group] = []
    var index: [String: Int] = [:]
    for result in summary.results {
      let parts = result.id.split(separator: ".", maxSplits: 1)
      let variant = String(parts[0])
      let render = parts.count > 1 ? parts[1].split(separator: ".").joined(separator: " ") : ""
      let explanation: String
      switch result.status {
      case .changed: explanation = result.changes.isEmpty ? "changed" : result.changes.joined(separator: "; ")
      case .new: explanation = "new: no golden yet"
      case .orphaned: explanation = "orphaned: no render produces its golden"
      case .unchanged: continue
      }
      let key = "\(result.status.rawValue)\n\(variant)\n\(explanation)"
      if let at = index[key] {
        groups[at].renders.append(render)
        groups[at].ids.append(result.id)
      } else {
        index[key] = groups.count
        groups.append(
          Group(status: result.status, variant: variant, explanation: explanation, renders: [render], ids: [result.id]))
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

  static func axes(of renders: [String]) -> [[String]]? { RenderPlacement.axes(of: renders) }

  static func placement(of renders: [String]) -> String { RenderPlacement.describe(renders) }

  /// A `--filter` that selects exactly the group's renders among the results of
  /// its status: the shortest prefix (the variant, then its device, then its
  /// theme) that does; else, when the renders are every combination of some
  /// devices, themes, locales and sizes, one alternation per axis (which
  /// matches exactly those ids); else each render by name.
  static func filter(for group: Group, in summary: SnapshotSummary) -> String {
    let ids = Set(group.ids)
    let sameStatus = summary.results.filter { $0.status == group.status }.map(\.id)
    let first = group.ids[0].split(separator: ".").map(String.init)
    for length in 1...min(3, first.count) {
      let prefix = first[..<length].joined(separator: ".") + "."
      if Set(sameStatus.filter { $0.hasPrefix(prefix) }) == ids { return "^" + regexEscaped(prefix) }
    }
    if let axes = axes(of: group.renders) {
      func choice(_ values: [String]) -> String {
        values.count == 1 ? regexEscaped(values[0]) : "(" + values.map(regexEscaped).joined(separator: "|") + ")"
      }
      let sizes = axes[3].filter { $0 != "large" }
      let optional = sizes.count < axes[3].count
      let size =
        sizes.isEmpty
        ? ""
        : sizes.count == 1 && !optional
          ? "\\." + regexEscaped(sizes[0])
          : "(\\." + sizes.map(regexEscaped).joined(separator: "|\\.") + ")" + (optional ? "?" : "")
      return "^" + regexEscaped(group.variant) + "\\." + axes[..<3].map(choice).joined(separator: "\\.") + size + "$"
    }
    return "^(" + group.ids.map(regexEscaped).joined(separator: "|") + ")$"
  }

  /// Ids hold `[a-z0-9-]`, `/` and `.`: only the dot means something to a regex.
  static func regexEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: ".", with: "\\.")
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
