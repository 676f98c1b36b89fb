import BlankslateSupport
import Testing

/// A value written apart at the depth it will stand at, then put into a
/// document whole, gives the bytes of the document written in one go.
@Suite("JSON written apart and put in whole")
struct JSONWriterTests {
  static let values: [JSONDocument] = [
    .object([]),
    .array([]),
    .string("plain"),
    .number(3),
    .array([.number(1), .string("two"), .null]),
    .object([("tool", .string("blankslate")), ("fonts", .array((0..<10).map { .string("face \($0) \"q\"") }))]),
    .object([("a", .object([("b", .array([.object([("c", .bool(true))]), .array([.number(2.5)])]))]))]),
  ]

  @Test(arguments: [true, false])
  func aValueWrittenAtItsDepthIsTheSameBytesAsWrittenInPlace(pretty: Bool) {
    for value in Self.values {
      for depth in 1...3 {
        // The value `depth` levels deep: in objects, the deepest of them holding it beside a key before it.
        var whole = value
        for level in 0..<depth { whole = .object([("before", .number(Double(level))), ("value", whole)]) }
        var writer = JSONWriter(pretty: pretty)
        for level in (0..<depth).reversed() {
          writer.beginObject()
          writer.key("before")
          writer.number(Double(level))
          writer.key("value")
        }
        writer.value(json: value.renderedBytes(pretty: pretty, depth: depth))
        for _ in 0..<depth { writer.endObject() }
        #expect(writer.bytes == whole.renderedBytes(pretty: pretty), "\(value) at depth \(depth)")
      }
    }
  }
}
