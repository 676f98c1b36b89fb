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

  /// The severity a rule has unless `site.json` says otherwise.
  public var defaultSeverity: LintSeverity {
    switch self {
    case .contrast, .tapTarget, .overflow, .hiddenByLayout: .error
    case .missingTranslation, .darkMode, .minimumFontSize, .silentState, .belowTheFold, .controlSize, .missingState:
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
