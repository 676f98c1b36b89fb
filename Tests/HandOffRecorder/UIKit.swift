// The slice of UIKit that the content-unavailable hand-off snippets use,
// declared with Apple's documented names and types, recording what each
// snippet sets instead of drawing it. Not a target: `CodeHandOffProofTests`
// compiles it with the snippets into one executable, runs it, and compares
// what each snippet configured with what the render drew. The defaults are
// `UIContentUnavailableConfiguration.empty()`'s own (DESIGN.md, "Fidelity v3").
//
// The system colours' values come from a file the test writes beside this one
// (`systemColor(_:)`), from Blankslate's own table, so the comparison is
// between the code and the render, not between two tables.

typealias CGFloat = Double

struct CGSize: Equatable {
  var width: CGFloat
  var height: CGFloat
  static let zero = CGSize(width: 0, height: 0)
}

struct NSDirectionalEdgeInsets: Equatable {
  var top: CGFloat
  var leading: CGFloat
  var bottom: CGFloat
  var trailing: CGFloat
}

enum UIUserInterfaceStyle {
  case unspecified
  case light
  case dark
}

struct UITraitCollection {
  var userInterfaceStyle: UIUserInterfaceStyle
}

/// Every assignment that left a value as it was (a property set to what it already was, its
/// default): the hand-off must set no property to its default. The harness prints and empties it.
nonisolated(unsafe) var redundant: [String] = []

/// Notes `name` when an assignment changed nothing.
func note<Value: Equatable>(_ name: String, _ old: Value, _ new: Value) {
  if old == new { redundant.append(name) }
}

/// The bundle an exported file reads its catalogs from (the recording has one).
final class Bundle {
  static let main = Bundle()
  var bundleURL: URL { URL() }
}

struct URL {}

/// The exported asset catalog's colour sets and image sets, by name, set by the harness.
nonisolated(unsafe) var assetColors: [String: UIColor] = [:]
nonisolated(unsafe) var assetImages: Set<String> = []

/// The action the last button tapped ran, set by the harness's actions.
nonisolated(unsafe) var ranAction: String?

/// The app's tint, set by the harness before each snippet (UIKit's `tintColor` is the app's accent).
nonisolated(unsafe) var appTint: UIColor = UIColor.systemBlue

final class UIColor: Equatable {
  static func == (lhs: UIColor, rhs: UIColor) -> Bool {
    lhs.hex(.light) == rhs.hex(.light) && lhs.hex(.dark) == rhs.hex(.dark)
  }

  /// "#RRGGBBAA" in a trait collection.
  let provider: (UITraitCollection) -> String

  init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    func byte(_ value: CGFloat) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
    let hex = [red, green, blue, alpha].map { String(byte($0), radix: 16, uppercase: true) }
      .map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    provider = { _ in "#" + hex }
  }

  /// A colour set of the exported asset catalog (the harness reads them from its `Contents.json` files).
  convenience init?(named: String, in bundle: Bundle?, compatibleWith traits: UITraitCollection?) {
    guard let color = assetColors[named] else { return nil }
    self.init(dynamicProvider: { _ in color })
  }

  init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
    provider = { traits in dynamicProvider(traits).provider(traits) }
  }

  init(light: String, dark: String) {
    provider = { $0.userInterfaceStyle == .dark ? dark : light }
  }

  func hex(_ style: UIUserInterfaceStyle) -> String { provider(UITraitCollection(userInterfaceStyle: style)) }

  static var tintColor: UIColor { appTint }
  static var systemRed: UIColor { systemColor("systemRed") }
  static var systemOrange: UIColor { systemColor("systemOrange") }
  static var systemYellow: UIColor { systemColor("systemYellow") }
  static var systemGreen: UIColor { systemColor("systemGreen") }
  static var systemMint: UIColor { systemColor("systemMint") }
  static var systemTeal: UIColor { systemColor("systemTeal") }
  static var systemCyan: UIColor { systemColor("systemCyan") }
  static var systemBlue: UIColor { systemColor("systemBlue") }
  static var systemIndigo: UIColor { systemColor("systemIndigo") }
  static var systemPurple: UIColor { systemColor("systemPurple") }
  static var systemPink: UIColor { systemColor("systemPink") }
  static var systemBrown: UIColor { systemColor("systemBrown") }
  static var systemGray: UIColor { systemColor("systemGray") }
  static var systemGray2: UIColor { systemColor("systemGray2") }
  static var systemGray3: UIColor { systemColor("systemGray3") }
  static var systemGray4: UIColor { systemColor("systemGray4") }
  static var systemGray5: UIColor { systemColor("systemGray5") }
  static var systemGray6: UIColor { systemColor("systemGray6") }
  static var label: UIColor { systemColor("label") }
  static var secondaryLabel: UIColor { systemColor("secondaryLabel") }
  static var tertiaryLabel: UIColor { systemColor("tertiaryLabel") }
  static var quaternaryLabel: UIColor { systemColor("quaternaryLabel") }
  static var systemBackground: UIColor { systemColor("systemBackground") }
  static var secondarySystemBackground: UIColor { systemColor("secondarySystemBackground") }
  static var tertiarySystemBackground: UIColor { systemColor("tertiarySystemBackground") }
  static var systemGroupedBackground: UIColor { systemColor("systemGroupedBackground") }
  static var separator: UIColor { systemColor("separator") }
  static var systemFill: UIColor { systemColor("systemFill") }
  static var secondarySystemFill: UIColor { systemColor("secondarySystemFill") }
  static var tertiarySystemFill: UIColor { systemColor("tertiarySystemFill") }
  static var link: UIColor { systemColor("link") }
  static var white: UIColor { UIColor(red: 1, green: 1, blue: 1, alpha: 1) }
  static var black: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
  static var clear: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 0) }
}

struct UIFontDescriptor {
  struct AttributeName: Hashable {
    let name: String
    static let traits = AttributeName(name: "traits")
  }

  struct TraitKey: Hashable {
    let name: String
    static let weight = TraitKey(name: "weight")
  }

  var style: UIFont.TextStyle
  var weight: UIFont.Weight?

  static func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
    UIFontDescriptor(style: style, weight: nil)
  }

  func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
    var descriptor = self
    if let traits = attributes[.traits] as? [TraitKey: UIFont.Weight], let weight = traits[.weight] {
      descriptor.weight = weight
    }
    return descriptor
  }
}

struct UIFont: Equatable {
  struct TextStyle: Equatable {
    let name: String
    static let largeTitle = TextStyle(name: "largeTitle")
    static let title1 = TextStyle(name: "title1")
    static let title2 = TextStyle(name: "title2")
    static let title3 = TextStyle(name: "title3")
    static let headline = TextStyle(name: "headline")
    static let body = TextStyle(name: "body")
    static let callout = TextStyle(name: "callout")
    static let subheadline = TextStyle(name: "subheadline")
    static let footnote = TextStyle(name: "footnote")
    static let caption1 = TextStyle(name: "caption1")
    static let caption2 = TextStyle(name: "caption2")
  }

  struct Weight: Equatable {
    let name: String
    static let regular = Weight(name: "regular")
    static let semibold = Weight(name: "semibold")
    static let bold = Weight(name: "bold")
  }

  /// A text style (scaling with Dynamic Type), or a fixed size; the weight
  /// nil keeps the style's own.
  var style: TextStyle?
  var size: CGFloat?
  var weight: Weight?
  var scales: Bool

  static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    UIFont(style: style, size: nil, weight: nil, scales: true)
  }

  static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
    UIFont(style: nil, size: size, weight: weight, scales: false)
  }

  init(descriptor: UIFontDescriptor, size: CGFloat) {
    self.init(style: descriptor.style, size: nil, weight: descriptor.weight, scales: true)
  }

  init(style: TextStyle?, size: CGFloat?, weight: Weight?, scales: Bool) {
    self.style = style
    self.size = size
    self.weight = weight
    self.scales = scales
  }
}

struct UIFontMetrics {
  static let `default` = UIFontMetrics()

  func scaledFont(for font: UIFont) -> UIFont {
    var scaled = font
    scaled.scales = true
    return scaled
  }
}

final class UIImage: Equatable {
  static func == (lhs: UIImage, rhs: UIImage) -> Bool {
    lhs.name == rhs.name && lhs.isSymbol == rhs.isSymbol && lhs.renderingMode == rhs.renderingMode
      && lhs.byStyle == rhs.byStyle
  }

  enum RenderingMode {
    case automatic
    case alwaysOriginal
    case alwaysTemplate
  }

  struct SymbolConfiguration: Equatable {
    var pointSize: CGFloat
    init(pointSize: CGFloat) { self.pointSize = pointSize }
  }

  let name: String
  let isSymbol: Bool
  var renderingMode = RenderingMode.automatic
  /// A dynamic image's image per style (`UIImageAsset`), else nil.
  var byStyle: [UIUserInterfaceStyle: UIImage]?

  /// The image drawn in `style`.
  func resolved(_ style: UIUserInterfaceStyle) -> UIImage { byStyle?[style] ?? byStyle?[.light] ?? self }

  convenience init?(systemName: String) {
    self.init(name: systemName, isSymbol: true)
  }

  convenience init?(named: String) {
    self.init(name: named, isSymbol: false)
  }

  /// An image of the exported asset catalog: the set must be one the export wrote.
  convenience init?(named: String, in bundle: Bundle?, with traits: UITraitCollection?) {
    guard assetImages.isEmpty || assetImages.contains(named) else { fatalError("no image set \(named)") }
    self.init(name: named, isSymbol: false)
  }

  init(name: String, isSymbol: Bool) {
    self.name = name
    self.isSymbol = isSymbol
  }

  func withRenderingMode(_ mode: RenderingMode) -> UIImage {
    let image = UIImage(name: name, isSymbol: isSymbol)
    image.renderingMode = mode
    image.byStyle = byStyle
    return image
  }
}

final class UIImageAsset {
  private var images: [UIUserInterfaceStyle: UIImage] = [:]

  func register(_ image: UIImage, with traits: UITraitCollection) { images[traits.userInterfaceStyle] = image }

  func image(with traits: UITraitCollection) -> UIImage {
    guard let first = images[.light] ?? images.values.first else { fatalError("an image asset with no image") }
    let image = UIImage(name: first.name, isSymbol: first.isSymbol)
    image.renderingMode = first.renderingMode
    image.byStyle = images
    return image
  }
}

extension UITraitCollection {
  static var current: UITraitCollection { UITraitCollection(userInterfaceStyle: .unspecified) }
}

struct AttributeContainer {
  var font: UIFont?
}

struct UIConfigurationTextAttributesTransformer {
  let transform: (AttributeContainer) -> AttributeContainer
  init(_ transform: @escaping (AttributeContainer) -> AttributeContainer) { self.transform = transform }
}

struct UIBackgroundConfiguration: Equatable {
  var backgroundColor: UIColor?
  var cornerRadius: CGFloat = 0
}

final class UIAction {
  let handler: (UIAction) -> Void
  init(handler: @escaping (UIAction) -> Void) { self.handler = handler }
}

enum UIButton {
  enum Role {
    case normal
    case primary
    case cancel
    case destructive
  }

  struct Configuration {
    enum Size {
      case mini
      case small
      case medium
      case large
    }

    enum CornerStyle {
      case dynamic
      case fixed
      case small
      case medium
      case large
      case capsule
    }

    /// Which of the four the configuration was made as.
    var style: String
    var title: String? { didSet { note("button.title", oldValue, title) } }
    var image: UIImage? { didSet { note("button.image", oldValue, image) } }
    var buttonSize = Size.medium { didSet { note("button.buttonSize", oldValue, buttonSize) } }
    var baseForegroundColor: UIColor? { didSet { note("button.baseForegroundColor", oldValue, baseForegroundColor) } }
    var baseBackgroundColor: UIColor? { didSet { note("button.baseBackgroundColor", oldValue, baseBackgroundColor) } }
    var cornerStyle = CornerStyle.dynamic { didSet { note("button.cornerStyle", oldValue, cornerStyle) } }
    var background = UIBackgroundConfiguration()
    var titleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?

    static func plain() -> Configuration { Configuration(style: "plain") }
    static func tinted() -> Configuration { Configuration(style: "tinted") }
    static func gray() -> Configuration { Configuration(style: "gray") }
    static func filled() -> Configuration { Configuration(style: "filled") }
  }
}

struct UIContentUnavailableConfiguration {
  enum Alignment {
    case center
    case natural
  }

  struct ImageProperties: Equatable {
    var tintColor: UIColor? { didSet { note("imageProperties.tintColor", oldValue, tintColor) } }
    var preferredSymbolConfiguration: UIImage.SymbolConfiguration? {
      didSet { note("imageProperties.preferredSymbolConfiguration", oldValue, preferredSymbolConfiguration) }
    }
    var maximumSize = CGSize.zero { didSet { note("imageProperties.maximumSize", oldValue, maximumSize) } }
  }

  struct TextProperties: Equatable {
    var font: UIFont { didSet { note("font", oldValue, font) } }
    var color: UIColor { didSet { note("color", oldValue, color) } }
  }

  struct ButtonProperties {
    var role = UIButton.Role.normal { didSet { note("role", oldValue, role) } }
    var primaryAction: UIAction?
  }

  var kind: String
  var image: UIImage? { didSet { note("image", oldValue, image) } }
  var imageProperties = ImageProperties()
  var text: String? { didSet { note("text", oldValue, text) } }
  var textProperties: TextProperties
  var secondaryText: String? { didSet { note("secondaryText", oldValue, secondaryText) } }
  var secondaryTextProperties: TextProperties
  var alignment = Alignment.center { didSet { note("alignment", oldValue, alignment) } }
  var background = UIBackgroundConfiguration()
  var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 32, bottom: 16, trailing: 32) {
    didSet { note("directionalLayoutMargins", oldValue, directionalLayoutMargins) }
  }
  var imageToTextPadding: CGFloat { didSet { note("imageToTextPadding", oldValue, imageToTextPadding) } }
  var textToSecondaryTextPadding: CGFloat = 3 {
    didSet { note("textToSecondaryTextPadding", oldValue, textToSecondaryTextPadding) }
  }
  var textToButtonPadding: CGFloat = 20 { didSet { note("textToButtonPadding", oldValue, textToButtonPadding) } }
  var buttonToSecondaryButtonPadding: CGFloat = 15 {
    didSet { note("buttonToSecondaryButtonPadding", oldValue, buttonToSecondaryButtonPadding) }
  }
  /// UIKit's own buttons: plain, small.
  var button = UIContentUnavailableConfiguration.systemButton()
  var buttonProperties = ButtonProperties()
  var secondaryButton = UIContentUnavailableConfiguration.systemButton()
  var secondaryButtonProperties = ButtonProperties()

  static func systemButton() -> UIButton.Configuration {
    var button = UIButton.Configuration.plain()
    button.buttonSize = .small
    return button
  }

  private init(kind: String, text: String?, secondaryText: String?, imageToTextPadding: CGFloat) {
    self.kind = kind
    self.text = text
    self.secondaryText = secondaryText
    self.imageToTextPadding = imageToTextPadding
    textProperties = TextProperties(
      font: UIFont(style: .title2, size: nil, weight: .bold, scales: true), color: .label)
    secondaryTextProperties = TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
  }

  static func empty() -> UIContentUnavailableConfiguration {
    UIContentUnavailableConfiguration(kind: "empty", text: nil, secondaryText: nil, imageToTextPadding: 15)
  }

  static func loading() -> UIContentUnavailableConfiguration {
    UIContentUnavailableConfiguration(
      kind: "loading", text: nil, secondaryText: loadingText, imageToTextPadding: 8)
  }

  static func search() -> UIContentUnavailableConfiguration {
    var search = UIContentUnavailableConfiguration(
      kind: "search", text: searchTitle, secondaryText: searchMessage, imageToTextPadding: 15)
    search.image = UIImage(systemName: "magnifyingglass")
    return search
  }
}

/// The words `.loading()` and `.search()` bring, in the snippet's language (set by the harness).
nonisolated(unsafe) var loadingText = "Loading…"
nonisolated(unsafe) var searchTitle = "No Results"
nonisolated(unsafe) var searchMessage = "Check the spelling or try a new search."

enum UINavigationItemLargeTitleDisplayMode {
  case automatic
  case always
  case never
}

final class UINavigationItem {
  var title: String?
  var largeTitleDisplayMode = UINavigationItemLargeTitleDisplayMode.automatic
}

extension UINavigationItem {
  typealias LargeTitleDisplayMode = UINavigationItemLargeTitleDisplayMode
}

final class UIViewController {
  let navigationItem = UINavigationItem()
  var contentUnavailableConfiguration: UIContentUnavailableConfiguration?
}
