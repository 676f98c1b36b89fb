/// The codec of the files the tool keeps for itself (the build cache, the
/// decoded definitions): values, each a netstring (`<decimal length>:<bytes>,`),
/// read without a parse tree, every length checked against what is left, so
/// a truncated or tampered file reads as not a cache, never as wrong values.
package struct Netstrings: Sendable {
  private let bytes: [UInt8]
  private var position: Int
  /// Where these fields end: the file's end, or the end of the value they were read out of (`nested()`).
  private let end: Int

  package init(_ bytes: [UInt8], from position: Int) {
    self.bytes = bytes
    self.position = position
    self.end = bytes.count
  }

  private init(_ bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    self.position = range.lowerBound
    self.end = range.upperBound
  }

  package var isAtEnd: Bool { position == end }

  /// The bytes not read yet.
  package var rest: ArraySlice<UInt8> { bytes[position..<end] }

  /// Where the next value's bytes lie, or nil when it is not a well-formed netstring.
  private mutating func field() -> Range<Int>? {
    var length = 0
    var digits = 0
    while position < end, bytes[position] >= 0x30, bytes[position] <= 0x39 {
      length = length * 10 + Int(bytes[position] - 0x30)
      digits += 1
      position += 1
      if digits > 10 { return nil }
    }
    guard digits > 0, position < end, bytes[position] == UInt8(ascii: ":"), length <= end - position - 2 else {
      return nil
    }
    let start = position + 1
    let valueEnd = start + length
    guard bytes[valueEnd] == UInt8(ascii: ",") else { return nil }
    position = valueEnd + 1
    return start..<valueEnd
  }

  /// The next value as UTF-8 text (nil for bytes that are not).
  package mutating func text() -> String? {
    guard let field = field() else { return nil }
    return bytes.withUnsafeBufferPointer { String(validatingUTF8Bytes: UnsafeBufferPointer(rebasing: $0[field])) }
  }

  /// The next value as text, one of `known` when its bytes are (then no
  /// string is made); a new one is added to `known`, up to sixteen.
  package mutating func text(among known: inout [String]) -> String? {
    guard let field = field() else { return nil }
    return bytes.withUnsafeBufferPointer { all in
      let utf8 = UnsafeBufferPointer(rebasing: all[field])
      for var text in known {
        if text.withUTF8({ $0.elementsEqual(utf8) }) { return text }
      }
      guard let text = String(validatingUTF8Bytes: utf8) else { return nil }
      if known.count < 16 { known.append(text) }
      return text
    }
  }

  /// The next value as a count: decimal digits, small enough to count bytes.
  package mutating func count() -> Int? {
    guard let field = field(), !field.isEmpty, field.count <= 15 else { return nil }
    var count = 0
    for index in field {
      let byte = bytes[index]
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      count = count * 10 + Int(byte - 0x30)
    }
    return count
  }

  /// The next value as 0 or 1.
  package mutating func flag() -> Bool? {
    switch count() {
    case 0?: false
    case 1?: true
    default: nil
    }
  }

  /// The next value as a hash the cache writes: 16 lower-case hexadecimal digits.
  package mutating func hash() -> String? {
    guard let field = field(), field.count == 16, bytes[field].allSatisfy(Self.isLowerHexDigit) else { return nil }
    return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[field]), as: UTF8.self) }
  }

  /// The next value as a finite number, written as its bits (`Writer.number`): exact, and read without a parse.
  package mutating func number() -> Double? {
    guard let field = field(), field.count == 16 else { return nil }
    var bits: UInt64 = 0
    for index in field {
      let byte = bytes[index]
      guard Self.isLowerHexDigit(byte) else { return nil }
      bits = bits << 4 | UInt64(byte <= 0x39 ? byte - 0x30 : byte - 0x61 + 10)
    }
    let number = Double(bitPattern: bits)
    return number.isFinite ? number : nil
  }

  /// Passes over the next value unread; false when it is not a well-formed netstring.
  package mutating func skip() -> Bool {
    field() != nil
  }

  /// The next value's bytes, as they are.
  package mutating func bytesOfValue() -> ArraySlice<UInt8>? {
    field().map { bytes[$0] }
  }

  /// The next value read as fields of its own (a record kept whole, as `Writer.nested` wrote it).
  package mutating func nested() -> Netstrings? {
    field().map { Netstrings(bytes, range: $0) }
  }

  private static func isLowerHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
  }

  /// Writes values as `Netstrings` reads them.
  package struct Writer {
    package var bytes: [UInt8]

    package init(capacity: Int) {
      bytes = []
      bytes.reserveCapacity(capacity)
    }

    /// Written straight into `bytes`, with no string made for a length or
    /// a count: a build writes the cache of every design each time (a
    /// 10,000-render site's is a megabyte, written in the save-to-reload of `serve`).
    package mutating func text(_ text: String) {
      var text = text
      text.withUTF8 { utf8 in raw(utf8) }
    }

    package mutating func count(_ count: Int) {
      decimal(Self.digits(of: count))
      bytes.append(UInt8(ascii: ":"))
      decimal(count)
      bytes.append(UInt8(ascii: ","))
    }

    package mutating func flag(_ flag: Bool) {
      count(flag ? 1 : 0)
    }

    /// A number as the 16 hexadecimal digits of its bits, so it reads back exactly.
    package mutating func number(_ number: Double) {
      bytes.append(contentsOf: [0x31, 0x36, UInt8(ascii: ":")])
      let bits = number.bitPattern
      for shift in stride(from: 60, through: 0, by: -4) {
        let digit = UInt8(truncatingIfNeeded: bits >> UInt64(shift)) & 0xF
        bytes.append(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
      }
      bytes.append(UInt8(ascii: ","))
    }

    /// Bytes as one value.
    package mutating func raw(_ value: some Collection<UInt8>) {
      decimal(value.count)
      bytes.append(UInt8(ascii: ":"))
      bytes.append(contentsOf: value)
      bytes.append(UInt8(ascii: ","))
    }

    /// The values `write` writes, as one value (read back by `nested()`).
    package mutating func nested(_ write: (inout Writer) -> Void) {
      var inner = Writer(capacity: 256)
      write(&inner)
      raw(inner.bytes)
    }

    /// `value`'s decimal digits (a count or a length: never negative).
    private mutating func decimal(_ value: Int) {
      let end = bytes.count + Self.digits(of: value)
      bytes.append(contentsOf: repeatElement(0, count: end - bytes.count))
      var rest = max(0, value)
      var position = end
      repeat {
        position -= 1
        bytes[position] = 0x30 + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
    }

    private static func digits(of value: Int) -> Int {
      var count = 1
      var rest = max(0, value)
      while rest >= 10 {
        rest /= 10
        count += 1
      }
      return count
    }
  }
}
