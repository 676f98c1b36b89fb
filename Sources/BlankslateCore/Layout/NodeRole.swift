import BlankslateSupport
import BlankslateModel

/// What a node is on the screen, in the seeds' terms.
public enum NodeRole: String, Sendable, CaseIterable {
  /// A container that groups the placeholder's parts.
  case placeholder
  /// The headline (no-network: 您似乎迷路了).
  case title
  /// The main message (暂无数据).
  case message
  /// The illustration.
  case image
  /// The action button.
  case button
  /// The activity indicator.
  case spinner
  /// A transient message over the screen.
  case toast
  /// A custom view that replaces the default placeholder.
  case customView
  /// The status bar and its contents.
  case statusBar
  /// The Dynamic Island cut-out.
  case dynamicIsland
  /// The navigation bar and its title.
  case navigationBar
  /// The tab bar and its items.
  case tabBar
  /// The home indicator bar.
  case homeIndicator
  /// A table header view above the list.
  case tableHeader
  /// A section header of the host list.
  case sectionHeader
  /// A row of the host list.
  case row
  /// A hairline between rows or bars.
  case separator
  /// The vertical scroll indicator (shown when the list may scroll).
  case scrollIndicator
  /// The host list (table view) area.
  case list
  /// A decorative part of the chrome (icons, labels).
  case decoration
}
