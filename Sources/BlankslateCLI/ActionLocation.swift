import Foundation
import BlankslateSupport

/// Where Blankslate's GitHub Action lives, for the workflow `init` writes:
/// `OWNER/REPO@REF` (a fork's too), from `init --action`, or else from the
/// clone this blankslate was built from (its `origin` on GitHub, pinned to
/// the commit it was built at). Never a placeholder: when neither names it,
/// `init` writes no workflow and says how to add one.
enum ActionLocation {
  /// The folder this executable was built from (its sources' package root).
  static let sourceRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Whether `text` is `OWNER/REPO@REF` (GitHub's names and a branch, tag or commit).
  static func isValid(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[1].isEmpty else { return false }
    let names = parts[0].split(separator: "/", omittingEmptySubsequences: false)
    guard names.count == 2, names.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else { return false }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    return names.allSatisfy { $0.allSatisfy(allowed.contains) }
      && parts[1].allSatisfy { allowed.contains($0) || $0 == "/" }
  }

  /// `OWNER/REPO` of a GitHub remote URL (`https://github.com/o/r.git`, `git@github.com:o/r.git`), or nil.
  static func repository(ofRemote url: String) -> String? {
    var rest: Substring
    if let range = url.range(of: "github.com/") {
      rest = url[range.upperBound...]
    } else if let range = url.range(of: "github.com:") {
      rest = url[range.upperBound...]
    } else {
      return nil
    }
    if rest.hasSuffix(".git") { rest = rest.dropLast(4) }
    while rest.hasSuffix("/") { rest = rest.dropLast() }
    let names = rest.split(separator: "/")
    guard names.count == 2 else { return nil }
    let candidate = "\(names[0])/\(names[1])"
    return isValid(candidate + "@x") ? candidate : nil
  }

  /// The action of the clone at `root`, pinned to its commit, or nil when it is no GitHub clone.
  static func ofClone(at root: URL) -> String? {
    guard FileManager.default.fileExists(atPath: root.appending(path: "action.yml").path),
      let remote = git(["config", "--get", "remote.origin.url"], in: root),
      let repository = repository(ofRemote: remote),
      let commit = git(["rev-parse", "HEAD"], in: root), commit.count == 40
    else { return nil }
    return repository + "@" + commit
  }

  /// One line git prints in `folder`, or nil.
  private static func git(_ arguments: [String], in folder: URL) -> String? {
    guard let output = try? GitCommand.run(arguments, in: folder) else { return nil }
    let line = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return line.isEmpty || line.contains("\n") ? nil : line
  }

}
