import BlankslateModel
import BlankslateSupport

/// `blankslate export swift`: the site's content-unavailable designs as Swift
/// an app target compiles (`Placeholders.swift`: a type per design, a type
/// per variant with its buttons' actions, UIKit's configuration and SwiftUI's
/// view, `#Preview`s), their texts as a String Catalog
/// (`Placeholders.xcstrings`, its own table: every text in the source
/// language, each translation the site has, the design, variant and role as
/// its comment) that translators keep working in, and their colours and
/// images as an asset catalog (`Placeholders.xcassets`).
/// The same definitions give the same bytes.
public enum SwiftExport {
  /// The Swift file `export swift` writes.
  public static let swiftFile = "Placeholders.swift"
  /// The String Catalog `export swift` writes: a table of its own, so it
  /// never collides with the app's `Localizable.xcstrings`.
  public static let catalogFile = "Placeholders.xcstrings"
  /// The table the Swift's lookups name (`LocalizedStringResource(_:defaultValue:table:)`).
  static let catalogTable = "Placeholders"

  /// One file of the export: its path inside the export's folder, and its bytes.
  public struct File: Sendable, Equatable {
    /// Its path inside the export's folder (`Placeholders.xcassets/Contents.json`).
    public var name: String
    /// Its contents.
    public var bytes: [UInt8]
  }

  /// One exported variant: its design and variant, and the names the code gives them.
  struct Entry {
    var design: Design
    var variant: Variant
    /// The design's type (`Placeholders.Orders`).
    var typeName: String
    /// The variant's value (`Placeholders.Orders.empty`).
    var memberName: String
    /// The variant's type (`Placeholders.Orders.Empty`).
    var variantType: String
    var key: String
  }

  static func entries(of site: SiteDefinition) -> [Entry] {
    site.designs.filter { $0.layout == .contentUnavailable }.flatMap { design in
      design.variants.filter { $0.state(in: design.layout) != .hasData }.map { variant in
        Entry(
          design: design, variant: variant, typeName: typeName(design.id),
          memberName: SwiftSource.identifier(variant.id, upper: false), variantType: variantTypeName(variant.id),
          key: design.id + "." + variant.id)
      }
    }
  }

  /// A design's type inside `Placeholders`: its id in upper camel case, with
  /// `_` after the names the exported code itself uses there.
  package static func typeName(_ id: String) -> String {
    let name = SwiftSource.identifier(id, upper: true)
    return ["Placeholders", "PlaceholderSample"].contains(name) ? name + "_" : name
  }

  /// A variant's type inside its design's: its id in upper camel case, with
  /// `_` after `Actions` (the type each variant's buttons take) and after a
  /// name its value has too.
  static func variantTypeName(_ id: String) -> String {
    let name = SwiftSource.identifier(id, upper: true)
    // `3d` is `_3d` as a type and as a value: the type takes the `_`.
    return name == "Actions" || name == SwiftSource.identifier(id, upper: false) ? name + "_" : name
  }

  /// Two designs, or two variants of one design, whose ids become one Swift name.
  public struct NameCollision: CommandFailure, Sendable {
    /// Which ids collide, and in which files.
    public var description: String
    /// Ids the export cannot name are bad input: 2.
    public var exitCode: Int32 { 2 }
  }

  /// The first two designs (or variants of one design) whose ids give one
  /// Swift name (`orders-1` and `orders1` are both `Orders1`), named by file.
  static func collision(in entries: [Entry]) -> NameCollision? {
    var types: [String: Design] = [:]
    var members: [String: Variant] = [:]
    for entry in entries {
      if let other = types[entry.typeName], other.id != entry.design.id {
        return NameCollision(
          description:
            "\(other.sourceFile) (id \"\(other.id)\") and \(entry.design.sourceFile) (id \"\(entry.design.id)\") "
            + "both become Placeholders.\(entry.typeName) in Swift; rename one of them for export swift")
      }
      types[entry.typeName] = entry.design
      let member = entry.design.id + "/" + entry.memberName
      if let other = members[member], other.id != entry.variant.id {
        return NameCollision(
          description:
            "\(entry.design.sourceFile): the variants \"\(other.id)\" (\(other.path)) and \"\(entry.variant.id)\" "
            + "(\(entry.variant.path)) both become Placeholders.\(entry.typeName).\(entry.memberName) in Swift; "
            + "rename one of them for export swift")
      }
      members[member] = entry.variant
    }
    return nil
  }

  /// The language the code's default texts are in: English when the site has it, else its first locale.
  static func sourceLanguage(of site: SiteDefinition) -> String {
    site.locales.first { $0.lowercased() == "en" } ?? site.locales.first ?? "en"
  }

  /// How many variants the Swift file holds.
  public static func variantCount(of site: SiteDefinition) -> Int { entries(of: site).count }

  /// The bundle that holds the catalogs: an app's (`Bundle.main`, where
  /// `export swift` writes into the app's sources) or a Swift package
  /// target's, whose resources SwiftPM puts in `Bundle.module` (the plugin).
  public enum ResourceBundle: String, Sendable, CaseIterable {
    /// The app's own bundle.
    case main
    /// The package target's resource bundle.
    case module
  }

  /// A problem that stops the export: two ids with one Swift name, or an image it cannot read.
  public struct Failure: CommandFailure, Sendable {
    /// What stopped it, naming the files.
    public var description: String
    /// Bad input: 2.
    public var exitCode: Int32 { 2 }
  }

  /// The export's files, by their paths inside its folder: the Swift, the
  /// String Catalog, and the asset catalog's files.
  ///
  /// - Parameters:
  ///   - site: the definitions.
  ///   - root: the site folder, which the images are read from (nil: no image sets are written).
  ///   - bundle: the bundle the Swift finds the catalogs in: an app's (`export swift`) or a package target's (the plugin).
  /// - Returns: the files, the Swift first.
  /// - Throws: `Failure` when two ids give one Swift name, or an image cannot be read or cleaned.
  public static func files(for site: SiteDefinition, root: String?, bundle: ResourceBundle = .main) throws(Failure)
    -> [File]
  {
    let entries = entries(of: site)
    if let collision = collision(in: entries) { throw Failure(description: collision.description) }
    let assets: Assets
    do {
      assets = try self.assets(for: entries, source: sourceLanguage(of: site), root: root)
    } catch {
      throw Failure(description: error.description)
    }
    return [
      File(name: swiftFile, bytes: Array(swift(site, assets: assets, bundle: bundle).utf8)),
      File(name: catalogFile, bytes: Array(catalog(site).utf8)),
    ] + assets.files
  }

  /// The hand-off of `entry` in `locale`, as the export says it.
  static func handOff(_ entry: Entry, locale: String, assets: Assets) -> ModernHandOff {
    var handOff = ModernHandOff(
      properties: entry.variant.properties, state: entry.variant.state(in: entry.design.layout), locale: locale,
      exportKeyPrefix: entry.key)
    handOff.colorSets = assets.colorSets
    handOff.imageSets = assets.imageSets
    return handOff
  }

  /// The Swift file. The designs' types are declared in `Placeholders` and
  /// their variants' types in each design's, so no design's name is in
  /// scope where another's code runs, and the code's own names
  /// (`PlaceholderSample`, `String`, `Text`…) are never shadowed by one.
  static func swift(_ site: SiteDefinition, assets: Assets, bundle: ResourceBundle) -> String {
    let source = sourceLanguage(of: site)
    let entries = entries(of: site)
    let title = SwiftSource.comment(site.title)
    var out =
      switch bundle {
      case .main:
        """
        // Generated by `blankslate export swift` from the site "\(title)". Do not edit:
        // export again after changing a definition (`blankslate export swift --check` says when this file is stale).

        """
      case .module:
        """
        // Generated by Blankslate's PlaceholderHandOff plugin from the site "\(title)" on every build.
        // Do not edit: the definitions are the source. A platform without UIKit (macOS, Linux) compiles none of it.
        #if canImport(UIKit)

        """
      }
    out += """
      // Texts come from the table Placeholders.xcstrings and colours and images from Placeholders.xcassets,
      // exported beside it; the default texts are the site's \(source) ones.
      import SwiftUI
      import UIKit

      /// The bundle that holds Placeholders.xcstrings and Placeholders.xcassets.
      private let placeholderBundle = Bundle.\(bundle.rawValue)

      /// A text of the table Placeholders, in `locale`'s language where the table has it.
      @available(iOS 17.0, *)
      private func placeholderText(_ key: StaticString, _ value: String.LocalizationValue, _ locale: Locale) -> String {
        String(
          localized: LocalizedStringResource(
            key, defaultValue: value, table: "Placeholders", locale: locale,
            bundle: .atURL(placeholderBundle.bundleURL)))
      }

      /// One reviewed screen with its sample values and buttons that do nothing:
      /// for a debug menu of every placeholder, or the app's own snapshot tests.
      @available(iOS 17.0, *)
      public struct PlaceholderSample: Sendable {
        /// The variant in the site (`design.variant`).
        public let id: String
        /// The design's and the variant's names.
        public let name: String
        let makeConfiguration: @MainActor @Sendable (Locale) -> UIContentUnavailableConfiguration
        let makeView: @MainActor @Sendable (Locale) -> AnyView

        /// The configuration to set as `contentUnavailableConfiguration`.
        @MainActor public func configuration(locale: Locale = .current) -> UIContentUnavailableConfiguration {
          makeConfiguration(locale)
        }

        /// SwiftUI's view of the same screen.
        @MainActor public func view(locale: Locale = .current) -> AnyView {
          makeView(locale)
        }
      }

      /// The site's content-unavailable designs, a type each, a type per variant.
      public enum Placeholders {}

      """
    var byDesign: [[Entry]] = []
    for entry in entries {
      if byDesign.last?.first?.design.id == entry.design.id {
        byDesign[byDesign.count - 1].append(entry)
      } else {
        byDesign.append([entry])
      }
    }
    if !byDesign.isEmpty {
      out += "\n@available(iOS 17.0, *)\nextension Placeholders {\n"
      for group in byDesign {
        out += "  /// \(SwiftSource.comment(group[0].design.name))\n"
        out += "  public enum \(group[0].typeName) {}\n"
      }
      out += "}\n"
    }
    // Each variant's type is declared beside its siblings and filled in an extension of its own, where
    // no sibling's name is in scope (a variant `text` would otherwise be the `Text` of the others' code).
    for group in byDesign {
      let handOffs = group.map { handOff($0, locale: source, assets: assets) }
      out += "\n@available(iOS 17.0, *)\nextension Placeholders.\(group[0].typeName) {\n"
      for (index, entry) in group.enumerated() {
        if index > 0 { out += "\n" }
        out += variantDeclaration(entry, takesQuery: handOffs[index].takesQuery)
      }
      out += "}\n"
      for (entry, handOff) in zip(group, handOffs) {
        out += "\n@available(iOS 17.0, *)\nextension Placeholders.\(entry.typeName).\(entry.variantType) {\n"
        out += variantCode(entry, handOff: handOff)
        out += "}\n"
      }
    }
    // The list is PlaceholderSample's, where no design's name is in scope (a design `any-view` is `AnyView`).
    out += "\n@available(iOS 17.0, *)\nextension Placeholders {\n"
    out += "  /// Every variant with its sample values, in the site's order.\n"
    out += "  public static var all: [PlaceholderSample] { PlaceholderSample.all }\n}\n"
    out += "\n@available(iOS 17.0, *)\nextension PlaceholderSample {\n"
    out += "  /// Every variant with its sample values, in the site's order.\n"
    out += "  public static var all: [PlaceholderSample] {\n    [\n"
    for entry in entries {
      let value = sample(entry, source: source, locale: source)
      out += "      PlaceholderSample(\n"
      out += "        id: \(SwiftSource.literal(entry.key)),\n"
      out += "        name: \(SwiftSource.literal(entry.design.name + " — " + entry.variant.name)),\n"
      out += "        makeConfiguration: { \(value).configuration(locale: $0) },\n"
      out += "        makeView: { AnyView(\(value).view(locale: $0)) }),\n"
    }
    out += "    ]\n  }\n}\n"
    if !entries.isEmpty { out += previews(entries, site: site, source: source) }
    if bundle == .module { out += "#endif\n" }
    return out
  }

  /// A variant's value with its sample query as `locale` writes it.
  static func sample(_ entry: Entry, source: String, locale: String) -> String {
    let state = entry.variant.state(in: entry.design.layout)
    // Whether the type takes a query is the source language's texts' to say.
    let takesQuery = ModernHandOff(properties: entry.variant.properties, state: state, locale: source).takesQuery
    let base = "Placeholders.\(entry.typeName).\(entry.memberName)"
    let query = entry.variant.properties.query?.resolved(in: locale) ?? ""
    return takesQuery ? base + "(query: \(SwiftSource.literal(query)))" : base
  }

  /// A variant's value and type, as its design declares them: the type's
  /// stored query and initialiser (the rest is in `variantCode`).
  private static func variantDeclaration(_ entry: Entry, takesQuery: Bool) -> String {
    let type = entry.variantType
    var out = "  /// \(SwiftSource.comment(entry.variant.name))\n"
    if takesQuery {
      out += "  public static func \(entry.memberName)(query: Swift.String) -> \(type) { \(type)(query: query) }\n\n"
    } else {
      out += "  public static var \(entry.memberName): \(type) { \(type)() }\n\n"
    }
    out += "  /// \(SwiftSource.comment(entry.design.name + " — " + entry.variant.name))\n"
    out += "  public struct \(type): Sendable {\n"
    if takesQuery {
      out += "    /// The text searched for, shown where the screen's texts name it.\n"
      out += "    public var query: Swift.String\n\n"
      out += "    public init(query: Swift.String) {\n      self.query = query\n    }\n"
    } else {
      out += "    public init() {}\n"
    }
    return out + "  }\n"
  }

  /// A variant's members: its id, its buttons' actions, its configuration and its view.
  private static func variantCode(_ entry: Entry, handOff: ModernHandOff) -> String {
    let names = handOff.actionNames
    var out = "  /// The variant in the site.\n"
    out += "  public var id: String { \(SwiftSource.literal(entry.key)) }\n"
    var actionsParameter = ""
    if !names.isEmpty {
      out += "\n  /// What the buttons do, each its own action.\n"
      out += "  public struct Actions {\n"
      for (index, action) in handOff.actions.enumerated() {
        let role = action.definition.role.map { " (\($0.rawValue))" } ?? ""
        out += "    /// “\(SwiftSource.comment(action.title))”\(role)\n"
        out += "    public var \(names[index]): () -> Void\n"
      }
      let parameters = names.map { "\($0): @escaping () -> Void = {}" }.joined(separator: ", ")
      out += "\n    public init(\(parameters)) {\n"
      for name in names { out += "      self.\(name) = \(name)\n" }
      out += "    }\n  }\n"
      actionsParameter = "actions: Actions = Actions(), "
    }
    out += "\n  /// The configuration to set as `contentUnavailableConfiguration`, its texts in `locale`.\n"
    out += "  @MainActor public func configuration(\(actionsParameter)locale: Locale = .current)"
    out += " -> UIContentUnavailableConfiguration {\n"
    out += indent(handOff.uiKit().code, by: 4) + "\n  }\n"
    out += "\n  /// SwiftUI's view of the same screen, its texts in `locale`.\n"
    out += "  @MainActor public func view(\(actionsParameter)locale: Locale = .current) -> some View {\n"
    out += indent(handOff.swiftUI().code, by: 4) + "\n  }\n"
    return out
  }

  /// A `#Preview` of each variant in light and dark, at the largest text
  /// size, in the site's first right-to-left language, and UIKit's.
  private static func previews(_ entries: [Entry], site: SiteDefinition, source: String) -> String {
    let rightToLeft = site.locales.first { PinnedFont.isRightToLeft($0) && !PseudoLocale.isPseudo($0) }
    var out = "\n#if DEBUG\n"
    func preview(_ title: String, _ body: String) {
      out += "  #Preview(\(SwiftSource.literal(title))) {\n"
      out += "    if #available(iOS 17.0, *) {\n      \(body)\n    }\n  }\n"
    }
    for entry in entries {
      let name = entry.design.name + " — " + entry.variant.name
      let value = sample(entry, source: source, locale: source)
      preview(name, "\(value).view()")
      preview(name + " · dark", "\(value).view()\n        .preferredColorScheme(.dark)")
      preview(name + " · AX5", "\(value).view()\n        .environment(\\.dynamicTypeSize, .accessibility5)")
      if let rightToLeft {
        let locale = "Locale(identifier: \(SwiftSource.literal(rightToLeft)))"
        preview(
          name + " · " + rightToLeft,
          "\(sample(entry, source: source, locale: rightToLeft)).view(locale: \(locale))\n"
            + "        .environment(\\.locale, \(locale))\n        .environment(\\.layoutDirection, .rightToLeft)")
      }
      out += "  #Preview(\(SwiftSource.literal(name + " · UIKit"))) {\n"
      out += "    let controller = UIViewController()\n"
      out += "    if #available(iOS 17.0, *) {\n"
      out += "      controller.contentUnavailableConfiguration = \(value).configuration()\n    }\n"
      out += "    return controller\n  }\n"
    }
    return out + "#endif\n"
  }

  /// Xcode's String Catalog, keys sorted: every text of every exported
  /// variant in the source language (the Swift's keys and default values),
  /// and in each other locale the site lists only where the site translates
  /// it (`ModernHandOff.translatedTexts`), as `translated`. A locale with no
  /// text for a key has no entry: Xcode lists the key as untranslated there,
  /// and the app shows the source language's text, as the gallery does.
  /// Pseudo-locales are the gallery's, never the app's languages.
  static func catalog(_ site: SiteDefinition) -> String {
    let source = sourceLanguage(of: site)
    var strings: [String: (comment: String, values: [String: String])] = [:]
    for entry in entries(of: site) {
      let state = entry.variant.state(in: entry.design.layout)
      // A text is a format in every language when it is one in the source language: the Swift passes the query.
      let formats = ModernHandOff(properties: entry.variant.properties, state: state, locale: source).formatRoles
      for locale in site.locales where !PseudoLocale.isPseudo(locale) {
        let handOff = ModernHandOff(properties: entry.variant.properties, state: state, locale: locale)
        let texts = locale == source ? handOff.texts : handOff.translatedTexts(source: source, formats: formats)
        for (role, text) in texts {
          let key = entry.key + "." + role
          var item = strings[key] ?? ("\(entry.design.name) — \(entry.variant.name): \(role)", [:])
          item.values[locale] = text
          strings[key] = item
        }
      }
    }
    func sorted<Value>(_ members: [String: Value]) -> [(key: String, value: Value)] {
      members.sorted { $0.key.precedesInByteOrder($1.key) }
    }
    func localization(_ value: String) -> JSONDocument {
      .object([("stringUnit", .object([("state", .string("translated")), ("value", .string(value))]))])
    }
    func string(_ item: (comment: String, values: [String: String])) -> JSONDocument {
      .object([
        ("comment", .string(item.comment)), ("extractionState", .string("manual")),
        ("localizations", .object(sorted(item.values).map { ($0.key, localization($0.value)) })),
      ])
    }
    let document = JSONDocument.object([
      ("sourceLanguage", .string(sourceLanguage(of: site))),
      ("strings", .object(sorted(strings).map { ($0.key, string($0.value)) })),
      ("version", .string("1.0")),
    ])
    var writer = JSONWriter(pretty: true, spacedColons: true)
    document.write(to: &writer)
    writer.append("\n")
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  private static func indent(_ code: String, by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(
      separator: "\n")
  }
}
