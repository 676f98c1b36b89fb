import BlankslateModel
import BlankslateSupport
import BlankslateValidation

/// SwiftUI's `ContentUnavailableView` code.
extension ModernHandOff {
  func swiftUI() -> (code: String, unexpressed: [Unexpressed]) {
    var unexpressed: [Unexpressed] = []
    var lines: [String]
    func modifier(_ line: String, indent: String) { lines.append(indent + "  " + line) }
    if state == .loading, let title {
      // A written title over the spinner: the system view, the spinner as its image.
      lines = ["ContentUnavailableView {", "  Label {", "    Text(\(say(title, "title")))"]
      modifier(".accessibilityAddTraits(.isHeader)", indent: "    ")
      if let titleFont = font(properties.titleFont, default: ContentUnavailableStyle.titleFont) {
        modifier(".font(\(titleFont.swiftUI))", indent: "    ")
      }
      if let color = properties.titleColor { modifier(".foregroundStyle(\(swiftUIColor(color)))", indent: "    ") }
      lines += ["  } icon: {", "    ProgressView()", "  }", "} description: {"]
      // The written message, or none: a title replaces the state's "Loading…".
      lines.append("  Text(\(message.map { say($0, "message") } ?? SwiftSource.literal("")))")
      if let font = font(properties.messageFont, default: ContentUnavailableStyle.messageFont) {
        modifier(".font(\(font.swiftUI))", indent: "  ")
      }
      if let color = properties.messageColor { modifier(".foregroundStyle(\(swiftUIColor(color)))", indent: "  ") }
      lines.append("}")
    } else if state == .loading {
      lines = ["ProgressView(\(say(message ?? words(.unavailableLoading), "message")))"]
      if let font = font(properties.messageFont, default: ContentUnavailableStyle.messageFont) {
        lines.append("  .font(\(font.swiftUI))")
      }
      if let color = properties.messageColor { lines.append("  .foregroundStyle(\(swiftUIColor(color)))") }
    } else if state == .noResults, usesStateWords, properties.image == .absent, properties.titleFont == nil,
      properties.titleColor == nil, properties.messageFont == nil, properties.messageColor == nil, actions.isEmpty
    {
      // With no query the system's plain search view ("No Results"), else the one that names it.
      if (query ?? "").isEmpty {
        lines = ["ContentUnavailableView.search"]
      } else {
        lines = [
          "ContentUnavailableView.search(text: \(exportKeyPrefix != nil && takesQuery ? "query" : SwiftSource.literal(query ?? "")))"
        ]
      }
    } else {
      lines = ["ContentUnavailableView {"]
      let titleFont = font(properties.titleFont, default: ContentUnavailableStyle.titleFont)
      switch (shownTitle, image) {
      case (let title?, let image?):
        lines += ["  Label {", "    Text(\(say(title, "title")))"]
        modifier(".accessibilityAddTraits(.isHeader)", indent: "    ")
        if let titleFont { modifier(".font(\(titleFont.swiftUI))", indent: "    ") }
        if let color = properties.titleColor {
          modifier(".foregroundStyle(\(swiftUIColor(color)))", indent: "    ")
        }
        lines += ["  } icon: {"]
        lines += imageLines(image, indent: "    ")
        lines += ["  }"]
      case (let title?, nil):
        lines.append("  Text(\(say(title, "title")))")
        modifier(".accessibilityAddTraits(.isHeader)", indent: "  ")
        if let titleFont { modifier(".font(\(titleFont.swiftUI))", indent: "  ") }
        if let color = properties.titleColor { modifier(".foregroundStyle(\(swiftUIColor(color)))", indent: "  ") }
      case (nil, let image?):
        lines += imageLines(image, indent: "  ")
      case (nil, nil):
        break
      }
      lines.append("} description: {")
      // No message: an empty description, which asks the catalog for no key.
      lines.append("  Text(\(shownMessage.map { say($0, "message") } ?? SwiftSource.literal("")))")
      if let font = font(properties.messageFont, default: ContentUnavailableStyle.messageFont) {
        modifier(".font(\(font.swiftUI))", indent: "  ")
      }
      if let color = properties.messageColor {
        modifier(".foregroundStyle(\(swiftUIColor(color)))", indent: "  ")
      }
      if actions.isEmpty {
        lines.append("}")
      } else {
        lines.append("} actions: {")
        let actionNames = actionNames
        for (index, action) in actions.enumerated() {
          let button = action.definition
          let role = button.role.map { "role: .\($0.rawValue), " } ?? ""
          let title = say(action.title, index == 0 ? "button" : "secondaryButton")
          if let symbol = button.symbol {
            lines.append("  Button(\(role)action: { \(actionCall(actionNames[index])) }) {")
            lines.append("    Label(\(title), systemImage: \(SwiftSource.literal(symbol.rawValue)))")
            lines.append("  }")
          } else {
            lines.append("  Button(\(title), \(role)action: { \(actionCall(actionNames[index])) })")
          }
          lines.append("    .buttonStyle(\(Self.swiftUIStyle(action.style)))")
          if let label = button.accessibilityLabel?.resolved(in: locale) {
            lines.append(
              "    .accessibilityLabel(Text(\(say(label, index == 0 ? "buttonLabel" : "secondaryButtonLabel"))))")
          }
          if action.style == .tinted {
            unexpressed.append(
              Unexpressed(
                key: (properties.buttons != nil ? "buttons[\(index)]" : "button") + ".style",
                why:
                  "SwiftUI has no tinted style: `.bordered` with a `.tint` is its nearest (a grey fill, not the tint's wash)"
              ))
          }
          if let size = button.controlSize, size != ContentUnavailableStyle.buttonSize {
            lines.append("    .controlSize(.\(size == .medium ? "regular" : size.rawValue))")
          }
          if let background = button.background { lines.append("    .tint(\(swiftUIColor(background)))") }
          if let text = button.textColor { lines.append("    .foregroundStyle(\(swiftUIColor(text)))") }
          if let radius = button.cornerRadius {
            lines.append("    .buttonBorderShape(.roundedRectangle(radius: \(NumberText.format(radius))))")
          }
          if let font = font(
            button.font,
            default: FontSpec(size: .style((button.controlSize ?? ContentUnavailableStyle.buttonSize).metrics.font)))
          {
            lines.append("    .font(\(font.swiftUI))")
          }
          if let size = button.size {
            lines.append(
              "    .frame(width: \(NumberText.format(size.width)), height: \(NumberText.format(size.height)))")
          }
        }
        lines.append("}")
      }
    }
    if let background = properties.background { lines.append(".background(\(swiftUIColor(background)))") }
    if let chrome = properties.chrome {
      if let title = chrome.navigationTitle?.resolved(in: locale) {
        lines.append(".navigationTitle(\(say(title, "navigationTitle")))")
      }
      if chrome.navigationTitleDisplayMode == .large { lines.append(".navigationBarTitleDisplayMode(.large)") }
      if chrome.tabItems != nil || chrome.tabBar == true {
        unexpressed.append(
          Unexpressed(key: "chrome.tabBar", why: "the app's tabs are its TabView's, not the placeholder's"))
      }
      if chrome.navigationBar == false {
        unexpressed.append(
          Unexpressed(
            key: "chrome.navigationBar",
            why: "hide the bar with `.toolbar(.hidden, for: .navigationBar)` where the stack is"))
      }
    }
    if case .value(let value) = properties.image, value.sources.count > 1 {
      unexpressed.append(
        Unexpressed(
          key: "image",
          why:
            "one image per theme or language is one asset catalog image set (its Dark appearance, its localizations): `Image(\"name\")` then follows the scheme and language"
        ))
    }
    if let spacing = properties.spacing, spacing != Spacing() {
      unexpressed.append(Unexpressed(key: "spacing", why: "`ContentUnavailableView` has no gaps to set"))
    }
    if properties.margins != nil {
      unexpressed.append(Unexpressed(key: "margins", why: "`ContentUnavailableView` has no margins to set"))
    }
    if properties.textAlignment == .natural {
      unexpressed.append(Unexpressed(key: "textAlignment", why: "`ContentUnavailableView` always centres its texts"))
    }
    unexpressed += common()
    return (lines.joined(separator: "\n"), unexpressed)
  }

  private func imageLines(_ image: ImageSource, indent: String) -> [String] {
    var lines: [String]
    switch image {
    case .symbol(let symbol): lines = [indent + "Image(systemName: \(SwiftSource.literal(symbol.rawValue)))"]
    case .asset(let path): lines = [indent + "Image(\(imageReference(path)))"]
    case .template(let path):
      lines = [indent + "Image(\(imageReference(path)))", indent + "  .renderingMode(.template)"]
    case .builtin(let builtin): lines = [indent + "Image(\(SwiftSource.literal(builtin.rawValue)))"]
    }
    if let size = properties.imageSize {
      if case .symbol = image {
        lines.append(indent + "  .font(.system(size: \(NumberText.format(min(size.width, size.height)))))")
      } else {
        lines.append(indent + "  .resizable()")
        lines.append(indent + "  .scaledToFit()")
        lines.append(
          indent + "  .frame(width: \(NumberText.format(size.width)), height: \(NumberText.format(size.height)))")
      }
    }
    // VoiceOver reads the image by its label, or not at all: UIKit's content-unavailable image view is
    // not an accessibility element, and the gallery's reading order skips an image with no label.
    if let label = imageAccessibility?.label?.resolved(in: locale) {
      lines.append(indent + "  .accessibilityLabel(Text(\(say(label, "imageLabel"))))")
    } else {
      lines.append(indent + "  .accessibilityHidden(true)")
    }
    if let tint = properties.imageTint {
      // A tint colours the image alone: on the whole view it would colour the texts too.
      if case .symbol = image { lines.append(indent + "  .symbolRenderingMode(.monochrome)") }
      lines.append(indent + "  .foregroundStyle(\(swiftUIColor(tint)))")
    }
    return lines
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

  static func imageName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let name = file.split(separator: ".").dropLast().joined(separator: ".")
    // `box@2x.png` is the image `box` at two pixels a point, as UIKit names it.
    return ImageExtent.scale(ofImageNamed: path) > 1 ? String(name.dropLast(3)) : name
  }
}
