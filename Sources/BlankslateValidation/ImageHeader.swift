import BlankslateSupport

/// The pixel size a raster image declares, read from its header alone, for
/// the formats an asset may be or embed: PNG, JPEG, GIF and WebP.
///
/// A decoder allocates what the header declares, so the header is what is
/// checked: a 200 KB file can declare 16,000 × 16,000 pixels (1 GB to draw).
/// An image's own size in points: what UIKit shows it at when no size is set.
package struct ImageExtent: Sendable, Equatable {
  package var width: Double
  package var height: Double

  package init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A bitmap of `pixels` read as UIKit reads an image named `path`: `name@2x.png`
  /// and `name@3x.png` have two and three pixels a point, any other one.
  package init(pixels: (width: Int, height: Int), path: String) {
    let scale = Double(Self.scale(ofImageNamed: path))
    self.init(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
  }

  /// The pixels a point UIKit reads from an image's file name: 3 for
  /// `name@3x.png`, 2 for `name@2x.png`, else 1.
  package static func scale(ofImageNamed path: String) -> Int {
    let name = path.split(separator: "/").last ?? ""
    let stem = name.split(separator: ".").first ?? name
    return stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
  }
}

enum ImageHeader {
  /// Every side of an image must lie in this range.
  static let sides = 1...8192

  /// The image's width and height, or why it cannot be used.
  static func size(of bytes: [UInt8], mediaType: String) -> Result<(width: Int, height: Int), Refusal> {
    let size: (width: Int, height: Int)?
    switch mediaType {
    case "image/png": size = png(bytes)
    case "image/jpeg": size = jpeg(bytes)
    case "image/gif": size = gif(bytes)
    case "image/webp": size = webp(bytes)
    default: return .failure(Refusal(reason: "\(mediaType) is not an image type Blankslate draws"))
    }
    guard let size else {
      return .failure(
        Refusal(reason: "it is not a \(mediaType.dropFirst(6).uppercased()) file (no valid signature and header)"))
    }
    guard sides.contains(size.width), sides.contains(size.height) else {
      return .failure(Refusal(reason: "its size \(size.width)×\(size.height) is outside 1…8192 pixels a side"))
    }
    return .success(size)
  }

  struct Refusal: Error {
    package var reason: String
  }

  private static func bigEndian(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
    bytes[range].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func littleEndian(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
    bytes[range].reversed().reduce(0) { $0 << 8 | Int($1) }
  }

  private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      return nil
    }
    return (bigEndian(bytes, 16..<20), bigEndian(bytes, 20..<24))
  }

  /// The first start-of-frame segment's size (every SOFn but DHT, JPG and DAC).
  private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var index = 2
    while index + 4 <= bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1  // fill bytes
        continue
      }
      if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
        index += 2
        continue
      }
      let length = bigEndian(bytes, (index + 2)..<(index + 4))
      guard length >= 2 else { return nil }
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        guard index + 9 <= bytes.count else { return nil }
        return (bigEndian(bytes, (index + 7)..<(index + 9)), bigEndian(bytes, (index + 5)..<(index + 7)))
      }
      if marker == 0xD9 || marker == 0xDA { return nil }  // the image ends or its data starts with no frame
      index += 2 + length
    }
    return nil
  }

  /// The logical screen and every frame inside it: a frame may be larger than the screen.
  private static func gif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 13, bytes[0..<6].elementsEqual("GIF87a".utf8) || bytes[0..<6].elementsEqual("GIF89a".utf8)
    else { return nil }
    var width = littleEndian(bytes, 6..<8)
    var height = littleEndian(bytes, 8..<10)
    var index = 13
    if bytes[10] & 0x80 != 0 { index += 3 << ((Int(bytes[10]) & 0x07) + 1) }
    func skipSubBlocks() {
      while index < bytes.count {
        let size = Int(bytes[index])
        index += 1 + size
        if size == 0 { return }
      }
    }
    while index < bytes.count {
      switch bytes[index] {
      case 0x2C:
        guard index + 10 <= bytes.count else { return nil }
        width = max(
          width, littleEndian(bytes, (index + 1)..<(index + 3)) + littleEndian(bytes, (index + 5)..<(index + 7)))
        height = max(
          height, littleEndian(bytes, (index + 3)..<(index + 5)) + littleEndian(bytes, (index + 7)..<(index + 9)))
        let packed = bytes[index + 9]
        index += 10
        if packed & 0x80 != 0 { index += 3 << ((Int(packed) & 0x07) + 1) }
        index += 1  // the LZW code size
        skipSubBlocks()
      case 0x21:
        index += 2
        skipSubBlocks()
      case 0x3B:
        return (width, height)
      default:
        return (width, height)
      }
    }
    return (width, height)
  }

  /// The canvas of a lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) WebP.
  private static func webp(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 30, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
      return nil
    }
    switch String(decoding: bytes[12..<16], as: UTF8.self) {
    case "VP8 ":
      guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
      return (littleEndian(bytes, 26..<28) & 0x3FFF, littleEndian(bytes, 28..<30) & 0x3FFF)
    case "VP8L":
      guard bytes[20] == 0x2F else { return nil }
      let bits = littleEndian(bytes, 21..<25)
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8X":
      return (littleEndian(bytes, 24..<27) + 1, littleEndian(bytes, 27..<30) + 1)
    default:
      return nil
    }
  }
}
