import BlankslateSupport
import BlankslateModel

/// One render of a job: its scene, its accessible name and description, and its SVG.
public struct Render: Sendable {
  /// What was rendered.
  public let job: RenderJob
  /// Every element's frame in points, and what it shows.
  public let scene: Scene
  /// The SVG's `<title>`: design, variant, device, theme and locale (`RenderJob.title`).
  public let title: String
  /// What the screen says, in drawing order (`Scene.texts`).
  public let texts: [String]
  /// The SVG's `<desc>`: the texts joined (`Scene.description(of:)`).
  public let description: String
  /// The standalone SVG document, the same bytes as its golden.
  public let svg: [UInt8]

  /// The render's text alternative: its title, then what it says.
  public var alt: String {
    description.isEmpty ? title : title + ": " + description
  }
}

/// Turns a render job into its scene and SVG: the one path that `build`,
/// `check`, `record`, `lint` and the tests share, so a golden, a published
/// SVG and what lint reviewed are always the same render.
public struct Renderer: Sendable {
  /// What draws scenes as SVG.
  public let svgRenderer: SVGRenderer
  /// What sets every text, with the fonts it measures and draws with.
  public let typesetter: Typesetter

  /// `assets`: the site's images by path; `typesetter`: the fonts text is set in
  /// (the pinned fonts, shared by the process, unless another is passed).
  public init(assets: AssetCatalog = AssetCatalog(), typesetter: Typesetter = .shared) {
    svgRenderer = SVGRenderer(assets: assets)
    self.typesetter = typesetter
  }

  /// The job laid out (`cache` shares the host bars between the renders of a design).
  public func scene(for job: RenderJob, cache: LayoutCache? = nil) -> Scene {
    Layouts.scene(for: job, cache: cache, typesetter: typesetter, assets: svgRenderer.assets)
  }

  /// The job laid out and drawn.
  public func render(_ job: RenderJob, cache: LayoutCache? = nil) -> Render {
    render(job, scene: scene(for: job, cache: cache))
  }

  /// The job drawn from its scene, already laid out.
  public func render(_ job: RenderJob, scene: Scene) -> Render {
    Failpoint.note("render")  // debug builds: a test counts how many renders a run draws
    let texts = scene.texts
    let title = job.title
    let description = Scene.description(of: texts)
    return Render(
      job: job, scene: scene, title: title, texts: texts, description: description,
      svg: svgRenderer.renderBytes(scene, title: title, description: description))
  }
}

extension RenderJob {
  /// The accessible name of a render: design, variant, device, theme, locale.
  public var title: String {
    "\(design.name) — \(variant.name) (\(device.metrics.name), \(theme.rawValue), \(locale))"
  }
}
