import BlankslateModel
import BlankslateSupport

/// What VoiceOver reads on a render, in the order it reads it: the
/// navigation bar's title as a heading, then the placeholder's elements row
/// by row (leading to trailing: right to left in Arabic), then the tab bar's
/// items with their place and selection. Titles are headings, buttons have
/// the button trait; an image is not read (`UIImageView` is not an
/// accessibility element unless the app makes it one, and the
/// content-unavailable image is decorative), nor is the status bar until it
/// is touched. Traits are spoken in the render's language.
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

  /// The reading order of `scene`, the render of `job`.
  public init(scene: Scene, job: RenderJob) {
    let words = TraitWords(locale: job.locale)
    let isRightToLeft = PinnedFont.isRightToLeft(job.locale)
    var items: [Item] = []
    let nodes = scene.allNodes
    func text(_ node: SceneNode) -> String? {
      let block: TextBlock
      switch node.content {
      case .text(let text): block = text
      case .button(let face): block = face.title
      default: return nil
      }
      let joined = block.texts.joined(separator: " ")
      return joined.isEmpty ? nil : joined
    }
    // The navigation bar first: its title is a heading.
    for node in nodes where ["navigation-large-title", "navigation-title"].contains(node.id) {
      if let label = text(node) {
        items.append(words.item(label, words.heading, element: node.id))
        break
      }
    }
    // The content, row by row, leading edge first.
    let read: [NodeRole: String] = [
      .title: words.heading, .message: "", .button: words.button, .customView: "", .toast: "",
      .sectionHeader: words.heading, .tableHeader: "", .row: "",
    ]
    let content = nodes.compactMap { node -> (SceneNode, String, String)? in
      guard let traits = read[node.role], let label = text(node) else { return nil }
      return (node, label, traits)
    }
    let ordered = content.sorted { left, right in
      let (a, b) = (left.0.frame, right.0.frame)
      // Elements whose tops are within half a line of each other read as one row.
      if abs(a.minY - b.minY) > 4 { return a.minY < b.minY }
      return isRightToLeft ? a.maxX > b.maxX : a.minX < b.minX
    }
    items += ordered.map { words.item($0.1, $0.2, element: $0.0.id) }
    // The tab bar last, its items by place; the first tab is at the leading edge.
    let titles = nodes.filter { $0.id.hasPrefix("tab-title-") }
    let selected = job.variant.properties.chrome?.selectedTab ?? 0
    for (index, node) in titles.enumerated() {
      guard let label = text(node) else { continue }
      let place = words.tab(index + 1, of: titles.count)
      items.append(
        words.item(label, index == selected ? place + words.comma + words.selected : place, element: node.id))
    }
    self.items = items
  }
}

/// VoiceOver's words for the traits it speaks, in the languages Blankslate
/// has words for (others take English).
struct TraitWords {
  let heading: String
  let button: String
  let selected: String
  let tabFormat: (Int, Int) -> String
  /// The comma VoiceOver pauses at, in the language's own punctuation.
  var comma: String {
    switch language {
    case "zh": "，"
    case "ja": "、"
    case "ar": "، "
    default: ", "
    }
  }
  let language: String

  init(locale: String) {
    language = locale.split(separator: "-").first.map(String.init) ?? locale
    switch language {
    case "zh":
      (heading, button, selected) = ("标题", "按钮", "已选中")
      tabFormat = { "标签，第\($0)个，共\($1)个" }
    case "de":
      (heading, button, selected) = ("Überschrift", "Taste", "ausgewählt")
      tabFormat = { "Tab, \($0) von \($1)" }
    case "ja":
      (heading, button, selected) = ("見出し", "ボタン", "選択中")
      tabFormat = { "タブ、\($1)個中\($0)番目" }
    case "ar":
      (heading, button, selected) = ("عنوان", "زر", "محدد")
      tabFormat = { "علامة تبويب، \($0) من \($1)" }
    default:
      (heading, button, selected) = ("heading", "button", "selected")
      tabFormat = { "tab, \($0) of \($1)" }
    }
  }

  func tab(_ place: Int, of count: Int) -> String { tabFormat(place, count) }

  /// An element with its traits, as spoken.
  func item(_ label: String, _ traits: String, element: String) -> ReadingOrder.Item {
    ReadingOrder.Item(
      label: label, traits: traits, element: element, spoken: traits.isEmpty ? label : label + comma + traits)
  }
}
