import Testing

@testable import BlankslateKit
@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSupport
@testable import BlankslateValidation

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
}
