import BlankslateSupport

/// What the host list is showing, which decides the placeholder.
public enum ContentState: String, Sendable, CaseIterable, Codable {
  /// The list loaded and is empty.
  case noData
  /// Loading failed.
  case hasError
  /// The list has rows: no placeholder.
  case hasData
  /// Still loading: a spinner.
  case loading
  /// No network connection.
  case offline
  /// A search found nothing (`query` is what was searched for).
  case noResults
}
