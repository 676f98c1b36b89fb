// What a snippet configured, as one line of JSON: every property the
// recording UIKit holds (the defaults where the snippet set nothing), colours
// in both themes. `CodeHandOffProofTests` reads it back.

func json(_ text: String?) -> String {
  guard let text else { return "null" }
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    default:
      if scalar.value < 0x20 {
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}

func json(_ color: UIColor?) -> String {
  guard let color else { return "null" }
  return "{\"light\": \(json(color.hex(.light))), \"dark\": \(json(color.hex(.dark)))}"
}

func json(_ font: UIFont?) -> String {
  guard let font else { return "null" }
  return "{\"style\": \(json(font.style?.name)), \"size\": \(font.size.map { "\($0)" } ?? "null"), "
    + "\"weight\": \(json(font.weight?.name)), \"scales\": \(font.scales)}"
}

func json(_ image: UIImage?) -> String {
  guard let image else { return "null" }
  func name(_ image: UIImage) -> String {
    let kind = image.isSymbol ? "symbol" : image.renderingMode == .alwaysTemplate ? "template" : "asset"
    return json(kind + ":" + image.name)
  }
  return "{\"light\": \(name(image.resolved(.light))), \"dark\": \(name(image.resolved(.dark)))}"
}

func json(_ button: UIButton.Configuration, _ properties: UIContentUnavailableConfiguration.ButtonProperties)
  -> String
{
  let font = button.titleTextAttributesTransformer.map { $0.transform(AttributeContainer()).font } ?? nil
  let fixedCorners = button.cornerStyle == .fixed ? "\(button.background.cornerRadius)" : "null"
  return "{\"style\": \(json(button.style)), \"title\": \(json(button.title)), \"image\": \(json(button.image)), "
    + "\"size\": \(json("\(button.buttonSize)")), \"foreground\": \(json(button.baseForegroundColor)), "
    + "\"background\": \(json(button.baseBackgroundColor)), \"cornerRadius\": \(fixedCorners), "
    + "\"font\": \(json(font)), \"role\": \(json("\(properties.role)")), "
    + "\"action\": \(json(run(properties.primaryAction)))}"
}

/// The name of the action `action` runs (the harness's actions set it), or nil.
func run(_ action: UIAction?) -> String? {
  ranAction = nil
  if let action { action.handler(action) }
  return ranAction
}

func record(_ controller: UIViewController) -> String {
  guard let c = controller.contentUnavailableConfiguration else { return "null" }
  let symbolSize = c.imageProperties.preferredSymbolConfiguration.map { "\($0.pointSize)" } ?? "null"
  let maximum =
    c.imageProperties.maximumSize == .zero
    ? "null" : "[\(c.imageProperties.maximumSize.width), \(c.imageProperties.maximumSize.height)]"
  let m = c.directionalLayoutMargins
  var buttons: [String] = []
  // A button counts when the snippet gave it a title (UIKit shows no button without one).
  if c.button.title != nil { buttons.append(json(c.button, c.buttonProperties)) }
  if c.secondaryButton.title != nil { buttons.append(json(c.secondaryButton, c.secondaryButtonProperties)) }
  return
    "{\"kind\": \(json(c.kind)), \"image\": \(json(c.image)), \"imageTint\": \(json(c.imageProperties.tintColor)), "
    + "\"symbolPointSize\": \(symbolSize), \"maximumSize\": \(maximum), "
    + "\"text\": \(json(c.text)), \"textFont\": \(json(c.textProperties.font)), "
    + "\"textColor\": \(json(c.textProperties.color)), \"secondaryText\": \(json(c.secondaryText)), "
    + "\"secondaryFont\": \(json(c.secondaryTextProperties.font)), "
    + "\"secondaryColor\": \(json(c.secondaryTextProperties.color)), "
    + "\"alignment\": \(json("\(c.alignment)")), \"background\": \(json(c.background.backgroundColor)), "
    + "\"margins\": [\(m.top), \(m.leading), \(m.bottom), \(m.trailing)], "
    + "\"paddings\": [\(c.imageToTextPadding), \(c.textToSecondaryTextPadding), \(c.textToButtonPadding), "
    + "\(c.buttonToSecondaryButtonPadding)], \"buttons\": [\(buttons.joined(separator: ", "))], "
    + "\"navigationTitle\": \(json(controller.navigationItem.title)), "
    + "\"largeTitle\": \(controller.navigationItem.largeTitleDisplayMode == .always)}"
}
