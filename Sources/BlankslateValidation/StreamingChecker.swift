@preconcurrency import CLibXML2
import BlankslateSupport

/// The structural rules of `MarkupChecker`, applied while libxml2 parses
/// (SAX2), without building a document tree: each element is checked as it
/// starts, and only ids and links become Swift strings.
///
/// One checker keeps one parser context and resets it for each file, so
/// a worker validating thousands of files allocates a context once.
package final class StreamingChecker {
  private var context: xmlParserCtxtPtr?
  private let state = StreamState()

  static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_IGNORE_ENC.rawValue)

  package init() {
    _ = StrictXMLParser()  // initialises libxml2 and its refusing entity loader
  }

  deinit {
    if let context {
      xmlFreeParserCtxt(context)
    }
  }

  package func check(_ bytes: UnsafeRawBufferPointer, file: String, kind: MarkupKind) -> MarkupChecker.Result {
    state.reset(file: file, kind: kind)
    // Every published file is UTF-8. libxml2 would switch to another
    // encoding that the first bytes suggest (UTF-16's or UCS-4's byte order
    // marks or zeros): such a file is refused here, and the parse below
    // neither converts nor follows a declared encoding.
    if bytes.count >= 4, let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) {
      let guessed = xmlDetectCharEncoding(start, 4)
      if guessed != XML_CHAR_ENCODING_NONE, guessed != XML_CHAR_ENCODING_UTF8 {
        return MarkupChecker.Result(issues: [
          ValidationIssue(
            file: file, line: 1, message: "the file is not UTF-8 (its first bytes are another encoding's)")
        ])
      }
    }
    let context: xmlParserCtxtPtr
    if let existing = self.context {
      context = existing
    } else {
      // A pull parser (faster than push mode) whose SAX handler is ours:
      // no document tree is built, only the callbacks run.
      guard let created = xmlNewParserCtxt(), let sax = created.pointee.sax else {
        return MarkupChecker.Result(issues: [
          ValidationIssue(file: file, line: 0, message: "libxml2 could not create a parser")
        ])
      }
      sax.pointee = Self.handler
      self.context = created
      context = created
    }
    context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
    state.context = context
    withExtendedLifetime(state) {
      let chars = bytes.bindMemory(to: CChar.self)
      // xmlCtxtReadMemory resets the context, keeps its SAX handler and
      // `_private`. Without an encoding named, libxml2 reads UTF-8 as it is
      // (named "UTF-8", every byte would pass through its UTF-8 to UTF-8
      // converter: a tenth of a parse), and `XML_PARSE_IGNORE_ENC` keeps a
      // declared encoding from switching to another; bytes that are not
      // UTF-8 are errors.
      let document = xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), file, nil, Self.options)
      if let document { xmlFreeDoc(document) }
    }
    let wellFormed = context.pointee.wellFormed != 0 && state.errorCount == 0
    state.context = nil
    context.pointee._private = nil
    if !wellFormed {
      if state.issues.isEmpty {
        state.issues.append(ValidationIssue(file: file, line: 0, message: "not well-formed XML"))
      }
      return MarkupChecker.Result(issues: state.issues)
    }
    state.finish()
    return MarkupChecker.Result(issues: state.issues, links: state.links, ids: state.ids)
  }

  /// The SAX2 callbacks; every one finds its state through the context's `_private`.
  static let handler: xmlSAXHandler = {
    var handler = xmlSAXHandler()
    handler.initialized = UInt32(XML_SAX2_MAGIC)
    handler.startElementNs = { context, localname, _, uri, _, _, attributeCount, _, attributes in
      guard let state = StreamState.of(context), let localname else { return }
      state.startElement(localname, uri, Int(attributeCount), attributes)
    }
    handler.endElementNs = { context, _, _, _ in
      StreamState.of(context)?.endElement()
    }
    handler.characters = { context, characters, length in
      guard let state = StreamState.of(context), state.collectingText, let characters else { return }
      state.text.append(contentsOf: UnsafeBufferPointer(start: characters, count: Int(length)))
    }
    handler.internalSubset = { context, name, externalID, systemID in
      guard let state = StreamState.of(context) else { return }
      state.doctype = name.map { String(cString: $0) } ?? ""
      if externalID != nil || systemID != nil { state.doctypeHasDeclarations = true }
    }
    handler.entityDecl = { context, _, _, _, _, _ in StreamState.of(context)?.doctypeHasDeclarations = true }
    handler.elementDecl = { context, _, _, _ in StreamState.of(context)?.doctypeHasDeclarations = true }
    handler.attributeDecl = { context, _, _, _, _, _, _ in StreamState.of(context)?.doctypeHasDeclarations = true }
    handler.notationDecl = { context, _, _, _ in StreamState.of(context)?.doctypeHasDeclarations = true }
    handler.serror = { userData, error in
      guard let userData, let error else { return }
      let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
      guard let pointer = context.pointee._private else { return }
      Unmanaged<StreamState>.fromOpaque(pointer).takeUnretainedValue().record(error.pointee)
    }
    return handler
  }()
}

/// What one parse has seen so far.
private final class StreamState {
  var file = ""
  package var kind = MarkupKind.xml
  var context: xmlParserCtxtPtr?
  var issues: [ValidationIssue] = []
  var errorCount = 0
  var links: [MarkupChecker.Link] = []
  var ids: Set<String> = []
  /// Each id with its line, in order: read only to name a duplicate's first use.
  var idLines: [(id: String, line: Int)] = []
  var doctype: String?
  var doctypeHasDeclarations = false

  /// Elements open: depth 1 is the root.
  var depth = 0
  /// The names of the open elements at depths 1 and 2 (the structure the rules ask about).
  var rootName = ""
  var secondLevel = ""
  var collectingText = false
  var text: [UInt8] = []

  // What the rules look for.
  var rootLine = 0
  var rootHasViewBox = false
  var rootLang = false
  var sawTitle = false
  var titleText = ""
  var sawHead = false
  var headLine = 0
  var sawBody = false
  var metaCharset = false

  /// Whether the NUL-terminated `text` is exactly `literal` (ASCII).
  static func equals(_ text: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
    let expected = literal.utf8Start
    for index in 0..<literal.utf8CodeUnitCount where text[index] != expected[index] { return false }
    return text[literal.utf8CodeUnitCount] == 0
  }

  static func of(_ context: UnsafeMutableRawPointer?) -> StreamState? {
    guard let context else { return nil }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let pointer = parser.pointee._private else { return nil }
    return Unmanaged<StreamState>.fromOpaque(pointer).takeUnretainedValue()
  }

  func reset(file: String, kind: MarkupKind) {
    self.file = file
    self.kind = kind
    issues = []
    errorCount = 0
    // A page has a few dozen of each: room for them at once, not grown step by step.
    links = []
    links.reserveCapacity(64)
    ids = Set(minimumCapacity: 64)
    idLines = []
    doctype = nil
    doctypeHasDeclarations = false
    depth = 0
    rootName = ""
    secondLevel = ""
    collectingText = false
    text = []
    rootLine = 0
    rootHasViewBox = false
    rootLang = false
    sawTitle = false
    titleText = ""
    sawHead = false
    headLine = 0
    sawBody = false
    metaCharset = false
  }

  var line: Int {
    context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0
  }

  func issue(_ line: Int, _ message: String) {
    issues.append(ValidationIssue(file: file, line: line, message: message))
  }

  func record(_ error: xmlError) {
    if error.level != XML_ERR_WARNING { errorCount += 1 }
    guard issues.count < ValidationIssue.libxml2Cap else { return }
    issues.append(ValidationIssue(libxml2: error, file: file))
  }

  func startElement(
    _ localname: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    depth += 1
    // Below the third level, the name is compared as a C string: most elements need no Swift string.
    let name = depth <= 3 ? String(cString: localname) : ""
    let line = self.line
    if depth == 1 {
      rootName = name
      rootLine = line
      if let doctype, kind != .html || doctype.lowercased() != "html" {
        issue(1, "a document type declaration (<!DOCTYPE \(doctype)>) is not allowed here")
      } else if doctype != nil, doctypeHasDeclarations {
        issue(1, "the document type declaration may only be <!DOCTYPE html>, without identifiers or declarations")
      }
      let namespace = uri.map { String(cString: $0) }
      switch kind {
      case .svg where name != "svg" || namespace != XMLNamespace.svg:
        issue(line, "the root element must be <svg> in the SVG namespace (\(XMLNamespace.svg))")
      case .html where name != "html" || namespace != XMLNamespace.xhtml:
        issue(line, "the root element must be <html xmlns=\"\(XMLNamespace.xhtml)\"> (polyglot markup)")
      default: break
      }
    } else if depth == 2 {
      secondLevel = name
      if kind == .svg, name == "title", !sawTitle {
        sawTitle = true
        beginText()
      }
      if kind == .html {
        if name == "head" {
          sawHead = true
          headLine = line
        }
        if name == "body" { sawBody = true }
      }
    } else if depth == 3, kind == .html, secondLevel == "head" {
      if name == "title", titleText.isEmpty { beginText() }
    }
    if kind == .svg, Self.equals(localname, "script") || Self.equals(localname, "foreignObject") {
      issue(line, "<\(String(cString: localname))> is not allowed in an SVG image")
    }

    var hasAlt = false
    if let attributes {
      for index in 0..<count {
        let base = index * 5
        guard let attributeName = attributes[base] else { continue }
        let prefix = attributes[base + 1]
        func value() -> String {
          guard let start = attributes[base + 3], let end = attributes[base + 4] else { return "" }
          return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
        // Compared as C strings: only ids and links become Swift strings.
        if (attributeName[0] | 0x20) == UInt8(ascii: "o"), (attributeName[1] | 0x20) == UInt8(ascii: "n") {
          let qualified = (prefix.map { String(cString: $0) + ":" } ?? "") + String(cString: attributeName)
          issue(
            line,
            "<\(String(cString: localname))> has an event handler attribute \(qualified); scripts belong in script files"
          )
          continue
        }
        let isXLink = prefix.map { Self.equals($0, "xlink") } ?? false
        let isXML = prefix.map { Self.equals($0, "xml") } ?? false
        if prefix != nil, !isXLink, !isXML { continue }
        if Self.equals(attributeName, "id"), prefix == nil || isXML {
          let id = value()
          if id.isEmpty {
            issue(line, "<\(String(cString: localname))> has an empty id")
          } else if ids.insert(id).inserted {
            idLines.append((id, line))
          } else {
            let firstLine = idLines.first { $0.id == id }?.line ?? line
            issue(line, "the id \"\(id)\" is used twice (first on line \(firstLine))")
          }
        } else if Self.equals(attributeName, "href") || (prefix == nil && Self.equals(attributeName, "src")) {
          let target = value()
          links.append(MarkupChecker.Link(line: line, target: target))
          if kind == .svg, !Self.equals(attributeName, "src"), !target.hasPrefix("#"), !target.hasPrefix("data:") {
            let qualified = isXLink ? "xlink:href" : "href"
            issue(
              line, "<\(String(cString: localname)) \(qualified)=\"\(target.prefix(60))\"> refers outside the image")
          }
        } else if prefix == nil {
          if depth == 1, Self.equals(attributeName, "viewBox") {
            rootHasViewBox = true
          } else if depth == 1, Self.equals(attributeName, "lang") {
            rootLang = attributes[base + 3] != attributes[base + 4]
          } else if depth == 3, secondLevel == "head", Self.equals(localname, "meta"),
            Self.equals(attributeName, "charset")
          {
            metaCharset = true
          } else if Self.equals(attributeName, "alt") {
            hasAlt = true
          }
        }
      }
    }
    if kind == .html, !hasAlt, Self.equals(localname, "img") {
      issue(line, "<img> has no alt attribute (use alt=\"\" for decoration)")
    }
  }

  private func beginText() {
    collectingText = true
    text = []
  }

  func endElement() {
    if collectingText {
      let value = String(decoding: text, as: UTF8.self).trimmingWhitespace
      if kind == .svg, depth == 2 { titleText = value }
      if kind == .html, depth == 3 { titleText = value }
      collectingText = false
    }
    depth -= 1
  }

  /// The rules that need the whole document.
  func finish() {
    switch kind {
    case .svg where rootName == "svg":
      if !rootHasViewBox { issue(rootLine, "<svg> has no viewBox") }
      if titleText.isEmpty { issue(rootLine, "<svg> has no <title> (its accessible name)") }
    case .html where rootName == "html":
      if !rootLang { issue(rootLine, "<html> has no lang attribute") }
      if !sawHead {
        issue(rootLine, "the page has no <head>")
        return
      }
      if !metaCharset { issue(headLine, "<head> has no <meta charset=\"utf-8\"/>") }
      if titleText.isEmpty { issue(headLine, "<head> has no <title>") }
      if !sawBody { issue(rootLine, "the page has no <body>") }
    default:
      break
    }
  }
}
