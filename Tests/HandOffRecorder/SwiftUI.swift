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
    return copy
  }
}

@resultBuilder
enum ViewBuilder {
  static func buildBlock(_ parts: any View...) -> Recorded { Recorded("group", children: parts.map(\.recorded)) }
}

struct Color {
  let color: UIColor
  init(uiColor: UIColor) { color = uiColor }
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
  }
  init(role: ButtonRole? = nil, action: @escaping () -> Void, @ViewBuilder label: () -> Recorded) {
    recorded = Recorded("button", children: label().children, detail: role?.rawValue)
  }
}

struct ProgressView: View {
  let recorded: Recorded
  init(_ title: String) { recorded = Recorded("progress", text: title) }
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
  return "{\"kind\": \(json(view.kind)), \"text\": \(json(view.text)), \"detail\": \(json(view.detail)), "
    + "\"modifiers\": [\(modifiers)], \"children\": [\(children)]}"
}

struct AnyView: View {
  let recorded: Recorded
  init(_ view: some View) { recorded = view.recorded }
}

extension String {
  /// Foundation's String Catalog lookup; the recording has no catalog, so it is the default, the site's source text.
  init(localized key: StaticString, defaultValue: String, table: String? = nil) { self = defaultValue }
}
