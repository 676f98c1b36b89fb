import BlankslateModel
import BlankslateSupport
import BlankslateValidation

/// The Swift that builds a variant's screen, for the design page's hand-off:
/// SwiftUI's `ContentUnavailableView` and UIKit's
/// `UIContentUnavailableConfiguration` for the modern layout, and the seed
/// library's own calls (as Swift sees them) for the seed layouts. Texts are the
/// variant's in one locale; what the definition leaves out keeps the system's
/// default, as it does in the render.
package enum CodeHandOff {
  /// One snippet: its label (`SwiftUI`, `UIKit`) and its code.
  package struct Snippet: Sendable, Equatable {
    package var label: String
    package var code: String
    /// What the definition says that this API cannot (`key`: why, and what to do instead).
    package var unexpressed: [String] = []
  }

  package static func snippets(for design: Design, variant: Variant, locale: String) -> [Snippet] {
    let snippets = seedOrModern(for: design, variant: variant, locale: locale)
    guard design.layout != .contentUnavailable else { return snippets }
    // A seed library takes what its API takes; what else the definition writes is said, never dropped.
    let expressed = seedExpressed[design.layout] ?? []
    let unexpressed = design.layout.reads.filter { !expressed.contains($0) && variant.properties.writes($0) }.map {
      "`\($0.rawValue)`: \(seedReason[design.layout] ?? "the seed's API does not take it")"
    }
    return snippets.map { snippet in
      var said = snippet
      said.unexpressed += unexpressed
      return said
    }
  }

  /// The keys each seed library's calls say (the rest are listed under the snippet).
  static let seedExpressed: [LayoutKind: Set<PropertyKey>] = [
    .blankPage: [.state],
    .message: [.message, .image, .messageColor, .offsetY, .customView],
    .table: [.message, .messageColor, .messageFont, .scrollEnabled, .customView],
    .noNetwork: [],
  ]

  static let seedReason: [LayoutKind: String] = [
    .blankPage:
      "SPBlankPageView (seed 000) draws its own image, tip and button; its API takes the type and the reload block only",
    .message: "the zero-code hooks (seed 002) are the message, its colour, the image, the offset and a custom view",
    .table:
      "CYLTableViewPlaceHolder (seed 001) takes the view you make and the scroll switch: draw this in makePlaceHolderView",
    .noNetwork: "CQNoNetworkView (seed 004) draws its own picture, texts and button; its API is its frame and delegate",
  ]

  private static func seedOrModern(for design: Design, variant: Variant, locale: String) -> [Snippet] {
    let properties = variant.properties
    func text(_ value: LocalizedText?) -> String? { value?.resolved(in: locale) }
    switch design.layout {
    case .contentUnavailable:
      return modern(properties, state: variant.state(in: design.layout), locale: locale)
    case .blankPage:
      let type: String =
        switch variant.state(in: design.layout) {
        case .hasError: ".hasError"
        case .hasData: ".hasData"
        default: ".noData"
        }
      return [
        Snippet(
          label: "UIKit (SPBlankPageView)",
          code: """
            // SPBlankPageView's category on UIView (seed 000); the reload block runs on a tap.
            tableView.addBlankPageView(with: \(type)) { _ in
              self.reload()
            }
            """)
      ]
    case .message:
      var lines = [
        "// The zero-code placeholder (seed 002): a UITableView subclass overrides its hooks.",
        "final class PlaceholderTableView: UITableView {",
      ]
      if let message = text(properties.message) {
        lines += ["  @objc func sp_placeHolderMessage() -> String { \(literal(message)) }"]
      }
      if case .value(let value) = properties.image {
        let image = ModernHandOff(properties: properties, state: .noData, locale: locale).uiImage(
          value.resolved(theme: .light, locale: locale))
        lines += ["  @objc func sp_placeHolderImage() -> UIImage? { \(image) }"]
      }
      if let color = properties.messageColor {
        lines += ["  @objc func sp_placeHolderMessageColor() -> UIColor { \(uiColor(color)) }"]
      }
      if let offset = properties.offsetY {
        lines += ["  @objc func sp_placeHolderViewCenterYOffset() -> NSNumber { \(NumberText.format(offset)) }"]
      }
      if case .value(let custom) = properties.customView {
        lines += ["  @objc func sp_placeHolderView() -> UIView {", "    let label = UILabel()"]
        if let text = text(custom.text) { lines.append("    label.text = \(literal(text))") }
        if let label = text(custom.accessibilityLabel) {
          lines.append("    label.accessibilityLabel = \(literal(label))")
        }
        if let color = custom.textColor { lines.append("    label.textColor = \(uiColor(color))") }
        if let background = custom.background { lines.append("    label.backgroundColor = \(uiColor(background))") }
        if let size = custom.size {
          lines.append(
            "    label.frame = CGRect(x: 0, y: 0, width: \(NumberText.format(size.width)), height: \(NumberText.format(size.height)))"
          )
        }
        lines += ["    label.textAlignment = .center", "    return label", "  }"]
      }
      lines += ["}"]
      return [Snippet(label: "UIKit (UITableView+PlaceHolder, zero code)", code: lines.joined(separator: "\n"))]
    case .table:
      let scrolls = properties.scrollEnabled ?? true
      var message = text(properties.message) ?? DefaultString.tableNoData.text(in: locale)
      var extra: [String] = []
      if let color = properties.messageColor { extra.append("    label.textColor = \(uiColor(color))") }
      if let font = properties.messageFont { extra.append("    label.font = \(seedFont(font))") }
      if case .value(let custom) = properties.customView {
        if let text = text(custom.text) { message = text }
        if let label = text(custom.accessibilityLabel) {
          extra.append("    label.accessibilityLabel = \(literal(label))")
        }
        if let color = custom.textColor { extra.append("    label.textColor = \(uiColor(color))") }
        if let background = custom.background { extra.append("    label.backgroundColor = \(uiColor(background))") }
        if let font = custom.font { extra.append("    label.font = \(seedFont(font))") }
      }
      return [
        Snippet(
          label: "UIKit (CYLTableViewPlaceHolder)",
          code: """
            // The UITableView category (seed 001): reload through it, and answer its delegate.
            tableView.d_reloadData()

            extension ListViewController: CYLTableViewPlaceHolderDelegate {
              func makePlaceHolderView() -> UIView {
            \((["    let label = UILabel()", "    label.text = \(literal(message))", "    label.textAlignment = .center"] + extra + ["    return label"]).joined(separator: "\n"))
              }

              func enableScrollWhenPlaceHolderViewShowing() -> Bool { \(scrolls) }
            }
            """)
      ]
    case .noNetwork:
      return [
        Snippet(
          label: "UIKit (CQNoNetworkView)",
          code: """
            // CQNoNetworkView (seed 004) over the content, above the tab bar; its delegate retries.
            let noNetworkView = CQNoNetworkView(
              frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: view.bounds.height - 49))
            noNetworkView.delegate = self
            view.addSubview(noNetworkView)
            """)
      ]
    }
  }

  /// `ContentUnavailableView` and `UIContentUnavailableConfiguration` for the
  /// modern layout (`ModernHandOff`), each with what its API cannot say.
  static func modern(_ properties: Properties, state: ContentState, locale: String) -> [Snippet] {
    let handOff = ModernHandOff(properties: properties, state: state, locale: locale)
    let swiftUI = handOff.swiftUI()
    let uiKit = handOff.uiKit()
    return [
      Snippet(label: "SwiftUI", code: swiftUI.code, unexpressed: swiftUI.unexpressed.map(\.line)),
      Snippet(label: "UIKit", code: uiKit.code, unexpressed: uiKit.unexpressed.map(\.line)),
    ]
  }

  /// A font as a seed's UILabel takes it: fixed points stay fixed, text styles follow Dynamic Type.
  static func seedFont(_ font: FontSpec) -> String {
    let weight = font.weight(default: .regular).rawValue
    switch font.size {
    case .fixed(let points): return "UIFont.systemFont(ofSize: \(NumberText.format(points)), weight: .\(weight))"
    case .style(let style):
      return "UIFont.preferredFont(forTextStyle: .\(style == .caption1 ? "caption1" : style.rawValue))"
    case .scaled(let points):
      return
        "UIFontMetrics.default.scaledFont(for: UIFont.systemFont(ofSize: \(NumberText.format(points)), weight: .\(weight)))"
    }
  }

  /// A colour as UIKit code: a system colour by name, a fixed one by its components, per theme as a dynamic provider.
  static func uiColor(_ color: ColorValue) -> String {
    switch color {
    case .semantic(let semantic): return "UIColor.\(semantic == .tintColor ? "tintColor" : semantic.rawValue)"
    case .fixed(let rgba), .named(_, let rgba): return components(rgba)
    case .perTheme(let light, let dark):
      return "UIColor { $0.userInterfaceStyle == .dark ? \(uiColor(dark)) : \(uiColor(light)) }"
    }
  }

  private static func components(_ rgba: RGBA) -> String {
    func part(_ byte: UInt8) -> String { NumberText.format(Double(byte) / 255, fractionDigits: 3) }
    return
      "UIColor(red: \(part(rgba.red)), green: \(part(rgba.green)), blue: \(part(rgba.blue)), alpha: \(part(rgba.alpha)))"
  }

  private static func imageName(_ path: String) -> String { ModernHandOff.imageName(path) }

  /// A Swift string literal of `text` (`SwiftSource.literal`).
  static func literal(_ text: String) -> String { SwiftSource.literal(text) }
}
