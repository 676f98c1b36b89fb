import BlankslateSupport
import BlankslateModel

/// What lies behind each node of a scene: the colours painted before it
/// under its whole frame, composited over the screen's background.
///
/// Illustrations are not colours; text over an image is measured against the
/// fills under the image.
struct Backdrop {
  private struct Layer {
    var frame: Rect
    var fill: RGBA
  }

  /// Paint order: each node's own fill, recorded before the node's content.
  private var layers: [(nodeID: String, layer: Layer?)] = []
  private let background: RGBA

  init(scene: Scene) {
    background = scene.background
    func visit(_ node: SceneNode) {
      var own: Layer?
      switch node.content {
      case .box(let style): own = Layer(frame: node.frame, fill: style.fill)
      case .text(let block): own = block.background.map { Layer(frame: node.frame, fill: $0) }
      case .button(let face): own = Layer(frame: node.frame, fill: face.fill)
      case .group, .image, .spinner, .symbol, .symbolImage, .templateImage: own = nil
      }
      layers.append((node.id, own))
      node.children.forEach(visit)
    }
    scene.nodes.forEach(visit)
  }

  /// The opaque colour behind the content of `node`: every fill painted up to
  /// and including the node's own that covers its whole frame.
  func color(behind node: SceneNode) -> RGBA {
    var color = background
    for entry in layers {
      if let layer = entry.layer, layer.frame.contains(node.frame) {
        color = Contrast.composite(layer.fill, over: color)
      }
      if entry.nodeID == node.id { break }
    }
    return color
  }

  /// The colour of the node's own fill as painted (composited), if it has one.
  func ownFill(of node: SceneNode) -> RGBA? {
    guard let entry = layers.first(where: { $0.nodeID == node.id }), entry.layer != nil else { return nil }
    return color(behind: node)
  }
}
