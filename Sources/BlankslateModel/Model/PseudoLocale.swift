import BlankslateSupport

/// Pseudo-locales: generated "translations" that find layout problems before
/// translators do. `en-XA` accents every Latin letter and makes the text about
/// 40 % longer, inside brackets that show where a text was cut.
package enum PseudoLocale {
  /// The pseudo-locales a site may list in `locales`.
  package static let tags = ["en-XA"]

  /// The locale whose texts a pseudo-locale transforms.
  package static let base = "en"

  package static func isPseudo(_ locale: String) -> Bool {
    tags.contains { $0.lowercased() == locale.lowercased() }
  }

  /// `No data` → `[Ñó ðáţá ·····]`.
  package static func transform(_ text: String) -> String {
    var accented = ""
    for scalar in text.unicodeScalars {
      if let replacement = accents[scalar] {
        accented.unicodeScalars.append(replacement)
      } else {
        accented.unicodeScalars.append(scalar)
      }
    }
    let length = text.count
    let padding = max(1, Int((Double(length) * 0.4).rounded(.up)) - 2)
    return "[" + accented + " " + String(repeating: "·", count: padding) + "]"
  }

  private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
    let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    let fancy = "áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
    return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, fancy.unicodeScalars))
  }()
}
