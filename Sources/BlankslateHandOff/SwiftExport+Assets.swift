import BlankslateModel
import BlankslateSupport
import BlankslateValidation

/// `Placeholders.xcassets`: a colour set for each colour the exported designs
/// write (a system colour stays UIKit's own), with a Dark appearance where
/// the colour has one, and an image set for each asset image, an SVG kept as
/// a vector at the size the gallery draws it. The Swift names them; the
/// format is Apple's ("Asset Catalog Format Reference": `Contents.json` of
/// the catalog, each `.colorset` and each `.imageset`).
extension SwiftExport {
  /// The asset catalog `export swift` writes.
  public static let assetCatalog = "Placeholders.xcassets"

  /// The catalog's names and files.
  struct Assets {
    /// Each exported colour's set, by its inline code (`CodeHandOff.uiColor`).
    var colorSets: [String: String] = [:]
    /// Each asset image's set, by its path in the site.
    var imageSets: [String: String] = [:]
    /// The catalog's files, by their paths inside the export's folder.
    var files: [File] = []
  }

  /// The colours a variant writes, each with the role that names its set.
  static func colors(of properties: Properties) -> [(role: String, color: ColorValue)] {
    var found: [(String, ColorValue)] = []
    for (role, color) in [
      ("ImageTint", properties.imageTint), ("TitleColor", properties.titleColor),
      ("MessageColor", properties.messageColor), ("Background", properties.background),
    ] {
      if let color { found.append((role, color)) }
    }
    var buttons = properties.buttons ?? []
    if buttons.isEmpty, case .value(let button) = properties.button { buttons = [button] }
    for (index, button) in buttons.prefix(2).enumerated() {
      let name = index == 0 ? "Button" : "SecondaryButton"
      if let color = button.background { found.append((name + "Background", color)) }
      if let color = button.textColor { found.append((name + "Text", color)) }
    }
    return found
  }

  /// A colour a colour set can hold: fixed, or fixed in each theme. A system
  /// colour is UIKit's own (it follows the theme, contrast and elevation there).
  static func isExported(_ color: ColorValue) -> Bool {
    switch color {
    case .fixed, .named: true
    case .semantic: false
    case .perTheme(let light, let dark): isExported(light) && isExported(dark)
    }
  }

  /// The catalog for `entries` in the `source` language: names first (so the
  /// Swift can say them), then the files. `root`: the site folder the images
  /// are read from (nil: none are).
  static func assets(for entries: [Entry], source: String, root: String?) throws(AssetProblem) -> Assets {
    var assets = Assets()
    var taken: Set<String> = []
    func unique(_ name: String) -> String {
      var candidate = name
      var number = 2
      while taken.contains(candidate.lowercased()) {
        candidate = name + String(number)
        number += 1
      }
      taken.insert(candidate.lowercased())
      return candidate
    }
    var colorFiles: [(name: String, color: ColorValue)] = []
    for entry in entries {
      for (role, color) in colors(of: entry.variant.properties) where isExported(color) {
        let inline = CodeHandOff.uiColor(color)
        guard assets.colorSets[inline] == nil else { continue }
        let name = unique(entry.typeName.filter { $0 != "_" && $0 != "`" } + role)
        assets.colorSets[inline] = name
        colorFiles.append((name, color))
      }
    }
    // Each asset at the size its first variant writes (in points), else at its own.
    var images: [(path: String, size: Size?, template: Bool)] = []
    for entry in entries {
      // The images the Swift names: the source language's, in each theme (an image per
      // language is said to be beyond the export, which names the source language's).
      let handOff = ModernHandOff(
        properties: entry.variant.properties, state: entry.variant.state(in: entry.design.layout), locale: source)
      for source in [handOff.image, handOff.darkImage].compactMap({ $0 }) {
        let path: String
        let template: Bool
        switch source {
        case .asset(let asset): (path, template) = (asset, false)
        case .template(let asset): (path, template) = (asset, true)
        case .symbol, .builtin: continue
        }
        if let index = images.firstIndex(where: { $0.path == path }) {
          images[index].template = images[index].template && template
          continue
        }
        images.append((path, entry.variant.properties.imageSize, template))
      }
    }
    var imageNames: Set<String> = []
    for image in images {
      var name = ModernHandOff.imageName(image.path)
      if imageNames.contains(name.lowercased()) || name.isEmpty {
        name = image.path.split(separator: "/").dropFirst().joined(separator: "-")
      }
      imageNames.insert(name.lowercased())
      assets.imageSets[image.path] = name
    }
    guard !colorFiles.isEmpty || !images.isEmpty else { return assets }

    let info = JSONDocument.object([("author", .string("blankslate")), ("version", .number(1))])
    func file(_ path: String, _ document: JSONDocument) -> File {
      var writer = JSONWriter(pretty: true, spacedColons: true)
      document.write(to: &writer)
      writer.append("\n")
      return File(name: assetCatalog + "/" + path, bytes: writer.bytes)
    }
    assets.files.append(file("Contents.json", .object([("info", info)])))
    for (name, color) in colorFiles {
      assets.files.append(file("Colors/\(name).colorset/Contents.json", colorSet(color, info: info)))
    }
    if !colorFiles.isEmpty { assets.files.append(file("Colors/Contents.json", .object([("info", info)]))) }
    for image in images {
      guard let root, let name = assets.imageSets[image.path] else { continue }
      let source = try imageFile(root + "/" + image.path, display: image.path, size: image.size)
      let fileName = name + "." + source.fileExtension
      var properties: [(String, JSONDocument)] = []
      if source.fileExtension == "svg" { properties.append(("preserves-vector-representation", .bool(true))) }
      if image.template { properties.append(("template-rendering-intent", .string("template"))) }
      // A bitmap keeps the scale its name gives it (`name@2x.png`), as the render reads it, so
      // UIKit shows it at the same size in points; a vector is single-scale.
      var slot: [(String, JSONDocument)] = [("filename", .string(fileName)), ("idiom", .string("universal"))]
      if source.fileExtension != "svg" {
        slot.append(("scale", .string("\(ImageExtent.scale(ofImageNamed: image.path))x")))
      }
      var members: [(String, JSONDocument)] = [("images", .array([.object(slot)])), ("info", info)]
      if !properties.isEmpty { members.append(("properties", .object(properties))) }
      assets.files.append(file("Images/\(name).imageset/Contents.json", .object(members)))
      assets.files.append(File(name: assetCatalog + "/Images/\(name).imageset/" + fileName, bytes: source.bytes))
    }
    if assets.imageSets.count > 0, root != nil {
      assets.files.append(file("Images/Contents.json", .object([("info", info)])))
    }
    assets.files.sort { $0.name.precedesInByteOrder($1.name) }
    return assets
  }

  /// An alpha as Xcode writes it: three decimals (`1.000`, `0.502`).
  static func alpha(_ byte: UInt8) -> String {
    let thousandths = Int((Double(byte) / 255 * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// A colour set: Any appearance, and Dark where the colour has one, in sRGB.
  private static func colorSet(_ color: ColorValue, info: JSONDocument) -> JSONDocument {
    func components(_ rgba: RGBA) -> JSONDocument {
      func hex(_ byte: UInt8) -> JSONDocument {
        let digits = String(byte, radix: 16, uppercase: true)
        return .string("0x" + (digits.count == 1 ? "0" : "") + digits)
      }
      return .object([
        ("color-space", .string("srgb")),
        (
          "components",
          .object([
            ("alpha", .string(alpha(rgba.alpha))),
            ("blue", hex(rgba.blue)), ("green", hex(rgba.green)), ("red", hex(rgba.red)),
          ])
        ),
      ])
    }
    let light = color.resolved(in: .light)
    let dark = color.resolved(in: .dark)
    var colors: [JSONDocument] = [.object([("color", components(light)), ("idiom", .string("universal"))])]
    if dark != light {
      colors.append(
        .object([
          (
            "appearances",
            .array([.object([("appearance", .string("luminosity")), ("value", .string("dark"))])])
          ),
          ("color", components(dark)), ("idiom", .string("universal")),
        ]))
    }
    return .object([("colors", .array(colors)), ("info", info)])
  }

  /// An image's file for its set: an SVG cleaned as the gallery cleans it and
  /// sized to `size` points (what the app then shows it at), or a bitmap as it is.
  /// The image's bytes for the catalog: a bitmap as it is; an SVG sanitised,
  /// at the size the design writes or, where it writes none, at its own
  /// (its `viewBox`'s when it states no `width` and `height`; 120 pt when it
  /// has neither, as the render draws it).
  private static func imageFile(_ path: String, display: String, size: Size?) throws(AssetProblem) -> (
    bytes: [UInt8], fileExtension: String
  ) {
    let bytes: [UInt8]
    do {
      bytes = try FileTree.read(path, limit: SiteLimits().fileSize)
    } catch {
      throw AssetProblem(file: display, reason: error.description)
    }
    let lower = display.lowercased()
    guard lower.hasSuffix(".svg") else {
      return (bytes, lower.hasSuffix(".png") ? "png" : lower.split(separator: ".").last.map(String.init) ?? "png")
    }
    let sanitizer = SVGSanitizer()
    if let size {
      return (Array(try sanitizer.sanitize(bytes, file: display, size: (size.width, size.height)).svg.utf8), "svg")
    }
    let own = try sanitizer.sanitize(bytes, file: display)
    let fallback = ImageSource.asset(path).intrinsicSize
    let intrinsic = own.intrinsicSize ?? ImageExtent(width: fallback.width, height: fallback.height)
    return (
      Array(try sanitizer.sanitize(bytes, file: display, size: (intrinsic.width, intrinsic.height)).svg.utf8), "svg"
    )
  }
}
