import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// The Swift that builds a variant's screen, for the design page's hand-off:
/// SwiftUI's `ContentUnavailableView` and UIKit's
/// `UIContentUnavailableConfiguration` for the modern layout, and the seed
/// library's own calls (as Swift sees them) for the seed layouts. Texts are the
/// variant's in one locale; what the definition leaves out keeps the system's
/// default, as it does in the render.
public enum CodeHandOff {
  /// One snippet: its label (`SwiftUI`, `UIKit`) and its code.
  public struct Snippet: Sendable, Equatable {
    public var label: String
    public var code: String
  }

  public static func snippets(for design: Design, variant: Variant, locale: String) -> [Snippet] {
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
      if let path = properties.imagePaths.first {
        lines += ["  @objc func sp_placeHolderImage() -> UIImage? { UIImage(named: \(literal(imageName(path)))) }"]
      }
      if let color = properties.messageColor {
        lines += ["  @objc func sp_placeHolderMessageColor() -> UIColor { \(uiColor(color)) }"]
      }
      if let offset = properties.offsetY {
        lines += ["  @objc func sp_placeHolderViewCenterYOffset() -> NSNumber { \(NumberText.format(offset)) }"]
      }
      lines += ["}"]
      return [Snippet(label: "UIKit (UITableView+PlaceHolder, zero code)", code: lines.joined(separator: "\n"))]
    case .table:
      let scrolls = properties.scrollEnabled ?? true
      let message = text(properties.message) ?? DefaultString.tableNoData.text(in: locale)
      return [
        Snippet(
          label: "UIKit (CYLTableViewPlaceHolder)",
          code: """
            // The UITableView category (seed 001): reload through it, and answer its delegate.
            tableView.d_reloadData()

            extension ListViewController: CYLTableViewPlaceHolderDelegate {
              func makePlaceHolderView() -> UIView {
                let label = UILabel()
                label.text = \(literal(message))
                label.textAlignment = .center
                return label
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

  /// `ContentUnavailableView` and `UIContentUnavailableConfiguration` for the modern layout.
  static func modern(_ properties: Properties, state: ContentState, locale: String) -> [Snippet] {
    let title = properties.title?.resolved(in: locale)
    let message = properties.message?.resolved(in: locale)
    let query = properties.query?.resolved(in: locale)
    // The state's symbol and words, as the layout draws them when the definition writes none.
    let fallback = ContentUnavailableLayout.defaults(for: state, hasQuery: !(query ?? "").isEmpty)
    var symbol: String?
    switch properties.image {
    case .value(let value):
      if case .symbol(let name) = value.sources.first { symbol = name.rawValue } else { symbol = nil }
    case .absent: symbol = fallback.symbol?.rawValue
    case .null: symbol = nil
    }
    var buttons = (properties.buttons ?? []).map { button in
      (title: button.title?.resolved(in: locale), style: button.style, background: button.background)
    }
    let wordsOf: (DefaultString) -> String = { $0.text(in: locale) }
    let usesStateWords = title == nil && message == nil
    let shownTitle =
      title
      ?? (usesStateWords && state != .loading
        ? fallback.title.map { wordsOf($0).replacingOccurrences(of: "{query}", with: query ?? "") } : nil)
    let shownMessage = message ?? (usesStateWords && state != .loading ? fallback.message.map(wordsOf) : nil)
    if buttons.isEmpty, case .value(let button) = properties.button {
      buttons = [(button.title?.resolved(in: locale), button.style, button.background)]
    }
    var actions = buttons.enumerated().map { index, button in
      (
        title: button.title ?? (usesStateWords ? wordsOf(.unavailableTryAgain) : ""),
        // As the layout draws it: plain (UIKit's default), filled when the button writes a background.
        style: button.style ?? (button.background != nil ? ButtonStyle.filled : .plain), background: button.background
      )
    }
    if actions.isEmpty, usesStateWords, state == .offline || state == .hasError,
      properties.button != .null
    {
      actions = [(wordsOf(.unavailableTryAgain), .plain, nil)]
    }

    // SwiftUI
    var swiftUI: [String]
    if state == .loading {
      swiftUI = ["ProgressView(\(literal(message ?? wordsOf(.unavailableLoading))))"]
    } else if state == .noResults, usesStateWords {
      swiftUI = ["ContentUnavailableView.search(text: \(literal(query ?? "")))"]
    } else {
      swiftUI = ["ContentUnavailableView {"]
      // A tint colours the symbol alone: on the whole view it would colour the texts too.
      let tint = properties.imageTint.map { "Color(\(uiColor($0)))" }
      switch (shownTitle, symbol, tint) {
      case (let title?, let symbol?, let tint?):
        swiftUI += [
          "  Label {", "    Text(\(literal(title)))", "  } icon: {", "    Image(systemName: \(literal(symbol)))",
          "      .symbolRenderingMode(.monochrome)", "      .foregroundStyle(\(tint))", "  }",
        ]
      case (let title?, let symbol?, nil):
        swiftUI.append("  Label(\(literal(title)), systemImage: \(literal(symbol)))")
      case (let title?, nil, _):
        swiftUI.append("  Text(\(literal(title)))")
      case (nil, let symbol?, let tint):
        swiftUI.append("  Image(systemName: \(literal(symbol)))")
        if let tint { swiftUI += ["    .symbolRenderingMode(.monochrome)", "    .foregroundStyle(\(tint))"] }
      case (nil, nil, _):
        break
      }
      swiftUI.append("} description: {")
      swiftUI.append("  Text(\(literal(shownMessage ?? "")))")
      if actions.isEmpty {
        swiftUI.append("}")
      } else {
        swiftUI.append("} actions: {")
        for (title, style, background) in actions {
          swiftUI.append("  Button(\(literal(title))) { reload() }")
          swiftUI.append("    .buttonStyle(\(swiftUIStyle(style)))")
          if let background { swiftUI.append("    .tint(Color(\(uiColor(background))))") }
        }
        swiftUI.append("}")
      }
    }

    // UIKit
    var uiKit: [String]
    switch state {
    case .loading: uiKit = ["var configuration = UIContentUnavailableConfiguration.loading()"]
    case .noResults where usesStateWords: uiKit = ["var configuration = UIContentUnavailableConfiguration.search()"]
    default: uiKit = ["var configuration = UIContentUnavailableConfiguration.empty()"]
    }
    if let symbol, state != .loading {
      uiKit.append("configuration.image = UIImage(systemName: \(literal(symbol)))")
    }
    if let tint = properties.imageTint { uiKit.append("configuration.imageProperties.tintColor = \(uiColor(tint))") }
    if let shownTitle { uiKit.append("configuration.text = \(literal(shownTitle))") }
    if let shownMessage, state != .loading || message != nil {
      uiKit.append("configuration.secondaryText = \(literal(shownMessage))")
    }
    for (index, (title, style, background)) in actions.prefix(2).enumerated() {
      let name = index == 0 ? "button" : "secondaryButton"
      uiKit.append("var \(name) = UIButton.Configuration.\(uiKitStyle(style))()")
      uiKit.append("\(name).title = \(literal(title))")
      if let background { uiKit.append("\(name).baseBackgroundColor = \(uiColor(background))") }
      uiKit.append("configuration.\(name) = \(name)")
      uiKit.append("configuration.\(name)Properties.primaryAction = UIAction { _ in reload() }")
    }
    uiKit.append("viewController.contentUnavailableConfiguration = configuration")
    return [
      Snippet(label: "SwiftUI", code: swiftUI.joined(separator: "\n")),
      Snippet(label: "UIKit", code: uiKit.joined(separator: "\n")),
    ]
  }

  static func swiftUIStyle(_ style: ButtonStyle) -> String {
    switch style {
    case .filled: ".borderedProminent"
    case .tinted, .bordered: ".bordered"
    case .plain: ".borderless"
    }
  }

  static func uiKitStyle(_ style: ButtonStyle) -> String {
    switch style {
    case .filled: "filled"
    case .tinted: "tinted"
    case .bordered: "gray"
    case .plain: "plain"
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

  private static func imageName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.split(separator: ".").dropLast().joined(separator: ".")
  }

  /// A Swift string literal of `text`: quotes, backslashes and line breaks escaped.
  public static func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
          || (0x2066...0x2069).contains(scalar.value)
        {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
