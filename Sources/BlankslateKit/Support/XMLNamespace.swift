/// The XML namespaces Blankslate writes and checks.
enum XMLNamespace {
  static let svg = "http://www.w3.org/2000/svg"
  static let xhtml = "http://www.w3.org/1999/xhtml"
}
