import BlankslateSupport

/// The appearance a render is drawn in.
public enum Theme: String, Sendable, CaseIterable, Codable {
  /// Light appearance: white backgrounds, black text.
  case light
  /// Dark appearance: black backgrounds, white text.
  case dark
}
