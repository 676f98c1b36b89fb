import BlankslateSupport

/// The shape of a value a definition may write: one description that the
/// decoder takes its ranges, key lists and counts from, `blankslate schema`
/// turns into JSON Schema, and README's property table describes.
package indirect enum ValueShape: Sendable {
  /// A string, or an object of locale → string.
  case text
  /// `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a UIKit colour name, or `{"light": …, "dark": …}`.
  case color
  /// Points, `{"style", "weight"}` or `{"size", "weight", "scales"}`.
  case font
  /// `builtin:NAME`, `symbol:NAME` or a path under `assets/`.
  case image
  case number(ClosedRange<Double>)
  case integer(ClosedRange<Int>)
  case bool
  /// `[width, height]` in points.
  case size
  /// An id: lower-case letters, digits and `-`.
  case identifier
  /// One number for every side, or `[top, leading, bottom, trailing]`, each in the range.
  case insets(ClosedRange<Double>)
  case choice([String])
  case list(ValueShape, count: ClosedRange<Int>)
  /// An object with these keys and no others.
  case object([Field])
  /// `null` (the layout's part is left out), or the value.
  case nullable(ValueShape)
  /// One shape or the other (`chrome.tabBar`: a bool, or the app's own tabs).
  case either(ValueShape, ValueShape)

  /// One key of an object value.
  package struct Field: Sendable {
    package var name: String
    package var shape: ValueShape
    package var meaning: String

    package init(_ name: String, _ shape: ValueShape, _ meaning: String) {
      self.name = name
      self.shape = shape
      self.meaning = meaning
    }
  }

  /// The shape under `nullable`.
  var unwrapped: ValueShape {
    if case .nullable(let shape) = self { return shape.unwrapped }
    return self
  }

  /// The keys of an object shape (of the object under `nullable`).
  var fieldNames: [String] {
    switch self {
    case .object(let fields): fields.map(\.name)
    case .nullable(let shape), .either(_, let shape): shape.fieldNames
    default: []
    }
  }

  /// The shape of the object's field `name`.
  func field(_ name: String) -> ValueShape? {
    switch self {
    case .object(let fields): fields.first { $0.name == name }?.shape
    case .nullable(let shape), .either(_, let shape): shape.field(name)
    default: nil
    }
  }

  /// The range of a number shape.
  var numberRange: ClosedRange<Double> {
    switch self {
    case .number(let range), .insets(let range): range
    case .nullable(let shape): shape.numberRange
    default: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    }
  }

  /// The range of an integer shape, or of a list's items.
  var integerRange: ClosedRange<Int> {
    switch self {
    case .integer(let range): range
    case .list(let item, _), .nullable(let item): item.integerRange
    default: Int.min...Int.max
    }
  }

  /// How many items a list shape holds.
  var count: ClosedRange<Int> {
    if case .list(_, let count) = self { return count }
    return 0...Int.max
  }

  /// The shape as README's table writes it.
  package var summary: String {
    switch self {
    case .text: "Text"
    case .color: "Color"
    case .font: "Font"
    case .image: "Image"
    case .number(let range): "number (\(NumberText.format(range.lowerBound)) to \(NumberText.format(range.upperBound)))"
    case .integer(let range): "integer (\(range.lowerBound) to \(range.upperBound))"
    case .bool: "bool"
    case .identifier: "id (`a-z 0-9 -`)"
    case .size: "`[w, h]`"
    case .insets(let range):
      "number or `[top, leading, bottom, trailing]` (\(NumberText.format(range.lowerBound)) to \(NumberText.format(range.upperBound)))"
    case .choice(let names): names.map { "`\($0)`" }.joined(separator: " ")
    case .list(let item, let count):
      "\(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound)–\(count.upperBound)") × \(item.summary)"
    case .object(let fields): "`{" + fields.map(\.name).joined(separator: ", ") + "}`"
    case .nullable(let shape): shape.summary + " or `null`"
    case .either(let first, let second): first.summary + " or " + second.summary
    }
  }
}

/// What one property of a placeholder is: its shape and what it means.
package struct PropertyDeclaration: Sendable {
  package var key: PropertyKey
  package var shape: ValueShape
  package var meaning: String

  /// The layouts that read it, in `LayoutKind` order.
  package var layouts: [LayoutKind] { LayoutKind.allCases.filter { $0.reads.contains(key) } }
}

extension PropertyKey {
  /// Points a definition may write for a length, an offset or a gap.
  static let points: ClosedRange<Double> = 0...10_000

  /// A button: the v1 keys, and v2's `style`.
  static let tabItemShape = ValueShape.object([
    .init("title", .text, "the tab's title"),
    .init("symbol", .choice(SymbolName.allCases.map(\.rawValue)), "the tab's symbol"),
  ])

  /// The keys a Button may write (the hand-off's coverage test walks them).
  package static var buttonKeys: [String] { buttonShape.fieldNames }

  static let buttonShape = ValueShape.object([
    .init(
      "id", .identifier,
      "names the button's action in `export swift` (default: its title in the source language, else its role)"),
    .init("title", .text, "the button's title"),
    .init("textColor", .color, "the title's colour"),
    .init("background", .color, "the fill"),
    .init("size", .size, "a fixed size (default: sized to the title)"),
    .init("cornerRadius", .number(points), "corner radius in points"),
    .init("font", .font, "the title's font"),
    .init("style", .choice(ButtonStyle.allCases.map(\.rawValue)), "as UIButton.Configuration"),
    .init(
      "role", .choice(ButtonRole.allCases.map(\.rawValue)),
      "UIKit's button role: `destructive` is drawn in systemRed; `cancel` as a normal button"),
    .init(
      "controlSize", .choice(ControlSize.allCases.map(\.rawValue)),
      "`UIButton.Configuration.Size`: the title's font, insets and corners (content-unavailable default `small`)"),
    .init("symbol", .choice(SymbolName.allCases.map(\.rawValue)), "a symbol before the title, in the title's colour"),
    .init("accessibilityLabel", .text, "what VoiceOver reads instead of the title (default: the title)"),
  ])

  /// This property's declaration (made once: the decoder asks for it for every key it reads).
  package var declaration: PropertyDeclaration { Self.declarations[self] ?? declared }

  private static let declarations = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.declared) })

  private var declared: PropertyDeclaration {
    let (shape, meaning): (ValueShape, String) =
      switch self {
      case .state:
        (.choice(ContentState.allCases.map(\.rawValue)), "content state (each layout lists the states it shows)")
      case .title: (.text, "headline")
      case .message: (.text, "main message (the description)")
      case .titleColor: (.color, "the title's colour")
      case .messageColor: (.color, "the message's colour")
      case .background: (.color, "the screen's background")
      case .titleFont: (.font, "the title's font")
      case .messageFont: (.font, "the message's font")
      case .image:
        (
          .nullable(.image),
          "illustration (one per theme or language; a template asset in `imageTint`); `{\"source\": …, \"accessibilityLabel\": …}` or `\"decorative\": true` says what VoiceOver reads; `null` for none"
        )
      case .imageTint: (.color, "the colour of a `symbol:` image or a template asset")
      case .imageSize:
        (
          .size,
          "the image's size in points (unwritten: its own, an SVG's `width` and `height` or `viewBox`, a PNG's pixels over its `@2x`/`@3x`); a content-unavailable symbol's point size (drawn in SF's box, 1.25 × as large)"
        )
      case .button: (.nullable(Self.buttonShape), "one action button; `null` for none")
      case .buttons: (.list(Self.buttonShape, count: 0...2), "primary and secondary actions; `[]` for none")
      case .spacing:
        (
          .object([
            .init("imageToTitle", .number(0...1_000), "image → title (or the first text)"),
            .init("titleToMessage", .number(0...1_000), "title → message"),
            .init("messageToButton", .number(0...1_000), "message → first button"),
            .init("betweenButtons", .number(0...1_000), "between the buttons"),
          ]), "gaps in points"
        )
      case .margins: (.insets(0...1_000), "content insets in points; text wraps inside them")
      case .messageBackground: (.color, "the fill behind the message")
      case .textAlignment: (.choice(TextAlignment.allCases.map(\.rawValue)), "natural follows the layout direction")
      case .query: (.text, "the search text `noResults` quotes")
      case .offsetY: (.number(-10_000...10_000), "vertical offset of the placeholder's centre")
      case .headerHeight: (.number(Self.points), "height of a table header above the placeholder")
      case .sections: (.list(.integer(0...1_000), count: 1...100), "row count per section")
      case .scrollEnabled: (.bool, "may the list scroll while the placeholder shows")
      case .scrolls:
        (
          .bool,
          "scroll when taller than the screen, dropping only the image "
            + "(default false: what does not fit is hidden, the image first, as UIKit does)"
        )
      case .customView:
        (
          .nullable(
            .object([
              .init("size", .size, "the view's size"),
              .init("background", .color, "its fill"),
              .init("text", .text, "its label"),
              .init("textColor", .color, "the label's colour"),
              .init("font", .font, "the label's font"),
              .init("accessibilityLabel", .text, "what VoiceOver reads for the view (default: its text)"),
            ])), "a custom view instead of the default placeholder"
        )
      case .loading: (.bool, "show the activity spinner instead")
      case .toast: (.nullable(.text), "a toast over the screen")
      case .chrome:
        (
          .object([
            .init("navigationTitle", .text, "the navigation bar's title"),
            .init(
              "tabBar",
              .either(
                .bool,
                .object([
                  .init("items", .list(Self.tabItemShape, count: 2...5), "the app's tabs, in order"),
                  .init("selected", .integer(0...4), "the selected tab's index (default 0)"),
                ])),
              "show a tab bar; or the app's own tabs (2 to 5, each a title and a symbol) and which is selected"),
            .init("navigationBar", .bool, "show a navigation bar (default true)"),
            .init(
              "navigationTitleDisplayMode", .choice(TitleDisplayMode.allCases.map(\.rawValue)),
              "`large`: a large title below the bar, as `prefersLargeTitles` draws it (default `inline`)"),
          ]), "the host screen's bars"
        )
      }
    return PropertyDeclaration(key: self, shape: shape, meaning: meaning)
  }
}
