@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
import BlankslateTestSupport
import Foundation
import Testing

/// The `dynamic-type` rule says which texts keep their size above Large by
/// reading the fonts as written and as each layout draws them. Laying the
/// same render out at Large and at AX5 shows which texts actually grew: the
/// rule must agree with it for every layout, element and kind of font.
@Suite("Dynamic Type audit")
struct DynamicTypeAuditTests {
  static let fonts: [(String, FontSpec?)] = [
    ("unwritten", nil), ("fixed", FontSpec(size: .fixed(16))), ("style", FontSpec(size: .style(.headline))),
    ("scaled", FontSpec(size: .scaled(16))),
  ]

  static func properties(font: FontSpec?, controlSize: ControlSize?) -> Properties {
    var properties = Properties()
    properties.title = LocalizedText("No orders yet")
    properties.message = LocalizedText("Orders you place appear here.")
    properties.titleFont = font
    properties.messageFont = font
    var button = ButtonDefinition()
    button.title = LocalizedText("Retry")
    button.font = font
    button.controlSize = controlSize
    properties.button = .value(button)
    var custom = CustomViewDefinition()
    custom.text = LocalizedText("A view of the team's own")
    custom.font = font
    properties.customView = .value(custom)
    properties.toast = .value(LocalizedText("Saved"))
    return properties
  }

  @Test(arguments: LayoutKind.allCases)
  func theRuleAgreesWithWhatGrewBetweenLargeAndAX5(layout: LayoutKind) throws {
    let renderer = Renderer()
    var compared = 0
    for (name, font) in Self.fonts {
      for controlSize in [nil, ControlSize.small] {
        var properties = Self.properties(font: font, controlSize: controlSize)
        // Each layout is given only the keys it reads.
        for key in PropertyKey.allCases where !layout.reads(key) {
          properties = Self.cleared(key, in: properties)
        }
        let large = Repository.job(layout: layout, properties: properties, textSize: .large)
        let largest = Repository.job(
          layout: layout, properties: properties, textSize: .accessibilityExtraExtraExtraLarge)
        let before = renderer.scene(for: large)
        let after = renderer.scene(for: largest)
        let linter = SceneLinter(job: largest, scene: after, lightScene: nil)
        for node in after.allNodes where SceneLinter.textRoles.contains(node.role) {
          guard let grown = SceneLinter.text(of: node), grown.hasText,
            let old = before.node(withID: node.id).flatMap(SceneLinter.text(of:))
          else { continue }
          compared += 1
          #expect(
            linter.followsDynamicType(node.id) == (grown.fontSize > old.fontSize),
            "\(layout.rawValue) \(node.id) with a \(name) font, controlSize \(controlSize?.rawValue ?? "none"): \(old.fontSize) → \(grown.fontSize) pt"
          )
        }
      }
    }
    #expect(compared >= 8, "\(layout.rawValue): too few texts compared")
  }

  /// `properties` without `key`.
  static func cleared(_ key: PropertyKey, in properties: Properties) -> Properties {
    var result = properties
    switch key {
    case .title: result.title = nil
    case .titleFont: result.titleFont = nil
    case .message: result.message = nil
    case .messageFont: result.messageFont = nil
    case .button: result.button = .absent
    case .customView: result.customView = .absent
    case .toast: result.toast = .absent
    default: break
    }
    return result
  }
}
