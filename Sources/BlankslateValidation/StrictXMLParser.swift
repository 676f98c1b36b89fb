@preconcurrency import CLibXML2
import Synchronization
import BlankslateSupport

/// Parses XML with libxml2, strictly: no network, no DTD loading, no entity
/// substitution, no recovery. Errors are collected per parse (never through
/// libxml2's global handlers), so parses on different threads stay apart.
package struct StrictXMLParser: Sendable {
  /// A parse that failed: every error libxml2 reported, with line and column.

  /// libxml2 is initialised once per process, before the first parse, and
  /// told never to load anything from outside the document: its external
  /// entity loader (DTDs, external entities, XIncludes) refuses every request.
  private static let initialization: Void = {
    xmlInitParser()
    xmlSetExternalEntityLoader { _, _, _ in
      ExternalLoads.refused.add(1, ordering: .relaxed)
      return nil
    }
  }()

  /// How many times libxml2 asked to load an external resource in this
  /// process (each one refused), for tests and diagnostics.
  package static var refusedExternalLoads: Int {
    _ = initialization
    return ExternalLoads.refused.load(ordering: .relaxed)
  }

  package init() {
    _ = Self.initialization
  }

  /// Parses `bytes` and hands the document's root element to `body` while the
  /// document is alive; the document is freed when `body` returns.
  ///
  /// `file`: the name used in issues.
  /// - Throws: `XMLParseError` when the bytes are not well-formed XML.
  package func withDocument<Result>(
    _ bytes: UnsafeRawBufferPointer, file: String, _ body: (XMLDocumentView) throws -> Result
  ) throws -> Result {
    guard let context = xmlNewParserCtxt() else {
      throw XMLParseError(issues: [
        ValidationIssue(file: file, line: 0, message: "libxml2 could not create a parser context")
      ]
      )
    }
    defer { xmlFreeParserCtxt(context) }

    let collector = ErrorCollector(file: file)
    // The SAX callbacks need `userData`; the collector travels in `_private`.
    context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
    context.pointee.sax.pointee.serror = { userData, error in
      guard let userData, let error else { return }
      let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
      guard let collectorPointer = context.pointee._private else { return }
      Unmanaged<ErrorCollector>.fromOpaque(collectorPointer).takeUnretainedValue().record(error.pointee)
    }

    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let document = withExtendedLifetime(collector) {
      bytes.withMemoryRebound(to: CChar.self) { chars in
        xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), file, "UTF-8", options)
      }
    }
    guard let document else {
      throw XMLParseError(
        issues: collector.issues.isEmpty
          ? [ValidationIssue(file: file, line: 0, message: "not well-formed XML")] : collector.issues)
    }
    defer { xmlFreeDoc(document) }
    guard context.pointee.wellFormed != 0, collector.errorCount == 0 else {
      throw XMLParseError(issues: collector.issues)
    }
    return try body(XMLDocumentView(document: document, file: file))
  }

  /// Parses `bytes` for well-formedness only.
  package func check(_ bytes: [UInt8], file: String) throws {
    try bytes.withUnsafeBytes { buffer in
      try withDocument(buffer, file: file) { _ in }
    }
  }
}

/// Collects the errors of one parse.
private final class ErrorCollector {
  let file: String
  var issues: [ValidationIssue] = []
  var errorCount = 0

  init(file: String) {
    self.file = file
  }

  func record(_ error: xmlError) {
    if error.level != XML_ERR_WARNING { errorCount += 1 }
    // Cap the list: one broken file can report thousands of follow-on errors.
    guard issues.count < ValidationIssue.libxml2Cap else { return }
    issues.append(ValidationIssue(libxml2: error, file: file))
  }
}

extension ValidationIssue {
  /// How many of one file's libxml2 errors are kept.
  static let libxml2Cap = 50

  /// One libxml2 error or warning of `file`, with its line and column.
  init(libxml2 error: xmlError, file: String) {
    let message = error.message.map { String(cString: $0) }?.trimmingTrailingNewlines ?? "unknown libxml2 error"
    self.init(
      file: file, line: Int(error.line), column: Int(error.int2),
      message: (error.level == XML_ERR_WARNING ? "warning: " : "") + message)
  }
}

extension String {
  var trimmingTrailingNewlines: String {
    var text = Substring(self)
    while text.last == "\n" || text.last == "\r" || text.last == " " { text.removeLast() }
    return String(text)
  }
}

/// The process-wide count behind `StrictXMLParser.refusedExternalLoads`.
private enum ExternalLoads {
  static let refused = Atomic<Int>(0)
}

/// Why a document is not well-formed XML: every issue libxml2 reported, located.
package struct XMLParseError: Error, Sendable, Equatable {
  package var issues: [ValidationIssue]
}
