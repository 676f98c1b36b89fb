import Foundation
import Testing

@testable import BlankslateSnapshot

/// The Markdown summary carries a definition's words as text only.
@Suite("Markdown summary escaping")
struct MarkdownEscapeTests {
  /// What GitHub's Markdown (GFM) turns into a link by itself: the extended
  /// autolinks' schemes and `www.`, and e-mail addresses (GFM spec, "Autolinks (extension)").
  static let autolinks = [
    #"(?i)(https?|ftp)://[^\s<]"#, #"(?i)(^|[\s*_~(])www\.[^\s<]"#,
    #"[A-Za-z0-9._+-]+@[A-Za-z0-9_-]+\.[A-Za-z0-9._-]*[A-Za-z0-9]"#,
    #"(?i)(mailto|xmpp):[A-Za-z0-9._+-]+@[A-Za-z0-9_-]"#,
  ]

  @Test(arguments: [
    "http://x.io", "https://evil.example/p?q=1", "See HTTPS://EVIL.EXAMPLE now", "ftp://files.example",
    "www.example.com", "(www.example.com)", "*www.evil.example*", "mail me: a.b+c@evil.example",
    "mailto:a@b.co", "<https://x.io>", "[x](https://x.io)",
  ])
  func noAddressInADefinitionBecomesALink(text: String) throws {
    let escaped = MarkdownSummary.escape(text)
    for pattern in Self.autolinks {
      #expect(escaped.firstMatch(of: try Regex(pattern)) == nil, "\(pattern) in \(escaped.debugDescription)")
    }
    #expect(!escaped.contains("<") && !escaped.replacingOccurrences(of: "\\]", with: "").contains("]("))
    // What a reader sees is the text: only invisible joiners and escapes were added.
    let shown = escaped.replacingOccurrences(of: "\u{2060}", with: "").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "\\", with: "")
    #expect(shown == text)
  }
}
