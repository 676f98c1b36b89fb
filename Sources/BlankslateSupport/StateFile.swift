/// The first line of every file the tool keeps for itself beside an output
/// (a build's caches, the decoded definitions): one format version for them
/// all, so a change to any one's layout is one bump here, and a file of
/// another version is never read (the build that meets it makes everything anew).
package enum StateFile {
  /// Raised whenever the layout of any state file changes.
  package static let version = 11

  /// `blankslate state <version> <kind>` and a line feed.
  package static func header(_ kind: String) -> [UInt8] {
    Array("blankslate state \(version) \(kind)\n".utf8)
  }
}
