/// What the environment a command runs in says, read one way everywhere.
package enum RunEnvironment {
  /// Whether `CI` is set to a true value (`CI=true`, `CI=1`; not empty, `false` or `0`).
  /// Under CI nothing records goldens and no progress bar is drawn.
  package static func isCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"] else { return false }
    return !value.isEmpty && value != "false" && value != "0"
  }
}
