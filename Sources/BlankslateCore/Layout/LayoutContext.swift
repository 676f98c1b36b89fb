import BlankslateSupport
import BlankslateModel

/// What a generator needs to lay out one render: the job, its resolved
/// properties, and helpers that turn properties into drawable values.
struct LayoutContext {
  let job: RenderJob
  /// What measures and sets every text of the render (the fonts come with it).
  let typesetter: Typesetter
  /// Whether this render's locale is written right to left.
  let isRightToLeft: Bool
  /// The site's images, for their own sizes.
  let assets: AssetCatalog

  init(job: RenderJob, typesetter: Typesetter = .shared, assets: AssetCatalog = AssetCatalog()) {
    self.job = job
    self.typesetter = typesetter
    self.assets = assets
    isRightToLeft = PinnedFont.isRightToLeft(job.locale)
  }

  var properties: Properties { job.variant.properties }
  var theme: Theme { job.theme }
  var locale: String { job.locale }
  var device: DeviceMetrics { job.device.metrics }
  var screen: Rect { Rect(x: 0, y: 0, width: device.width, height: device.height) }

  /// The written text in this locale, or the layout's default.
  func text(_ value: LocalizedText?, default fallback: DefaultString) -> String {
    value?.resolved(in: locale) ?? fallback.text(in: locale)
  }

  /// The written colour in this theme, or the default.
  func color(_ value: ColorValue?, default fallback: RGBA) -> RGBA {
    value?.resolved(in: theme, tint: job.design.appTint) ?? fallback
  }

  /// A semantic colour in this theme; `tintColor` is the app's `tint` when `site.json` sets one.
  func color(_ semantic: SemanticColor) -> RGBA {
    ColorValue.semantic(semantic).resolved(in: theme, tint: job.design.appTint)
  }

  /// The written image in this theme and locale, the layout's default when
  /// none is written, nil for `null`.
  func image(default fallback: ImageSource?) -> ImageSource? {
    switch properties.image {
    case .absent: fallback
    case .null: nil
    case .value(let value): value.resolved(theme: theme, locale: locale)
    }
  }

  /// What an image node draws: a symbol, or a template asset, in the written
  /// `imageTint` (or `fallbackTint`, secondaryLabel unless a layout says
  /// otherwise); art and assets as they are.
  func imageContent(_ source: ImageSource, fallbackTint: RGBA? = nil) -> NodeContent {
    let tint = color(properties.imageTint, default: fallbackTint ?? color(.secondaryLabel))
    switch source {
    case .symbol(let symbol): return .symbolImage(symbol, color: tint)
    case .template(let path): return .templateImage(path, color: tint)
    case .asset, .builtin: return .image(source)
    }
  }

  /// The host screen's background: the written `background`, or systemBackground.
  var hostBackground: RGBA {
    color(properties.background, default: color(.systemBackground))
  }

  /// A label sized to its text, as `sizeToFit` sizes it, wrapping at `maxWidth`;
  /// its lines `leading` apart when its font is a text style (`leading(of:)`).
  func label(
    _ text: String, fontSize: Double, weight: TextBlock.Weight = .regular, leading: Double? = nil, color: RGBA,
    maxWidth: Double, background: RGBA? = nil, cornerRadius: Double = 0
  ) -> (block: TextBlock, size: Size) {
    let lines = typeset(text, fontSize: fontSize, weight: weight, maxWidth: max(maxWidth, fontSize))
    // A label's size is rounded up to half a point, so its widest line always fits.
    let width = lines.map { ($0.width * 2).rounded(.up) / 2 }.max() ?? 0
    let lineHeight = Self.lineHeight(of: lines, fontSize: fontSize, leading: leading)
    let block = TextBlock(
      lines: lines, fontSize: fontSize, weight: weight, color: color, lineHeight: lineHeight, background: background,
      cornerRadius: cornerRadius, isRightToLeft: isRightToLeft)
    return (block, Size(width: min(width, max(maxWidth, fontSize)), height: block.textHeight))
  }

  /// A text block fitted into a fixed frame, as a fixed-size control sets it:
  /// the lines that fit (one at most with `singleLine`, as a `UIButton`'s
  /// title), the last of them truncated with an ellipsis where text is left
  /// over or a line is wider than the frame (`truncation`: a `UILabel` at the
  /// tail, a `UIButton` title in the middle), never cut mid-glyph. The block
  /// is marked truncated, for lint.
  func fittedText(
    _ text: String, fontSize: Double, weight: TextBlock.Weight = .regular, leading: Double? = nil, color: RGBA,
    in size: Size, truncation: Truncation = .tail, singleLine: Bool = false, background: RGBA? = nil,
    cornerRadius: Double = 0
  ) -> TextBlock {
    let width = max(size.width, fontSize)
    var lines = typeset(text, fontSize: fontSize, weight: weight, maxWidth: width)
    let lineHeight = Self.lineHeight(of: lines, fontSize: fontSize, leading: leading)
    let fitting = singleLine ? 1 : max(1, Int((size.height + 0.001) / lineHeight))
    var truncated = false
    if lines.count > fitting || lines.prefix(fitting).contains(where: { $0.width > width + 0.001 }) {
      truncated = true
      let kept = Array(lines.prefix(fitting - 1))
      let rest = Self.text(of: text, after: kept)
      lines = kept + [truncate(rest, fontSize: fontSize, weight: weight, to: width, at: truncation)]
    }
    var block = TextBlock(
      lines: lines, fontSize: fontSize, weight: weight, color: color, lineHeight: lineHeight, background: background,
      cornerRadius: cornerRadius, isTruncated: truncated, isRightToLeft: isRightToLeft)
    if truncated { block.untruncated = text }
    return block
  }

  /// A text style's leading, else UIKit's line height for the size; taller
  /// where a line's ink needs it (rounded up to half a point), as iOS 17 sets
  /// taller lines for scripts that reach higher, so no glyph is drawn outside its label.
  static func lineHeight(of lines: [TypesetLine], fontSize: Double, leading: Double? = nil) -> Double {
    let needed = lines.map { $0.lineHeightHoldingInk(fontSize: fontSize) }.max() ?? 0
    return max(leading ?? TextMetrics.lineHeight(for: fontSize), (needed * 2).rounded(.up) / 2)
  }

  /// `text` shaped and broken into lines in this render's locale. The modern
  /// layout's labels break as `UILabel` does since iOS 14 (no one-word last
  /// line); the seeds', of an earlier era, break greedily.
  func typeset(_ text: String, fontSize: Double, weight: TextBlock.Weight, maxWidth: Double) -> [TypesetLine] {
    typesetter.lines(
      of: text, fontSize: fontSize, weight: weight.cssValue, locale: locale, maxWidth: maxWidth,
      avoidsOrphans: job.design.layout == .contentUnavailable)
  }

  /// A written font's point size at this render's text size, or `fallback`
  /// (the layout's own fixed size, which never scales, as the seeds' fonts do not).
  func fontSize(_ font: FontSpec?, default fallback: Double) -> Double {
    font?.pointSize(at: job.textSize) ?? fallback
  }

  /// A written font's leading at this render's text size: a text style's, nil for a point size.
  func leading(of font: FontSpec?) -> Double? {
    font?.leading(at: job.textSize)
  }

  /// A written font's weight, or `fallback`.
  func weight(_ font: FontSpec?, default fallback: FontWeight = .regular) -> FontWeight {
    font?.weight(default: fallback) ?? fallback
  }

  /// The size UIKit shows `image` at when no size is set: a site image's own
  /// (`AssetCatalog.Entry.size`), else the size Blankslate draws its own art at.
  func intrinsicSize(of image: ImageSource) -> Size {
    switch image {
    case .asset(let path), .template(let path): assets.entry(for: path)?.size ?? image.intrinsicSize
    case .symbol, .builtin: image.intrinsicSize
    }
  }

  /// The size an image is drawn at: the written `imageSize`, else `fallback`.
  func imageSize(default fallback: Size) -> Size {
    properties.imageSize ?? fallback
  }
}
