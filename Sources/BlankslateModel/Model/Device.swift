import BlankslateSupport

/// A device preset: the screen a render is laid out on, in points.
public enum Device: String, Sendable, CaseIterable, Codable, Comparable {
  /// iPhone SE (2nd/3rd generation): 375×667, 20 pt status bar, no home indicator.
  case iphoneSE = "iphone-se"
  /// iPhone 15: 393×852, 59 pt status bar, 34 pt home indicator.
  case iphone15 = "iphone-15"
  /// iPhone 15 Pro Max: 430×932, 59 pt status bar, 34 pt home indicator.
  case iphone15ProMax = "iphone-15-pro-max"
  /// iPhone 17 (and 16 Pro, 17 Pro): 402×874, 62 pt status bar, 34 pt home indicator.
  case iphone17 = "iphone-17"
  /// iPhone 17 Pro Max (and 16 Pro Max): 440×956, 62 pt status bar, 34 pt home indicator.
  case iphone17ProMax = "iphone-17-pro-max"
  /// iPad mini (6th generation): 744×1133, 24 pt status bar, 20 pt home indicator.
  case ipadMini = "ipad-mini"

  /// The device's screen, bars and safe areas.
  public var metrics: DeviceMetrics {
    switch self {
    case .iphoneSE:
      DeviceMetrics(
        name: "iPhone SE", width: 375, height: 667, statusBar: 20, homeIndicator: 0,
        screenCornerRadius: 0, hasDynamicIsland: false)
    case .iphone15:
      DeviceMetrics(
        name: "iPhone 15", width: 393, height: 852, statusBar: 59, homeIndicator: 34,
        screenCornerRadius: 55, hasDynamicIsland: true)
    case .iphone15ProMax:
      DeviceMetrics(
        name: "iPhone 15 Pro Max", width: 430, height: 932, statusBar: 59, homeIndicator: 34,
        screenCornerRadius: 55, hasDynamicIsland: true)
    // The current iPhones' screens: Apple's technical specifications give 1206×2622 and
    // 1320×2868 pixels at @3x (402×874 and 440×956 pt); the safe area (62 pt above,
    // 34 below) and the screen's corner radius (62 pt) are what the Simulator reports,
    // as public device tables record them (Apple publishes neither).
    case .iphone17:
      DeviceMetrics(
        name: "iPhone 17", width: 402, height: 874, statusBar: 62, homeIndicator: 34,
        screenCornerRadius: 62, hasDynamicIsland: true)
    case .iphone17ProMax:
      DeviceMetrics(
        name: "iPhone 17 Pro Max", width: 440, height: 956, statusBar: 62, homeIndicator: 34,
        screenCornerRadius: 62, hasDynamicIsland: true)
    case .ipadMini:
      DeviceMetrics(
        name: "iPad mini", width: 744, height: 1133, statusBar: 24, homeIndicator: 20,
        screenCornerRadius: 21.5, hasDynamicIsland: false)
    }
  }

  /// Whether `lhs` comes first in the gallery's order.
  public static func < (lhs: Device, rhs: Device) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}

/// The measurements of a device preset, in points.
public struct DeviceMetrics: Sendable, Equatable {
  /// The marketing name shown in the gallery.
  public var name: String
  /// The screen's width, in points.
  public var width: Double
  /// The screen's height, in points.
  public var height: Double
  /// Height of the status bar (the top safe-area inset).
  public var statusBar: Double
  /// Height of the home indicator area (the bottom safe-area inset).
  public var homeIndicator: Double
  /// Radius of the physical screen's corners, for the gallery's device frame.
  public var screenCornerRadius: Double
  /// Whether the status bar is drawn around a Dynamic Island.
  public var hasDynamicIsland: Bool

  /// Height of a navigation bar below the status bar.
  public static let navigationBarHeight: Double = 44
  /// Height of a tab bar, not counting the home indicator below it.
  public static let tabBarHeight: Double = 49
}
