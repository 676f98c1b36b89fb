import BlankslateSupport

extension Variant {
  /// The state this variant shows in `layout`, as the gallery files it.
  ///
  /// `table` derives it from `sections` (empty iff every count is 0), the
  /// zero-code `message` layout from `loading`, the others from `state`.
  public func state(in layout: LayoutKind) -> ContentState {
    switch layout {
    case .table:
      return (properties.sections ?? [0]).allSatisfy { $0 == 0 } ? .noData : .hasData
    case .message where properties.loading == true:
      return .loading
    default:
      return properties.state ?? layout.states[0]
    }
  }
}
