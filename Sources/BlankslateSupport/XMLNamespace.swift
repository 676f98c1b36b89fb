/// The XML namespaces Blankslate writes and checks.
package enum XMLNamespace {
  package static let svg = "http://www.w3.org/2000/svg"
  package static let xhtml = "http://www.w3.org/1999/xhtml"
}
