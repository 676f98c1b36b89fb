import BlankslateSupport

/// The design review rules `lint` applies to every render.
///
/// The vocabulary lives with the definitions, which configure and suppress
/// rules by these ids; the checks themselves live in the Lint stage.
public enum LintRule: String, Sendable, CaseIterable, Comparable {
  /// WCAG 2.x contrast of every text against what is behind it.
  case contrast
  /// Tappable elements of at least 44×44 pt (Apple HIG).
  case tapTarget = "tap-target"
  /// A button drawn at one of UIKit's sizes (`controlSize`) whose frame is
  /// under the HIG's 44 pt: the system's own small and medium buttons are.
  case controlSize = "control-size"
  /// Text cut or wider than its frame or the screen; elements off screen,
  /// under the bars, or overlapping each other.
  case overflow
  /// A written text with no entry for one of the site's locales.
  case missingTranslation = "missing-translation"
  /// A fixed colour that makes text unreadable in the dark theme, or a
  /// glaring light placeholder in the dark theme.
  case darkMode = "dark-mode"
  /// Text smaller than 11 pt, the smallest size Apple's HIG lists.
  case minimumFontSize = "min-font-size"
  /// An empty or error state that says nothing: no title, message or label.
  case silentState = "silent-state"
  /// A part the system's layout leaves out: a content-unavailable stack taller
  /// than the screen leaves it, with scrolling off, as UIKit hides what does not fit.
  case hiddenByLayout = "hidden-by-layout"
  /// A part of a scrolling stack that starts below the screen's fold: seen only after a scroll.
  case belowTheFold = "below-the-fold"
  /// A design with no variant in a state `site.json`'s `coverage.states` asks
  /// every design for (the review's first question: where is the error state?).
  case missingState = "missing-state"
  /// A contrast below WCAG AA where both colours are UIKit's own defaults for
  /// the element (the `secondaryLabel` message of `UIContentUnavailableConfiguration`,
  /// a button's title in the system tint): Apple's choice, not the team's,
  /// reported once for the site.
  case uikitDefault = "uikit-default"
  /// A line break inside a word, where UAX #14 gives no opportunity (a word
  /// wider than its line, as German at AX5 makes them: "Bestellunge|n"), or a
  /// Chinese or Japanese line of one character.
  case brokenWord = "broken-word"
  /// An image or custom view VoiceOver cannot describe: an asset with
  /// neither an `accessibilityLabel` nor `decorative`, or a label that is a
  /// file's or symbol's name, snake_case, camelCase or dotted (Apple's audit:
  /// `sufficientElementDescription`).
  case accessibilityLabel = "accessibility-label"
  /// A label that says its own trait ("Retry button", "再試行ボタン"), which
  /// VoiceOver then speaks twice (Apple's audit: `trait`).
  case traitInLabel = "trait-in-label"
  /// Text at a fixed size shown above Large (Apple's audit: `dynamicType`).
  case dynamicType = "dynamic-type"
  /// Parts drawn over each other, which VoiceOver reads in the order of the
  /// screen though one hides the other (a toast over the message).
  case readingOrder = "reading-order"

  // New rules go last: the kept definitions store a rule by its place here.

  /// The severity a rule has unless `site.json` says otherwise.
  public var defaultSeverity: LintSeverity {
    switch self {
    case .contrast, .tapTarget, .overflow, .hiddenByLayout: .error
    case .missingTranslation, .darkMode, .minimumFontSize, .silentState, .belowTheFold, .controlSize, .missingState,
      .uikitDefault, .brokenWord, .accessibilityLabel, .traitInLabel, .dynamicType, .readingOrder:
      .warning
    }
  }

  /// Whether `lhs` comes first in the rules' order.
  public static func < (lhs: LintRule, rhs: LintRule) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}

/// How much a finding matters.
public enum LintSeverity: String, Sendable, CaseIterable, Comparable {
  /// Fails `lint` (exit 1).
  case error
  /// Reported, does not fail.
  case warning
  /// The rule does not run.
  case off

  /// Whether `lhs` is the milder severity.
  public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}

/// A finding a design accepts, and why: a rule, and optionally the element and
/// the value it applies to, so that accepting one cause leaves the others
/// reported (`"suppress": [{"rule": "contrast", "element": "message", "reason": …}]`;
/// the older `"suppress": {"contrast": "…"}` accepts the rule's every finding).
public struct Suppression: Sendable, Equatable {
  /// The rule whose findings it accepts.
  public var rule: LintRule
  /// The element it applies to (`message`, `button`), or every one.
  public var element: String?
  /// A value the finding's cause holds (`#8A8A8E`, `image`), or any.
  public var value: String?
  /// Why the finding is accepted.
  public var reason: String

  /// Accepts `rule`'s findings on `element` whose cause holds `value`, for `reason`.
  public init(rule: LintRule, element: String? = nil, value: String? = nil, reason: String) {
    self.rule = rule
    self.element = element
    self.value = value
    self.reason = reason
  }

  /// Whether it accepts a finding of `rule` on `element` with `cause` (the value compared without case).
  public func accepts(rule: LintRule, element: String?, cause: String) -> Bool {
    guard rule == self.rule else { return false }
    if let wanted = self.element, wanted != element { return false }
    if let value, !cause.lowercased().contains(value.lowercased()) { return false }
    return true
  }

  /// `contrast`, `contrast on message`, `contrast on message with "#8A8A8E"`.
  public var label: String {
    rule.rawValue + (element.map { " on \($0)" } ?? "") + (value.map { " with \"\($0)\"" } ?? "")
  }
}
