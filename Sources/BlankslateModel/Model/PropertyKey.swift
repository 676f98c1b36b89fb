import BlankslateSupport

/// The keys of a placeholder's properties (shared by a design and its variants).
package enum PropertyKey: String, Sendable, CaseIterable {
  case state
  case title
  case message
  case titleColor
  case messageColor
  case background
  case titleFont
  case messageFont
  case image
  case imageTint
  case imageSize
  case button
  case buttons
  case spacing
  case margins
  case messageBackground
  case textAlignment
  case query
  case offsetY
  case headerHeight
  case sections
  case scrollEnabled
  case scrolls
  case customView
  case loading
  case toast
  case chrome

  /// The key's place among `allCases`: the order properties are decoded and reported in.
  var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  /// The key named `name`, looked up in a table: the decoder asks for each
  /// key of every object (`init(rawValue:)` compares the name with each case).
  static func named(_ name: String) -> PropertyKey? { byName[name] }

  private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
