import BlankslateSupport
import Foundation
import Testing

/// What a test reads from a PNG file's header.
package enum PNGHeader {
  /// Width and height from a PNG's IHDR chunk.
  package static func dimensions(_ png: [UInt8]) -> (width: Int, height: Int)? {
    guard png.count > 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    func number(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }
}
