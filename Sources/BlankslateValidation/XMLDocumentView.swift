@preconcurrency import CLibXML2
import BlankslateSupport

/// A read-only view of a parsed document, valid only inside
/// `StrictXMLParser.withDocument`'s closure.
package struct XMLDocumentView {
  let document: xmlDocPtr
  package let file: String

  /// The root element, if the document has one.
  package var root: XMLElementView? {
    xmlDocGetRootElement(document).map { XMLElementView(node: $0, document: document) }
  }

  /// The name of the document type declaration (`html` for `<!DOCTYPE html>`), if any.
  package var doctypeName: String? {
    guard let subset = document.pointee.intSubset, let name = subset.pointee.name else { return nil }
    return String(cString: name)
  }

  /// Whether the document type declaration is anything more than `<!DOCTYPE name>`:
  /// an external identifier or an internal subset (entities, elements …).
  package var doctypeHasDeclarations: Bool {
    guard let subset = document.pointee.intSubset else { return false }
    return subset.pointee.ExternalID != nil || subset.pointee.SystemID != nil || subset.pointee.children != nil
  }
}

/// A read-only view of one element.
package struct XMLElementView {
  let node: xmlNodePtr
  let document: xmlDocPtr

  /// The local name (`svg`, `rect`, `div`).
  package var name: String { String(cString: node.pointee.name) }

  /// The namespace URI, if the element is in one.
  package var namespaceURI: String? {
    node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) }
  }

  /// The line the element starts on.
  package var line: Int { Int(xmlGetLineNo(node)) }

  /// The element children, in order.
  package var children: [XMLElementView] {
    var result: [XMLElementView] = []
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE {
        result.append(XMLElementView(node: current, document: document))
      }
      child = current.pointee.next
    }
    return result
  }

  /// The attributes in document order, as (qualified name, value).
  package var attributes: [(name: String, value: String)] {
    var result: [(String, String)] = []
    var attribute = node.pointee.properties
    while let current = attribute {
      var name = String(cString: current.pointee.name)
      if let prefix = current.pointee.ns?.pointee.prefix {
        name = String(cString: prefix) + ":" + name
      }
      let value = LibXMLString.take(xmlNodeListGetString(document, current.pointee.children, 1)) ?? ""
      result.append((name, value))
      attribute = current.pointee.next
    }
    return result
  }

  /// The value of the attribute with this qualified name.
  package func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// All text inside the element, concatenated.
  package var textContent: String {
    LibXMLString.take(xmlNodeGetContent(node)) ?? ""
  }

  /// This element and every element below it, depth first.
  package func forEachElement(_ body: (XMLElementView) -> Void) {
    body(self)
    for child in children {
      child.forEachElement(body)
    }
  }
}

/// Converts libxml2-owned strings, freeing them: the one place `xmlFree` is called.
enum LibXMLString {
  static func take(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    defer { xmlFree(pointer) }
    return String(cString: pointer)
  }
}
