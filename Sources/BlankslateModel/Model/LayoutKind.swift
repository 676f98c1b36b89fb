import BlankslateSupport

/// A layout family: one generator each, reproducing one seed design.
public enum LayoutKind: String, Sendable, CaseIterable, Codable {
  /// SPBlankPageView: tip label, image and reload button over the host list.
  case blankPage = "blank-page"
  /// The zero-code table placeholder: one line of text, or image + text, or a custom view.
  case message
  /// CQNoNetworkView: 404 image, title, message and a retry button, above the tab bar.
  case noNetwork = "no-network"
  /// The UITableView category: the placeholder fills the table frame when every section is empty.
  case table
  /// The modern system empty state (UIContentUnavailableConfiguration): image, title, message, buttons.
  case contentUnavailable = "content-unavailable"

  /// The properties this layout reads; any other property is refused.
  package var reads: [PropertyKey] { Self.readTable[self] ?? [] }

  /// Whether this layout reads `key` (asked for every key of every definition).
  func reads(_ key: PropertyKey) -> Bool { Self.readSets[self]?.contains(key) ?? false }

  private static let readTable = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.declaredReads) })
  private static let readSets = readTable.mapValues(Set.init)

  private var declaredReads: [PropertyKey] {
    switch self {
    case .blankPage:
      [
        .state, .message, .messageColor, .messageFont, .messageBackground, .margins, .background, .image, .imageTint,
        .imageSize, .button, .sections, .toast, .chrome,
      ]
    case .message:
      [
        .state, .title, .titleColor, .titleFont, .message, .messageColor, .messageFont, .background, .image,
        .imageTint, .imageSize, .buttons, .spacing, .margins, .offsetY, .headerHeight, .sections, .customView,
        .loading, .toast, .chrome,
      ]
    case .noNetwork:
      [
        .state, .title, .titleColor, .titleFont, .message, .messageColor, .messageFont,
        .background, .image, .imageTint, .imageSize, .button, .sections, .toast, .chrome,
      ]
    case .table:
      [
        .title, .titleColor, .titleFont, .message, .messageColor, .messageFont, .background, .image, .imageTint,
        .imageSize, .buttons, .spacing, .margins, .headerHeight, .sections, .scrollEnabled, .customView, .toast,
        .chrome,
      ]
    case .contentUnavailable:
      [
        .state, .title, .titleColor, .titleFont, .message, .messageColor, .messageFont, .background, .image,
        .imageTint, .imageSize, .button, .buttons, .spacing, .margins, .textAlignment, .query, .sections, .scrolls,
        .toast, .chrome,
      ]
    }
  }

  /// The states this layout can show, the first being its default. (`table`
  /// reads no `state`: its `sections` decide between the two.)
  public var states: [ContentState] {
    switch self {
    case .blankPage: [.noData, .hasError, .hasData]
    case .message: [.noData, .loading, .hasData]
    case .noNetwork: [.offline, .hasData]
    case .table: [.noData, .hasData]
    case .contentUnavailable: [.noData, .noResults, .offline, .hasError, .loading, .hasData]
    }
  }
}
