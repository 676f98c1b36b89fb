import BlankslateSupport

/// A property that can be left out, set to `null` on purpose, or given a value.
///
/// `image`, `button` and `toast` need all three: left out means "the layout's
/// default", `null` means "none at all", so a variant can remove what its
/// design or its layout would otherwise show.
package enum Nullable<Wrapped: Sendable & Equatable>: Sendable, Equatable {
  /// Not written: use the design's value or the layout's default.
  case absent
  /// Written as `null`: show none.
  case null
  /// Written with a value.
  case value(Wrapped)

  /// This value laid over `base`: anything written wins over the base.
  package func laid(over base: Nullable) -> Nullable {
    if case .absent = self { return base }
    return self
  }

  /// The value, the layout's default when absent, nil when `null`.
  package func resolved(default fallback: Wrapped?) -> Wrapped? {
    switch self {
    case .absent: fallback
    case .null: nil
    case .value(let value): value
    }
  }
}
