import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Every file a build's output will hold, known without listing each
/// render: a gallery of tens of thousands of renders is checked against
/// its rule (`designs/<design>/<variant>.<device>.<theme>.<locale>[.<text size>].svg`),
/// and the few other files are listed.
package struct OutputFiles: FileSet {
  /// The files outside the design folders (index pages, `index.json`, the gallery's files, assets).
  private(set) var siteFiles: Set<String> = []
  private let variantIDs: [String: Set<String>]
  private let devices: Set<String>
  private let themes: Set<String>
  private let locales: Set<String>
  /// The site's text sizes other than `large` (which a name does not spell).
  private let textSizes: Set<String>

  /// Whether renders have PNGs beside their SVGs.
  private var withPNG = false

  package init(site: SiteDefinition, withPNG: Bool = false) {
    self.withPNG = withPNG
    variantIDs = Dictionary(uniqueKeysWithValues: site.designs.map { ($0.id, Set($0.variants.map(\.id))) })
    devices = Set(site.devices.map(\.rawValue))
    themes = Set(site.themes.map(\.rawValue))
    locales = Set(site.locales)
    textSizes = Set(site.textSizes.filter { $0 != .standard }.map(\.rawValue))
  }

  package mutating func insert(_ path: String) {
    siteFiles.insert(path)
  }

  mutating func formUnion(_ paths: some Sequence<String>) {
    siteFiles.formUnion(paths)
  }

  /// Works on the path's UTF-8 bytes: splitting by `Character` walks
  /// grapheme clusters, which costs more than the rest of the check.
  package func contains(_ path: String) -> Bool {
    if siteFiles.contains(path) { return true }
    let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].elementsEqual("designs".utf8),
      let variants = variantIDs[String(decoding: parts[1], as: UTF8.self)]
    else { return false }
    if parts[2].elementsEqual(SitePaths.designPageName.utf8) { return true }
    // Ids, devices, themes, locales and text sizes hold no dots.
    let name = parts[2].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    func text(_ part: Int) -> String { String(decoding: name[part], as: UTF8.self) }
    guard name.count == 5 || name.count == 6, let last = name.last,
      last.elementsEqual("svg".utf8) || last.elementsEqual("html".utf8) || (withPNG && last.elementsEqual("png".utf8))
    else { return false }
    return variants.contains(text(0)) && devices.contains(text(1)) && themes.contains(text(2))
      && locales.contains(text(3)) && (name.count == 5 || textSizes.contains(text(4)))
  }
}
