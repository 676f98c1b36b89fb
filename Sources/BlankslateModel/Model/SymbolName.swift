import BlankslateSupport

/// The monochrome symbols a definition may use as `"symbol:NAME"`: drawn by
/// this project on a 24-point grid (never Apple's artwork), named like the
/// SF Symbols a designer would reach for, in outline and, where SF Symbols
/// has both, `.fill`.
package enum SymbolName: String, Sendable, CaseIterable {
  case tray
  case trayFill = "tray.fill"
  case trayFull = "tray.full"
  case trayFullFill = "tray.full.fill"
  case magnifyingglass
  case wifi
  case wifiSlash = "wifi.slash"
  case exclamationmarkTriangle = "exclamationmark.triangle"
  case exclamationmarkTriangleFill = "exclamationmark.triangle.fill"
  case exclamationmarkCircle = "exclamationmark.circle"
  case exclamationmarkCircleFill = "exclamationmark.circle.fill"
  case questionmarkCircle = "questionmark.circle"
  case checkmarkCircle = "checkmark.circle"
  case checkmarkCircleFill = "checkmark.circle.fill"
  case xmarkCircle = "xmark.circle"
  case xmarkCircleFill = "xmark.circle.fill"
  case infoCircle = "info.circle"
  case infoCircleFill = "info.circle.fill"
  case plusCircle = "plus.circle"
  case plusCircleFill = "plus.circle.fill"
  case heart
  case heartFill = "heart.fill"
  case heartSlash = "heart.slash"
  case star
  case starFill = "star.fill"
  case bell
  case bellFill = "bell.fill"
  case bellSlash = "bell.slash"
  case doc
  case docFill = "doc.fill"
  case docText = "doc.text"
  case docTextFill = "doc.text.fill"
  case photo
  case camera
  case cameraFill = "camera.fill"
  case cart
  case cartFill = "cart.fill"
  case bag
  case bagFill = "bag.fill"
  case creditcard
  case creditcardFill = "creditcard.fill"
  case person
  case personFill = "person.fill"
  case personCropCircle = "person.crop.circle"
  case personCropCircleFill = "person.crop.circle.fill"
  case person2 = "person.2"
  case person2Fill = "person.2.fill"
  case lock
  case lockFill = "lock.fill"
  case icloud
  case icloudFill = "icloud.fill"
  case icloudSlash = "icloud.slash"
  case cloud
  case cloudFill = "cloud.fill"
  case calendar
  case bookmark
  case bookmarkFill = "bookmark.fill"
  case folder
  case folderFill = "folder.fill"
  case book
  case bookFill = "book.fill"
  case bubbleLeft = "bubble.left"
  case bubbleLeftFill = "bubble.left.fill"
  case bubbleLeftAndBubbleRight = "bubble.left.and.bubble.right"
  case textBubble = "text.bubble"
  case textBubbleFill = "text.bubble.fill"
  case envelope
  case envelopeFill = "envelope.fill"
  case paperplane
  case paperplaneFill = "paperplane.fill"
  case clock
  case clockFill = "clock.fill"
  case map
  case mapFill = "map.fill"
  case mappin
  case location
  case locationFill = "location.fill"
  case locationSlash = "location.slash"
  case globe
  case gift
  case giftFill = "gift.fill"
  case tag
  case tagFill = "tag.fill"
  case shippingbox
  case musicNote = "music.note"
  case playRectangle = "play.rectangle"
  case playRectangleFill = "play.rectangle.fill"
  case house
  case houseFill = "house.fill"
  case gearshape
  case gearshapeFill = "gearshape.fill"
  case trash
  case trashFill = "trash.fill"
  case bolt
  case boltFill = "bolt.fill"
  case sparkles
  case flag
  case flagFill = "flag.fill"
  case eye
  case eyeSlash = "eye.slash"
  case antennaRadiowavesLeftAndRight = "antenna.radiowaves.left.and.right"
  case squareAndArrowUp = "square.and.arrow.up"
  case arrowDownCircle = "arrow.down.circle"
  case arrowDownCircleFill = "arrow.down.circle.fill"
  case arrowClockwise = "arrow.clockwise"
  case arrowLeft = "arrow.left"
  case arrowRight = "arrow.right"
  case arrowUturnBackward = "arrow.uturn.backward"
  case chevronLeft = "chevron.left"
  case chevronRight = "chevron.right"
  case listBullet = "list.bullet"

  /// The size a symbol is drawn at when no `imageSize` is written: about
  /// `ContentUnavailableView`'s image (a large title symbol).
  package static let defaultSize = Size(width: 56, height: 56)

  /// Whether SF Symbols draws the symbol mirrored in a right-to-left locale:
  /// the arrows and chevrons that point along the reading direction, and
  /// the symbols with lines of text or a speech bubble's tail in them.
  /// Symbols of a thing (a clock, a refresh arrow, a paper plane) do not mirror.
  package var mirrorsInRightToLeft: Bool {
    switch self {
    case .arrowLeft, .arrowRight, .chevronLeft, .chevronRight, .arrowUturnBackward, .listBullet, .docText,
      .docTextFill, .bubbleLeft, .bubbleLeftFill, .bubbleLeftAndBubbleRight, .textBubble, .textBubbleFill:
      true
    default:
      false
    }
  }

  /// The outline form of a `.fill` symbol, nil for an outline one.
  package var outline: SymbolName? {
    rawValue.hasSuffix(".fill") ? SymbolName(rawValue: String(rawValue.dropLast(5))) : nil
  }
}
