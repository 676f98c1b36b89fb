import CLibXML2

/// libxml2's version, as the tool was built with it (`--version`).
package enum LibXMLVersion {
  package static var text: String { "libxml2 " + LIBXML_DOTTED_VERSION }
}
