import BlankslateSupport

/// The properties of a placeholder, as written for a design or a variant.
///
/// Every property is optional: what is not written falls back to the design,
/// then to the layout's default (the seed's value). A variant's properties are
/// laid over its design's with `laid(over:)`.
@usableFromInline package struct Properties: Sendable, Equatable {
  package var state: ContentState?
  package var title: LocalizedText?
  package var message: LocalizedText?
  package var titleColor: ColorValue?
  package var messageColor: ColorValue?
  package var background: ColorValue?
  package var titleFont: FontSpec?
  package var messageFont: FontSpec?
  package var image: Nullable<ImageValue> = .absent

  /// The site files the written image can draw (every theme's and language's).
  package var imagePaths: [String] {
    guard case .value(let value) = image else { return [] }
    return value.sources.compactMap(\.assetPath)
  }
  /// The colour of a symbol image (`symbol:NAME`).
  package var imageTint: ColorValue?
  package var imageSize: Size?
  package var button: Nullable<ButtonDefinition> = .absent
  /// Up to two actions, primary first (format v2; `button` stays for one).
  package var buttons: [ButtonDefinition]?
  /// The gaps between the image, title, message and buttons.
  package var spacing: Spacing?
  /// Content insets; text wraps inside them.
  package var margins: Insets?
  /// The fill behind the message (blank-page's grey label).
  package var messageBackground: ColorValue?
  package var textAlignment: TextAlignment?
  /// What was searched for, shown by `noResults`.
  package var query: LocalizedText?
  package var offsetY: Double?
  package var headerHeight: Double?
  package var sections: [Int]?
  package var scrollEnabled: Bool?
  /// content-unavailable: scroll when taller than the space left, instead of hiding what does not fit.
  package var scrolls: Bool?
  package var customView: Nullable<CustomViewDefinition> = .absent
  package var loading: Bool?
  package var toast: Nullable<LocalizedText> = .absent
  package var chrome: ChromeDefinition?

  package init() {}

  /// Whether these properties write `key` (a `null` counts: it says something).
  package func writes(_ key: PropertyKey) -> Bool { key.codec.writes(self) }

  /// These properties over `base`: every property written here wins.
  ///
  /// Objects (`button`, `customView`) are replaced whole, not merged key by
  /// key, so a variant reads the same on its own as it renders; `chrome` is
  /// laid key by key (`ChromeDefinition.laid(over:)`), so a variant that asks
  /// for a large title keeps its design's title and tabs.
  ///
  /// `writing`: the keys these properties may write, when the caller knows
  /// (the decoder does: an object names a few of the thirty); every other
  /// key is `base`'s. Laying all thirty through key paths was a third of
  /// decoding a site (15.7 of 41 million instructions for 42 designs,
  /// `bench/rebuild_callgrind.sh`).
  package func laid(over base: Properties, writing keys: [PropertyKey] = PropertyKey.allCases) -> Properties {
    var result = base
    for key in keys { key.codec.lay(self, &result) }
    // `"button": null` and `"buttons": []` both mean no buttons: each removes
    // what the layer below wrote in either key, and a state's default button.
    if case .null = button { result.buttons = [] }
    if buttons?.isEmpty == true { result.button = .null }
    return result
  }

  /// Every text of these properties, with where it is written, for checks
  /// that look at all strings (missing translations, for one).
  package var texts: [(key: String, text: LocalizedText)] {
    var found: [(String, LocalizedText)] = []
    found.reserveCapacity(8)
    if let title { found.append(("title", title)) }
    if let message { found.append(("message", message)) }
    if case .value(let image) = image, let label = image.accessibility?.label {
      found.append(("image.accessibilityLabel", label))
    }
    if case .value(let button) = button {
      if let title = button.title { found.append(("button.title", title)) }
      if let label = button.accessibilityLabel { found.append(("button.accessibilityLabel", label)) }
    }
    for (index, button) in (buttons ?? []).enumerated() {
      if let title = button.title { found.append(("buttons[\(index)].title", title)) }
      if let label = button.accessibilityLabel { found.append(("buttons[\(index)].accessibilityLabel", label)) }
    }
    if let query { found.append(("query", query)) }
    if case .value(let custom) = customView {
      if let text = custom.text { found.append(("customView.text", text)) }
      if let label = custom.accessibilityLabel { found.append(("customView.accessibilityLabel", label)) }
    }
    if case .value(let toast) = toast { found.append(("toast", toast)) }
    if let title = chrome?.navigationTitle { found.append(("chrome.navigationTitle", title)) }
    return found
  }
}

/// The action button of a placeholder. Anything left out takes the layout's default.
package struct ButtonDefinition: Sendable, Equatable {
  /// Names the button's action in the hand-off (format v4).
  package var id: String?
  package var title: LocalizedText?
  package var textColor: ColorValue?
  package var background: ColorValue?
  package var size: Size?
  package var cornerRadius: Double?
  /// Title font: points, a text style, or a scaling size (an extension of the v1 format).
  package var font: FontSpec?
  /// How the button is drawn, as `UIButton.Configuration` (format v2).
  package var style: ButtonStyle?
  /// UIKit's `UIButton.role` (format v3).
  package var role: ButtonRole?
  /// `UIButton.Configuration.Size` (format v3): the title's font, the insets and the corners.
  package var controlSize: ControlSize?
  /// A symbol before the title, as `UIButton.Configuration.image` (format v3).
  package var symbol: SymbolName?
  /// What VoiceOver reads instead of the title (format v4).
  package var accessibilityLabel: LocalizedText?

  package init() {}
}

/// `UIButton.Configuration.Size`. Apple documents the four sizes but not their
/// numbers: `metrics` are estimates of what iOS 17 and 18 draw (WWDC21 "Meet
/// the UIKit button system", session 10064, names the parts), to be checked on
/// a Simulator; a written `font`, `size` or `cornerRadius` overrides each.
package enum ControlSize: String, Sendable, CaseIterable {
  case mini
  case small
  case medium
  case large

  /// The title's text style, the content insets and the corner radius (`cornerStyle = .dynamic`).
  package struct Metrics: Sendable, Equatable {
    package var font: TextStyle
    package var vertical: Double
    package var horizontal: Double
    package var cornerRadius: Double
  }

  package var metrics: Metrics {
    switch self {
    // The title styles are UIKit's: `_getDefaultTitleAndSubtitleFontStylesForButtonSize` in iOS 18.2's
    // `UIButtonConfiguration.m` gives mini and small `.subheadline`, medium and large `.body`. The medium
    // corner radius, 5.95, is what `setButtonSize:` sets for `cornerStyle = .dynamic` there. The insets
    // and the other radii are still estimates (see the type): a mini button about 24 pt tall, a small
    // one 30, a medium 36, a large 50.
    case .mini: Metrics(font: .subheadline, vertical: 2, horizontal: 6, cornerRadius: 4)
    case .small: Metrics(font: .subheadline, vertical: 5, horizontal: 10, cornerRadius: 6)
    case .medium: Metrics(font: .body, vertical: 7, horizontal: 12, cornerRadius: 5.95)
    case .large: Metrics(font: .body, vertical: 14, horizontal: 20, cornerRadius: 12)
    }
  }

  /// The gap between a button's symbol and its title (`imagePadding`), an estimate as `metrics` are.
  package static let imagePadding: Double = 6
}

/// `UIButton.Role`: what the action does. A destructive button takes
/// systemRed where the others take the tint.
package enum ButtonRole: String, Sendable, CaseIterable {
  case destructive
  case cancel
}

/// `UIButton.Configuration`'s looks.
package enum ButtonStyle: String, Sendable, CaseIterable {
  /// A solid fill in the tint, white title.
  case filled
  /// A light wash of the tint, title in the tint.
  case tinted
  /// A grey fill, title in the tint.
  case bordered
  /// No fill, title in the tint.
  case plain
}

/// The gaps of a stacked placeholder, in points; what is not written keeps the layout's.
package struct Spacing: Sendable, Equatable {
  package var imageToTitle: Double?
  package var titleToMessage: Double?
  package var messageToButton: Double?
  package var betweenButtons: Double?

  package init() {}
}

/// Content insets in points, leading and trailing following the layout direction.
package struct Insets: Sendable, Equatable {
  package var top: Double
  package var leading: Double
  package var bottom: Double
  package var trailing: Double

  package init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  package init(all value: Double) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }
}

/// One of the app's tabs: a title and a symbol.
package struct TabItem: Sendable, Equatable {
  package var title: LocalizedText?
  package var symbol: SymbolName?

  package init(title: LocalizedText? = nil, symbol: SymbolName? = nil) {
    self.title = title
    self.symbol = symbol
  }
}

/// How a navigation bar shows its title (SwiftUI's `navigationBarTitleDisplayMode`).
package enum TitleDisplayMode: String, Sendable, CaseIterable {
  case inline
  case large
}

/// How lines sit in their frame.
package enum TextAlignment: String, Sendable, CaseIterable {
  /// Leading: left in left-to-right languages, right in right-to-left ones.
  case natural
  case center
}

/// A custom view that replaces the default placeholder (a label in the seed).
package struct CustomViewDefinition: Sendable, Equatable {
  package var size: Size?
  package var background: ColorValue?
  package var text: LocalizedText?
  package var textColor: ColorValue?
  /// Text font: points, a text style, or a scaling size (an extension of the v1 format).
  package var font: FontSpec?
  /// What VoiceOver reads for the view (format v4); without it, its text.
  package var accessibilityLabel: LocalizedText?

  package init() {}
}

/// The bars of the host screen around the placeholder.
package struct ChromeDefinition: Sendable, Equatable {
  /// The navigation bar's title.
  package var navigationTitle: LocalizedText?
  /// Whether a tab bar is shown at the bottom.
  package var tabBar: Bool?
  /// The app's own tabs (`tabBar` written as an object), and the selected one.
  package var tabItems: [TabItem]?
  package var selectedTab: Int?
  /// Whether a navigation bar is shown at all (an extension of the v1 format; default true).
  package var navigationBar: Bool?
  /// `large`: the title drawn large below the bar (`prefersLargeTitles`).
  package var navigationTitleDisplayMode: TitleDisplayMode?

  package init() {}

  /// This chrome over `base`, key by key as the properties are: a variant that
  /// asks for a large title keeps its design's title and tabs.
  package func laid(over base: ChromeDefinition?) -> ChromeDefinition {
    guard let base else { return self }
    var result = ChromeDefinition()
    result.navigationTitle = navigationTitle ?? base.navigationTitle
    result.tabBar = tabBar ?? base.tabBar
    // The tabs and their selection travel together: a variant that writes its own tabs writes both.
    if tabItems != nil || tabBar == false {
      result.tabItems = tabItems
      result.selectedTab = selectedTab
    } else {
      result.tabItems = base.tabItems
      result.selectedTab = selectedTab ?? base.selectedTab
    }
    result.navigationBar = navigationBar ?? base.navigationBar
    result.navigationTitleDisplayMode = navigationTitleDisplayMode ?? base.navigationTitleDisplayMode
    return result
  }
}
