import BlankslateSupport
import BlankslateModel

/// What a node draws.
package enum NodeContent: Sendable, Equatable {
  /// Nothing of its own; its children draw.
  case group
  /// A filled rectangle, optionally rounded and stroked.
  case box(BoxStyle)
  /// A label: lines of text, optionally on a filled background.
  case text(TextBlock)
  /// A tappable button with a title.
  case button(ButtonFace)
  /// An illustration, fitted into the frame.
  case image(ImageSource)
  /// An activity indicator of `spokes` spokes: 8 as `UIActivityIndicatorView`
  /// draws since iOS 13 (`.medium`, `.large`), 12 as before it (the seeds' era).
  case spinner(color: RGBA, spokes: Int)
  /// A small glyph of the host chrome.
  case symbol(Symbol, color: RGBA)
  /// A definition's symbol (`symbol:NAME`), fitted into the frame in its tint;
  /// `mirrored` in a right-to-left screen where SF Symbols mirrors it.
  case symbolImage(SymbolName, color: RGBA, mirrored: Bool = false)
  /// A site asset drawn as a template image (`UIImage.RenderingMode.alwaysTemplate`):
  /// its shape, from its alpha, filled with `color`.
  case templateImage(String, color: RGBA)
}

/// The fill of a box.
package struct BoxStyle: Sendable, Equatable {
  package var fill: RGBA
  package var cornerRadius: Double
  package var stroke: RGBA?

  package init(fill: RGBA, cornerRadius: Double = 0, stroke: RGBA? = nil) {
    self.fill = fill
    self.cornerRadius = cornerRadius
    self.stroke = stroke
  }
}

/// A button: a filled shape and a title.
package struct ButtonFace: Sendable, Equatable {
  package var fill: RGBA
  package var cornerRadius: Double
  package var title: TextBlock
  /// How far the title sits toward the trailing edge from the frame's centre:
  /// half the room of a symbol before it (the button's child), 0 without one.
  package var titleOffset: Double
  /// The `UIButton.Configuration.Size` the button is drawn at; nil for a
  /// written `size` or the seeds' own buttons.
  package var controlSize: ControlSize?

  package init(
    fill: RGBA, cornerRadius: Double, title: TextBlock, titleOffset: Double = 0, controlSize: ControlSize? = nil
  ) {
    self.fill = fill
    self.cornerRadius = cornerRadius
    self.title = title
    self.titleOffset = titleOffset
    self.controlSize = controlSize
  }

  /// The frame the title's lines are centred in: the button's, moved toward the trailing edge by `titleOffset`.
  package func titleFrame(in frame: Rect) -> Rect {
    guard titleOffset != 0 else { return frame }
    let dx = title.isRightToLeft ? -titleOffset : titleOffset
    return Rect(x: frame.x + dx, y: frame.y, width: frame.width, height: frame.height)
  }
}

/// The glyphs of the host chrome.
package enum Symbol: String, Sendable, CaseIterable {
  case cellularSignal
  case wifi
  case battery
  case tabHome
  case tabDiscover
  case tabMessages
  case tabProfile
}
