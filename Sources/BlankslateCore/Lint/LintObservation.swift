import BlankslateSupport
import BlankslateModel

/// What a rule saw in one render, before the site's severities and the
/// variant's suppressions make it a `LintFinding`.
struct LintObservation {
  let rule: LintRule
  /// The element at fault, when there is one.
  let node: SceneNode?
  /// What was found in this render, with its measures.
  let message: String
  /// The value measured (a contrast ratio, a size), when the rule measures one.
  let measured: Double?
  /// The value the rule asks for.
  let threshold: Double?
  /// What makes this finding this one, whatever render shows it: with the
  /// rule and the element, its identity (a colour pair, the part a layout
  /// hides, the word a line breaks). The same cause in many renders is one finding.
  let cause: String
  /// The finding in words that hold for every render it is found in.
  let summary: String
  /// Whether the cause is UIKit's default rather than the team's choice (a
  /// colour or a button size nobody wrote): one finding for the whole site.
  let isSiteWide: Bool

  init(
    _ rule: LintRule, _ node: SceneNode?, _ message: String, _ measured: Double?, _ threshold: Double?,
    cause: String? = nil, summary: String? = nil, isSiteWide: Bool = false
  ) {
    self.rule = rule
    self.node = node
    self.message = message
    self.measured = measured
    self.threshold = threshold
    self.cause = cause ?? message
    self.summary = summary ?? message
    self.isSiteWide = isSiteWide
  }
}
