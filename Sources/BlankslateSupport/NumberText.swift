/// Numbers written the same way on every machine: at most two decimals,
/// no trailing zeros, no exponent, never "-0".
package enum NumberText {
  package static func format(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    // Most coordinates are whole points.
    if value == value.rounded(), abs(value) < 1e15 {
      return value == 0 ? "0" : String(Int64(value))
    }
    let hundredths = (value * 100).rounded()
    if hundredths == 0 { return "0" }
    let negative = hundredths < 0
    let magnitude = Int64(abs(hundredths))
    let whole = magnitude / 100
    let fraction = magnitude % 100
    var text = negative ? "-" : ""
    text += String(whole)
    if fraction != 0 {
      text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
    }
    return text
  }

  /// `value` with up to `fractionDigits` decimals, no trailing zeros (for
  /// small factors such as a glyph scale, where two decimals are too few).
  package static func format(_ value: Double, fractionDigits: Int) -> String {
    guard value.isFinite else { return "0" }
    var power: Int64 = 1
    for _ in 0..<fractionDigits { power *= 10 }
    let scaled = (value * Double(power)).rounded()
    if scaled == 0 { return "0" }
    let magnitude = Int64(abs(scaled))
    var fraction = String(magnitude % power)
    fraction = String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return (scaled < 0 ? "-" : "") + String(magnitude / power) + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// `value` with a comma between each group of three digits: 12,345.
  package static func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  /// Appends `format(value)`'s UTF-8 to `output` without making a string.
  package static func append(_ value: Double, to output: inout [UInt8]) {
    guard value.isFinite else {
      output.append(UInt8(ascii: "0"))
      return
    }
    let hundredths = (value * 100).rounded()
    if value == value.rounded(), abs(value) < 1e15 {
      appendDigits(Int64(value), to: &output)
      return
    }
    guard hundredths != 0 else {
      output.append(UInt8(ascii: "0"))
      return
    }
    let magnitude = Int64(abs(hundredths))
    if hundredths < 0 { output.append(UInt8(ascii: "-")) }
    appendDigits(magnitude / 100, to: &output)
    let fraction = magnitude % 100
    guard fraction != 0 else { return }
    output.append(UInt8(ascii: "."))
    output.append(UInt8(ascii: "0") + UInt8(fraction / 10))
    if fraction % 10 != 0 { output.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
  }

  /// Appends the decimal digits of `value` (with a `-` when negative) to `output` without making a string.
  package static func append(integer value: Int32, to output: inout [UInt8]) {
    appendDigits(Int64(value), to: &output)
  }

  private static func appendDigits(_ value: Int64, to output: inout [UInt8]) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    if magnitude < 10 {
      output.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    // Most numbers a page writes (coordinates, sizes, outline points) have
    // two to four digits: written at once, without a buffer.
    if magnitude < 10_000 {
      let digits = Int(magnitude)
      if digits >= 1000 { output.append(UInt8(ascii: "0") + UInt8(digits / 1000)) }
      if digits >= 100 { output.append(UInt8(ascii: "0") + UInt8(digits / 100 % 10)) }
      output.append(UInt8(ascii: "0") + UInt8(digits / 10 % 10))
      output.append(UInt8(ascii: "0") + UInt8(digits % 10))
      return
    }
    // Last digit first, into a buffer on the stack: dividing by the constant
    // ten is a multiplication, where dividing by a power of ten held in a
    // variable is a division per digit.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}
