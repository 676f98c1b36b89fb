/// Facts about the tool itself.
public enum Blankslate {
  /// The tool's version, printed by `blankslate --version`.
  public static let version = "0.2.0"
}
