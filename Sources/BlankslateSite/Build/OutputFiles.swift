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

  /// Works on the path's UTF-8 bytes, in place: splitting by `Character`
  /// walks grapheme clusters, and splitting into arrays costs more than the
  /// lookups (a page links thousands of renders).
  package func contains(_ path: String) -> Bool {
    if siteFiles.contains(path) { return true }
    var path = path
    return path.withUTF8 { bytes in
      let prefix = "designs/".utf8
      guard bytes.count > prefix.count, bytes.prefix(prefix.count).elementsEqual(prefix),
        let slash = bytes[prefix.count...].firstIndex(of: UInt8(ascii: "/")),
        let variants = variantIDs[String(decoding: bytes[prefix.count..<slash], as: UTF8.self)]
      else { return false }
      let name = bytes[(slash + 1)...]
      if name.elementsEqual(SitePaths.designPageName.utf8) { return true }
      // `<variant>.<device>.<theme>.<locale>[.<text size>].<extension>`: ids,
      // devices, themes, locales and text sizes hold no dots (or slashes).
      var parts = InlineArray<6, Range<Int>>(repeating: 0..<0)
      var count = 0
      var partStart = name.startIndex
      for index in name.indices {
        let byte = name[index]
        if byte == UInt8(ascii: "/") { return false }
        guard byte == UInt8(ascii: ".") else { continue }
        guard count < 5 else { return false }
        parts[count] = partStart..<index
        count += 1
        partStart = index + 1
      }
      guard count == 4 || count == 5 else { return false }
      let suffix = bytes[partStart...]
      guard
        suffix.elementsEqual("svg".utf8) || suffix.elementsEqual("html".utf8)
          || (withPNG && suffix.elementsEqual("png".utf8))
      else { return false }
      func text(_ part: Int) -> String { String(decoding: bytes[parts[part]], as: UTF8.self) }
      return variants.contains(text(0)) && devices.contains(text(1)) && themes.contains(text(2))
        && locales.contains(text(3)) && (count == 4 || textSizes.contains(text(4)))
    }
  }
}
