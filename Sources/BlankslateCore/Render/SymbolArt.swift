import BlankslateSupport

/// The drawings of the definition symbols (`SymbolName`): line art on a 24-point
/// grid, stroked at about SF Symbols' regular weight, in one colour (the tint).
///
/// A slashed symbol is its plain form with a stroke across it, as SF Symbols draws
/// `wifi.slash`; each drawing is the project's own.
enum SymbolArt {
  static let grid = Size(width: 24, height: 24)
  private static let stroke = Glyph.Layer.Paint.stroke(1.75)

  private static func line(_ path: String) -> Glyph.Layer { Glyph.Layer(path: path, paint: stroke) }
  private static func fill(_ path: String) -> Glyph.Layer { Glyph.Layer(path: path, paint: .fill) }
  private static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> String { Glyph.circle(cx, cy, r) }
  private static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) -> String {
    Glyph.roundedRect(x, y, w, h, r)
  }
  private static let slash = line("M3.5 3.5l17 17")
  private static let ring = circle(12, 12, 9.25)

  /// Each symbol's layers, made once.
  private static let table: [SymbolName: [Glyph.Layer]] = Dictionary(
    uniqueKeysWithValues: SymbolName.allCases.map { ($0, drawing(of: $0)) })

  static func layers(of symbol: SymbolName) -> [Glyph.Layer] {
    table[symbol] ?? drawing(of: symbol)
  }

  /// A five-pointed star, its points on circles of 9.5 and 4.1 points around (12, 12.6).
  private static let starPath =
    "M12 3.1L14.41 9.28L21.04 9.66L15.9 13.87L17.58 20.29L12 16.7L6.42 20.29L8.1 13.87L2.96 9.66L9.59 9.28z"

  private static let heartPath =
    "M12 19.8S3.6 14.9 3.6 9.3A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 8.4 1.7c0 5.6-8.4 10.5-8.4 10.5z"
  private static let bellPath = "M6.2 16.5v-5.2a5.8 5.8 0 0 1 11.6 0v5.2l1.7 2H4.5zM10 20.5a2 2 0 0 0 4 0"
  private static let cloudPath = "M7.2 18.5a4.3 4.3 0 0 1-.5-8.6 5.8 5.8 0 0 1 11.1 1.3 3.7 3.7 0 0 1-.3 7.3z"
  private static let wifiArcs = "M2.8 9.2a13 13 0 0 1 18.4 0M5.9 12.4a8.6 8.6 0 0 1 12.2 0M9 15.6a4.2 4.2 0 0 1 6 0"

  private static func drawing(of symbol: SymbolName) -> [Glyph.Layer] {
    switch symbol {
    case .tray:
      return [
        line(
          "M3 13.5l2.6-8h12.8l2.6 8v5.2a1.3 1.3 0 0 1-1.3 1.3H4.3A1.3 1.3 0 0 1 3 18.7zM3 13.5h5.2l1.4 2.4h4.8l1.4-2.4H21"
        )
      ]
    case .trayFull:
      return [
        line(
          "M3 13.5l2.6-8h12.8l2.6 8v5.2a1.3 1.3 0 0 1-1.3 1.3H4.3A1.3 1.3 0 0 1 3 18.7zM3 13.5h5.2l1.4 2.4h4.8l1.4-2.4H21"
        ),
        line("M8 8.5h8M7.2 11h9.6"),
      ]
    case .magnifyingglass:
      return [line(circle(10.2, 10.2, 6.7) + "M15.1 15.1l5.4 5.4")]
    case .wifi:
      return [line(wifiArcs), fill(circle(12, 19, 1.4))]
    case .wifiSlash:
      return [line(wifiArcs), fill(circle(12, 19, 1.4)), slash]
    case .exclamationmarkTriangle:
      return [line("M12 3.6L2.6 20.2h18.8zM12 9.6v5"), fill(circle(12, 17.4, 1))]
    case .exclamationmarkCircle:
      return [line(ring + "M12 7.2v6"), fill(circle(12, 16.6, 1))]
    case .questionmarkCircle:
      return [line(ring + "M9.4 9.6a2.7 2.7 0 1 1 3.9 2.4c-.8.4-1.3 1-1.3 1.9v.4"), fill(circle(12, 17, 1))]
    case .checkmarkCircle:
      return [line(ring + "M7.6 12.4l3 3 5.8-6.4")]
    case .xmarkCircle:
      return [line(ring + "M9 9l6 6M15 9l-6 6")]
    case .heart:
      return [line(heartPath)]
    case .heartSlash:
      return [line(heartPath), slash]
    case .star:
      return [line(starPath)]
    case .bell:
      return [line(bellPath)]
    case .bellSlash:
      return [line(bellPath), slash]
    case .docText:
      return [line("M6 3h8.2L19 7.8V21H6zM14 3v5h5M9 12h7M9 15h7M9 18h4.5")]
    case .photo:
      return [line(box(2.8, 4.8, 18.4, 14.4, 2.2) + "M2.8 16.5l5-5 4 4 3-3 6.4 6.4"), fill(circle(8.6, 9.4, 1.5))]
    case .cart:
      return [line("M2.4 4h2.7l2.3 10.6h10.4l2-7.6H6"), fill(circle(9, 19, 1.5) + circle(17, 19, 1.5))]
    case .bag:
      return [line("M4.8 8h14.4l-1 12.6H5.8zM8.8 10.5V7a3.2 3.2 0 0 1 6.4 0v3.5")]
    case .personCropCircle:
      return [line(ring + circle(12, 9.8, 3.2) + "M5.8 18.3a7.3 7.3 0 0 1 12.4 0")]
    case .person2:
      return [line(circle(9, 8.5, 3.2) + "M3 19.5a6 6 0 0 1 12 0" + circle(16.5, 9, 2.6) + "M16.8 14a5 5 0 0 1 4.7 5")]
    case .lock:
      return [line(box(5, 10.5, 14, 10, 2) + "M8 10.5V7.5a4 4 0 0 1 8 0v3"), fill(circle(12, 15.5, 1.3))]
    case .icloud:
      return [line(cloudPath)]
    case .icloudSlash:
      return [line(cloudPath), slash]
    case .calendar:
      return [line(box(3.5, 5, 17, 15.5, 2.2) + "M3.5 9.8h17M8 3v4M16 3v4")]
    case .bookmark:
      return [line("M6.5 3.5h11v17L12 16.4l-5.5 4.1z")]
    case .folder:
      return [
        line(
          "M3 6.6A1.6 1.6 0 0 1 4.6 5h4.9l2 2.5h7.9A1.6 1.6 0 0 1 21 9.1v9.3a1.6 1.6 0 0 1-1.6 1.6H4.6A1.6 1.6 0 0 1 3 18.4z"
        )
      ]
    case .bubbleLeft:
      return [
        line(
          "M5.5 4.5h13a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5h-8l-4.5 3.5v-3.5h-.5A2.5 2.5 0 0 1 3 14V7a2.5 2.5 0 0 1 2.5-2.5z"
        )
      ]
    case .envelope:
      return [line(box(2.8, 5.2, 18.4, 13.6, 2) + "M3.6 6.8l8.4 6.4 8.4-6.4")]
    case .clock:
      return [line(ring + "M12 6.8v5.6l3.6 2.2")]
    case .map:
      return [line("M3 6.2l6-2.4 6 2.4 6-2.4v14l-6 2.4-6-2.4-6 2.4zM9 3.8v14M15 6.2v14")]
    case .mappin:
      return [line("M12 21s-6.6-6-6.6-11.2a6.6 6.6 0 0 1 13.2 0C18.6 15 12 21 12 21z" + circle(12, 9.8, 2.4))]
    case .gift:
      return [
        line("M4.2 11h15.6v9.5H4.2zM3 7.5h18V11H3zM12 7.5v13"),
        line("M12 7.5C10.4 4.4 7.2 4 7.4 6s4.6 1.5 4.6 1.5zM12 7.5c1.6-3.1 4.8-3.5 4.6-1.5s-4.6 1.5-4.6 1.5z"),
      ]
    case .tag:
      return [line("M3.5 11.8V4.4a.9.9 0 0 1 .9-.9h7.4l8.7 8.7-8.3 8.3z"), fill(circle(8, 8, 1.4))]
    case .musicNote:
      return [line("M9.5 18V5.5l10-2.2v12.6"), fill(circle(7, 18, 2.6) + circle(17, 16, 2.6))]
    case .playRectangle:
      return [line(box(2.8, 5, 18.4, 14, 2.4)), fill("M10 8.8l5.4 3.2-5.4 3.2z")]
    case .arrowClockwise:
      return [line("M19.2 12.2a7.2 7.2 0 1 1-2.1-5.1M19.6 3.6v4.6H15")]
    }
  }
}
