// The slice of SwiftUI that the content-unavailable hand-off snippets use,
// with Apple's names, recording the view tree a snippet builds instead of
// drawing it (compiled beside UIKit.swift, whose UIColor `Color(uiColor:)`
// takes). Every view is a `Recorded` node: its kind, its text or image, its
// children and the modifiers applied to it, in order.

protocol View {
  var recorded: Recorded { get }
}

final class Recorded: View {
  var kind: String
  var text: String?
  var children: [Recorded]
  var modifiers: [(name: String, value: String)] = []
  /// A button's role; an image's name.
  var detail: String?
  /// A button's action.
  var action: (() -> Void)?

  init(_ kind: String, text: String? = nil, children: [Recorded] = [], detail: String? = nil) {
    self.kind = kind
    self.text = text
    self.children = children
    self.detail = detail
  }

  var recorded: Recorded { self }

  func with(_ name: String, _ value: String) -> Recorded {
    let copy = Recorded(kind, text: text, children: children, detail: detail)
    copy.modifiers = modifiers + [(name, value)]
    copy.action = action
    return copy
  }
}

@resultBuilder
enum ViewBuilder {
  static func buildExpression(_ view: any View) -> Recorded { view.recorded }
  static func buildBlock(_ parts: Recorded...) -> Recorded { Recorded("group", children: parts) }
  static func buildOptional(_ part: Recorded?) -> Recorded { part ?? Recorded("group") }
  static func buildLimitedAvailability(_ part: Recorded) -> Recorded { part }
}

struct Color {
  let color: UIColor
  init(uiColor: UIColor) { color = uiColor }
  /// A colour set of the exported asset catalog.
  init(_ name: String, bundle: Bundle?) {
    guard let color = assetColors[name] else { fatalError("no colour set \(name)") }
    self.color = color
  }
  var description: String { "\(color.hex(.light))/\(color.hex(.dark))" }
}

struct Font {
  enum Weight: String {
    case regular
    case semibold
    case bold
  }

  var style: String?
  var size: Double?
  var weight: Weight?

  static let largeTitle = Font(style: "largeTitle")
  static let title = Font(style: "title1")
  static let title2 = Font(style: "title2")
  static let title3 = Font(style: "title3")
  static let headline = Font(style: "headline")
  static let body = Font(style: "body")
  static let callout = Font(style: "callout")
  static let subheadline = Font(style: "subheadline")
  static let footnote = Font(style: "footnote")
  static let caption = Font(style: "caption1")
  static let caption2 = Font(style: "caption2")

  static func system(size: Double, weight: Weight = .regular) -> Font { Font(style: nil, size: size, weight: weight) }

  func weight(_ weight: Weight) -> Font { Font(style: style, size: size, weight: weight) }

  var description: String { "\(style ?? "")|\(size.map { "\($0)" } ?? "")|\(weight?.rawValue ?? "")" }
}

enum SymbolRenderingMode {
  case monochrome
  case hierarchical
}

enum TemplateRenderingMode {
  case template
  case original
}

enum ControlSize: String {
  case mini
  case small
  case regular
  case large
  case extraLarge
}

enum TitleDisplayMode {
  case automatic
  case inline
  case large
}

struct ButtonStyleChoice {
  let name: String
  static let borderedProminent = ButtonStyleChoice(name: "borderedProminent")
  static let bordered = ButtonStyleChoice(name: "bordered")
  static let borderless = ButtonStyleChoice(name: "borderless")
  static let plain = ButtonStyleChoice(name: "plain")
}

struct AccessibilityTraits {
  let name: String
  static let isHeader = AccessibilityTraits(name: "isHeader")
}

struct ButtonBorderShape {
  let radius: Double?
  static func roundedRectangle(radius: Double) -> ButtonBorderShape { ButtonBorderShape(radius: radius) }
  static let capsule = ButtonBorderShape(radius: nil)
}

enum ButtonRole: String {
  case destructive
  case cancel
}

extension View {
  func font(_ font: Font) -> Recorded { recorded.with("font", font.description) }
  func foregroundStyle(_ color: Color) -> Recorded { recorded.with("foregroundStyle", color.description) }
  func symbolRenderingMode(_ mode: SymbolRenderingMode) -> Recorded { recorded.with("symbolRenderingMode", "\(mode)") }
  func renderingMode(_ mode: TemplateRenderingMode) -> Recorded { recorded.with("renderingMode", "\(mode)") }
  func resizable() -> Recorded { recorded.with("resizable", "") }
  func scaledToFit() -> Recorded { recorded.with("scaledToFit", "") }
  func frame(width: Double, height: Double) -> Recorded { recorded.with("frame", "\(width)x\(height)") }
  func buttonStyle(_ style: ButtonStyleChoice) -> Recorded { recorded.with("buttonStyle", style.name) }
  func controlSize(_ size: ControlSize) -> Recorded { recorded.with("controlSize", size.rawValue) }
  func tint(_ color: Color) -> Recorded { recorded.with("tint", color.description) }
  func buttonBorderShape(_ shape: ButtonBorderShape) -> Recorded {
    recorded.with("buttonBorderShape", shape.radius.map { "\($0)" } ?? "capsule")
  }
  func background(_ color: Color) -> Recorded { recorded.with("background", color.description) }
  func accessibilityAddTraits(_ traits: AccessibilityTraits) -> Recorded {
    recorded.with("accessibilityTraits", traits.name)
  }
  func accessibilityLabel(_ label: Text) -> Recorded { recorded.with("accessibilityLabel", label.recorded.text ?? "") }
  func accessibilityHidden(_ hidden: Bool) -> Recorded { recorded.with("accessibilityHidden", "\(hidden)") }
  func navigationTitle(_ title: String) -> Recorded { recorded.with("navigationTitle", title) }
  func navigationBarTitleDisplayMode(_ mode: TitleDisplayMode) -> Recorded {
    recorded.with("navigationBarTitleDisplayMode", "\(mode)")
  }
}

struct Text: View {
  let recorded: Recorded
  init(_ text: String) { recorded = Recorded("text", text: text) }
}

struct Image: View {
  let recorded: Recorded
  init(systemName: String) { recorded = Recorded("image", detail: "symbol:" + systemName) }
  init(_ name: String) { recorded = Recorded("image", detail: "asset:" + name) }
  init(_ name: String, bundle: Bundle?) {
    guard assetImages.contains(name) else { fatalError("no image set \(name)") }
    recorded = Recorded("image", detail: "asset:" + name)
  }
}

struct Label: View {
  let recorded: Recorded
  init(_ title: String, systemImage: String) {
    recorded = Recorded("label", children: [Text(title).recorded, Image(systemName: systemImage).recorded])
  }
  init(@ViewBuilder title: () -> Recorded, @ViewBuilder icon: () -> Recorded) {
    recorded = Recorded("label", children: title().children + icon().children)
  }
}

struct Button: View {
  let recorded: Recorded
  init(_ title: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
    recorded = Recorded("button", children: [Text(title).recorded], detail: role?.rawValue)
    recorded.action = action
  }
  init(role: ButtonRole? = nil, action: @escaping () -> Void, @ViewBuilder label: () -> Recorded) {
    recorded = Recorded("button", children: label().children, detail: role?.rawValue)
    recorded.action = action
  }
}

struct ProgressView: View {
  let recorded: Recorded
  init(_ title: String) { recorded = Recorded("progress", text: title) }
  init() { recorded = Recorded("progress") }
}

struct ContentUnavailableView: View {
  let recorded: Recorded

  init(
    @ViewBuilder label: () -> Recorded, @ViewBuilder description: () -> Recorded,
    @ViewBuilder actions: () -> Recorded
  ) {
    recorded = Recorded(
      "unavailable",
      children: [
        Recorded("label", children: label().children), Recorded("description", children: description().children),
        Recorded("actions", children: actions().children),
      ])
  }

  init(@ViewBuilder label: () -> Recorded, @ViewBuilder description: () -> Recorded) {
    self.init(label: label, description: description, actions: { Recorded("group") })
  }

  /// The system's search view with no query: its own symbol, "No Results" and message.
  static var search: ContentUnavailableView {
    ContentUnavailableView(
      label: { Label(searchTitle, systemImage: "magnifyingglass") }, description: { Text(searchMessage) })
  }

  /// The system's search view: its own symbol, title with the query, and message.
  static func search(text: String) -> ContentUnavailableView {
    ContentUnavailableView(
      label: { Label(searchQueryTitle.replacing("{query}", with: text), systemImage: "magnifyingglass") },
      description: { Text(searchMessage) })
  }
}

/// The words `.search(text:)` shows in the snippet's language (set by the harness).
nonisolated(unsafe) var searchQueryTitle = "No Results for “{query}”"

func record(_ view: Recorded) -> String {
  let modifiers = view.modifiers.map { "[\(json($0.name)), \(json($0.value))]" }.joined(separator: ", ")
  let children = view.children.map(record).joined(separator: ", ")
  ranAction = nil
  view.action?()
  return "{\"kind\": \(json(view.kind)), \"text\": \(json(view.text)), \"detail\": \(json(view.detail)), "
    + "\"runs\": \(json(ranAction)), \"modifiers\": [\(modifiers)], \"children\": [\(children)]}"
}

struct AnyView: View {
  let recorded: Recorded
  init(_ view: some View) { recorded = view.recorded }
}

/// Foundation's locale: its identifier alone.
struct Locale {
  let identifier: String
  init(identifier: String) { self.identifier = identifier }
  /// The language the harness runs a snippet in.
  nonisolated(unsafe) static var current = Locale(identifier: "en")
}

/// The String Catalog the harness exported (key → locale → value); empty for the snippets.
nonisolated(unsafe) var catalog: [String: [String: String]] = [:]

struct LocalizedStringResource {
  enum BundleDescription {
    case main
    case atURL(URL)
  }

  let key: String
  let defaultValue: String.LocalizationValue
  let table: String?
  var locale: Locale

  init(
    _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
    bundle: BundleDescription = .main, comment: StaticString? = nil
  ) {
    self.key = "\(key)"
    self.defaultValue = defaultValue
    self.table = table
    self.locale = locale
  }
}

extension String {
  /// A text with its arguments: the format (`%@` for each) and what fills it.
  struct LocalizationValue: ExpressibleByStringInterpolation {
    struct StringInterpolation: StringInterpolationProtocol {
      var format = ""
      var arguments: [String] = []
      init(literalCapacity: Int, interpolationCount: Int) {}
      mutating func appendLiteral(_ literal: String) { format += literal.replacing("%", with: "%%") }
      mutating func appendInterpolation(_ value: String) {
        format += "%@"
        arguments.append(value)
      }
    }

    var format: String
    var arguments: [String]
    init(stringLiteral value: String) {
      format = value
      arguments = []
    }
    init(stringInterpolation: StringInterpolation) {
      format = stringInterpolation.format
      arguments = stringInterpolation.arguments
    }
  }

  /// Foundation's lookup: the table's text for the locale (or its language), else the default;
  /// a text with arguments is a format, `%@` filled in order and `%%` one `%`.
  init(localized resource: LocalizedStringResource) {
    let entries = catalog[resource.key] ?? [:]
    let language = String(resource.locale.identifier.prefix { $0 != "-" && $0 != "_" })
    let found = entries[resource.locale.identifier] ?? entries[language]
    let arguments = resource.defaultValue.arguments
    guard !arguments.isEmpty else {
      self = found ?? resource.defaultValue.format
      return
    }
    var remaining = arguments[...]
    var result = ""
    var text = Substring(found ?? resource.defaultValue.format)
    while let index = text.firstIndex(of: "%") {
      result += text[..<index]
      let next = text[text.index(after: index)...]
      if next.hasPrefix("@") {
        result += remaining.popFirst() ?? ""
        text = next.dropFirst()
      } else if next.hasPrefix("%") {
        result += "%"
        text = next.dropFirst()
      } else {
        fatalError("a format with %\(next.prefix(1)) where only %@ and %% are written")
      }
    }
    self = result + text
  }
}

enum ColorScheme {
  case light
  case dark
}

enum DynamicTypeSize {
  case large
  case accessibility5
}

enum LayoutDirection {
  case leftToRight
  case rightToLeft
}

struct EnvironmentValues {
  var locale = Locale.current
  var dynamicTypeSize = DynamicTypeSize.large
  var layoutDirection = LayoutDirection.leftToRight
}

extension View {
  func preferredColorScheme(_ scheme: ColorScheme) -> Recorded { recorded.with("preferredColorScheme", "\(scheme)") }
  func environment<Value>(_ key: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> Recorded {
    recorded.with("environment", "\(value)")
  }
}

/// `#Preview` as the harness compiles an export's previews: each is built and run.
@discardableResult func preview(_ name: String, @ViewBuilder body: () -> Recorded) -> Recorded { body() }
@discardableResult func previewUIKit(_ name: String, body: () -> UIViewController) -> UIViewController { body() }
