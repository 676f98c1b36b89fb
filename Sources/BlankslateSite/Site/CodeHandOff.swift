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
    /// What the definition says that this API cannot (`key`: why, and what to do instead).
    public var unexpressed: [String] = []
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
