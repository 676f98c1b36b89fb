import BlankslateSupport
import BlankslateModel

/// Applies the lint rules to one render: its job, its scene and, for a dark
/// render, the same render in the light theme (to tell what the theme broke).
///
/// The rules look at the placeholder: its title, message, image, button,
/// custom view, spinner and toast. The host's bars and rows are the system's
/// and are not reviewed.
struct SceneLinter {
  let job: RenderJob
  let scene: Scene
  package let lightScene: Scene?

  /// The roles of the placeholder under review.
  static let reviewed: Set<NodeRole> = [.title, .message, .image, .button, .customView, .spinner, .toast]
  /// Roles whose text is read.
  static let textRoles: Set<NodeRole> = [.title, .message, .button, .customView, .toast]
  static let minimumTapSize: Double = 44
  /// The tap target sizes a team may be held to, largest first: the HIG's
  /// 44 × 44 pt, WCAG 2.2's 24 × 24 CSS px (Success Criterion 2.5.8, Target
  /// Size (Minimum); a CSS pixel is a point here) and Apple's audit's hit
  /// region of 20 pt (`XCUIAccessibilityAuditType.hitRegion`, per the audit
  /// engine of iOS 26.1). A finding names the smallest gate it fails.
  static let tapGates: [(size: Double, name: String)] = [
    (44, "the HIG's 44 pt"), (24, "WCAG 2.2's 24 px (2.5.8)"), (20, "Apple's audit's 20 pt hit region"),
  ]
  /// Where contrast's "nearly passed" tier starts, as a share of the
  /// minimum. Apple's audit reports contrast that nearly passed apart from
  /// contrast that failed, without publishing the bound; Blankslate draws it
  /// at two thirds, so that body text nearly passes from 3:1 (WCAG's floor
  /// for large text) and large text from 2:1.
  static let nearlyPassed = 2.0 / 3.0
  static let minimumFontSize: Double = 11

  /// Every finding, before the site's severities and the design's suppressions.
  package func findings() -> [LintObservation] {
    var found: [LintObservation] = []
    let nodes = scene.allNodes
    let reviewed = nodes.filter { Self.reviewed.contains($0.role) }
    let backdrop = Backdrop(scene: scene)
    let lightBackdrop = lightScene.map(Backdrop.init)

    for node in reviewed {
      guard let block = Self.text(of: node), block.hasText else { continue }
      let behind = backdrop.color(behind: node)
      let ink = Contrast.composite(block.color, over: behind)
      let ratio = Contrast.ratio(ink, behind)
      let needed = Contrast.minimum(fontSize: block.fontSize, weight: block.weight)
      let size = NumberText.format(block.fontSize) + " pt" + (block.weight == .bold ? " bold" : "")
      if ratio < needed, let system = uikitDefault(node) {
        found.append(
          LintObservation(
            .uikitDefault, node,
            "\(node.id) text is in UIKit's default colours, \(system) (\(ink.hexRGB) on \(behind.hexRGB), \(Self.ratio(ratio, below: needed)):1; WCAG AA asks \(NumberText.format(needed)):1 for \(size) text): Apple's choice, as every app that uses it shows it",
            ratio, needed, cause: "\(system) \(ink.hexRGB) on \(behind.hexRGB) \(Self.ratio(ratio, below: needed))",
            isSiteWide: true))
      } else if ratio < needed {
        let tier = ratio >= needed * Self.nearlyPassed ? "nearly passed" : "failed"
        found.append(
          LintObservation(
            .contrast, node,
            "\(node.id) text \(ink.hexRGB) on \(behind.hexRGB) is \(Self.ratio(ratio, below: needed)):1 (\(tier)); WCAG AA needs \(NumberText.format(needed)):1 for \(size) text",
            ratio, needed, cause: "\(ink.hexRGB) on \(behind.hexRGB), \(tier)",
            summary:
              "\(node.id) text \(ink.hexRGB) on \(behind.hexRGB) is \(Self.ratio(ratio, below: needed)):1, under WCAG AA's minimum for its size (\(tier))"
          ))
        if job.theme == .dark, let lightScene, let lightBackdrop,
          let lightNode = lightScene.node(withID: node.id), let lightBlock = Self.text(of: lightNode)
        {
          let lightBehind = lightBackdrop.color(behind: lightNode)
          let lightRatio = Contrast.ratio(Contrast.composite(lightBlock.color, over: lightBehind), lightBehind)
          if lightRatio >= needed {
            found.append(
              LintObservation(
                .darkMode, node,
                "\(node.id) text \(ink.hexRGB) on \(behind.hexRGB) is \(Self.ratio(ratio, below: needed)):1 in the dark theme but \(Self.ratio(lightRatio, below: 0)):1 in light: \(Self.colorSource(of: node.id, in: job))",
                ratio, needed
              ))
          }
        }
      }
      if block.fontSize < Self.minimumFontSize {
        found.append(
          LintObservation(
            .minimumFontSize, node,
            "\(node.id) text is \(NumberText.format(block.fontSize)) pt; Apple's HIG goes no smaller than \(NumberText.format(Self.minimumFontSize)) pt",
            block.fontSize, Self.minimumFontSize
          ))
      }
      found += overflowOfText(node, block)
      found += brokenWords(node, block)
    }

    for node in nodes where node.action != nil && (Self.reviewed.contains(node.role) || node.role == .placeholder) {
      let frame = node.frame
      if frame.width < Self.minimumTapSize || frame.height < Self.minimumTapSize {
        let size = "\(NumberText.format(frame.width))×\(NumberText.format(frame.height)) pt"
        if case .button(let face) = node.content, let controlSize = face.controlSize {
          let isDefault = isDefaultSize(node)
          // UIKit's own sizes: what the system draws, under the HIG's target; a warning with the way out.
          found.append(
            LintObservation(
              .controlSize, node,
              "\(node.id) is \(size) at UIKit's \(controlSize.rawValue) size; the HIG asks 44×44 pt for a tap target (`controlSize: large` is about 50 pt tall)",
              min(frame.width, frame.height), Self.minimumTapSize, cause: controlSize.rawValue,
              summary: (isDefault ? "\(node.id) is UIKit's default button, " : "\(node.id) is ")
                + "under 44×44 pt at UIKit's \(controlSize.rawValue) size; the HIG asks 44×44 pt for a tap target (`controlSize: large` is about 50 pt tall)",
              isSiteWide: isDefault
            ))
        } else {
          let side = min(frame.width, frame.height)
          let failed = Self.tapGates.last { side < $0.size } ?? Self.tapGates[0]
          let passed = Self.tapGates.filter { side >= $0.size }.map(\.name)
          let passes = passed.isEmpty ? "" : "; it passes " + passed.joined(separator: " and ")
          found.append(
            LintObservation(
              .tapTarget, node, "\(node.id) is \(size), under \(failed.name)\(passes)",
              side, failed.size, cause: "under \(NumberText.format(failed.size)) pt",
              summary: "\(node.id) is under \(failed.name)\(passes)"
            ))
        }
      }
    }

    found += accessibilityFindings(reviewed)
    found += placement(of: reviewed, in: nodes)
    found += hiddenAndBelowTheFold(in: nodes)
    found += glaringDarkPlaceholder(nodes, backdrop: backdrop)
    if [.noData, .hasError, .offline, .noResults].contains(job.variant.state(in: job.design.layout)),
      nodes.contains(where: { $0.role == .placeholder }),
      !reviewed.contains(where: {
        Self.textRoles.contains($0.role) && $0.role != .toast && (Self.text(of: $0)?.hasText ?? false)
      })
    {
      found.append(
        LintObservation(
          .silentState, nodes.first { $0.role == .placeholder },
          "the \(job.variant.state(in: job.design.layout).rawValue) state shows no text: nothing tells the user, or a screen reader, what happened",
          nil, nil
        ))
    }
    return found
  }

  private func overflowOfText(_ node: SceneNode, _ block: TextBlock) -> [LintObservation] {
    var found: [LintObservation] = []
    if block.isTruncated {
      found.append(
        LintObservation(
          .overflow, node,
          "\(node.id) text does not fit its \(NumberText.format(node.frame.width))×\(NumberText.format(node.frame.height)) pt frame: lines are cut",
          nil, nil
        ))
    }
    // Widths are the shaped advances every renderer draws, so an overflow
    // found here is one a reviewer sees; half a point is the browser test's tolerance.
    for line in block.lines {
      let width = line.width
      if width > node.frame.width + 0.5 {
        found.append(
          LintObservation(
            .overflow, node,
            "\(node.id) line \"\(line.text.prefix(30))\" is \(NumberText.format(width)) pt wide in a \(NumberText.format(node.frame.width)) pt frame",
            width, node.frame.width, cause: "wider than its frame",
            summary: "\(node.id) has a line wider than its frame"
          ))
        break
      }
    }
    return found
  }

  /// What the system's layout left out, and what a scrolling stack shows only after a scroll.
  private func hiddenAndBelowTheFold(in nodes: [SceneNode]) -> [LintObservation] {
    var found: [LintObservation] = []
    let placement = "on \(job.device.metrics.name) at \(job.textSize.label)"
    for placeholder in nodes where placeholder.role == .placeholder {
      for part in placeholder.hiddenParts {
        // UIKit gives the height to the title, the buttons, the message and the image, in that order.
        let advice =
          [.image, .spinner].contains(part.role)
          ? "UIKit gives the image only the room the texts and buttons leave (shorten the text, or use a smaller image)"
          : "UIKit shows only what fits, the title first, then the buttons, then the message "
            + "(shorten the text, or set \"scrolls\": true)"
        found.append(
          LintObservation(
            .hiddenByLayout, placeholder,
            "\(part.id) is hidden \(placement): the stack needs "
              + "\(NumberText.grouped(Int(part.needed.rounded()))) pt of \(NumberText.grouped(Int(part.available.rounded()))); "
              + advice,
            // One finding a placeholder: the stack not fitting is the cause, the parts UIKit then hides its effects.
            part.needed, part.available, cause: "does not fit",
            summary: "the stack does not fit the screen: UIKit hides the image first, then the message; the title "
              + "and buttons stay (shorten the text, use a smaller image, or set \"scrolls\": true)"
          ))
      }
      guard placeholder.scroll == .enabled else { continue }
      let fold = placeholder.frame.maxY
      for child in placeholder.children where Self.reviewed.contains(child.role) && child.frame.maxY > fold {
        found.append(
          LintObservation(
            .belowTheFold, child,
            "\(child.id) ends \(NumberText.grouped(Int((child.frame.maxY - fold).rounded()))) pt below the fold \(placement): "
              + "it is seen only after a scroll",
            child.frame.maxY - fold, 0, cause: "below the fold",
            summary: "\(child.id) ends below the fold where the stack scrolls: it is seen only after a scroll"))
      }
    }
    return found
  }

  /// Off the screen, outside the safe area or under a bar, or on top of a sibling.
  private func placement(of reviewed: [SceneNode], in nodes: [SceneNode]) -> [LintObservation] {
    var found: [LintObservation] = []
    let screen = Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
    let bars = nodes.filter { [.navigationBar, .tabBar].contains($0.role) }
    // A placeholder that is its own scroll view (content-unavailable with more
    // than a screen of content) brings every part into view by scrolling.
    let scrolled = Set(
      nodes.filter { $0.role == .placeholder && $0.scroll == .enabled }
        .flatMap { placeholder in placeholder.children.map(\.id) })
    for node in reviewed where (node.role != .toast || !screen.contains(node.frame)) && !scrolled.contains(node.id) {
      let frame = node.frame
      if !screen.contains(frame) {
        let edges = [
          ("left", -frame.minX), ("right", frame.maxX - screen.maxX), ("top", -frame.minY),
          ("bottom", frame.maxY - screen.maxY),
        ]
        let past = edges.filter { $0.1 > 0 }
        let over = past.map(\.1).max() ?? 0
        let names = past.map(\.0).joined(separator: " and ")
        found.append(
          LintObservation(
            .overflow, node,
            "\(node.id) reaches \(NumberText.format(over)) pt past the \(names) \(past.count == 1 ? "edge" : "edges") of the \(NumberText.format(screen.width))×\(NumberText.format(screen.height)) pt screen",
            over, 0, cause: "past the \(names)",
            summary: "\(node.id) reaches past the \(names) \(past.count == 1 ? "edge" : "edges") of the screen"
          ))
        continue
      }
      if let bar = bars.first(where: { $0.frame.intersects(frame) }) {
        found.append(LintObservation(.overflow, node, "\(node.id) lies under the \(Self.name(of: bar.role))", nil, nil))
      } else if !scene.safeArea.contains(frame), node.role != .toast {
        found.append(
          LintObservation(
            .overflow, node, "\(node.id) reaches outside the safe area (under the status bar or home indicator)", nil,
            nil
          ))
      }
    }
    // A toast lies over the screen by design, but one that covers a part of
    // the placeholder hides it: it is checked against every part, as the parts are against each other.
    let content = reviewed.filter { $0.role != .toast } + reviewed.filter { $0.role == .toast }
    for (index, first) in content.enumerated() {
      for second in content[(index + 1)...] where first.frame.intersects(second.frame) {
        if first.role == .toast && second.role == .toast { continue }
        let overlap = Rect(
          x: max(first.frame.minX, second.frame.minX), y: max(first.frame.minY, second.frame.minY),
          width: min(first.frame.maxX, second.frame.maxX) - max(first.frame.minX, second.frame.minX),
          height: min(first.frame.maxY, second.frame.maxY) - max(first.frame.minY, second.frame.minY))
        guard overlap.width * overlap.height > 1 else { continue }
        found.append(
          LintObservation(
            .overflow, second,
            "\(second.id) overlaps \(first.id) by \(NumberText.format(overlap.width))×\(NumberText.format(overlap.height)) pt",
            overlap.width * overlap.height, 0, cause: "overlaps \(first.id)",
            summary: "\(second.id) overlaps \(first.id)"
          ))
      }
    }
    return found
  }

  /// The UIKit colour `node`'s text has when neither it nor what is behind it
  /// was written, in the modern layout (UIKit's defaults for
  /// `UIContentUnavailableConfiguration` and `UIButton.Configuration`), with
  /// no app tint: nil where the team chose a colour.
  func uikitDefault(_ node: SceneNode) -> String? {
    let properties = job.variant.properties
    guard job.design.layout == .contentUnavailable, properties.background == nil else { return nil }
    switch node.id {
    case "title": return properties.titleColor == nil ? "label" : nil
    case "message": return properties.messageColor == nil ? "secondaryLabel" : nil
    case "button", "secondary-button":
      guard job.design.appTint == nil, let button = Self.button(node.id, in: job)?.definition,
        button.textColor == nil, button.background == nil, button.role == nil
      else { return nil }
      return button.style == .filled ? "white on tintColor" : "tintColor"
    default: return nil
    }
  }

  /// Whether `node` is a button whose size nobody wrote (`controlSize`,
  /// `size`, `font`): the size UIKit gives it.
  func isDefaultSize(_ node: SceneNode) -> Bool {
    guard let button = Self.button(node.id, in: job)?.definition else { return false }
    return button.controlSize == nil && button.size == nil && button.font == nil
  }

  /// The definition of the button node `id` draws (`button`, `secondary-button`)
  /// and the key it is written under: a written one, or the layout's default
  /// (all its keys unwritten); nil for another node or a removed button.
  static func button(_ id: String, in job: RenderJob) -> (key: String, definition: ButtonDefinition)? {
    guard id == "button" || id == "secondary-button" else { return nil }
    let properties = job.variant.properties
    let index = id == "button" ? 0 : 1
    let key = properties.buttons != nil ? "buttons[\(index)]" : "button"
    let button =
      properties.buttons.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      ?? (index == 0 && properties.buttons == nil ? properties.button.resolved(default: ButtonDefinition()) : nil)
    return button.map { (key, $0) }
  }

  /// Lines broken inside a word (the line before ends where UAX #14 gives no
  /// break: the word was wider than the line), and a Chinese or Japanese line
  /// of one character: the word as it is broken, in this render's language,
  /// device and size.
  private func brokenWords(_ node: SceneNode, _ block: TextBlock) -> [LintObservation] {
    guard block.lines.count > 1 else { return [] }
    let isCJK = job.locale.hasPrefix("ja") || job.locale.hasPrefix("zh")
    guard isCJK || block.lines.contains(where: \.endsInsideWord) else { return [] }
    var found: [LintObservation] = []
    let placement = "\(job.locale), \(job.device.metrics.name), \(job.textSize.label)"
    for (index, line) in block.lines.enumerated() where line.endsInsideWord && index + 1 < block.lines.count {
      let head = line.text.split(separator: " ").last.map(String.init) ?? line.text
      let tail = block.lines[index + 1].text.split(separator: " ").first.map(String.init) ?? ""
      let broken = head + "|" + tail
      found.append(
        LintObservation(
          .brokenWord, node,
          "\(node.id) breaks \"\(broken)\" where no line break is allowed (\(placement)): the word is wider than the line; shorten it or let it hyphenate",
          nil, nil, cause: broken,
          summary:
            "\(node.id) breaks \"\(broken)\" where no line break is allowed: the word is wider than the line; shorten it or let it hyphenate"
        ))
    }
    if isCJK {
      for line in block.lines where line.text.count == 1 {
        found.append(
          LintObservation(
            .brokenWord, node, "\(node.id) has a line of one character, 「\(line.text)」 (\(placement))", nil, nil,
            cause: "one character \(line.text)", summary: "\(node.id) has a line of one character, 「\(line.text)」"))
      }
    }
    return found
  }

  /// A light placeholder that stays light in the dark theme.
  private func glaringDarkPlaceholder(_ nodes: [SceneNode], backdrop: Backdrop) -> [LintObservation] {
    guard job.theme == .dark, let lightScene else { return [] }
    var found: [LintObservation] = []
    for node in nodes where node.role == .placeholder || node.role == .customView {
      guard let fill = backdrop.ownFill(of: node), Contrast.luminance(fill) > 0.6,
        node.frame.width * node.frame.height > 0.25 * scene.size.width * scene.size.height,
        let lightNode = lightScene.node(withID: node.id),
        let lightFill = Backdrop(scene: lightScene).ownFill(of: lightNode),
        lightFill == fill
      else { continue }
      found.append(
        LintObservation(
          .darkMode, node,
          "\(node.id) stays \(fill.hexRGB) in the dark theme: a light screen in dark mode; use a colour that follows the theme",
          Contrast.luminance(fill), 0.6
        ))
    }
    return found
  }

  /// Where a text's colour came from, for a finding that blames it: written
  /// (the key and the value as written; a fixed one does not follow the
  /// theme), or a default the author never wrote (a button style's, the layout's).
  static func colorSource(of id: String, in job: RenderJob) -> String {
    let properties = job.variant.properties
    func written(_ key: String, _ color: ColorValue) -> String {
      let follows: Bool
      switch color {
      case .semantic, .perTheme: follows = true
      case .fixed, .named: follows = false
      }
      return follows
        ? "its colour is written as \(key) \(color.written)"
        : "a fixed colour, written as \(key) \(color.written), that does not follow the theme"
    }
    switch id {
    case "title":
      return properties.titleColor.map { written("titleColor", $0) }
        ?? "its colour is the layout's default (not written), on the screen's background"
    case "message":
      return properties.messageColor.map { written("messageColor", $0) }
        ?? "its colour is the layout's default (not written), on the screen's background"
    case "button", "secondary-button":
      let found = button(id, in: job)
      let key = found?.key ?? "button"
      if let color = found?.definition.textColor { return written(key + ".textColor", color) }
      let style = found?.definition.style.map { "the \($0.rawValue) style's" } ?? "the layout's"
      return "its colour is \(style) default title colour (not written), on \(key).background"
    default:
      return "a colour that does not follow the theme"
    }
  }

  static func text(of node: SceneNode) -> TextBlock? {
    switch node.content {
    case .text(let block): block
    case .button(let face): face.title
    default: nil
    }
  }

  /// A ratio with two decimals, never rounded up to the threshold it misses
  /// (4.496 is shown as 4.49, not 4.5).
  static func ratio(_ value: Double, below threshold: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return NumberText.format(value < threshold && rounded >= threshold ? (value * 100).rounded(.down) / 100 : rounded)
  }

  static func name(of role: NodeRole) -> String {
    switch role {
    case .navigationBar: "navigation bar"
    case .tabBar: "tab bar"
    default: role.rawValue
    }
  }
}
