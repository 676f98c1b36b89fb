import BlankslateSupport

/// The monochrome symbols a definition may use as `"symbol:NAME"`: drawn by
/// this project on a 24-point grid (never Apple's artwork), named like the
/// SF Symbols a designer would reach for.
public enum SymbolName: String, Sendable, CaseIterable {
  case tray
  case trayFull = "tray.full"
  case magnifyingglass
  case wifi
  case wifiSlash = "wifi.slash"
  case exclamationmarkTriangle = "exclamationmark.triangle"
  case exclamationmarkCircle = "exclamationmark.circle"
  case questionmarkCircle = "questionmark.circle"
  case checkmarkCircle = "checkmark.circle"
  case xmarkCircle = "xmark.circle"
  case heart
  case heartSlash = "heart.slash"
  case star
  case bell
  case bellSlash = "bell.slash"
  case docText = "doc.text"
  case photo
  case cart
  case bag
  case personCropCircle = "person.crop.circle"
  case person2 = "person.2"
  case lock
  case icloud
  case icloudSlash = "icloud.slash"
  case calendar
  case bookmark
  case folder
  case bubbleLeft = "bubble.left"
  case envelope
  case clock
  case map
  case mappin
  case gift
  case tag
  case musicNote = "music.note"
  case playRectangle = "play.rectangle"
  case arrowClockwise = "arrow.clockwise"

  /// The size a symbol is drawn at when no `imageSize` is written: about
  /// `ContentUnavailableView`'s image (a large title symbol).
  public static let defaultSize = Size(width: 56, height: 56)
}
