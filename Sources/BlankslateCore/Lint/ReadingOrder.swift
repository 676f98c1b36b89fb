import BlankslateModel
import BlankslateSupport

/// What VoiceOver reads on a render, in the order it reads it: the
/// navigation bar's title as a heading, then the placeholder's elements row
/// by row (leading to trailing: right to left in Arabic), then the tab bar's
/// items with their place and selection. Titles are headings, buttons have
/// the button trait; an image is read only with an `accessibilityLabel`
/// (`UIImageView` is not an accessibility element unless the app makes it
/// one), and the status bar not until it is touched. A button or a custom
/// view with an `accessibilityLabel` is read by it. Traits are spoken in the
/// render's language. A truncated text is read whole, as VoiceOver reads the
/// label's text, not what it draws.
public struct ReadingOrder: Sendable, Equatable {
  /// One element as VoiceOver speaks it.
  public struct Item: Sendable, Equatable {
    /// What it reads: the element's text.
    public var label: String
    /// The traits and place it reads after the label (`heading`, `button`, `tab, 1 of 4, selected`).
    public var traits: String
    /// The element's id in the scene.
    public var element: String
    /// The element as spoken, in the language's punctuation: `Try Again, button`, `再試行、ボタン`.
    public var spoken: String
  }

  /// The elements, first read first.
  public var items: [Item]

  /// The reading order of `scene`, the render of `job`, read in one pass over its nodes.
  public init(scene: Scene, job: RenderJob) {
    let words = TraitWords(locale: job.locale)
    let isRightToLeft = scene.isRightToLeft
    let labels = SpokenLabels(job: job)
    let text = SpokenLabels.text(of:)
    var navigation: (large: Bool, label: String, id: String)?
    var content: [(frame: Rect, label: String, traits: String, id: String)] = []
    var tabs: [(label: String, id: String)] = []
    // The status bar and the home indicator are not read until touched: their glyphs are not visited.
    func visit(_ node: SceneNode) {
      switch node.role {
      case .statusBar, .homeIndicator, .dynamicIsland, .separator, .scrollIndicator: return
      default: read(node)
      }
      for child in node.children { visit(child) }
    }
    func read(_ node: SceneNode) {
      let traits: String
      switch node.role {
      case .title, .sectionHeader: traits = words.heading
      case .button: traits = words.button
      case .image: traits = words.image
      case .message, .customView, .toast, .tableHeader, .row: traits = ""
      case .decoration:
        // The bars' titles: the navigation title (the large one where there is one) and the tabs.
        if node.id.hasPrefix("tab-title-"), let label = text(node) {
          tabs.append((label, node.id))
        } else if node.id.hasPrefix("navigation-"), navigation?.large != true, let label = text(node) {
          navigation = (node.id == "navigation-large-title", label, node.id)
        }
        return
      default: return
      }
      if let label = labels.spoken(node) {
        content.append((node.frame, label, traits, node.id))
      }
    }
    for node in scene.nodes { visit(node) }
    var items: [Item] = []
    // The navigation bar first: its title is a heading.
    if let navigation { items.append(words.item(navigation.label, words.heading, element: navigation.id)) }
    // The content, row by row, leading edge first: tops within 4 pt of each other are one row.
    content.sort { left, right in
      if abs(left.frame.minY - right.frame.minY) > 4 { return left.frame.minY < right.frame.minY }
      return isRightToLeft ? left.frame.maxX > right.frame.maxX : left.frame.minX < right.frame.minX
    }
    items += content.map { words.item($0.label, $0.traits, element: $0.id) }
    // The tab bar last, its items by place; the first tab is at the leading edge.
    let selected = job.variant.properties.chrome?.selectedTab ?? 0
    for (index, tab) in tabs.enumerated() {
      let place = words.tab(index + 1, of: tabs.count)
      items.append(
        words.item(tab.label, index == selected ? place + words.comma + words.selected : place, element: tab.id))
    }
    self.items = items
  }
}

/// What VoiceOver reads for an element of a render: the label the definition
/// writes for it, else its text whole (a truncated text as its label holds
/// it, not as drawn); an image only by its label. The reading order and the
/// audit's label rules read labels through it.
struct SpokenLabels {
  let job: RenderJob
  /// Whether any button is given a label: only then is a button's definition looked up.
  private let labelsButtons: Bool

  init(job: RenderJob) {
    self.job = job
    let properties = job.variant.properties
    var labelsButtons = properties.buttons?.contains { $0.accessibilityLabel != nil } ?? false
    if case .value(let button) = properties.button, button.accessibilityLabel != nil { labelsButtons = true }
    self.labelsButtons = labelsButtons
  }

  /// The label the definition writes for `node` in the render's language (image, button, custom view), if one.
  func written(_ node: SceneNode) -> String? {
    let properties = job.variant.properties
    switch node.role {
    case .image:
      guard case .value(let image) = properties.image else { return nil }
      return image.accessibility?.label?.resolved(in: job.locale)
    case .button:
      guard labelsButtons else { return nil }
      return SceneLinter.button(node.id, in: job)?.definition.accessibilityLabel?.resolved(in: job.locale)
    case .customView:
      guard case .value(let custom) = properties.customView else { return nil }
      return custom.accessibilityLabel?.resolved(in: job.locale)
    default: return nil
    }
  }

  /// What VoiceOver reads for `node`: its written label, else its text (an image has none).
  func spoken(_ node: SceneNode) -> String? {
    written(node) ?? (node.role == .image ? nil : Self.text(of: node))
  }

  /// A node's whole text, its lines joined (one line's text is not copied); nil when it has none.
  static func text(of node: SceneNode) -> String? {
    guard let block = SceneLinter.text(of: node) else { return nil }
    let joined =
      block.untruncated ?? (block.lines.count == 1 ? block.lines[0].text : block.texts.joined(separator: " "))
    return joined.isEmpty ? nil : joined
  }
}

/// VoiceOver's words for the traits it speaks, in the languages Blankslate
/// has words for (others take English).
struct TraitWords {
  /// The languages Blankslate has words for.
  enum Language {
    case chinese, german, japanese, arabic, english
  }

  let language: Language
  let heading: String
  let button: String
  let image: String
  let selected: String
  /// The comma VoiceOver pauses at, in the language's own punctuation.
  let comma: String

  /// The language of `locale` Blankslate has words for (English for any other).
  static func language(of locale: String) -> Language {
    let code = locale.utf8.prefix { $0 != UInt8(ascii: "-") }
    return code.elementsEqual("zh".utf8)
      ? .chinese
      : code.elementsEqual("de".utf8)
        ? .german : code.elementsEqual("ja".utf8) ? .japanese : code.elementsEqual("ar".utf8) ? .arabic : .english
  }

  init(locale: String) {
    language = Self.language(of: locale)
    switch language {
    case .chinese: (heading, button, image, selected, comma) = ("标题", "按钮", "图像", "已选中", "，")
    case .german: (heading, button, image, selected, comma) = ("Überschrift", "Taste", "Bild", "ausgewählt", ", ")
    case .japanese: (heading, button, image, selected, comma) = ("見出し", "ボタン", "画像", "選択中", "、")
    case .arabic: (heading, button, image, selected, comma) = ("عنوان", "زر", "صورة", "محدد", "، ")
    case .english: (heading, button, image, selected, comma) = ("heading", "button", "image", "selected", ", ")
    }
  }

  /// A tab's trait and place: `tab, 2 of 4`.
  func tab(_ place: Int, of count: Int) -> String {
    switch language {
    case .chinese: "标签，第\(place)个，共\(count)个"
    case .german: "Tab, \(place) von \(count)"
    case .japanese: "タブ、\(count)個中\(place)番目"
    case .arabic: "علامة تبويب، \(place) من \(count)"
    case .english: "tab, \(place) of \(count)"
    }
  }

  /// An element with its traits, as spoken.
  func item(_ label: String, _ traits: String, element: String) -> ReadingOrder.Item {
    ReadingOrder.Item(
      label: label, traits: traits, element: element, spoken: traits.isEmpty ? label : label + comma + traits)
  }
}
