import BlankslateSupport

extension Netstrings {
  /// The next value as text a definition could have held: UTF-8 of XML
  /// characters, no longer than the longest string a site allows (nil for
  /// anything else). Checked on the bytes, before a string is made: a
  /// rebuild reads tens of thousands of these.
  package mutating func definitionText() -> String? {
    guard let value = bytesOfValue(), value.count <= 16 << 20 else { return nil }
    return value.withUnsafeBufferPointer { utf8 in
      XMLCharacters.mayRefuse(utf8) ? nil : String(validatingUTF8Bytes: utf8)
    }
  }
}
