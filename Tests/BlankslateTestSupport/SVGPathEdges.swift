import Foundation

/// SVG path data read as a viewer reads it: every command resolved to
/// absolute points, the control point `s` and `t` leave out inferred, and
/// each subpath closed by an explicit line back to its start. Written back
/// in the long form (`long`), a path says the same with nothing inferred, so
/// a test can draw both and compare the pixels; read as edges (`edges`), two
/// paths compare without a viewer.
package struct SVGPathEdges: Equatable, CustomStringConvertible {
  /// One drawn segment, or the start of a subpath: its letter (`M L Q C A`,
  /// or `Z` for the end of a closed subpath) and its absolute numbers.
  package struct Segment: Equatable {
    package var letter: Character
    package var values: [Double]
  }

  package private(set) var segments: [Segment] = []

  package var description: String {
    segments.map { "\($0.letter)" + $0.values.map { String($0) }.joined(separator: " ") }.joined(separator: " ")
  }

  package enum Failure: Error, CustomStringConvertible {
    case unreadable(String, at: Int)

    package var description: String {
      switch self {
      case .unreadable(let data, let at):
        "path data unreadable at \(at): …\(data.dropFirst(max(0, at - 20)).prefix(40))…"
      }
    }
  }

  /// Reads `data`. `droppingEmptyLines`: leaves out lines that end where they start (they draw nothing).
  package init(_ data: String, droppingEmptyLines: Bool = false) throws {
    let bytes = Array(data.utf8)
    var index = 0
    func skipSeparators() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x2C || bytes[index] == 0x0A
          || bytes[index] == 0x09 || bytes[index] == 0x0D
      {
        index += 1
      }
    }
    func number() throws -> Double {
      skipSeparators()
      let start = index
      if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B { index += 1 }
      var seenDot = false
      while index < bytes.count {
        let byte = bytes[index]
        if (0x30...0x39).contains(byte) {
          index += 1
        } else if byte == 0x2E, !seenDot {
          seenDot = true
          index += 1
        } else if byte == 0x65 || byte == 0x45 {
          index += 1
          if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B { index += 1 }
        } else {
          break
        }
      }
      guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
        throw Failure.unreadable(data, at: start)
      }
      return value
    }
    func flag() throws -> Double {
      skipSeparators()
      guard index < bytes.count, bytes[index] == 0x30 || bytes[index] == 0x31 else {
        throw Failure.unreadable(data, at: index)
      }
      defer { index += 1 }
      return bytes[index] == 0x31 ? 1 : 0
    }
    func startsNumber() -> Bool {
      skipSeparators()
      guard index < bytes.count else { return false }
      let byte = bytes[index]
      return (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2B || byte == 0x2E
    }

    var current = (x: 0.0, y: 0.0)
    var start = current
    var lastCubic: (x: Double, y: Double)?
    var lastQuadratic: (x: Double, y: Double)?
    var letter: UInt8 = 0
    func add(_ letter: Character, _ values: [Double]) {
      segments.append(Segment(letter: letter, values: values))
    }
    func close() {
      if current != start { add("L", [start.x, start.y]) }
      add("Z", [])
      current = start
    }
    skipSeparators()
    while index < bytes.count {
      let byte = bytes[index]
      if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) {
        letter = byte
        index += 1
      } else if letter == 0 || !startsNumber() {
        throw Failure.unreadable(data, at: index)
      }
      let relative = (0x61...0x7A).contains(letter)
      func point() throws -> (x: Double, y: Double) {
        let x = try number()
        let y = try number()
        return relative ? (current.x + x, current.y + y) : (x, y)
      }
      var cubicControl: (x: Double, y: Double)?
      var quadraticControl: (x: Double, y: Double)?
      switch letter | 0x20 {
      case 0x6D:  // m
        current = try point()
        start = current
        add("M", [current.x, current.y])
        // Numbers after a move's first pair are lines.
        letter = relative ? 0x6C : 0x4C
      case 0x6C:  // l
        let to = try point()
        if !(droppingEmptyLines && to == current) { add("L", [to.x, to.y]) }
        current = to
      case 0x68:  // h
        let value = try number()
        let to = (x: relative ? current.x + value : value, y: current.y)
        if !(droppingEmptyLines && to == current) { add("L", [to.x, to.y]) }
        current = to
      case 0x76:  // v
        let value = try number()
        let to = (x: current.x, y: relative ? current.y + value : value)
        if !(droppingEmptyLines && to == current) { add("L", [to.x, to.y]) }
        current = to
      case 0x63, 0x73:  // c, s
        let first: (x: Double, y: Double)
        if letter | 0x20 == 0x73 {
          first = lastCubic.map { (x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
        } else {
          first = try point()
        }
        let second = try point()
        let to = try point()
        add("C", [first.x, first.y, second.x, second.y, to.x, to.y])
        current = to
        cubicControl = second
      case 0x71, 0x74:  // q, t
        let control: (x: Double, y: Double)
        if letter | 0x20 == 0x74 {
          control = lastQuadratic.map { (x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
        } else {
          control = try point()
        }
        let to = try point()
        add("Q", [control.x, control.y, to.x, to.y])
        current = to
        quadraticControl = control
      case 0x61:  // a
        let rx = try number()
        let ry = try number()
        let rotation = try number()
        let large = try flag()
        let sweep = try flag()
        let to = try point()
        add("A", [rx, ry, rotation, large, sweep, to.x, to.y])
        current = to
      case 0x7A:  // z
        close()
        letter = 0
      default:
        throw Failure.unreadable(data, at: index - 1)
      }
      lastCubic = cubicControl
      lastQuadratic = quadraticControl
      skipSeparators()
    }
  }

  /// The path in its long form: absolute commands, each with its letter,
  /// every control point written and every closing line drawn before `Z`.
  package var long: String {
    segments.map { segment in
      "\(segment.letter)" + segment.values.map(Self.number).joined(separator: " ")
    }.joined()
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// `svg` with the `d` of every path written in whole numbers (the text
  /// outlines) in its long form (`long`). Other paths stay as they are: a
  /// fraction summed by this reader need not be the float a viewer sums.
  package static func longForm(of svg: String) throws -> String {
    var out = ""
    var rest = Substring(svg)
    while let found = rest.range(of: " d=\"") {
      out += rest[..<found.upperBound]
      rest = rest[found.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      let data = rest[..<end]
      let whole = !data.contains { $0 == "." || $0 == "e" || $0 == "E" || $0 == "a" || $0 == "A" }
      out += whole ? try SVGPathEdges(String(data)).long : String(data)
      rest = rest[end...]
    }
    return out + rest
  }
}
