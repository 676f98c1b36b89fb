import BlankslateModel
import BlankslateSupport

/// The rules that mirror Apple's accessibility audit
/// (`XCUIApplication.performAccessibilityAudit`, whose issue types are
/// `XCUIAccessibilityAuditType`), run on the design before the app exists:
/// an image VoiceOver cannot describe (`sufficientElementDescription`), a
/// label that repeats its trait (`trait`), text that does not follow
/// Dynamic Type (`dynamicType`), and parts drawn over each other, which
/// VoiceOver reads in the order of the screen (`elementDetection`). Contrast
/// (`contrast`) and hit regions (`hitRegion`) are in `SceneLinter.findings()`.
extension SceneLinter {
  /// The audit's findings for the placeholder's parts.
  func accessibilityFindings(_ nodes: [SceneNode]) -> [LintObservation] {
    var found: [LintObservation] = []
    let isLarger = job.textSize > .large
    let labels = SpokenLabels(job: job)
    for node in nodes {
      switch node.role {
      case .image:
        found += imageDescription(node, label: labels.written(node))
      case .button:
        guard let spoken = labels.spoken(node) else { continue }
        found += labelReadability(node, labels.written(node), key: "accessibilityLabel")
        found += traitWord(node, label: spoken, trait: .button)
      case .customView:
        guard case .value = job.variant.properties.customView else { continue }
        let written = labels.written(node)
        found += labelReadability(node, written, key: "customView.accessibilityLabel")
        if written == nil, !(Self.text(of: node)?.hasText ?? false) {
          found.append(
            LintObservation(
              .accessibilityLabel, node,
              "custom-view has no text and no accessibilityLabel: VoiceOver finds nothing to read "
                + "(Apple's audit: sufficientElementDescription); write customView.accessibilityLabel",
              nil, nil, cause: "no label"))
        }
      default:
        break
      }
      if isLarger, Self.textRoles.contains(node.role), let block = Self.text(of: node), block.hasText {
        found += dynamicType(node, block)
      }
    }
    found += coveredParts(nodes)
    return found
  }

  /// Whether the written image is marked decorative.
  private var isDecorative: Bool {
    guard case .value(let image) = job.variant.properties.image else { return false }
    return image.accessibility?.isDecorative == true
  }

  /// An image from the app's assets with neither a label nor `decorative`,
  /// and a written label that reads as a file or symbol name. A symbol with
  /// neither is decorative, as UIKit makes it: `UIContentUnavailableConfiguration`
  /// shows its image in a `UIImageView`, and a view that is not a standard
  /// control is not an accessibility element (`isAccessibilityElement`'s
  /// documented default is false "unless the receiver is a standard UIKit
  /// control"), so VoiceOver skips it; an illustration is the team's, and
  /// whether it says something only the team knows.
  private func imageDescription(_ node: SceneNode, label: String?) -> [LintObservation] {
    let content = node.content
    // A symbol nothing is said of is decorative: nothing to name (the common case, found without a string made).
    if label == nil, case .symbolImage = content { return [] }
    let shown: String
    let fileName: String
    switch content {
    case .image(.asset(let path)), .templateImage(let path, _):
      shown = path
      fileName = Self.fileName(path)
    case .image(.builtin(let builtin)):
      shown = "builtin:" + builtin.rawValue
      fileName = builtin.rawValue
    case .symbolImage(let symbol, _, _):
      shown = "symbol:" + symbol.rawValue
      fileName = symbol.rawValue
    default:
      return []
    }
    if let label {
      var found = labelReadability(node, label, key: "image.accessibilityLabel", names: [fileName])
      found += traitWord(node, label: label, trait: .image)
      return found
    }
    guard !isDecorative, !shown.hasPrefix("symbol:") else { return [] }
    return [
      LintObservation(
        .accessibilityLabel, node,
        "image \(shown) has no accessibilityLabel and is not marked decorative: say what it shows "
          + "(\"image\": {\"source\": …, \"accessibilityLabel\": …}) or write \"decorative\": true "
          + "(Apple's audit: sufficientElementDescription)",
        nil, nil, cause: "no label \(shown)",
        summary: "image \(shown) has neither an accessibilityLabel nor \"decorative\": true")
    ]
  }

  /// A written label that VoiceOver would spell out as code: a file's or a
  /// symbol's name (`empty_box_v2`, `tray.fill`), or a word in snake_case,
  /// camelCase or dotted form. The audit's `sufficientElementDescription`
  /// issue covers labels that are not human-readable.
  private func labelReadability(
    _ node: SceneNode, _ label: String?, key: String, names: [String] = []
  ) -> [LintObservation] {
    guard let label, let reason = SpokenLabel.unreadable(label, names: names) else { return [] }
    return [
      LintObservation(
        .accessibilityLabel, node,
        "\(node.id)'s \(key) \"\(label.prefix(40))\" \(reason): VoiceOver reads it letter by letter "
          + "(Apple's audit: sufficientElementDescription); write what a person would say",
        nil, nil, cause: "unreadable \(label)",
        summary: "\(node.id)'s \(key) \"\(label.prefix(40))\" \(reason): VoiceOver reads it letter by letter")
    ]
  }

  /// A label that ends (or, in Arabic, begins) with the trait VoiceOver adds
  /// to it, so that it is spoken twice: "Retry button, button". The audit
  /// reports it as a `trait` issue.
  private func traitWord(_ node: SceneNode, label: String, trait: SpokenLabel.Trait) -> [LintObservation] {
    guard let word = SpokenLabel.repeatedTrait(in: label, trait: trait, locale: job.locale) else { return [] }
    let spoken = TraitWords(locale: job.locale)
    let said = trait == .button ? spoken.button : spoken.image
    return [
      LintObservation(
        .traitInLabel, node,
        "\(node.id) says \"\(label.prefix(40))\": VoiceOver adds \"\(said)\" itself, so the word \"\(word)\" is spoken twice "
          + "(Apple's audit: trait); leave it out",
        nil, nil, cause: "\(word) in \(label)",
        summary:
          "\(node.id) says \"\(label.prefix(40))\": VoiceOver adds the trait itself, so \"\(word)\" is spoken twice")
    ]
  }

  /// Text at a fixed size, shown above Large: it stays the size it is while
  /// the user asked for larger text. The audit's `dynamicType` issue; sizes
  /// up to Large are not reported (the audit ignores the smaller sizes too).
  private func dynamicType(_ node: SceneNode, _ block: TextBlock) -> [LintObservation] {
    guard job.textSize > .large, !followsDynamicType(node.id) else { return [] }
    let size = NumberText.format(block.fontSize)
    return [
      LintObservation(
        .dynamicType, node,
        "\(node.id) is a fixed \(size) pt at \(job.textSize.label): it does not follow Dynamic Type "
          + "(Apple's audit: dynamicType); write a text style, or a size with \"scales\": true",
        block.fontSize, nil, cause: "fixed \(size) pt",
        summary: "\(node.id) is a fixed \(size) pt: it does not follow Dynamic Type above Large")
    ]
  }

  /// Whether the element's font grows with the text size: a text style or
  /// a scaling size, as written or as the layout draws it (the modern
  /// layout's title, message and buttons are text styles; the seeds' fonts
  /// and MBProgressHUD's toast are fixed). `DynamicTypeAuditTests` lays every
  /// layout's elements out at Large and AX5 to keep this true.
  func followsDynamicType(_ id: String) -> Bool {
    let isModern = job.design.layout == .contentUnavailable
    let font: FontSpec?
    switch id {
    case "title": font = job.variant.properties.titleFont ?? (isModern ? ContentUnavailableStyle.titleFont : nil)
    case "message": font = job.variant.properties.messageFont ?? (isModern ? ContentUnavailableStyle.messageFont : nil)
    case "button", "secondary-button":
      let button = Self.button(id, in: job)?.definition
      let drawnByStack = [.contentUnavailable, .message, .table].contains(job.design.layout)
      let controlSize = button?.controlSize ?? (isModern ? ContentUnavailableStyle.buttonSize : nil)
      font =
        button?.font
        ?? (drawnByStack ? controlSize.map { FontSpec(size: .style($0.metrics.font)) } : nil)
    case "custom-view":
      guard case .value(let custom) = job.variant.properties.customView else { return false }
      font = custom.font
    default: font = nil
    }
    guard let font else { return false }
    if case .fixed = font.size { return false }
    return true
  }

  /// Parts drawn over each other: VoiceOver reads both, in the order of the
  /// screen, though one hides the other (a toast over the message, a custom
  /// view over the title). The audit's `elementDetection` issue is of this kind.
  private func coveredParts(_ nodes: [SceneNode]) -> [LintObservation] {
    guard nodes.contains(where: { $0.role == .toast || $0.role == .customView }) else { return [] }
    let read = nodes.filter { Self.drawnOver.contains($0.role) }
    var found: [LintObservation] = []
    for (index, below) in read.enumerated() {
      for above in read[(index + 1)...] where above.frame.intersects(below.frame) {
        let width = min(above.frame.maxX, below.frame.maxX) - max(above.frame.minX, below.frame.minX)
        let height = min(above.frame.maxY, below.frame.maxY) - max(above.frame.minY, below.frame.minY)
        guard width * height > 1, above.role == .toast || below.role == .toast || above.role == .customView
        else { continue }
        let (top, under) = above.role == .toast || below.role != .toast ? (above, below) : (below, above)
        let advice =
          top.role == .toast
          ? "VoiceOver still reads \(under.id), and reads the toast in its place on the screen, not when it appears; "
            + "post it with UIAccessibility.post(notification: .announcement, argument:)"
          : "VoiceOver reads both in the order of the screen; move one, or hide the covered one from VoiceOver"
        found.append(
          LintObservation(
            .readingOrder, top, "\(top.id) is drawn over \(under.id): " + advice, width * height, 0,
            cause: "\(top.id) over \(under.id)", summary: "\(top.id) is drawn over \(under.id): " + advice))
      }
    }
    return found
  }

  /// The parts VoiceOver reads that can be drawn over each other.
  static let drawnOver: Set<NodeRole> = [.title, .message, .button, .customView, .toast, .image]

  /// `box` for `assets/box@2x.png`.
  static func fileName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    var name = file.split(separator: ".").dropLast().joined(separator: ".")
    if name.hasSuffix("@2x") || name.hasSuffix("@3x") { name.removeLast(3) }
    return name.isEmpty ? file : name
  }
}

/// What VoiceOver would make of a label: read letter by letter, or with its trait said twice.
package enum SpokenLabel {
  /// Why `label` is not a person's words, or nil when it is.
  package static func unreadable(_ label: String, names: [String]) -> String? {
    let trimmed = label.trimmingWhitespace
    let lowered = trimmed.lowercased()
    if names.contains(where: { $0.lowercased() == lowered }) { return "is the image's file name" }
    if SymbolName(rawValue: lowered) != nil { return "is a symbol's name" }
    guard !trimmed.contains(" ") else { return nil }
    let scalars = Array(trimmed.unicodeScalars)
    func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }
    for (index, scalar) in scalars.enumerated() where index > 0 && index + 1 < scalars.count {
      guard isLetter(scalars[index - 1]), isLetter(scalars[index + 1]) else { continue }
      if scalar == "_" { return "is in snake_case" }
      if scalar == "." { return "is a dotted name" }
    }
    // camelCase: two lower-case letters and then a capital (`emptyBox`, not `iPhone` or `McDonald`).
    for index in scalars.indices.dropFirst(2)
    where scalars[index].properties.isUppercase && scalars[index - 1].properties.isLowercase
      && scalars[index - 2].properties.isLowercase
    {
      return "is in camelCase"
    }
    return nil
  }

  /// The traits VoiceOver speaks after a label.
  package enum Trait {
    case button, image
  }

  /// The trait word `label` repeats, in its language, or nil: its last word
  /// (or, in Arabic, its first), or in Chinese and Japanese its last characters.
  package static func repeatedTrait(in label: String, trait: Trait, locale: String) -> String? {
    let language = TraitWords.language(of: locale)
    let words = trait == .button ? buttonWords[language] ?? [] : imageWords[language] ?? []
    let utf8 = label.utf8
    // The label without trailing spaces and line ends, found by bytes (a title is scanned on every render).
    var end = utf8.endIndex
    while end > utf8.startIndex, [0x20, 0x0A, 0x09].contains(utf8[utf8.index(before: end)]) {
      end = utf8.index(before: end)
    }
    let trimmed = Substring(label.utf8[..<end])
    // Most labels end in no trait word's last character: answered without looking further.
    if language != .arabic, let last = trimmed.unicodeScalars.last,
      !(lastScalars[language]?.contains(last) ?? false)
    {
      return nil
    }
    if language == .japanese || language == .chinese {
      return words.first { trimmed.hasSuffix($0) && trimmed.utf8.count > $0.utf8.count }
    }
    // A word of its own ("Retry button"), not the whole label; a space in the label ends it.
    guard let space = trimmed.utf8.lastIndex(of: 0x20) else { return nil }
    let last = trimmed[trimmed.utf8.index(after: space)...]
    // A word is a small string: lowering it allocates nothing.
    if last.utf8.count <= 15, let word = words.first(where: { last.lowercased() == $0 }) { return word }
    if language == .arabic, let first = trimmed.utf8.firstIndex(of: 0x20) {
      // Arabic names the thing first: "زر إعادة المحاولة".
      return words.first { trimmed[..<first] == $0 }
    }
    return nil
  }

  /// The words a button's trait is spoken as, in each language (German has both VoiceOver's and the common word).
  static let buttonWords: [TraitWords.Language: [String]] = [
    .english: ["button"], .german: ["button", "taste", "schaltfläche"], .japanese: ["ボタン"], .chinese: ["按钮", "按鈕"],
    .arabic: ["زر"],
  ]
  /// The last characters of each language's trait words (lower and upper case), for a first look.
  static let lastScalars: [TraitWords.Language: Set<Unicode.Scalar>] = Dictionary(
    uniqueKeysWithValues: [TraitWords.Language.english, .german, .japanese, .chinese, .arabic].map { language in
      let words = (buttonWords[language] ?? []) + (imageWords[language] ?? [])
      let last = words.compactMap(\.unicodeScalars.last)
      return (language, Set(last + last.flatMap { String($0).uppercased().unicodeScalars }))
    })

  /// The words for an image.
  static let imageWords: [TraitWords.Language: [String]] = [
    .english: ["image", "picture", "icon"], .german: ["bild", "symbol", "grafik"], .japanese: ["画像", "イメージ", "アイコン"],
    .chinese: ["图像", "图片", "圖像", "圖片", "图标"], .arabic: ["صورة", "أيقونة"],
  ]

}
