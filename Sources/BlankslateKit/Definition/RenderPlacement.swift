/// Where something applies among a variant's renders, said briefly: the
/// renders are named `device theme locale [size]` (the size left out when it
/// is `large`), as people read them.
enum RenderPlacement {
  /// The values of each axis (device, theme, locale, text size: `large` when
  /// the name gives none) when `renders` are every combination of them, else nil.
  static func axes(of renders: [String]) -> [[String]]? {
    let parts = renders.map { $0.split(separator: " ").map(String.init) }
    guard parts.allSatisfy({ $0.count == 3 || $0.count == 4 }) else { return nil }
    let axes = (0..<4).map { axis in
      parts.reduce(into: [String]()) { values, render in
        let value = axis < render.count ? render[axis] : "large"
        if !values.contains(value) { values.append(value) }
      }
    }
    return axes.reduce(1, { $0 * $1.count }) == Set(renders).count ? axes : nil
  }

  /// Each axis's values when the renders are every combination of them
  /// (`iphone-se × dark, light × ar, en`), else the first six by name and how many more.
  static func describe(_ renders: [String]) -> String {
    if let axes = axes(of: renders) {
      return axes.filter { $0 != ["large"] }.map { $0.joined(separator: ", ") }.joined(separator: " × ")
    }
    let more = renders.count > 6 ? " and \(renders.count - 6) more" : ""
    return renders.prefix(6).joined(separator: ", ") + more
  }
}
