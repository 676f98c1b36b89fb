import Foundation
import BlankslateSupport

/// A site's own font file (`site.json` `fonts`): a team's SF Pro, say, which it
/// holds under Apple's licence and this project never ships. Checked by its
/// SHA-256 when the site loads; it then sets the scripts it has glyphs for, at
/// its weight, in place of the stand-ins.
public struct TeamFont: Sendable, Hashable {
  /// The path as written, relative to the site folder (`fonts/SF-Pro-Text-Regular.otf`).
  public var file: String
  /// The file's absolute path once checked to lie inside the site.
  public var path: String
  /// The file's SHA-256, as written and as found.
  public var sha256: String
  /// The scripts it sets: those of the stand-ins whose probe characters it has.
  package var coverages: [PinnedFont.Coverage]
  /// Its OS/2 weight class (400 regular, 600 semibold, 700 bold).
  public var weight: Int

  package init(file: String, path: String, sha256: String, coverages: [PinnedFont.Coverage], weight: Int) {
    self.file = file
    self.path = path
    self.sha256 = sha256
    self.coverages = coverages
    self.weight = weight
  }
}

/// Why a team font file cannot be used.
public enum FontFileProblem: Error, Sendable, Equatable {
  case unreadable
  case notAFont
  case noScript
}

/// Apple's published tracking for SF Pro, per point size, which UIKit applies
/// to the system font and a team's own SF Pro files need applied by hand
/// (`site.json` `"tracking": "sf-pro"`).
public enum TrackingTable: String, Sendable, Hashable, CaseIterable {
  case sfPro = "sf-pro"

  /// Tracking in points by point size: Apple's Human Interface Guidelines,
  /// Typography › Specifications › Tracking values (iOS, SF Pro). At the text
  /// styles' sizes these are the values Apple's design resources give the
  /// styles (caption 2 11 pt +0.06, caption 1 12 pt 0, footnote 13 pt −0.08,
  /// subheadline 15 pt −0.23, callout 16 pt −0.31, body and headline 17 pt
  /// −0.43, title 3 20 pt −0.45, title 2 22 pt −0.26, title 1 28 pt +0.38,
  /// large title 34 pt +0.40); past 34 pt the table stays near +0.37 and falls
  /// to 0 at 80 pt. A size between two rows is interpolated. Check the rows
  /// off the text styles against the HIG's current table when it changes.
  static let sfProTable: [(size: Double, points: Double)] = [
    (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
    (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
    (23, -0.1), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29), (28, 0.38), (29, 0.4), (30, 0.4), (31, 0.39),
    (32, 0.41), (33, 0.4), (34, 0.4), (36, 0.37), (40, 0.37), (44, 0.37), (48, 0.35), (52, 0.37), (56, 0.33),
    (60, 0.28), (64, 0.22), (68, 0.17), (72, 0.14), (76, 0.07), (80, 0),
  ]

  /// The space added after each character at `fontSize`, in points.
  public func tracking(at fontSize: Double) -> Double {
    let table = Self.sfProTable
    guard let first = table.first, let last = table.last else { return 0 }
    if fontSize <= first.size { return first.points }
    if fontSize >= last.size { return last.points }
    let upper = table.firstIndex { $0.size >= fontSize } ?? table.count - 1
    let (a, b) = (table[upper - 1], table[upper])
    return a.points + (b.points - a.points) * (fontSize - a.size) / (b.size - a.size)
  }
}

/// The fonts a site's text is measured and drawn with: the stand-ins, the
/// team's own files in their place, and the tracking the site asks for.
public struct SiteTypography: Sendable, Hashable {
  /// The team's own font files, each in its slot.
  public var fonts: [TeamFont]
  /// The tracking the site asks for, if any.
  public var tracking: TrackingTable?
  /// The stand-ins where this site's search found them (its `fonts/` folder
  /// first), when that is not where the process found them (`PinnedFont.all`).
  package var standIns: [PinnedFont]?

  package init(fonts: [TeamFont] = [], tracking: TrackingTable? = nil, standIns: [PinnedFont]? = nil) {
    self.fonts = fonts
    self.tracking = tracking
    self.standIns = standIns
  }

  /// The typography of `search`'s stand-ins: nil when they are where the
  /// process found them, so that every such site shares one typesetter.
  package static func standIns(_ search: FontSearch) -> [PinnedFont]? {
    // No fonts/ folder, and the process's folders: the process's faces, found once.
    var status = stat()
    let hasOwn = search.siteFolder.map { lstat($0, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR } ?? false
    if !hasOwn, search.systemFolders == PinnedFont.processSearch.systemFolders { return nil }
    let located = PinnedFont.located(search.locate())
    return located.map(\.location) == PinnedFont.all.map(\.location) ? nil : located
  }

  /// The stand-ins alone, untracked: every site that writes neither key.
  public static let standIns = SiteTypography()

  /// The team font that takes `slot`'s place: of its script, the slot's weight,
  /// else the next heavier, else the heaviest (as the stand-ins are chosen).
  func replacement(for slot: PinnedFont) -> TeamFont? {
    let candidates = fonts.filter { $0.coverages.contains(slot.coverage) }.sorted { $0.weight < $1.weight }
    return candidates.first { $0.weight >= slot.weight } ?? candidates.last
  }

  /// The faces, slot by slot: each stand-in, or the team file in its place.
  package var faces: [PinnedFont] {
    (standIns ?? PinnedFont.all).map { slot in
      guard let team = replacement(for: slot) else { return slot }
      return slot.replaced(by: team)
    }
  }
}

extension PinnedFont {
  /// This slot set by a team's file: same id, script, weight and page family.
  func replaced(by team: TeamFont) -> PinnedFont {
    PinnedFont(
      id: id, coverage: coverage, weight: weight, region: region, file: nil, location: .site(team.path),
      faceIndex: 0, package: "the site's fonts (\(team.file))", cssFamily: cssFamily)
  }
}
