@preconcurrency import CLibXML2
import BlankslateSupport

/// Canonical XML (C14N 1.0, without comments) by libxml2: two documents that
/// differ only in serialisation (attribute order, quotes, empty-element
/// syntax, the XML declaration) have the same canonical bytes.
package enum CanonicalXML {
  /// The canonical form of `bytes`.
  ///
  /// - Throws: `XMLParseError` when the bytes are not well-formed XML.
  package static func canonicalize(_ bytes: [UInt8], file: String) throws -> [UInt8] {
    try bytes.withUnsafeBytes { buffer in
      try StrictXMLParser().withDocument(buffer, file: file) { document in
        var output: UnsafeMutablePointer<xmlChar>?
        let count = xmlC14NDocDumpMemory(document.document, nil, Int32(XML_C14N_1_0.rawValue), nil, 0, &output)
        guard count >= 0, let output else {
          throw XMLParseError(issues: [
            ValidationIssue(file: file, line: 0, message: "libxml2 could not canonicalise the document")
          ])
        }
        defer { xmlFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(count)))
      }
    }
  }
}
