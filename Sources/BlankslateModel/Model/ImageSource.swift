import BlankslateSupport

/// Where an illustration comes from.
package enum ImageSource: Sendable, Equatable {
  /// Art shipped with Blankslate (`"builtin:blankpage_6"`).
  case builtin(BuiltinImage)
  /// A file of the site, as a path relative to the site folder (`"assets/empty.svg"`).
  case asset(String)
  /// A single-colour file of the site drawn as a template image is: its
  /// shape (alpha) in the image tint (`{"path": "assets/x.svg", "template": true}`).
  case template(String)
  /// A monochrome symbol drawn by Blankslate (`"symbol:tray"`), in the image tint.
  case symbol(SymbolName)
}

extension ImageSource {
  /// The site file the image draws, for an asset or a template.
  package var assetPath: String? {
    switch self {
    case .asset(let path), .template(let path): path
    case .builtin, .symbol: nil
    }
  }
}

/// An `image` as written: one image, one per theme (`{"light": …, "dark": …}`),
/// or one per language (`{"en": …, "ja": …}`, each one image or one per theme).
package indirect enum ImageValue: Sendable, Equatable {
  case one(ImageSource)
  case perTheme(light: ImageSource, dark: ImageSource)
  /// Entries in the order written; the first is the fallback, as a `LocalizedText`'s is.
  case perLocale([LocaleImage])
  /// An image with what VoiceOver says of it (format v4): `{"source": …,
  /// "accessibilityLabel": …}` or `{"source": …, "decorative": true}`, or the
  /// keys beside an asset's `path`. Only the outermost value is described.
  case described(ImageValue, ImageAccessibility)

  /// One language's image.
  package struct LocaleImage: Sendable, Equatable {
    package var locale: String
    package var image: ImageValue

    package init(locale: String, image: ImageValue) {
      self.locale = locale
      self.image = image
    }
  }

  /// The image shown in `theme` and `locale`: a language's entry as a text's is
  /// found (exact, then the language without its region or script, then the first).
  package func resolved(theme: Theme, locale: String) -> ImageSource {
    switch self {
    case .one(let source): return source
    case .perTheme(let light, let dark): return theme == .dark ? dark : light
    case .described(let image, _): return image.resolved(theme: theme, locale: locale)
    case .perLocale(let entries):
      func entry(_ tag: String) -> ImageValue? { entries.first { $0.locale.lowercased() == tag.lowercased() }?.image }
      let pseudoBase = PseudoLocale.isPseudo(locale) ? entry(PseudoLocale.base) : nil
      // The decoder makes no empty list; one built in code shows the photo symbol.
      let chosen =
        entry(locale) ?? pseudoBase ?? LocaleFallback.firstLanguage(of: locale, in: entry) ?? entries.first?.image
        ?? .one(.symbol(.photo))
      return chosen.resolved(theme: theme, locale: locale)
    }
  }

  /// Every image the value can show, in the order written.
  package var sources: [ImageSource] {
    switch self {
    case .one(let source): [source]
    case .perTheme(let light, let dark): [light, dark]
    case .perLocale(let entries): entries.flatMap(\.image.sources)
    case .described(let image, _): image.sources
    }
  }

  /// What VoiceOver is told of the image, when the definition says.
  package var accessibility: ImageAccessibility? {
    if case .described(_, let accessibility) = self { return accessibility }
    return nil
  }

  /// The image without what VoiceOver is told of it.
  package var undescribed: ImageValue {
    if case .described(let image, _) = self { return image }
    return self
  }
}

/// What VoiceOver says of an image: its label (per language), or nothing
/// because it is decorative (`isAccessibilityElement = false`, SwiftUI's
/// `Image(decorative:)`).
package struct ImageAccessibility: Sendable, Equatable {
  /// What VoiceOver reads for the image.
  package var label: LocalizedText?
  /// Whether VoiceOver skips it.
  package var isDecorative: Bool

  package init(label: LocalizedText? = nil, isDecorative: Bool = false) {
    self.label = label
    self.isDecorative = isDecorative
  }
}

/// The illustrations Blankslate draws itself, named after the seeds' image assets.
package enum BuiltinImage: String, Sendable, CaseIterable {
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
  package var intrinsicSize: Size {
    switch self {
    case .blankpage6, .blankpage13: Size(width: 192, height: 115)
    case .notFound404: Size(width: 125, height: 125)
    case .noteListNoData: Size(width: 120, height: 120)
    case .wifiOff, .searchEmpty: Size(width: 120, height: 120)
    }
  }
}

extension ImageSource {
  /// The size the image is drawn at when no `imageSize` is written.
  package var intrinsicSize: Size {
    switch self {
    case .builtin(let builtin): builtin.intrinsicSize
    case .asset, .template: Size(width: 120, height: 120)
    case .symbol: SymbolName.defaultSize
    }
  }
}
