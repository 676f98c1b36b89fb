import BlankslateSupport

/// Text as written in a definition: one string for every language, or one
/// string per locale.
package struct LocalizedText: Sendable, Equatable {
  /// The entries in the order written; the first one is the fallback.
  /// A plain string is one entry with no locale.
  package private(set) var entries: [(locale: String?, text: String)]
  /// Where each locale's entry is (lowercased), for texts with many entries:
  /// a site of many locales looks each one up in every render.
  private var positions: [String: Int]?

  package init(_ text: String) {
    entries = [(nil, text)]
  }

  package init(entries: [(locale: String, text: String)]) {
    self.init(localeEntries: entries.map { ($0.locale, $0.text) })
  }

  /// `init(entries:)` of entries already in the stored form, each with its
  /// locale (a kept definition's texts are read into it without a copy).
  init(localeEntries entries: [(locale: String?, text: String)]) {
    self.entries = entries
    if entries.count > 8 {
      var positions: [String: Int] = [:]
      for (index, entry) in entries.enumerated() {
        guard let locale = entry.locale?.lowercased(), positions[locale] == nil else { continue }
        positions[locale] = index
      }
      self.positions = positions
    }
  }

  /// The text shown in `locale`.
  ///
  /// An exact entry wins; then, for a pseudo-locale, the English text
  /// transformed; then an entry for the locale's language
  /// (`zh-Hans-CN` → `zh-Hans` → `zh`); then the first entry.
  package func resolved(in locale: String) -> String {
    if let exact = text(for: locale) { return exact }
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform(resolved(in: PseudoLocale.base)) }
    return LocaleFallback.firstLanguage(of: locale, in: text(for:)) ?? entries.first?.text ?? ""
  }

  /// The text written for `locale` or one of its languages (`zh-Hans-CN`
  /// takes `zh-Hans`, then `zh`); nil when `locale` would be shown another
  /// language's text. A plain string is written in `source` only: a String
  /// Catalog has it as the source language's text, untranslated elsewhere.
  package func translation(in locale: String, source: String) -> String? {
    if entries.count == 1, entries[0].locale == nil {
      return locale.lowercased() == source.lowercased() ? entries[0].text : nil
    }
    return text(for: locale) ?? LocaleFallback.firstLanguage(of: locale, in: text(for:))
  }

  /// Whether the text has its own entry for `locale` (a plain string has one
  /// for every locale).
  package func hasEntry(for locale: String) -> Bool {
    entries.count == 1 && entries[0].locale == nil || text(for: locale) != nil
  }

  private func text(for locale: String) -> String? {
    if let positions { return positions[locale.lowercased()].map { entries[$0].text } }
    return entries.first { $0.locale?.lowercased() == locale.lowercased() }?.text
  }

  package static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
    lhs.entries.count == rhs.entries.count
      && zip(lhs.entries, rhs.entries).allSatisfy { $0.locale == $1.locale && $0.text == $1.text }
  }
}

/// How a value written per locale is found for a locale it has no entry for.
enum LocaleFallback {
  /// The first of `locale`'s languages, most specific first, that `lookup`
  /// finds: `zh-Hans-CN` tries `zh-Hans`, then `zh`. The tag itself is not tried.
  static func firstLanguage<Value>(of locale: String, in lookup: (String) -> Value?) -> Value? {
    var parts = locale.split(separator: "-")
    while parts.count > 1 {
      parts.removeLast()
      if let match = lookup(parts.joined(separator: "-")) { return match }
    }
    return nil
  }
}
