import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSupport

/// The script `serve` adds to every page it sends: it listens to the event
/// stream, reloads on a new build, and shows a failed build's message over the
/// page (file, line and JSON path) until a build succeeds again.
enum LiveScript {
  /// The script (`Templates/serve/live.js`, embedded in the binary with the templates).
  static let source = String(decoding: TemplateSet.builtInFile("serve/live.js") ?? [], as: UTF8.self)

  /// `html` with the script at the end of its head (so the page's own scripts
  /// find the tag; `defer` runs it after parsing), else at the end; the run's
  /// token (none when changes are off) and the state the page is `served` at ride on the tag (the build,
  /// the report, and the build that report describes).
  static func inject(into html: [UInt8], token: String?, served: LiveState.Snapshot) -> [UInt8] {
    let tokenAttribute = token.map { " data-token=\"\($0)\"" } ?? ""
    let tag = Array(
      ("<script src=\"/_blankslate/live.js\"\(tokenAttribute) data-generation=\"\(served.generation)\" "
        + "data-report=\"\(served.report)\" data-report-of=\"\(served.reportOf)\" defer=\"defer\"></script>\n").utf8)
    var bytes = html
    if let index = firstIndex(of: Array("</head>".utf8), in: bytes) {
      bytes.insert(contentsOf: tag, at: index)
    } else {
      bytes += tag
    }
    return bytes
  }

  private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
