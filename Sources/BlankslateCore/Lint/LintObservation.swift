import BlankslateSupport
import BlankslateModel

/// What a rule saw in one render, before the site's severities and the
/// variant's suppressions make it a `LintFinding`.
struct LintObservation {
  let rule: LintRule
  /// The element at fault, when there is one.
  let node: SceneNode?
  let message: String
  /// The value measured (a contrast ratio, a size), when the rule measures one.
  let measured: Double?
  /// The value the rule asks for.
  let threshold: Double?

  init(_ rule: LintRule, _ node: SceneNode?, _ message: String, _ measured: Double?, _ threshold: Double?) {
    self.rule = rule
    self.node = node
    self.message = message
    self.measured = measured
    self.threshold = threshold
  }
}
