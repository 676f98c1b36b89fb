/// Facts about the tool itself.
package enum Blankslate {
  /// The tool's version, printed by `blankslate --version`.
  package static let version = "0.2.0"
}
