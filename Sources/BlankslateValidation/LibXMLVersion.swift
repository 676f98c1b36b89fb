import CLibXML2

/// libxml2's version, as the tool was built with it (`--version`).
package enum LibXMLVersion {
  package static var text: String { "libxml2 " + number }
  /// `2.9.14`.
  package static var number: String { LIBXML_DOTTED_VERSION }
}
