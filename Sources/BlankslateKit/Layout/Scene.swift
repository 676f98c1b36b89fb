/// One laid-out screen: positioned nodes in points, independent of any
/// output format. The renderers turn it into SVG or HTML; checks measure it.
public struct Scene: Sendable, Equatable {
  /// The screen's size in points.
  public var size: Size
  /// The colour behind everything.
  public var background: RGBA
  /// The nodes in drawing order, back to front.
  public var nodes: [SceneNode]
  /// The locale the texts are in (for `lang`).
  public var locale: String
  public var theme: Theme

  public init(size: Size, background: RGBA, nodes: [SceneNode], locale: String, theme: Theme) {
    self.size = size
    self.background = background
    self.nodes = nodes
    self.locale = locale
    self.theme = theme
  }

  /// Every node, depth first, parents before their children.
  public var allNodes: [SceneNode] {
    var result: [SceneNode] = []
    func visit(_ node: SceneNode) {
      result.append(node)
      node.children.forEach(visit)
    }
    nodes.forEach(visit)
    return result
  }

  /// The first node with `id`, searching depth first.
  public func node(withID id: String) -> SceneNode? {
    allNodes.first { $0.id == id }
  }

  /// Every text the screen shows, in drawing order (for descriptions and checks).
  public var texts: [String] {
    allNodes.compactMap { node in
      switch node.content {
      case .text(let block): block.lines.joined(separator: " ")
      case .button(let face): face.title.lines.joined(separator: " ")
      default: nil
      }
    }
  }
}

/// A positioned element of a scene.
public struct SceneNode: Sendable, Equatable {
  /// Unique within its scene; becomes the element's `id` in the renders.
  public var id: String
  public var role: NodeRole
  /// The node's frame in scene coordinates (not relative to its parent).
  public var frame: Rect
  public var content: NodeContent
  public var children: [SceneNode]
  /// What a tap does, for the live HTML rendition; nil when not tappable.
  public var action: NodeAction?

  public init(
    id: String, role: NodeRole, frame: Rect, content: NodeContent, children: [SceneNode] = [],
    action: NodeAction? = nil
  ) {
    self.id = id
    self.role = role
    self.frame = frame
    self.content = content
    self.children = children
    self.action = action
  }
}

/// What a tappable node does when tapped.
public enum NodeAction: Sendable, Equatable {
  /// Reloads the list (the blank-page and zero-code placeholders).
  case reload
  /// Retries while still offline: the toast with this text appears.
  case showToast(String)
}
