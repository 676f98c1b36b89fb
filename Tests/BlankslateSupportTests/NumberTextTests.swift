import Testing

@testable import BlankslateSupport

@Suite("Numbers with more decimals")
struct NumberTextTests {
  @Test(arguments: [0.8, 0.05, 1, 0.1234, -0.5, 12.00005, 0.00004, 1234.5678, 0])
  func theWriterWritesWhatFormatSays(value: Double) {
    var writer = MarkupWriter(capacity: 16)
    writer.number(value, fractionDigits: 4)
    #expect(writer.output == NumberText.format(value, fractionDigits: 4), "\(value)")
  }

  @Test func formatKeepsNoTrailingZeros() {
    #expect(NumberText.format(0.05, fractionDigits: 6) == "0.05")
    #expect(NumberText.format(0.8, fractionDigits: 4) == "0.8")
    #expect(NumberText.format(2, fractionDigits: 4) == "2")
    #expect(NumberText.format(-0.25, fractionDigits: 4) == "-0.25")
  }

  /// Every digit count, around each place the writer changes how it writes (one, four and five digits).
  @Test func integersAreWrittenAsSwiftWritesThem() {
    var values: [Int32] = [Int32.min, Int32.max, 0]
    for power in [1, 10, 100, 1000, 10_000, 100_000, 1_000_000_000] as [Int32] {
      values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
    }
    values += (-2100...2100).map { Int32($0) } + [9_999, 10_000, 10_001, 99_999, 123_456, -98_765]
    for value in values {
      var output: [UInt8] = []
      NumberText.append(integer: value, to: &output)
      #expect(String(decoding: output, as: UTF8.self) == String(value), "\(value)")
    }
  }
}
