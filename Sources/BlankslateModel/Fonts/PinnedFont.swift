import Foundation
import BlankslateSupport

/// One font file Blankslate measures and draws text with, named exactly.
///
/// The files are Debian's (README, "Fonts"): Inter stands in for SF Pro
/// (Latin, Greek, Cyrillic), Noto Sans CJK sets Han, kana and Hangul, Noto
/// Sans Arabic and Hebrew the right-to-left scripts. No font of the machine
/// is ever looked up by name: a face is a file known by its SHA-256
/// (`PinnedFile`), found wherever it lies (`FontSearch`), and an index in it.
package struct PinnedFont: Sendable, Hashable {
  /// The script family a face serves, in fallback order.
  package enum Coverage: Int, Sendable, CaseIterable {
    case latin
    case cjk
    case arabic
    case hebrew
  }

  /// The regional forms of Noto Sans CJK, chosen by locale as iOS chooses
  /// between PingFang SC, TC, HK and Hiragino / Apple SD Gothic.
  package enum Region: String, Sendable, CaseIterable {
    case simplifiedChinese = "SC"
    case traditionalChinese = "TC"
    case hongKong = "HK"
    case japanese = "JP"
    case korean = "KR"

    /// The face index of this region in `NotoSansCJK-*.ttc`.
    var collectionIndex: Int32 {
      switch self {
      case .japanese: 0
      case .korean: 1
      case .simplifiedChinese: 2
      case .traditionalChinese: 3
      case .hongKong: 4
      }
    }

    /// The region whose glyph forms a locale expects.
    package static func forLocale(_ locale: String) -> Region {
      let parts = locale.lowercased().split(separator: "-")
      switch parts.first {
      case "ja": return .japanese
      case "ko": return .korean
      case "zh":
        if parts.contains("hk") || parts.contains("mo") { return .hongKong }
        if parts.contains("hant") || parts.contains("tw") { return .traditionalChinese }
        return .simplifiedChinese
      default: return .simplifiedChinese
      }
    }
  }

  /// The index of this face in `PinnedFont.all`; glyph references carry it.
  package let id: Int
  package let coverage: Coverage
  /// The CSS weight this file is (400, 600 or 700).
  package let weight: Int
  package let region: Region?
  /// The stand-in file this face lives in, known by its SHA-256; nil for a team's own file.
  package let file: PinnedFile?
  /// Where the file's bytes were found (`FontSearch`), or why they were not.
  package let location: FontLocation
  /// The face's index inside a font collection (`.ttc`), else 0.
  package let faceIndex: Int32
  /// What provides the file: its Debian package, or the site's own fonts.
  package let package: String
  /// The family name pages declare with `@font-face`; never a name a machine has.
  package let cssFamily: String

  /// The file's path where it was found, else where Debian installs it.
  package var path: String { location.path ?? file?.debianPath ?? "" }

  /// Every pinned face, each where this process's search found its file (the
  /// system's font folders, or `BLANKSLATE_FONT_PATH`'s). Noto has no
  /// semibold in Debian: weight 600 draws with its bold, as CSS font matching
  /// picks 700 for 600 when 600 is missing.
  package static let all: [PinnedFont] = located(processSearch.locate())

  /// The search of the process's own environment (not a command's console's), with no site.
  static let processSearch = FontSearch.forSite(nil, environment: ProcessInfo.processInfo.environment)

  /// The pinned faces with their files at `locations` (one per `PinnedFile.all`).
  package static func located(_ locations: [FontLocation]) -> [PinnedFont] {
    var fonts: [PinnedFont] = []
    func add(
      _ coverage: Coverage, _ weight: Int, _ file: Int, index: Int32 = 0, region: Region? = nil, _ family: String
    ) {
      let pinned = PinnedFile.all[file]
      fonts.append(
        PinnedFont(
          id: fonts.count, coverage: coverage, weight: weight, region: region, file: pinned,
          location: locations[file], faceIndex: index, package: pinned.debianPackage, cssFamily: family))
    }
    add(.latin, 400, 0, "Blankslate Inter")
    add(.latin, 600, 1, "Blankslate Inter")
    add(.latin, 700, 2, "Blankslate Inter")
    for region in Region.allCases {
      let family = "Blankslate Noto Sans CJK \(region.rawValue)"
      add(.cjk, 400, 3, index: region.collectionIndex, region: region, family)
      add(.cjk, 700, 4, index: region.collectionIndex, region: region, family)
    }
    add(.arabic, 400, 5, "Blankslate Noto Sans Arabic")
    add(.arabic, 700, 6, "Blankslate Noto Sans Arabic")
    add(.hebrew, 400, 7, "Blankslate Noto Sans Hebrew")
    add(.hebrew, 700, 8, "Blankslate Noto Sans Hebrew")
    return fonts
  }

  /// The face that sets `coverage` at `weight` for a locale's region: the
  /// exact weight, else the next heavier, else the heaviest there is.
  package static func face(_ coverage: Coverage, weight: Int, region: Region) -> PinnedFont {
    let candidates = all.filter { $0.coverage == coverage && ($0.region == nil || $0.region == region) }
      .sorted { $0.weight < $1.weight }
    return candidates.first { $0.weight >= weight } ?? candidates[candidates.count - 1]
  }

  /// The gallery stylesheet's class that sets this face's family (`bs-f-inter`,
  /// `bs-f-cjk-sc`, `bs-f-arabic`): shorter than the family written on every line.
  package var cssClass: String {
    switch coverage {
    case .latin: "bs-f-inter"
    case .cjk: "bs-f-cjk-" + (region ?? .simplifiedChinese).rawValue.lowercased()
    case .arabic: "bs-f-arabic"
    case .hebrew: "bs-f-hebrew"
    }
  }

  /// Each pinned face's `cssClass`, by id, made once: the live rendition writes one on every line.
  package static let cssClasses: [String] = all.map(\.cssClass)

  /// A short name for messages and the README: `Inter-Regular.otf`, `NotoSansCJK-Regular.ttc#2`.
  package var fileName: String {
    let name = file?.name ?? path.split(separator: "/").last.map(String.init) ?? path
    return faceIndex == 0 && !path.hasSuffix(".ttc") ? name : "\(name)#\(faceIndex)"
  }
}

extension PinnedFont {
  /// Whether `locale` is written right to left (Arabic, Persian, Urdu, Hebrew, …),
  /// so its screens mirror as UIKit's semantic content attribute mirrors them.
  package static func isRightToLeft(_ locale: String) -> Bool {
    // Read as ASCII subtags (a locale tag is ASCII): called for every render.
    var language: [UInt8] = []
    var subtag: [UInt8] = []
    var first = true
    for byte in locale.utf8 + [UInt8(ascii: "-")] {
      if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
        if first {
          language = subtag
          first = false
        } else if subtag.count == 4 {
          // A script subtag decides: Arabic and Hebrew script are right to left, others not.
          switch String(decoding: subtag, as: UTF8.self) {
          case "arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg": return true
          default: return false
          }
        }
        subtag.removeAll(keepingCapacity: true)
      } else {
        subtag.append(byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0))
      }
    }
    return rightToLeftLanguages.contains(String(decoding: language, as: UTF8.self))
  }

  /// Languages written right to left by default (their usual script).
  private static let rightToLeftLanguages: Set<String> = [
    "ar", "fa", "he", "iw", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr",
  ]

}
