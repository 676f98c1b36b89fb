import BlankslateSupport
import BlankslateModel

/// One thing a careful reviewer would flag in one render.
public struct LintFinding: Sendable, Equatable {
  /// The rule that found it.
  public var rule: LintRule
  /// The severity the site gives the rule.
  public var severity: LintSeverity
  /// The render it was found in.
  public var render: RenderID
  /// The design's id.
  public var design: String { render.design }
  /// The variant's id.
  public var variant: String { render.variant }
  /// The scene node at fault, when there is one (for outlines).
  public var node: String?
  /// Where in the render, in points, when the finding has a place.
  public var frame: Rect?
  /// What was measured and what the rule asks for, in one sentence.
  public var message: String
  /// The value measured (a contrast ratio, a size in points), if the rule measures one.
  public var measured: Double?
  /// The value the rule asks for.
  public var threshold: Double?
  /// Set when the design accepts this finding: the reason it gives.
  public var suppression: String?
  /// Which of the variant's suppressions accepts it (its place in `Variant.suppressions`).
  public var acceptedBy: Int?
  /// What makes the finding this one in any render (with the rule and the
  /// element): a colour pair, the part a layout hides, a word broken.
  public var cause: String
  /// The finding in words that hold for every render it is found in.
  public var summary: String
  /// Whether the cause is UIKit's default, not the team's choice: one finding for the whole site.
  public var isSiteWide: Bool

  /// What makes a finding the same one in any render: its rule, its element
  /// and its cause. Lint groups by it, counts by it, and the goldens keep it.
  public struct Identity: Hashable, Sendable {
    /// The rule.
    public var rule: LintRule
    /// The element, if one.
    public var element: String?
    /// What makes it this finding (`LintFinding.cause`).
    public var cause: String

    /// The identity of a finding of `rule` on `element` with `cause`.
    public init(rule: LintRule, element: String?, cause: String) {
      self.rule = rule
      self.element = element
      self.cause = cause
    }
  }

  /// Its rule, element and cause.
  public var identity: Identity { Identity(rule: rule, element: node, cause: cause) }

  /// A finding of `rule` on a render.
  public init(
    rule: LintRule, severity: LintSeverity, render: RenderID, node: String?, frame: Rect?, message: String,
    measured: Double? = nil, threshold: Double? = nil, suppression: String? = nil, cause: String? = nil,
    summary: String? = nil, isSiteWide: Bool = false
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
    self.cause = cause ?? message
    self.summary = summary ?? message
    self.isSiteWide = isSiteWide
  }

  /// Whether the finding counts: not suppressed, and its rule not off.
  public var isActive: Bool { suppression == nil && severity != .off }
}
