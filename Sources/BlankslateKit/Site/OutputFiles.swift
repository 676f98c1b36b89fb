/// Every file a build's output will hold, known without listing each
/// render: a gallery of tens of thousands of renders is checked against
/// its rule (`designs/<design>/<variant>.<device>.<theme>.<locale>.svg`),
/// and the few other files are listed.
struct OutputFiles: FileSet {
  /// The files outside the design folders (index pages, `index.json`, the gallery's files, assets).
  private(set) var siteFiles: Set<String> = []
  private let variantIDs: [String: Set<String>]
  private let devices: Set<String>
  private let themes: Set<String>
  private let locales: Set<String>

  init(site: SiteDefinition) {
    variantIDs = Dictionary(uniqueKeysWithValues: site.designs.map { ($0.id, Set($0.variants.map(\.id))) })
    devices = Set(site.devices.map(\.rawValue))
    themes = Set(site.themes.map(\.rawValue))
    locales = Set(site.locales)
  }

  mutating func insert(_ path: String) {
    siteFiles.insert(path)
  }

  mutating func formUnion(_ paths: some Sequence<String>) {
    siteFiles.formUnion(paths)
  }

  func contains(_ path: String) -> Bool {
    if siteFiles.contains(path) { return true }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "designs", let variants = variantIDs[String(parts[1])] else { return false }
    if parts[2] == SitePaths.designPageName { return true }
    // Ids, devices, themes and locales hold no dots.
    let name = parts[2].split(separator: ".", omittingEmptySubsequences: false)
    return name.count == 5 && (name[4] == "svg" || name[4] == "html") && variants.contains(String(name[0]))
      && devices.contains(String(name[1])) && themes.contains(String(name[2])) && locales.contains(String(name[3]))
  }
}
