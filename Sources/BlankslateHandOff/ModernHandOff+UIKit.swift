import BlankslateModel
import BlankslateSupport

/// UIKit's side of the hand-off: the `UIContentUnavailableConfiguration` code.
extension ModernHandOff {
  func uiKit() -> (code: String, unexpressed: [Unexpressed]) {
    var lines: [String]
    var unexpressed: [Unexpressed] = []
    switch state {
    case .loading: lines = ["var configuration = UIContentUnavailableConfiguration.loading()"]
    case .noResults where usesStateWords: lines = ["var configuration = UIContentUnavailableConfiguration.search()"]
    default: lines = ["var configuration = UIContentUnavailableConfiguration.empty()"]
    }
    // `.search()` brings its own magnifying glass: setting it again would set a default.
    let searchBase = state == .noResults && usesStateWords
    if state != .loading, let image,
      !(searchBase && image == .symbol(.magnifyingglass) && (darkImage == nil || darkImage == image))
    {
      if let dark = darkImage, dark != image {
        // One image per theme: UIKit picks between them by the trait collection, as an asset catalog would.
        lines.append("let imageAsset = UIImageAsset()")
        lines.append(
          "imageAsset.register(\(uiImage(image))!, with: UITraitCollection(userInterfaceStyle: .light))")
        lines.append("imageAsset.register(\(uiImage(dark))!, with: UITraitCollection(userInterfaceStyle: .dark))")
        lines.append("configuration.image = imageAsset.image(with: .current)")
      } else {
        lines.append("configuration.image = \(uiImage(image))")
      }
    }
    if case .value(.perLocale) = properties.image {
      unexpressed.append(
        Unexpressed(
          key: "image",
          why:
            "one image per language: this code names the \(locale) image; an app localizes one asset catalog image set")
      )
    }
    if let tint = properties.imageTint {
      lines.append("configuration.imageProperties.tintColor = \(uiColor(tint))")
    }
    // The configuration's image view is not an accessibility element, as a decorative image's should not be;
    // a label, and the buttons' own, are set on the view the configuration makes, which the code does not reach.
    if imageAccessibility?.label != nil {
      unexpressed.append(
        Unexpressed(
          key: "image.accessibilityLabel",
          why:
            "UIContentUnavailableConfiguration's image view is hidden from VoiceOver; make it an accessibility element with this label in the UIContentUnavailableView (the SwiftUI code sets it)"
        ))
    }
    for (index, action) in actions.enumerated() where action.definition.accessibilityLabel != nil {
      unexpressed.append(
        Unexpressed(
          key: (properties.buttons != nil ? "buttons[\(index)]" : "button") + ".accessibilityLabel",
          why:
            "UIButton.Configuration has no accessibility label; set it on the UIContentUnavailableView's button (the SwiftUI code sets it)"
        ))
    }
    if let size = properties.imageSize {
      if case .symbol = image {
        lines.append(
          "configuration.imageProperties.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: \(NumberText.format(min(size.width, size.height))))"
        )
      } else {
        lines.append(
          "configuration.imageProperties.maximumSize = CGSize(width: \(NumberText.format(size.width)), height: \(NumberText.format(size.height)))"
        )
      }
    }
    // `.search()` says "No Results" itself; a query in the title is this screen's own words.
    if let shownTitle, !(state == .noResults && usesStateWords && (query ?? "").isEmpty) {
      lines.append("configuration.text = \(say(shownTitle, "title"))")
    }
    if let font = font(properties.titleFont, default: ContentUnavailableStyle.titleFont) {
      lines.append("configuration.textProperties.font = \(font.uiKit)")
    }
    if let color = properties.titleColor {
      lines.append("configuration.textProperties.color = \(uiColor(color))")
    }
    if let shownMessage, (state != .loading || message != nil), !(state == .noResults && usesStateWords) {
      lines.append("configuration.secondaryText = \(say(shownMessage, "message"))")
    } else if state == .loading, title != nil, message == nil {
      // `.loading()`'s own "Loading…" gives way to the written title.
      lines.append("configuration.secondaryText = nil")
    }
    if let font = font(properties.messageFont, default: ContentUnavailableStyle.messageFont) {
      lines.append("configuration.secondaryTextProperties.font = \(font.uiKit)")
    }
    if let color = properties.messageColor {
      lines.append("configuration.secondaryTextProperties.color = \(uiColor(color))")
    }
    if properties.textAlignment == .natural { lines.append("configuration.alignment = .natural") }
    if let background = properties.background {
      lines.append("configuration.background.backgroundColor = \(uiColor(background))")
    }
    if let margins = properties.margins {
      lines.append(
        "configuration.directionalLayoutMargins = NSDirectionalEdgeInsets(top: \(NumberText.format(margins.top)), leading: \(NumberText.format(margins.leading)), bottom: \(NumberText.format(margins.bottom)), trailing: \(NumberText.format(margins.trailing)))"
      )
    }
    if let spacing = properties.spacing {
      let gaps: [(Double?, Double, String)] = [
        (
          spacing.imageToTitle,
          state == .loading ? ContentUnavailableStyle.spinnerToText : ContentUnavailableStyle.imageToTitle,
          "imageToTextPadding"
        ),
        (spacing.titleToMessage, ContentUnavailableStyle.titleToMessage, "textToSecondaryTextPadding"),
        (spacing.messageToButton, ContentUnavailableStyle.messageToButton, "textToButtonPadding"),
        (spacing.betweenButtons, ContentUnavailableStyle.betweenButtons, "buttonToSecondaryButtonPadding"),
      ]
      for (written, fallback, name) in gaps {
        if let written, written != fallback { lines.append("configuration.\(name) = \(NumberText.format(written))") }
      }
    }
    let actionNames = actionNames
    for (index, action) in actions.enumerated() {
      let name = index == 0 ? "button" : "secondaryButton"
      let button = action.definition
      // The configuration's own buttons are UIKit's plain small ones; a fresh configuration of
      // another style is medium-sized (`UIButton.Configuration`'s default), so its size is set.
      let size = button.controlSize ?? ContentUnavailableStyle.buttonSize
      if action.style == .plain {
        lines.append("var \(name) = configuration.\(name)")
        if size != ContentUnavailableStyle.buttonSize { lines.append("\(name).buttonSize = .\(size.rawValue)") }
      } else {
        lines.append("var \(name) = UIButton.Configuration.\(Self.uiKitStyle(action.style))()")
        if size != .medium { lines.append("\(name).buttonSize = .\(size.rawValue)") }
      }
      lines.append("\(name).title = \(say(action.title, name))")
      if let symbol = button.symbol {
        lines.append("\(name).image = UIImage(systemName: \(SwiftSource.literal(symbol.rawValue)))")
      }
      if let background = button.background {
        lines.append("\(name).baseBackgroundColor = \(uiColor(background))")
      }
      if let text = button.textColor { lines.append("\(name).baseForegroundColor = \(uiColor(text))") }
      if let radius = button.cornerRadius {
        lines.append("\(name).cornerStyle = .fixed")
        lines.append("\(name).background.cornerRadius = \(NumberText.format(radius))")
      }
      if let font = font(
        button.font,
        default: FontSpec(size: .style((button.controlSize ?? ContentUnavailableStyle.buttonSize).metrics.font)))
      {
        lines.append("\(name).titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer {")
        lines.append("  var attributes = $0")
        lines.append("  attributes.font = \(font.uiKit)")
        lines.append("  return attributes")
        lines.append("}")
      }
      if let size = button.size {
        unexpressed.append(
          Unexpressed(
            key: (properties.buttons != nil ? "buttons[\(index)]" : "button") + ".size",
            why:
              "a button's fixed \(NumberText.format(size.width))×\(NumberText.format(size.height)) pt: the configuration sizes its buttons itself (set `contentInsets`, or use your own view)"
          ))
      }
      lines.append("configuration.\(name) = \(name)")
      if let role = button.role { lines.append("configuration.\(name)Properties.role = .\(role.rawValue)") }
      lines.append(
        "configuration.\(name)Properties.primaryAction = UIAction { _ in \(actionCall(actionNames[index])) }")
    }
    if let chrome = properties.chrome {
      if let title = chrome.navigationTitle?.resolved(in: locale) {
        lines.append("viewController.navigationItem.title = \(say(title, "navigationTitle"))")
      }
      if chrome.navigationTitleDisplayMode == .large {
        lines.append("viewController.navigationItem.largeTitleDisplayMode = .always")
      }
      if chrome.tabItems != nil || chrome.tabBar == true {
        unexpressed.append(
          Unexpressed(key: "chrome.tabBar", why: "the app's tab bar is its UITabBarController's, not the placeholder's")
        )
      }
      if chrome.navigationBar == false {
        unexpressed.append(
          Unexpressed(key: "chrome.navigationBar", why: "hide the navigation bar in its UINavigationController"))
      }
    }
    unexpressed += common()
    // A configuration the code changes nothing of is a constant (Swift warns of a `var` never mutated).
    if !lines.dropFirst().contains(where: { $0.hasPrefix("configuration.") }) {
      lines[0] = lines[0].replacingOccurrences(of: "var configuration", with: "let configuration")
    }
    if exportKeyPrefix != nil {
      // Exported: the configuration is the value; the host's navigation item is the app's.
      lines = lines.filter { !$0.hasPrefix("viewController.") }
      lines.append("return configuration")
    } else {
      lines.append("viewController.contentUnavailableConfiguration = configuration")
    }
    return (lines.joined(separator: "\n"), unexpressed)
  }

  /// What neither API's configuration holds.
  func common() -> [Unexpressed] {
    var found: [Unexpressed] = []
    if properties.scrolls == true {
      found.append(
        Unexpressed(
          key: "scrolls",
          why:
            "the system view does not scroll; put the placeholder in a scroll view of your own to let a tall stack scroll"
        ))
    }
    if case .value = properties.toast {
      found.append(Unexpressed(key: "toast", why: "a toast is the app's own view, shown when the action runs"))
    }
    if properties.sections != nil {
      found.append(Unexpressed(key: "sections", why: "the rows are the host list's data, not the placeholder's"))
    }
    return found
  }
}
