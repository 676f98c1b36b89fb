/// The text styles and button size of UIKit's content-unavailable
/// configuration (`UIContentUnavailableConfiguration.empty()`, iOS 17 and
/// later), which the layout draws and the hand-off leaves to UIKit: the
/// sources are `ContentUnavailableLayout`'s (DESIGN.md, "Fidelity v3").
package enum ContentUnavailableStyle {
  /// `directionalLayoutMargins`: 16 above and below the stack (UIContentUnavailableConstants).
  package static let verticalMargin: Double = 16
  /// `directionalLayoutMargins` leading and trailing: 32, narrowing to 16 from
  /// `accessibilityMedium` up (UIContentUnavailableConstants).
  package static let sideMargin: Double = 32
  package static let accessibilitySideMargin: Double = 16
  /// The symbol's point size, scaled by `UIFontMetrics.default` with the text size
  /// (UIContentUnavailableConstants; `UIImage.SymbolConfiguration(pointSize: 48)`).
  package static let symbolPointSize: Double = 48
  /// The side of the box a symbol at a point size is drawn in, per point of
  /// that size: 1.25, as iOS draws SF Symbols. Measured on iOS 17 screenshots
  /// (`../shared/fidelity-truth`, `CalibrationTests`): at 48 pt,
  /// `magnifyingglass`'s ink is 46.0 × 46.3 pt and its top lies 89.7 pt above
  /// the title's baseline; Blankslate's art fills 78.5 % of its box, so a
  /// 60-pt box gives 47.1 pt of ink, and the 15-pt gap below the box puts the
  /// ink's top within a point of iOS's.
  package static let symbolBoxScale: Double = 1.25
  /// `imageToTextPadding`: 15 (`.empty()`, `.search()`), 8 below `.loading()`'s indicator.
  package static let imageToTitle: Double = 15
  package static let spinnerToText: Double = 8
  /// `textToSecondaryTextPadding`.
  package static let titleToMessage: Double = 3
  /// `textToButtonPadding`.
  package static let messageToButton: Double = 20
  /// `buttonToSecondaryButtonPadding`; the buttons are stacked vertically.
  package static let betweenButtons: Double = 15
  /// `.title2`, emphasized (bold), in `label`.
  package static let titleFont = FontSpec(size: .style(.title2), weight: .bold)
  /// `.subheadline`, in `secondaryLabel`.
  package static let messageFont = FontSpec(size: .style(.subheadline))
  /// The buttons: `UIButton.Configuration.plain()` with `buttonSize = .small`,
  /// whose title is `.subheadline` (`ControlSize.small`).
  package static let buttonSize = ControlSize.small

  /// What a state shows when the definition writes nothing (the code hand-off says the same).
  package struct StateDefaults {
    package var symbol: SymbolName?
    package var title: DefaultString?
    package var message: DefaultString?
    package var button: DefaultString?
  }

  package static func defaults(for state: ContentState, hasQuery: Bool) -> StateDefaults {
    switch state {
    case .noData, .hasData:
      StateDefaults(symbol: .tray, title: .unavailableNoDataTitle, message: .unavailableNoDataMessage)
    case .noResults:
      StateDefaults(
        symbol: .magnifyingglass, title: hasQuery ? .unavailableNoResultsQueryTitle : .unavailableNoResultsTitle,
        message: .unavailableNoResultsMessage)
    case .offline:
      StateDefaults(
        symbol: .wifiSlash, title: .unavailableOfflineTitle, message: .unavailableOfflineMessage,
        button: .unavailableTryAgain)
    case .hasError:
      StateDefaults(
        symbol: .exclamationmarkTriangle, title: .unavailableErrorTitle, message: .unavailableErrorMessage,
        button: .unavailableTryAgain)
    case .loading:
      StateDefaults(message: .unavailableLoading)
    }
  }
}
