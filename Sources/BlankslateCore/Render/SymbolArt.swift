import BlankslateSupport
import Foundation
import BlankslateModel

/// The drawings of the definition symbols (`SymbolName`): line art on a 24-point
/// grid, stroked at about SF Symbols' regular weight, in one colour (the tint).
///
/// A `.fill` symbol is its outline's shape filled, with the inner details
/// knocked out as holes (`fill-rule="evenodd"`), as SF Symbols draws
/// `exclamationmark.triangle.fill`; a slashed symbol is its plain form with a
/// stroke across it, as `wifi.slash`. There is no slashed `.fill`: its gap
/// beside the slash would need a mask, not a hole. Each drawing is the project's own.
enum SymbolArt {
  static let grid = Size(width: 24, height: 24)
  static let weight = 1.75
  private static let stroke = Glyph.Layer.Paint.stroke(weight)

  private static func line(_ path: String) -> Glyph.Layer { Glyph.Layer(path: path, paint: stroke) }
  private static func fill(_ path: String) -> Glyph.Layer { Glyph.Layer(path: path, paint: .fill) }
  private static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> String { Glyph.circle(cx, cy, r) }
  private static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) -> String {
    Glyph.roundedRect(x, y, w, h, r)
  }

  /// A shape filled to the outer edge of its outline's stroke, with `holes` knocked out of it.
  private static func solid(_ outline: String, holes: String = "") -> [Glyph.Layer] {
    [Glyph.Layer(path: outline + holes, paint: .evenOddFill), line(outline)]
  }

  private static func f(_ value: Double) -> String { NumberText.format(value, fractionDigits: 2) }

  /// A closed polygon through `points`.
  private static func polygon(_ points: [(Double, Double)]) -> String {
    points.enumerated().map { ($0.offset == 0 ? "M" : "L") + f($0.element.0) + " " + f($0.element.1) }.joined()
      + "z"
  }

  /// The outline of a stroke `width` wide along the segment, with round ends: a hole shaped like a line.
  private static func capsule(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ width: Double) -> String {
    let length = ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot()
    let r = width / 2
    let (nx, ny) = (-(y2 - y1) / length * r, (x2 - x1) / length * r)
    return "M\(f(x1 + nx)) \(f(y1 + ny))L\(f(x2 + nx)) \(f(y2 + ny))A\(f(r)) \(f(r)) 0 0 0 \(f(x2 - nx)) \(f(y2 - ny))"
      + "L\(f(x1 - nx)) \(f(y1 - ny))A\(f(r)) \(f(r)) 0 0 0 \(f(x1 + nx)) \(f(y1 + ny))z"
  }

  /// The outline of a stroke `width` wide along a polyline, mitred at its
  /// joints and squared at its ends: a hole shaped like a bent line (a checkmark, a clock's hands).
  private static func bentLine(_ points: [(Double, Double)], _ width: Double) -> String {
    let r = width / 2
    func normal(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
      let length = ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
      return (-(b.1 - a.1) / length, (b.0 - a.0) / length)
    }
    func direction(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
      let n = normal(a, b)
      return (n.1, -n.0)
    }
    var left: [(Double, Double)] = []
    var right: [(Double, Double)] = []
    for (index, point) in points.enumerated() {
      let n: (Double, Double)
      var p = point
      if index == 0 {
        n = normal(point, points[1])
        let d = direction(point, points[1])
        p = (point.0 - d.0 * r, point.1 - d.1 * r)
      } else if index == points.count - 1 {
        n = normal(points[index - 1], point)
        let d = direction(points[index - 1], point)
        p = (point.0 + d.0 * r, point.1 + d.1 * r)
      } else {
        // The mitre: the sum of the two normals, lengthened so each side stays `r` from its segment.
        let a = normal(points[index - 1], point)
        let b = normal(point, points[index + 1])
        let sum = (a.0 + b.0, a.1 + b.1)
        let scale = 2 / (sum.0 * sum.0 + sum.1 * sum.1)
        n = (sum.0 * scale, sum.1 * scale)
      }
      left.append((p.0 + n.0 * r, p.1 + n.1 * r))
      right.append((p.0 - n.0 * r, p.1 - n.1 * r))
    }
    return polygon(left + right.reversed())
  }

  /// A plus sign's outline centred on (`cx`, `cy`), its arms `arm` long and `width` wide; turned 45° for an ×.
  private static func cross(_ cx: Double, _ cy: Double, arm: Double, width: Double, turned: Bool) -> String {
    let h = width / 2
    let corners: [(Double, Double)] = [
      (h, arm), (h, h), (arm, h), (arm, -h), (h, -h), (h, -arm), (-h, -arm), (-h, -h), (-arm, -h), (-arm, h), (-h, h),
      (-h, arm),
    ]
    let c = turned ? (0.5 as Double).squareRoot() : 1
    let s = turned ? (0.5 as Double).squareRoot() : 0
    return polygon(corners.map { (cx + $0.0 * c - $0.1 * s, cy + $0.0 * s + $0.1 * c) })
  }

  /// A four-pointed sparkle of radius `r`, its sides curving in.
  private static func sparkle(_ cx: Double, _ cy: Double, _ r: Double) -> String {
    "M\(f(cx)) \(f(cy - r))Q\(f(cx)) \(f(cy)) \(f(cx + r)) \(f(cy))Q\(f(cx)) \(f(cy)) \(f(cx)) \(f(cy + r))"
      + "Q\(f(cx)) \(f(cy)) \(f(cx - r)) \(f(cy))Q\(f(cx)) \(f(cy)) \(f(cx)) \(f(cy - r))z"
  }

  /// A gear of eight teeth around (12, 12).
  private static let gearPath: String = {
    var points: [(Double, Double)] = []
    for tooth in 0..<8 {
      let centre = Double(tooth) * Double.pi / 4
      for (offset, radius) in [(-0.3, 7.1), (-0.17, 9.6), (0.17, 9.6), (0.3, 7.1)] {
        let angle = centre + offset
        points.append((12 + radius * sin(angle), 12 - radius * cos(angle)))
      }
    }
    return polygon(points)
  }()

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
  private static let icloudPath = "M7.2 18.5a4.3 4.3 0 0 1-.5-8.6 5.8 5.8 0 0 1 11.1 1.3 3.7 3.7 0 0 1-.3 7.3z"
  private static let cloudPath =
    "M6.6 19a4.1 4.1 0 0 1-.6-8.2 6 6 0 0 1 11.4-1.2 4.7 4.7 0 0 1 .4 9.4z"
  /// The arcs span 20 of the 24 units, as wide as SF's `wifi.slash` against
  /// its height (54 × 45 pt of ink at 48 pt on iOS 17, `CalibrationTests`).
  private static let wifiArcs =
    "M2 9.6a14.2 14.2 0 0 1 20 0M5.4 12.7a9.3 9.3 0 0 1 13.2 0M8.75 15.7a4.5 4.5 0 0 1 6.5 0"
  private static let trayPath =
    "M3 13.5l2.6-8h12.8l2.6 8v5.2a1.3 1.3 0 0 1-1.3 1.3H4.3A1.3 1.3 0 0 1 3 18.7zM3 13.5h5.2l1.4 2.4h4.8l1.4-2.4H21"
  private static let trayWell = "M3 13.5h5.2l1.4 2.4h4.8l1.4-2.4H21v5.2a1.3 1.3 0 0 1-1.3 1.3H4.3A1.3 1.3 0 0 1 3 18.7z"
  private static let triangle = "M12 3.6L2.6 20.2h18.8z"
  private static let docPage = "M6 3h8.2L19 7.8V21H6z"
  private static let docLines = "M9 12h7M9 15h7M9 18h4.5"
  private static let docLineHoles =
    capsule(9, 12, 16, 12, 1.5) + capsule(9, 15, 16, 15, 1.5) + capsule(9, 18, 13.5, 18, 1.5)
  private static let photoFrame = box(2.8, 4.8, 18.4, 14.4, 2.2)
  private static let lockBody = box(5, 10.5, 14, 10, 2)
  private static let bookmarkPath = "M6.5 3.5h11v17L12 16.4l-5.5 4.1z"
  private static let folderPath =
    "M3 6.6A1.6 1.6 0 0 1 4.6 5h4.9l2 2.5h7.9A1.6 1.6 0 0 1 21 9.1v9.3a1.6 1.6 0 0 1-1.6 1.6H4.6A1.6 1.6 0 0 1 3 18.4z"
  private static let bubblePath =
    "M5.5 4.5h13a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5h-8l-4.5 3.5v-3.5h-.5A2.5 2.5 0 0 1 3 14V7a2.5 2.5 0 0 1 2.5-2.5z"
  private static let envelopeBox = box(2.8, 5.2, 18.4, 13.6, 2)
  private static let mapPath = "M3 6.2l6-2.4 6 2.4 6-2.4v14l-6 2.4-6-2.4-6 2.4z"
  private static let mappinPath = "M12 21s-6.6-6-6.6-11.2a6.6 6.6 0 0 1 13.2 0C18.6 15 12 21 12 21z"
  private static let tagPath = "M3.5 11.8V4.4a.9.9 0 0 1 .9-.9h7.4l8.7 8.7-8.3 8.3z"
  private static let playFrame = box(2.8, 5, 18.4, 14, 2.4)
  private static let playTriangle = "M10 8.8l5.4 3.2-5.4 3.2z"
  private static let locationPath = "M20.3 3.7L3.6 10.9l7.5 2 2 7.5z"
  private static let housePath = "M12 3.9l8.6 7.3h-2.2v9.3H5.6v-9.3H3.4z"
  private static let trashBody = "M6.2 6.8l1 13.7h9.6l1-13.7z"
  private static let paperplanePath = "M21 3L3 10.4l7.2 3.4 3.4 7.2z"
  private static let cardBox = box(2.5, 5, 19, 14, 2.2)
  private static let boltPath = "M13.5 2.8L5.5 13.5h6l-1 7.7 8-10.7h-6z"
  private static let flagCloth = "M5.5 4.5c3-1.6 5.5 1.4 8.5 0s4.5-1 5-.5v9c-.5-.5-2-1-5 .5s-5.5-1.6-8.5 0z"
  private static let eyePath = "M2.5 12s3.5-6.5 9.5-6.5S21.5 12 21.5 12s-3.5 6.5-9.5 6.5S2.5 12 2.5 12z"
  private static let cameraBody =
    "M3 8.5a1.8 1.8 0 0 1 1.8-1.8h2.7L9 4.5h6l1.5 2.2h2.7A1.8 1.8 0 0 1 21 8.5v9.7a1.8 1.8 0 0 1-1.8 1.8H4.8A1.8 1.8 0 0 1 3 18.2z"
  private static let giftBox = "M4.2 11h15.6v9.5H4.2zM3 7.5h18V11H3z"
  private static let giftBow =
    "M12 7.5C10.4 4.4 7.2 4 7.4 6s4.6 1.5 4.6 1.5zM12 7.5c1.6-3.1 4.8-3.5 4.6-1.5s-4.6 1.5-4.6 1.5z"
  private static let personHead = circle(12, 9.8, 3.2)
  private static let personShoulders = "M5.8 18.3a7.3 7.3 0 0 1 12.4 0"

  // swiftlint:disable:next cyclomatic_complexity
  private static func drawing(of symbol: SymbolName) -> [Glyph.Layer] {
    switch symbol {
    case .tray: [line(trayPath)]
    case .trayFill: [line(trayPath), fill(trayWell)]
    case .trayFull: [line(trayPath), line("M8 8.5h8M7.2 11h9.6")]
    case .trayFullFill: [line(trayPath), fill(trayWell), line("M8 8.5h8M7.2 11h9.6")]
    case .magnifyingglass: [line(circle(10.2, 10.2, 6.7) + "M15.1 15.1l5.4 5.4")]
    case .wifi: [line(wifiArcs), fill(circle(12, 19, 1.4))]
    case .wifiSlash: [line(wifiArcs), fill(circle(12, 19, 1.4)), slash]
    case .exclamationmarkTriangle: [line(triangle + "M12 9.6v5"), fill(circle(12, 17.4, 1))]
    case .exclamationmarkTriangleFill:
      solid(triangle, holes: capsule(12, 9.6, 12, 14.6, 1.9) + circle(12, 17.4, 1.1))
    case .exclamationmarkCircle: [line(ring + "M12 7.2v6"), fill(circle(12, 16.6, 1))]
    case .exclamationmarkCircleFill: solid(ring, holes: capsule(12, 7.2, 12, 13.2, 1.9) + circle(12, 16.6, 1.1))
    case .questionmarkCircle:
      [line(ring + "M9.4 9.6a2.7 2.7 0 1 1 3.9 2.4c-.8.4-1.3 1-1.3 1.9v.4"), fill(circle(12, 17, 1))]
    case .checkmarkCircle: [line(ring + "M7.6 12.4l3 3 5.8-6.4")]
    case .checkmarkCircleFill: solid(ring, holes: bentLine([(7.6, 12.4), (10.6, 15.4), (16.4, 9)], 1.9))
    case .xmarkCircle: [line(ring + "M9 9l6 6M15 9l-6 6")]
    case .xmarkCircleFill: solid(ring, holes: cross(12, 12, arm: 4.6, width: 1.9, turned: true))
    case .infoCircle: [line(ring + "M12 11v5.8"), fill(circle(12, 7.9, 1.1))]
    case .infoCircleFill: solid(ring, holes: capsule(12, 11, 12, 16.8, 1.9) + circle(12, 7.9, 1.2))
    case .plusCircle: [line(ring + "M12 7.5v9M7.5 12h9")]
    case .plusCircleFill: solid(ring, holes: cross(12, 12, arm: 4.6, width: 1.9, turned: false))
    case .heart: [line(heartPath)]
    case .heartFill: solid(heartPath)
    case .heartSlash: [line(heartPath), slash]
    case .star: [line(starPath)]
    case .starFill: solid(starPath)
    case .bell: [line(bellPath)]
    case .bellFill: solid(bellPath)
    case .bellSlash: [line(bellPath), slash]
    case .doc: [line(docPage + "M14 3v5h5")]
    case .docFill: solid(docPage, holes: "M14.8 4.4v2.8h2.9z")
    case .docText: [line(docPage + "M14 3v5h5" + docLines)]
    case .docTextFill: solid(docPage, holes: "M14.8 4.4v2.8h2.9z" + docLineHoles)
    case .photo:
      [line(photoFrame + "M2.8 16.5l5-5 4 4 3-3 6.4 6.4"), fill(circle(8.6, 9.4, 1.5))]
    case .camera: [line(cameraBody + circle(12, 13, 3.6))]
    case .cameraFill: solid(cameraBody, holes: circle(12, 13, 4) + circle(12, 13, 2.5))
    case .cart: [line("M2.4 4h2.7l2.3 10.6h10.4l2-7.6H6"), fill(circle(9, 19, 1.5) + circle(17, 19, 1.5))]
    case .cartFill:
      [
        line("M2.4 4h2.7l2.3 10.6h10.4"), solid("M6 7h14.6l-2 7.6H7.6z")[0],
        fill(circle(9, 19, 1.6) + circle(17, 19, 1.6)),
      ]
    case .bag: [line("M4.8 8h14.4l-1 12.6H5.8zM8.8 10.5V7a3.2 3.2 0 0 1 6.4 0v3.5")]
    case .bagFill:
      solid("M4.8 8h14.4l-1 12.6H5.8z", holes: circle(8.8, 10.6, 0.95) + circle(15.2, 10.6, 0.95))
        + [line("M8.8 8V7a3.2 3.2 0 0 1 6.4 0v1")]
    case .creditcard: [line(cardBox + "M2.5 9.5h19M6 15.5h4")]
    case .creditcardFill:
      [
        Glyph.Layer(
          path: box(1.6, 4.1, 20.8, 15.8, 3) + "M1.6 8.6h20.8v1.9H1.6z" + capsule(6, 15.5, 10, 15.5, 1.6),
          paint: .evenOddFill)
      ]
    case .person: [line(circle(12, 8, 3.8) + "M4.5 20.5a7.5 7.5 0 0 1 15 0")]
    case .personFill: [fill(circle(12, 8, 4.6) + "M3.6 21.3a8.4 8.4 0 0 1 16.8 0z")]
    case .personCropCircle: [line(ring + personHead + personShoulders)]
    case .personCropCircleFill:
      solid(ring, holes: circle(12, 9.8, 3.5) + "M5.4 18.2a7.7 7.7 0 0 1 13.2 0 8.4 8.4 0 0 1-13.2 0z")
    case .person2:
      [line(circle(9, 8.5, 3.2) + "M3 19.5a6 6 0 0 1 12 0" + circle(16.5, 9, 2.6) + "M16.8 14a5 5 0 0 1 4.7 5")]
    case .person2Fill:
      [
        fill(circle(9, 8.5, 4) + "M2.1 20.4a6.9 6.9 0 0 1 13.8 0z" + circle(16.8, 8.9, 3.3)),
        fill("M16.4 13.2a5.9 5.9 0 0 1 6 6.3h-5.3a8 8 0 0 0-2.4-5.9 5.8 5.8 0 0 1 1.7-.4z"),
      ]
    case .lock: [line(lockBody + "M8 10.5V7.5a4 4 0 0 1 8 0v3"), fill(circle(12, 15.5, 1.3))]
    case .lockFill: solid(lockBody, holes: circle(12, 15.5, 1.5)) + [line("M8 10.5V7.5a4 4 0 0 1 8 0v3")]
    case .icloud: [line(icloudPath)]
    case .icloudFill: solid(icloudPath)
    case .icloudSlash: [line(icloudPath), slash]
    case .cloud: [line(cloudPath)]
    case .cloudFill: solid(cloudPath)
    case .calendar: [line(box(3.5, 5, 17, 15.5, 2.2) + "M3.5 9.8h17M8 3v4M16 3v4")]
    case .bookmark: [line(bookmarkPath)]
    case .bookmarkFill: solid(bookmarkPath)
    case .folder: [line(folderPath)]
    case .folderFill: solid(folderPath)
    // A book's pages span 20 and 21.6 units: SF's `book.fill` is 54 × 43 pt of ink at 48 pt (iOS 17, `CalibrationTests`).
    case .book:
      [
        line(
          "M12 6.5C9.7 4.9 6.2 4.5 2 5v14c4.2-.5 7.7 0 10 1.5 2.3-1.5 5.8-2 10-1.5V5c-4.2-.5-7.7-.1-10 1.5zM12 6.5v14")
      ]
    case .bookFill:
      [
        fill(
          "M11.2 6.1C8.9 4.5 5.3 4 1.2 4.4v15.4c4-.4 7.4 0 10 1.3zM12.8 6.1c2.3-1.6 5.9-2.1 10-1.7v15.4c-4-.4-7.4 0-10 1.3z"
        )
      ]
    case .bubbleLeft: [line(bubblePath)]
    case .bubbleLeftFill: solid(bubblePath)
    case .bubbleLeftAndBubbleRight:
      [
        line(
          "M5 9.5h7.5a2.2 2.2 0 0 1 2.2 2.2v4.1a2.2 2.2 0 0 1-2.2 2.2H8.4l-3.4 2.7v-2.7A2.2 2.2 0 0 1 2.8 15.8v-4.1A2.2 2.2 0 0 1 5 9.5z"
        ),
        line("M8.6 7.2V6.2A2.2 2.2 0 0 1 10.8 4h8a2.2 2.2 0 0 1 2.2 2.2v4.3a2.2 2.2 0 0 1-2.2 2.2h-.6v2.6l-3.2-2.6"),
      ]
    case .textBubble: [line(bubblePath + "M7.5 8.5h9M7.5 12h6")]
    case .textBubbleFill:
      solid(bubblePath, holes: capsule(7.5, 8.5, 16.5, 8.5, 1.6) + capsule(7.5, 12, 13.5, 12, 1.6))
    case .envelope: [line(envelopeBox + "M3.6 6.8l8.4 6.4 8.4-6.4")]
    case .envelopeFill: solid(envelopeBox, holes: bentLine([(4.4, 7.6), (12, 13.4), (19.6, 7.6)], 1.5))
    case .paperplane: [line(paperplanePath + "M10.2 13.8L21 3")]
    case .paperplaneFill: solid(paperplanePath, holes: capsule(10.9, 13.1, 18.6, 5.4, 1.1))
    case .clock: [line(ring + "M12 6.8v5.6l3.6 2.2")]
    case .clockFill: solid(ring, holes: bentLine([(12, 6.8), (12, 12.4), (15.6, 14.6)], 1.9))
    case .map: [line(mapPath + "M9 3.8v14M15 6.2v14")]
    case .mapFill: solid(mapPath, holes: capsule(9, 5, 9, 16.6, 1.2) + capsule(15, 7.4, 15, 19, 1.2))
    case .mappin: [line(mappinPath + circle(12, 9.8, 2.4))]
    case .location: [line(locationPath)]
    case .locationFill: solid(locationPath)
    case .locationSlash: [line(locationPath), slash]
    case .globe:
      [line(ring + "M2.8 12h18.4M12 2.8c-4.6 5-4.6 13.4 0 18.4M12 2.8c4.6 5 4.6 13.4 0 18.4")]
    case .gift: [line(giftBox + "M12 7.5v13"), line(giftBow)]
    case .giftFill:
      [Glyph.Layer(path: giftBox + "M11.2 7.5h1.6v13h-1.6z", paint: .evenOddFill), line(giftBow)]
    case .tag: [line(tagPath), fill(circle(8, 8, 1.4))]
    case .tagFill: solid(tagPath, holes: circle(8, 8, 1.5))
    case .shippingbox: [line("M12 3l8.5 4.5v9L12 21l-8.5-4.5v-9zM3.5 7.5L12 12l8.5-4.5M12 12v9M7.8 5.2l8.5 4.6")]
    case .musicNote: [line("M9.5 18V5.5l10-2.2v12.6"), fill(circle(7, 18, 2.6) + circle(17, 16, 2.6))]
    case .playRectangle: [line(playFrame), fill(playTriangle)]
    case .playRectangleFill: solid(playFrame, holes: playTriangle)
    case .house: [line("M3.5 11.2L12 4l8.5 7.2M5.8 9.4V20h4.4v-5.6h3.6V20h4.4V9.4")]
    case .houseFill: [Glyph.Layer(path: housePath + "M10.2 20.5v-5.7h3.6v5.7z", paint: .evenOddFill)]
    case .gearshape: [line(gearPath + circle(12, 12, 3.2))]
    case .gearshapeFill: solid(gearPath, holes: circle(12, 12, 3.4))
    case .trash: [line("M4 6.8h16M9.5 6.8V4.6h5v2.2" + trashBody + "M10 10.2v6.8M14 10.2v6.8")]
    case .trashFill:
      [line("M4 6.8h16M9.5 6.8V4.6h5v2.2")]
        + solid(trashBody, holes: capsule(10, 10.4, 10, 16.8, 1.4) + capsule(14, 10.4, 14, 16.8, 1.4))
    case .bolt: [line(boltPath)]
    case .boltFill: solid(boltPath)
    case .sparkles: [fill(sparkle(11, 10, 7) + sparkle(18.5, 18.2, 3) + sparkle(5.2, 19, 2.2))]
    case .flag: [line("M5.5 21V4" + flagCloth)]
    case .flagFill: [line("M5.5 21V4")] + solid(flagCloth)
    case .eye: [line(eyePath + circle(12, 12, 3))]
    case .eyeSlash: [line(eyePath + circle(12, 12, 3)), slash]
    case .antennaRadiowavesLeftAndRight:
      [
        line(
          "M12 11.4v9.1M8.4 6.4a5 5 0 0 0 0 7M15.6 6.4a5 5 0 0 1 0 7M5.3 3.8a8.8 8.8 0 0 0 0 13.2M18.7 3.8a8.8 8.8 0 0 1 0 13.2"
        ),
        fill(circle(12, 9.9, 1.5)),
      ]
    case .squareAndArrowUp: [line("M8.5 9.5H6.5v11h11v-11h-2M12 3.5v11M8.5 7L12 3.5 15.5 7")]
    case .arrowDownCircle: [line(ring + "M12 7v9.5M8 12.5l4 4 4-4")]
    case .arrowDownCircleFill:
      solid(
        ring,
        holes: bentLine([(8, 12.5), (12, 16.5), (16, 12.5)], 1.9)
          + polygon([(11.05, 7), (12.95, 7), (12.95, 14.2), (12, 15.16), (11.05, 14.2)]))
    case .arrowClockwise: [line("M19.2 12.2a7.2 7.2 0 1 1-2.1-5.1M19.6 3.6v4.6H15")]
    case .arrowLeft: [line("M20 12H4.5M10.5 6l-6 6 6 6")]
    case .arrowRight: [line("M4 12h15.5M13.5 6l6 6-6 6")]
    case .arrowUturnBackward: [line("M9 5L4.5 9.5 9 14M4.5 9.5h10a5 5 0 0 1 0 10H11")]
    case .chevronLeft: [Glyph.Layer(path: "M15 4.5L7.5 12l7.5 7.5", paint: .stroke(2.2))]
    case .chevronRight: [Glyph.Layer(path: "M9 4.5l7.5 7.5L9 19.5", paint: .stroke(2.2))]
    case .listBullet:
      [line("M9 6.5h11M9 12h11M9 17.5h11"), fill(circle(5, 6.5, 1.4) + circle(5, 12, 1.4) + circle(5, 17.5, 1.4))]
    }
  }
}
