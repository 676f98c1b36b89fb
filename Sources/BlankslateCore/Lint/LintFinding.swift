import BlankslateSupport

/// One thing a careful reviewer would flag in one render.
public struct LintFinding: Sendable, Equatable {
  public var rule: LintRule
  /// The severity the site gives the rule.
  public var severity: LintSeverity
  /// The render it was found in.
  public var render: RenderID
  public var design: String { render.design }
  public var variant: String { render.variant }
  /// The scene node at fault, when there is one (for outlines).
  public var node: String?
  public var frame: Rect?
  /// What was measured and what the rule asks for, in one sentence.
  public var message: String
  public var measured: Double?
  public var threshold: Double?
  /// Set when the design accepts this finding: the reason it gives.
  public var suppression: String?

  public init(
    rule: LintRule, severity: LintSeverity, render: RenderID, node: String?, frame: Rect?, message: String,
    measured: Double? = nil, threshold: Double? = nil, suppression: String? = nil
  ) {
    self.rule = rule
    self.severity = severity
    self.render = render
    self.node = node
    self.frame = frame
    self.message = message
    self.measured = measured
    self.threshold = threshold
    self.suppression = suppression
  }

  /// Whether the finding counts: not suppressed, and its rule not off.
  public var isActive: Bool { suppression == nil && severity != .off }
}
