import BlankslateSupport

/// Where an illustration comes from.
public enum ImageSource: Sendable, Equatable {
  /// Art shipped with Blankslate (`"builtin:blankpage_6"`).
  case builtin(BuiltinImage)
  /// A file of the site, as a path relative to the site folder (`"assets/empty.svg"`).
  case asset(String)
  /// A monochrome symbol drawn by Blankslate (`"symbol:tray"`), in the image tint.
  case symbol(SymbolName)
}

/// The illustrations Blankslate draws itself, named after the seeds' image assets.
public enum BuiltinImage: String, Sendable, CaseIterable {
  /// The blank-page "no data" picture: an empty tray.
  case blankpage6 = "blankpage_6"
  /// The blank-page "something went wrong" picture: a torn page.
  case blankpage13 = "blankpage_13"
  /// The no-network 404 picture: a lost signpost.
  case notFound404 = "404notfound"
  /// The zero-code placeholder's custom image: an empty note list.
  case noteListNoData = "note_list_no_data"
  /// A crossed-out Wi-Fi signal, for offline variants.
  case wifiOff = "wifi_off"
  /// A magnifier over nothing, for empty search results.
  case searchEmpty = "search_empty"

  /// The size the art is drawn at when the definition gives no `imageSize`.
  public var intrinsicSize: Size {
    switch self {
    case .blankpage6, .blankpage13: Size(width: 192, height: 115)
    case .notFound404: Size(width: 125, height: 125)
    case .noteListNoData: Size(width: 120, height: 120)
    case .wifiOff, .searchEmpty: Size(width: 120, height: 120)
    }
  }
}
