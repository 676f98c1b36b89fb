import BlankslateSupport

/// A text or an image written for a locale the site cannot mean is refused
/// where it is written: a mistyped `"jp"` would otherwise drop the
/// translator's Japanese without a word, and the String Catalog would lack it.
/// A language the site does not list yet (a translation kept for later, or a
/// site narrowed to one language while it is worked on) stands.
extension SiteLoader {
  /// Whether an entry written for `key` is shown in one of `locales`: it is
  /// one of them, or the language of one (`zh` for `zh-Hans`, `en` for
  /// `en-GB`), or English under a pseudo-locale (which transforms it).
  static func shows(_ key: String, in locales: [String]) -> Bool {
    let key = key.lowercased()
    return locales.contains { locale in
      let locale = locale.lowercased()
      return locale == key || locale.hasPrefix(key + "-")
        || (PseudoLocale.isPseudo(locale) && key == PseudoLocale.base)
    }
  }

  /// Whether `key`, which no locale of `locales` shows, is a slip: a
  /// country's code where the code of a language the site lists belongs
  /// (`jp` for `ja`, `cn` for `zh-Hans`), or a two-letter code that is no
  /// language. A language in a form the site does not list (`en-GB` where it
  /// lists `en`) stands: a regional text may be kept for later.
  static func isSlip(_ key: String, among locales: [String]) -> Bool {
    let language = Self.language(of: key)
    if let meant = countryForLanguage[key.lowercased()], locales.contains(where: { Self.language(of: $0) == meant }) {
      return true
    }
    return language.count == 2 && !isoLanguages.contains(language)
  }

  private static func language(of tag: String) -> String {
    String(tag.lowercased().prefix { $0 != "-" && $0 != "_" })
  }

  /// The locale `key` was most likely meant to be: the listed locale of the
  /// language a country's code stands for, or of the key's own language, or
  /// the nearest by spelling; a country's language when the site lists none of it.
  static func meant(_ key: String, among locales: [String]) -> String? {
    let language = countryForLanguage[key.lowercased()] ?? Self.language(of: key)
    if let locale = locales.first(where: { Self.language(of: $0) == language && !PseudoLocale.isPseudo($0) }) {
      return locale
    }
    return Suggestion.nearest(to: key, among: locales) ?? countryForLanguage[key.lowercased()]
  }

  /// Country codes (ISO 3166-1) written where the language code (ISO 639-1)
  /// belongs: Japan's `jp` for Japanese `ja`.
  private static let countryForLanguage = [
    "jp": "ja", "cn": "zh", "kr": "ko", "gr": "el", "cz": "cs", "dk": "da", "se": "sv", "ua": "uk", "il": "he",
    "vn": "vi", "br": "pt", "at": "de", "ch": "de", "us": "en", "gb": "en", "sa": "ar", "eg": "ar", "tw": "zh",
    "hk": "zh", "ir": "fa", "pk": "ur", "rs": "sr", "ee": "et", "si": "sl", "by": "be", "kz": "kk", "my": "ms",
  ]

  /// ISO 639-1's two-letter language codes (and the withdrawn `iw`, `in`
  /// and `ji`, which Apple's platforms still accept for Hebrew, Indonesian
  /// and Yiddish). A longer language subtag is not checked.
  private static let isoLanguages: Set<String> = Set(
    """
    aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el
    en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu
    ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na
    nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so
    sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
    iw in ji
    """.split(whereSeparator: \.isWhitespace).map(String.init))

  /// One problem for each entry of the file written for a locale that is a
  /// slip (`keys`), where it is written. The file is read again only when there is one.
  func undeclaredLocales(
    _ keys: Set<String>, written: [String], file: String, locales: [String], limits: SiteLimits, rootPath: String,
    realRoot: String, folderIsInside: Bool
  ) -> [DefinitionError] {
    let display = displayPath("placeholders/" + file)
    let shown = locales.map { "\"\($0)\"" }.joined(separator: ", ")
    func problem(_ key: String, _ location: SourceLocation) -> DefinitionError {
      let name = TerminalText.oneLine(key)
      let hint = Self.meant(key, among: locales).map { "did you mean \"\($0)\"? or " } ?? ""
      return .invalidValue(
        location, found: "the locale \"\(name)\"",
        expected:
          "a locale site.json lists (\(shown)) or one of their languages (\(hint)list \"\(name)\" in site.json's locales)",
        allowed: [])
    }
    var errors: [DefinitionError] = []
    guard
      let (json, _) = parse(
        relativePath: "placeholders/" + file, limits: limits, rootPath: rootPath, realRoot: realRoot,
        folderIsInside: folderIsInside, errors: &errors)
    else { return errors }
    let written = Set(written)
    // An object whose keys are all locales the file writes texts or images in is a text or an image by locale.
    func walk(_ value: JSONValue, _ path: JSONPath) {
      switch value.kind {
      case .object(let members):
        let byLocale = members.allSatisfy { written.contains($0.key) }
        for member in members {
          if byLocale, keys.contains(member.key) {
            errors.append(
              problem(
                member.key,
                SourceLocation(file: display, path: path.appending(member.key), position: member.keyPosition)))
          }
          walk(member.value, path.appending(member.key))
        }
      case .array(let items):
        for (index, item) in items.enumerated() { walk(item, path.appending(index)) }
      default:
        break
      }
    }
    walk(json, .root)
    // The file changed since it was decoded: the locale is still named, where is not known.
    if errors.isEmpty {
      errors = keys.sorted { $0.precedesInByteOrder($1) }.map { problem($0, SourceLocation(file: display)) }
    }
    return errors
  }
}
