import BlankslateModel
import BlankslateSupport

/// The content-unavailable layout's hand-off: UIKit's
/// `UIContentUnavailableConfiguration` and SwiftUI's `ContentUnavailableView`,
/// each setting every resolved property that differs from that API's default
/// and none that equals it, and listing what the API cannot say.
///
/// UIKit's defaults are `UIContentUnavailableConfiguration`'s own (DESIGN.md,
/// "Fidelity v3"; `ContentUnavailableLayout` cites each). Apple documents none
/// of SwiftUI's: `ContentUnavailableView` is assumed to draw UIKit's (Title 2
/// bold, Subheadline in `secondaryLabel`, the same gaps, small buttons), so a
/// property equal to UIKit's default is left out of both.
struct ModernHandOff {
  let properties: Properties
  let state: ContentState
  let locale: String
  /// For `export swift`: texts looked up by `"<prefix>.<role>"` in the String
  /// Catalog (with this locale's text as the default, the searched text its
  /// argument), colours and images by their asset catalog names, each button's
  /// action as its member of `actions`, and a configuration returned rather
  /// than set on a view controller. Nil: texts as literals (the pages' snippets).
  var exportKeyPrefix: String?
  /// For `export swift`: the colour set of each colour, by its inline code (`CodeHandOff.uiColor`).
  var colorSets: [String: String] = [:]
  /// For `export swift`: the image set of each asset image, by its path.
  var imageSets: [String: String] = [:]

  /// A text as the code says it: a literal, or its String Catalog entry in
  /// `locale`, the searched text passed as the format's argument.
  func say(_ text: String, _ role: String) -> String {
    guard let prefix = exportKeyPrefix else { return SwiftSource.literal(text) }
    let pieces = shownTexts.first { $0.role == role }?.pieces ?? [text]
    let value = pieces.map { SwiftSource.literal($0).dropFirst().dropLast() }.joined(separator: "\\(query)")
    return "placeholderText(\(SwiftSource.literal(prefix + "." + role)), \"\(value)\", locale)"
  }

  /// One text the screen shows: its role, what it draws in this locale, and
  /// where it comes from (the definition's text, or the state's own words).
  private struct ShownText {
    var role: String
    var text: String
    var written: LocalizedText?
    var words: DefaultString?
    /// The text cut where the searched text stands in it (one piece: it holds none).
    var pieces: [String]
  }

  /// Every text the screen shows, in the one order both lists below keep.
  private var shownTexts: [ShownText] {
    var found: [ShownText] = []
    func shown(_ role: String, _ text: String, written: LocalizedText?, words: DefaultString? = nil) {
      found.append(
        ShownText(role: role, text: text, written: written, words: words, pieces: pieces(of: text, words: words)))
    }
    if state == .loading {
      // A loading screen's own title is the configuration's text (`configuration.text`).
      // Its "Loading…" is the state's words, which a written title or message replaces.
      if let title { shown("title", title, written: properties.title) }
      if let message {
        shown("message", message, written: properties.message)
      } else if usesStateWords {
        shown("message", words(.unavailableLoading), written: nil, words: .unavailableLoading)
      }
    } else {
      if let shownTitle {
        shown("title", shownTitle, written: properties.title, words: title == nil ? fallback.title : nil)
      }
      if let shownMessage {
        shown("message", shownMessage, written: properties.message, words: message == nil ? fallback.message : nil)
      }
    }
    for (index, action) in actions.enumerated() {
      shown(
        index == 0 ? "button" : "secondaryButton", action.title, written: action.definition.title,
        words: action.defaultTitle)
    }
    // What VoiceOver reads instead: the catalog holds it beside what is drawn.
    if let label = imageAccessibility?.label { shown("imageLabel", label.resolved(in: locale), written: label) }
    for (index, action) in actions.enumerated() {
      if let label = action.definition.accessibilityLabel {
        shown(index == 0 ? "buttonLabel" : "secondaryButtonLabel", label.resolved(in: locale), written: label)
      }
    }
    if let title = properties.chrome?.navigationTitle {
      shown("navigationTitle", title.resolved(in: locale), written: title)
    }
    return found
  }

  /// `text` cut where the searched text stands: at `{query}` in the state's
  /// words, or where the definition's text holds the query as this locale writes it.
  private func pieces(of text: String, words: DefaultString?) -> [String] {
    if let words, self.words(words).contains("{query}") {
      return self.words(words).components(separatedBy: "{query}")
    }
    guard let query, !query.isEmpty, text.contains(query) else { return [text] }
    return text.components(separatedBy: query)
  }

  /// A text as the String Catalog holds it: as drawn, or, where the searched
  /// text stands in it, a format with `%@` in its place (a `%` of the text doubled).
  private static func catalogValue(_ pieces: [String]) -> String {
    pieces.count == 1 ? pieces[0] : pieces.map { $0.replacingOccurrences(of: "%", with: "%%") }.joined(separator: "%@")
  }

  /// Every text the screen shows, by its role, in this locale, as the String Catalog holds it.
  var texts: [(role: String, text: String)] { shownTexts.map { ($0.role, Self.catalogValue($0.pieces)) } }

  /// The texts the String Catalog holds for this screen in this locale, by
  /// role: only those the site translates into it. A text the definition
  /// writes counts when it has an entry for the locale or one of its
  /// languages (a plain string is the `source` language's); a state's own
  /// words count when the tool has them in the locale's language. Any other
  /// is left out, and the app shows the source language's text, as the
  /// gallery does.
  ///
  /// `formats`: the roles whose text is a format in the source language (the
  /// Swift passes them the query); any other role's text is as drawn, never a
  /// format, whatever this language writes.
  func translatedTexts(source: String, formats: Set<String>) -> [(role: String, text: String)] {
    shownTexts.compactMap { shown in
      func value(_ pieces: [String]) -> String {
        formats.contains(shown.role) ? Self.catalogValue(pieces) : pieces.joined(separator: query ?? "")
      }
      if let written = shown.written {
        return written.translation(in: locale, source: source).map { (shown.role, value(pieces(of: $0, words: nil))) }
      }
      let translated =
        shown.words.map { $0.isTranslated(into: locale) } == true || locale.lowercased() == source.lowercased()
      return translated ? (shown.role, value(shown.pieces)) : nil
    }
  }

  /// The roles whose text holds the searched text: in the export, formats the Swift passes the query.
  var formatRoles: Set<String> { Set(shownTexts.filter { $0.pieces.count > 1 }.map(\.role)) }

  /// Whether a text of the screen holds the searched text (the export's value then takes the query).
  var takesQuery: Bool { !formatRoles.isEmpty }

  /// Each button's action's name, in order: its `id`, else its title's
  /// words in English (or the first language written), else its role, else
  /// `primary` or `secondary`; a name taken by the button before gets `2`.
  var actionNames: [String] {
    var names: [String] = []
    for (index, action) in actions.enumerated() {
      let button = action.definition
      let title = button.title?.resolved(in: "en") ?? action.defaultTitle?.text(in: "en") ?? ""
      let words = title.unicodeScalars.filter { $0.isASCII }.map(Character.init)
      var name: String
      if let id = button.id {
        name = SwiftSource.identifier(id, upper: false)
      } else if String(words).contains(where: \.isLetter) {
        name = SwiftSource.identifier(String(words).lowercased(), upper: false)
      } else if let role = button.role {
        name = role.rawValue
      } else {
        name = index == 0 ? "primary" : "secondary"
      }
      if names.contains(name) { name += "2" }
      names.append(name)
    }
    return names
  }

  /// The code that runs the action `name`: the snippet's closure, or the export's `actions` member.
  func actionCall(_ name: String) -> String {
    (exportKeyPrefix == nil ? "" : "actions.") + name + "()"
  }

  /// A key the API cannot say, with what to do instead.
  struct Unexpressed: Equatable {
    var key: String
    var why: String

    var line: String { "`\(key)`: \(why)" }
  }

  /// One resolved button, as the layout draws it.
  struct Action {
    var title: String
    var style: ButtonStyle
    var definition: ButtonDefinition
    /// The state's words the title falls back to, when the button writes none.
    var defaultTitle: DefaultString?
  }

  // MARK: - What the render shows

  var query: String? { properties.query?.resolved(in: locale) }
  private var fallback: ContentUnavailableStyle.StateDefaults {
    ContentUnavailableStyle.defaults(for: state, hasQuery: !(query ?? "").isEmpty)
  }
  var title: String? { properties.title?.resolved(in: locale) }
  var message: String? { properties.message?.resolved(in: locale) }
  /// Whether the definition writes neither text: then the screen is the state's own
  /// (`.search()`, `.loading()`). Each text it does not write is the state's anyway.
  var usesStateWords: Bool { title == nil && message == nil }
  func words(_ value: DefaultString) -> String { value.text(in: locale) }

  var shownTitle: String? {
    title
      ?? (state != .loading
        ? fallback.title.map { words($0).replacingOccurrences(of: "{query}", with: query ?? "") } : nil)
  }

  var shownMessage: String? {
    message ?? (state != .loading ? fallback.message.map(words) : nil)
  }

  /// The image as written (in the site's first theme, and this locale), or the state's symbol.
  var image: ImageSource? {
    switch properties.image {
    case .absent: fallback.symbol.map(ImageSource.symbol)
    case .null: nil
    case .value(let value): value.resolved(theme: .light, locale: locale)
    }
  }

  /// What VoiceOver is told of the written image: its label, or that it is decorative.
  var imageAccessibility: ImageAccessibility? {
    guard case .value(let value) = properties.image else { return nil }
    return value.accessibility
  }

  /// The image the dark theme shows, when the definition writes one per theme.
  var darkImage: ImageSource? {
    guard case .value(let value) = properties.image else { return nil }
    return value.resolved(theme: .dark, locale: locale)
  }

  /// A `UIImage` expression of `image` (optional, as `UIImage(named:)` is):
  /// an exported asset from the asset catalog's bundle.
  func uiImage(_ image: ImageSource) -> String {
    switch image {
    case .symbol(let symbol): "UIImage(systemName: \(SwiftSource.literal(symbol.rawValue)))"
    case .asset(let path): "UIImage(\(uiImageName(path)))"
    case .template(let path): "UIImage(\(uiImageName(path)))?.withRenderingMode(.alwaysTemplate)"
    case .builtin(let builtin): "UIImage(named: \(SwiftSource.literal(builtin.rawValue)))"
    }
  }

  private func uiImageName(_ path: String) -> String {
    guard let set = imageSets[path] else { return "named: " + SwiftSource.literal(Self.imageName(path)) }
    return "named: \(SwiftSource.literal(set)), in: placeholderBundle, with: nil"
  }

  /// `Image(…)`'s arguments for an asset: its name, and the exported catalog's bundle.
  func imageReference(_ path: String) -> String {
    guard let set = imageSets[path] else { return SwiftSource.literal(Self.imageName(path)) }
    return "\(SwiftSource.literal(set)), bundle: placeholderBundle"
  }

  /// A colour as UIKit code: its colour set when exported, else `CodeHandOff.uiColor`.
  func uiColor(_ color: ColorValue) -> String {
    let inline = CodeHandOff.uiColor(color)
    guard !colorSets.isEmpty, let set = colorSets[inline] else { return inline }
    return "UIColor(named: \(SwiftSource.literal(set)), in: placeholderBundle, compatibleWith: nil)!"
  }

  /// A colour as SwiftUI code: its colour set when exported, else UIKit's colour.
  func swiftUIColor(_ color: ColorValue) -> String {
    guard !colorSets.isEmpty, let set = colorSets[CodeHandOff.uiColor(color)] else {
      return "Color(uiColor: \(uiColor(color)))"
    }
    return "Color(\(SwiftSource.literal(set)), bundle: placeholderBundle)"
  }

  var actions: [Action] {
    var written: [(ButtonDefinition, DefaultString?)] = (properties.buttons ?? []).map { ($0, nil) }
    if written.isEmpty {
      switch properties.button {
      case .value(let button): written = [(button, fallback.button ?? .unavailableTryAgain)]
      case .absent:
        if let button = fallback.button, properties.buttons == nil { written = [(ButtonDefinition(), button)] }
      case .null: break
      }
    }
    return written.prefix(2).map { button, defaultTitle in
      Action(
        title: button.title?.resolved(in: locale) ?? defaultTitle.map(words) ?? "",
        // As the layout draws it: plain (UIKit's default), filled when the button writes a background.
        style: button.style ?? (button.background != nil ? .filled : .plain), definition: button,
        defaultTitle: button.title == nil ? defaultTitle : nil)
    }
  }

  /// A font that draws otherwise than `fallback` (its size or its resolved
  /// weight), as UIKit and SwiftUI write it; nil when it draws the same.
  func font(_ font: FontSpec?, default fallback: FontSpec) -> (uiKit: String, swiftUI: String)? {
    guard let font else { return nil }
    let weight = font.weight(default: .regular)
    guard font.size != fallback.size || weight != fallback.weight(default: .regular) else { return nil }
    switch font.size {
    case .style(let style):
      let descriptor = "UIFontDescriptor.preferredFontDescriptor(withTextStyle: .\(Self.uiTextStyle(style)))"
      let uiKit =
        weight == style.weight
        ? "UIFont.preferredFont(forTextStyle: .\(Self.uiTextStyle(style)))"
        : "UIFont(descriptor: \(descriptor).addingAttributes([.traits: [UIFontDescriptor.TraitKey.weight: UIFont.Weight.\(weight.rawValue)]]), size: 0)"
      // SwiftUI names two styles otherwise: `.title` and `.caption` are UIKit's title1 and caption1.
      let name =
        switch style {
        case .title1: "title"
        case .caption1: "caption"
        default: style.rawValue
        }
      let swiftUI = ".\(name)" + (weight == style.weight ? "" : ".weight(.\(weight.rawValue))")
      return (uiKit, swiftUI)
    case .fixed(let points):
      return (
        "UIFont.systemFont(ofSize: \(NumberText.format(points)), weight: .\(weight.rawValue))",
        ".system(size: \(NumberText.format(points)), weight: .\(weight.rawValue))"
      )
    case .scaled(let points):
      return (
        "UIFontMetrics.default.scaledFont(for: UIFont.systemFont(ofSize: \(NumberText.format(points)), weight: .\(weight.rawValue)))",
        ".system(size: \(NumberText.format(points)), weight: .\(weight.rawValue))"
      )
    }
  }

  private static func uiTextStyle(_ style: TextStyle) -> String {
    switch style {
    case .largeTitle: "largeTitle"
    case .title1: "title1"
    case .title2: "title2"
    case .title3: "title3"
    case .headline: "headline"
    case .body: "body"
    case .callout: "callout"
    case .subheadline: "subheadline"
    case .footnote: "footnote"
    case .caption1: "caption1"
    case .caption2: "caption2"
    }
  }
}
