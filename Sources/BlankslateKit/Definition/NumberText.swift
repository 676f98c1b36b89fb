/// Numbers written the same way on every machine: at most two decimals,
/// no trailing zeros, no exponent, never "-0".
public enum NumberText {
  public static func format(_ value: Double) -> String {
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
}
