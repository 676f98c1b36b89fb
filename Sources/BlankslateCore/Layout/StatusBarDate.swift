import BlankslateSupport
import BlankslateModel

/// The date an iPad's status bar shows beside the time, in the locale's own
/// order and abbreviations: the weekday and the day of the month, as iPadOS
/// writes Tuesday 9 January (the day of the first iPhone's 9:41 keynote).
///
/// Each form follows the locale's CLDR `MMMEd` date format (the Unicode
/// Common Locale Data Repository, which iOS formats dates with), with the
/// comma iPadOS's status bar leaves out, and Latin digits as the clock has them.
enum StatusBarDate {
  /// Forms by language (script where it decides the form: `zh-Hant`).
  private static let forms: [String: String] = [
    "en": "Tue Jan 9",
    "de": "Di. 9. Jan.",
    "fr": "mar. 9 janv.",
    "es": "mar 9 ene",
    "it": "mar 9 gen",
    "pt": "ter. 9 de jan.",
    "nl": "di 9 jan.",
    "ru": "Вт 9 янв.",
    "ja": "1月9日(火)",
    "zh": "1月9日 周二",
    "zh-Hant": "1月9日 週二",
    "ko": "1월 9일 (화)",
    "ar": "الثلاثاء 9 يناير",
    "he": "יום ג׳ 9 בינו׳",
  ]

  /// The date in `locale`: its language's form, else English's.
  static func text(in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform(text(in: PseudoLocale.base)) }
    let parts = locale.split(separator: "-").map(String.init)
    guard let language = parts.first?.lowercased() else { return forms["en"] ?? "" }
    if language == "zh", parts.contains(where: { ["hant", "tw", "hk", "mo"].contains($0.lowercased()) }) {
      return forms["zh-Hant"] ?? ""
    }
    return forms[language] ?? forms["en"] ?? ""
  }
}
