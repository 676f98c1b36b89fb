import CLibXML2

/// libxml2's version, as the tool was built with it (`--version`).
public enum LibXMLVersion {
  public static var text: String { "libxml2 " + LIBXML_DOTTED_VERSION }
}
