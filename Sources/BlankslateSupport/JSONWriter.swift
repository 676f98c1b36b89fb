/// Writes JSON text as it goes: the one JSON writer of the project. Keys
/// and values in the order written, strings escaped by `JSONDocument.quote`,
/// numbers as `JSONDocument` writes them; `pretty` indents by two spaces,
/// and `spacedColons` writes `"key" : value` as Xcode writes its JSON files.
///
/// A value already written as JSON elsewhere (a design's entry, made on
/// another worker) goes in whole with `value(json:)`, which says where it lies.
package struct JSONWriter {
  package private(set) var bytes: [UInt8]
  let pretty: Bool
  private let keySeparator: String
  /// The open arrays and objects: how many members each has, and whether an array stays on one line.
  private var levels: [(isObject: Bool, count: Int, inline: Bool)] = []
  /// How deep the value written lies in a document written elsewhere (`pretty` indents it so).
  private let depth: Int

  /// - `prefix`: bytes before the JSON (`window.BlankslateIndex = ` in a script).
  /// - `depth`: with `pretty`, the value is indented as a value that many
  ///   levels deep, to go into a document whole (`value(json:)`).
  package init(
    pretty: Bool = false, spacedColons: Bool = false, prefix: [UInt8] = [], capacity: Int = 4096, depth: Int = 0
  ) {
    self.pretty = pretty
    keySeparator = spacedColons ? " : " : pretty ? ": " : ":"
    bytes = prefix
    bytes.reserveCapacity(capacity)
    self.depth = depth
  }

  package mutating func beginObject() {
    beforeValue()
    bytes.append(UInt8(ascii: "{"))
    levels.append((true, 0, false))
  }

  package mutating func endObject() {
    let level = levels.removeLast()
    if pretty, level.count > 0 { newline(levels.count) }
    bytes.append(UInt8(ascii: "}"))
  }

  /// - `inline`: with `pretty`, keeps the array on one line (`[1, 2]`).
  package mutating func beginArray(inline: Bool = false) {
    beforeValue()
    bytes.append(UInt8(ascii: "["))
    levels.append((false, 0, inline || !pretty))
  }

  package mutating func endArray() {
    let level = levels.removeLast()
    if !level.inline, level.count > 0 { newline(levels.count) }
    bytes.append(UInt8(ascii: "]"))
  }

  /// The next member's key; its value follows.
  package mutating func key(_ key: String) {
    let count = levels[levels.count - 1].count
    if count > 0 { bytes.append(UInt8(ascii: ",")) }
    if pretty { newline(levels.count) }
    JSONDocument.quote(key, into: &bytes)
    bytes += keySeparator.utf8
    levels[levels.count - 1].count = count + 1
  }

  package mutating func string(_ text: String) {
    beforeValue()
    JSONDocument.quote(text, into: &bytes)
  }

  /// A string whose content is already escaped for JSON (`JSONWriter.escaped`).
  package mutating func string(escaped content: [UInt8]) {
    beforeValue()
    bytes.append(UInt8(ascii: "\""))
    bytes += content
    bytes.append(UInt8(ascii: "\""))
  }

  package mutating func number(_ number: Double) {
    beforeValue()
    bytes += Self.text(of: number).utf8
  }

  /// A number as the writer writes it: whole numbers bare, others as `NumberText` formats them.
  package static func text(of number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : NumberText.format(number)
  }

  mutating func bool(_ flag: Bool) {
    beforeValue()
    bytes += (flag ? "true" : "false").utf8
  }

  package mutating func null() {
    beforeValue()
    bytes += "null".utf8
  }

  /// A whole JSON value written elsewhere; returns where it lies in `bytes`.
  @discardableResult
  package mutating func value(json: ArraySlice<UInt8>) -> Range<Int> {
    beforeValue()
    let start = bytes.count
    bytes += json
    return start..<bytes.count
  }

  /// As `value(json:)`, for a whole array.
  @discardableResult
  package mutating func value(json: [UInt8]) -> Range<Int> {
    value(json: json[...])
  }

  /// Bytes after the JSON (`;\n` in a script, a final line feed).
  package mutating func append(_ text: String) {
    bytes += text.utf8
  }

  /// `text` escaped for a JSON string, without the quotes: for strings written many times.
  package static func escaped(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONDocument.quote(text, into: &bytes)
    return Array(bytes.dropFirst().dropLast())
  }

  /// The separator and line break before a value in an array.
  private mutating func beforeValue() {
    guard let level = levels.last, !level.isObject else { return }
    if level.count > 0 { bytes += (level.inline && pretty ? ", " : ",").utf8 }
    if !level.inline { newline(levels.count) }
    levels[levels.count - 1].count = level.count + 1
  }

  private mutating func newline(_ level: Int) {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * (depth + level)))
  }
}
