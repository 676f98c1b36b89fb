import BlankslateSupport
import BlankslateModel

/// One laid-out screen: positioned nodes in points, independent of any
/// output format. The renderers turn it into SVG or HTML; checks measure it.
public struct Scene: Sendable, Equatable {
  /// The screen's size in points.
  package var size: Size
  /// The colour behind everything.
  package var background: RGBA
  /// The nodes in drawing order, back to front.
  public var nodes: [SceneNode]
  /// The locale the texts are in (for `lang`).
  public var locale: String
  /// The theme the scene is drawn in.
  public var theme: Theme
  /// The part of the screen no system bar covers (the device's safe area).
  public var safeArea: Rect
  /// Whether the locale is written right to left (the screen is mirrored; pages say `dir="rtl"`).
  public var isRightToLeft: Bool
  /// The spokes of the era's activity indicator (8 since iOS 13, 12 before):
  /// what the live page's reload spinner draws.
  public var indicatorSpokes = 12

  package init(
    size: Size, background: RGBA, nodes: [SceneNode], locale: String, theme: Theme, safeArea: Rect? = nil,
    isRightToLeft: Bool? = nil
  ) {
    self.size = size
    self.background = background
    self.nodes = nodes
    self.locale = locale
    self.theme = theme
    self.safeArea = safeArea ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
    self.isRightToLeft = isRightToLeft ?? PinnedFont.isRightToLeft(locale)
  }

  /// Every node, depth first, parents before their children.
  public var allNodes: [SceneNode] {
    var result: [SceneNode] = []
    forEachNode { result.append($0) }
    return result
  }

  /// Calls `body` with every node, depth first (drawing order), without
  /// collecting them.
  public func forEachNode(_ body: (SceneNode) -> Void) {
    func visit(_ node: SceneNode) {
      body(node)
      for child in node.children { visit(child) }
    }
    for node in nodes { visit(node) }
  }

  /// The first node with `id`, searching depth first.
  public func node(withID id: String) -> SceneNode? {
    allNodes.first { $0.id == id }
  }

  /// The texts of the placeholder itself (title, message, button, custom
  /// view, toast) in drawing order, without the host's bars and rows: what
  /// an accessible description of the design should say.
  public var texts: [String] {
    var result: [String] = []
    forEachNode { node in
      switch node.role {
      case .title, .message, .button, .customView, .toast: break
      default: return
      }
      switch node.content {
      case .text(let block): result.append(block.texts.joined(separator: " "))
      case .button(let face): result.append(face.title.texts.joined(separator: " "))
      default: break
      }
    }
    return result
  }

  /// What a screen says, `texts` joined: the SVG's `<desc>` and the end of
  /// a render's text alternative.
  public static func description(of texts: [String]) -> String {
    texts.filter { !$0.isEmpty }.joined(separator: " · ")
  }
}

/// A positioned element of a scene.
public struct SceneNode: Sendable, Equatable {
  /// Unique within its scene; becomes the element's `id` in the renders.
  public var id: String
  /// What the node is (title, message, button, image …).
  public var role: NodeRole
  /// The node's frame in scene coordinates (not relative to its parent).
  public var frame: Rect
  package var content: NodeContent
  /// The nodes inside it, in drawing order.
  public var children: [SceneNode]
  /// What a tap does, for the live HTML rendition; nil when not tappable.
  public var action: NodeAction?
  /// Set when the node is a scroll view: its children are clipped to its
  /// frame, and a drag scrolls them, or not.
  public var scroll: ScrollBehavior?
  /// Parts the system's layout left out because they did not fit (a
  /// content-unavailable stack with scrolling off), in the order it dropped them.
  public var hiddenParts: [HiddenPart] = []

  package init(
    id: String, role: NodeRole, frame: Rect, content: NodeContent, children: [SceneNode] = [],
    action: NodeAction? = nil, scroll: ScrollBehavior? = nil
  ) {
    self.id = id
    self.role = role
    self.frame = frame
    self.content = content
    self.children = children
    self.action = action
    self.scroll = scroll
  }
}

/// A part of a placeholder that is not shown: the stack it belongs to needs
/// more height than the screen leaves it, and it does not scroll.
public struct HiddenPart: Sendable, Equatable {
  /// The part's id had it been shown (`button`, `message`).
  public var id: String
  /// What the part is.
  public var role: NodeRole
  /// The height the whole stack needs, and the height there is, in points.
  public var needed: Double
  /// The height there is, in points.
  public var available: Double
}

extension SceneNode {
  /// The node and its children mirrored across a screen `width` points wide,
  /// as UIKit's semantic content attribute mirrors a right-to-left screen:
  /// leading becomes trailing, rows and tabs run from the right; text and
  /// art are not flipped, and what was centred stays centred. A directional
  /// symbol is flipped, as SF Symbols flips it (`SymbolName.mirrorsInRightToLeft`).
  func mirrored(across width: Double) -> SceneNode {
    var node = self
    node.frame.x = width - frame.maxX
    if case .symbolImage(let symbol, let color, let mirrored) = content, symbol.mirrorsInRightToLeft {
      node.content = .symbolImage(symbol, color: color, mirrored: !mirrored)
    }
    node.children = children.map { $0.mirrored(across: width) }
    return node
  }
}

/// Whether a scroll view follows a drag (`UIScrollView.scrollEnabled`).
public enum ScrollBehavior: String, Sendable, Equatable {
  /// The list scrolls (and bounces) under a finger.
  case enabled
  /// The list stays put.
  case disabled
}

/// What a tappable node does when tapped.
public enum NodeAction: Sendable, Equatable {
  /// Reloads the list (the blank-page and zero-code placeholders).
  case reload
  /// Retries while still offline: the toast with this text appears.
  case showToast(String)
}
