import BlankslateSupport
import BlankslateModel

/// A generator for one layout family: computes the scene of a render.
protocol LayoutGenerator {
  func nodes(for context: LayoutContext, on host: HostScreen) -> [SceneNode]
  /// The host screen the seed shows this layout on.
  func hostScreen(for context: LayoutContext) -> HostScreen
}

/// The entry point of the layout stage: one render job in, one scene out.
package enum Layouts {
  /// Lays out `job` with its design's generator, on its device, in its theme,
  /// locale and text size; a right-to-left locale's screen is mirrored.
  ///
  /// `cache`: keeps the host bars between renders that share them
  /// (one worker's renders of one design); the scene is the same without it.
  /// `typesetter`: what sets every text, with its fonts.
  package static func scene(
    for job: RenderJob, cache: LayoutCache? = nil, typesetter: Typesetter = .shared,
    assets: AssetCatalog = AssetCatalog()
  ) -> Scene {
    let context = LayoutContext(job: job, typesetter: typesetter, assets: assets)
    let generator = generator(for: job.design.layout)
    var host = generator.hostScreen(for: context)
    var nodes = generator.nodes(for: context, on: host)
    host.noteContent(nodes)
    if let cache {
      let key = host.cacheKey
      if let chrome = cache.chrome[key] {
        nodes += chrome
      } else {
        let chrome = host.chromeNodes()
        cache.chrome[key] = chrome
        nodes += chrome
      }
    } else {
      nodes += host.chromeNodes()
    }
    if let toast = Toast(context: context).node() {
      nodes.append(toast)
    }
    let device = context.device
    if context.isRightToLeft {
      nodes = nodes.map { $0.mirrored(across: device.width) }
    }
    var scene = Scene(
      size: Size(width: device.width, height: device.height), background: context.hostBackground,
      nodes: nodes, locale: job.locale, theme: job.theme,
      safeArea: Rect(
        x: 0, y: device.statusBar, width: device.width, height: device.height - device.statusBar - device.homeIndicator),
      isRightToLeft: context.isRightToLeft)
    scene.indicatorSpokes = job.design.layout == .contentUnavailable ? 8 : 12
    return scene
  }

  static func generator(for layout: LayoutKind) -> any LayoutGenerator {
    switch layout {
    case .blankPage: BlankPageLayout()
    case .message: MessageLayout()
    case .contentUnavailable: ContentUnavailableLayout()
    case .noNetwork: NoNetworkLayout()
    case .table: TableLayout()
    }
  }
}

/// Laid-out parts that repeat between renders, kept by one worker.
public final class LayoutCache {
  /// The host bars by everything they depend on.
  var chrome: [String: [SceneNode]] = [:]

  package init() {}
}

/// The toast over the screen (MBProgressHUD's text mode: centred, dark, rounded).
struct Toast {
  let context: LayoutContext

  static let fill = RGBA(hex: 0x000000, alpha: 204)
  static let fontSize: Double = 15

  func node() -> SceneNode? {
    guard case .value(let text) = context.properties.toast else { return nil }
    let screen = context.screen
    let label = context.label(
      text.resolved(in: context.locale), fontSize: Self.fontSize, color: .white, maxWidth: screen.width - 80,
      background: Self.fill, cornerRadius: 8)
    let size = Size(width: label.size.width + 32, height: label.size.height + 24)
    return SceneNode(
      id: "toast", role: .toast, frame: Rect(centerX: screen.midX, centerY: screen.midY, size: size),
      content: .text(label.block))
  }
}
