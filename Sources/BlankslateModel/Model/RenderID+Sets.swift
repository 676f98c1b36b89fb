import BlankslateSupport

/// Sets of renders of one variant: where a change or a finding applies, said
/// briefly, and the `--filter` that selects exactly them.
extension RenderID {
  /// The values of each axis (device, theme, locale, text size, `large` for
  /// none) when `renders` are every combination of them, else nil.
  static func axes(of renders: [RenderID]) -> [[String]]? {
    let axes: [[String]] = [\RenderID.device, \.theme, \.locale].map { path in
      renders.reduce(into: [String]()) { values, render in
        if !values.contains(render[keyPath: path]) { values.append(render[keyPath: path]) }
      }
    }
    let sizes = renders.reduce(into: [String]()) { values, render in
      let size = render.textSize ?? "large"
      if !values.contains(size) { values.append(size) }
    }
    let all = axes + [sizes]
    return all.reduce(1, { $0 * $1.count }) == Set(renders).count ? all : nil
  }

  /// Each axis's values when the renders are every combination of them
  /// (`iphone-se × dark, light × ar, en`), else the first six by placement and how many more.
  package static func placement(of renders: [RenderID]) -> String {
    if renders.count == 1 { return renders[0].placement }
    if let axes = axes(of: renders) {
      return axes.filter { $0 != ["large"] }.map { $0.joined(separator: ", ") }.joined(separator: " × ")
    }
    let more = renders.count > 6 ? " and \(renders.count - 6) more" : ""
    return renders.prefix(6).map(\.placement).joined(separator: ", ") + more
  }

  /// Each axis's values among `renders`, of any variants, without claiming
  /// every combination: `iphone-se, iphone-15 · light · en, ja · L, AX5`.
  package static func span(of renders: [RenderID]) -> String {
    let paths: [KeyPath<RenderID, String>] = [\.device, \.theme, \.locale]
    var axes = paths.map { path in
      renders.reduce(into: [String]()) { values, render in
        if !values.contains(render[keyPath: path]) { values.append(render[keyPath: path]) }
      }
    }
    axes.append(
      renders.reduce(into: [String]()) { values, render in
        let size = TextSize(rawValue: render.textSize ?? "large")?.label ?? render.textSize ?? "L"
        if !values.contains(size) { values.append(size) }
      })
    return axes.map { $0.joined(separator: ", ") }.joined(separator: " · ")
  }

  /// A `--filter` (a regular expression over ids) that selects exactly
  /// `renders`, all of one variant, among `candidates`: the shortest prefix
  /// (the variant, then its device, then its theme) that does; else, when
  /// the renders are every combination of some devices, themes, locales and
  /// sizes, one alternation per axis; else each render by name.
  package static func filter(selecting renders: [RenderID], among candidates: [RenderID]) -> String {
    guard let first = renders.first else { return "^$" }
    let wanted = Set(renders)
    let parts = [first.variantPath, first.device, first.theme]
    for length in 1...parts.count {
      let prefix = parts[..<length].joined(separator: ".") + "."
      if Set(candidates.filter { $0.description.hasPrefix(prefix) }) == wanted { return "^" + escaped(prefix) }
    }
    if let axes = axes(of: renders) {
      func choice(_ values: [String]) -> String {
        values.count == 1 ? escaped(values[0]) : "(" + values.map(escaped).joined(separator: "|") + ")"
      }
      let sizes = axes[3].filter { $0 != "large" }
      let optional = sizes.count < axes[3].count
      let size =
        sizes.isEmpty
        ? ""
        : sizes.count == 1 && !optional
          ? "\\." + escaped(sizes[0])
          : "(\\." + sizes.map(escaped).joined(separator: "|\\.") + ")" + (optional ? "?" : "")
      return "^" + escaped(first.variantPath) + "\\." + axes[..<3].map(choice).joined(separator: "\\.") + size + "$"
    }
    return "^(" + renders.map { escaped($0.description) }.joined(separator: "|") + ")$"
  }

  /// Ids hold `[A-Za-z0-9-]`, `/` and `.`: only the dot means something to a regular expression.
  package static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: ".", with: "\\.")
  }
}
