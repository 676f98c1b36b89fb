import Foundation
import BlankslateCore
import BlankslateSupport

/// A site's goldens and definition records as they are at a git revision
/// (`check --against REF`: a pull request's merge base), read with git's own
/// plumbing — `rev-parse`, `ls-tree` and one `cat-file --batch` — so that
/// nothing is checked out and the working tree is left as it is.
///
/// Only files with a golden's or a record's name are read, each a regular
/// blob no larger than a golden may be: a symbolic link in the tree is
/// refused, naming it, as the store on disk refuses one.
package final class GoldensAtRevision: Sendable {
  /// The revision as the user gave it.
  package let revision: String
  /// The commit it names.
  package let commit: String
  /// Each file's bytes, relative to the store (`design/name.svg`).
  let files: [String: [UInt8]]

  private init(revision: String, commit: String, files: [String: [UInt8]]) {
    self.revision = revision
    self.commit = commit
    self.files = files
  }

  /// The goldens of the site at `site` as they are at `revision`.
  ///
  /// - Throws: `SnapshotError.io` when git is missing, the site is not in a
  ///   repository, or the revision names no commit; `.unsafeInput` for a
  ///   link or an oversized file in the tree.
  package static func read(_ revision: String, site: URL, siteDisplay: String) throws(SnapshotError)
    -> GoldensAtRevision
  {
    let display = "\(revision):\(siteDisplay)/\(GoldenStore.folderName)"
    // A revision is never an option to git.
    guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains("\0") else {
      throw .io(path: "--against \(revision)", reason: "not a revision git can name")
    }
    let commitOutput = try git(
      ["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: site,
      what: "--against \(revision)", failure: "names no commit here (fetch it, or give the merge base)")
    let commit = String(decoding: commitOutput, as: UTF8.self).trimmingWhitespace
    guard commit.count >= 40, commit.allSatisfy(\.isHexDigit) else {
      throw .io(path: "--against \(revision)", reason: "names no commit here")
    }
    // Paths print relative to the site folder (git's working directory); -l gives each blob's size.
    let listing = try git(
      ["ls-tree", "-r", "-z", "-l", commit, "--", GoldenStore.folderName], in: site, what: display,
      failure: "cannot be listed")
    var wanted: [(relative: String, object: String)] = []
    for entry in listing.split(separator: 0) where !entry.isEmpty {
      // `<mode> SP <type> SP <object> SP+ <size> TAB <path>`
      guard let tab = entry.firstIndex(of: 9) else { continue }
      let fields = entry[..<tab].split(separator: 32)
      let path = String(decoding: entry[entry.index(after: tab)...], as: UTF8.self)
      let prefix = GoldenStore.folderName + "/"
      guard fields.count == 4, path.hasPrefix(prefix) else { continue }
      let relative = String(path.dropFirst(prefix.count))
      guard GoldenStore.isGoldenName(relative) || DefinitionRecord.owner(of: relative) != nil else { continue }
      let mode = String(decoding: fields[0], as: UTF8.self)
      guard mode == "100644" || mode == "100755" else {
        throw .unsafeInput(path: display + "/" + relative, reason: "not a regular file in the commit (mode \(mode))")
      }
      guard let size = Int(String(decoding: fields[3], as: UTF8.self)), size <= GoldenStore.maximumSize else {
        throw .unsafeInput(path: display + "/" + relative, reason: "larger than a golden may be")
      }
      wanted.append((relative, String(decoding: fields[2], as: UTF8.self)))
    }
    let contents = try batch(wanted.map(\.object), in: site, what: display)
    var files: [String: [UInt8]] = [:]
    for (entry, bytes) in zip(wanted, contents) { files[entry.relative] = bytes }
    return GoldensAtRevision(revision: revision, commit: commit, files: files)
  }

  /// The blobs `objects` name, in order, from one `git cat-file --batch`.
  private static func batch(_ objects: [String], in site: URL, what: String) throws(SnapshotError) -> [[UInt8]] {
    guard !objects.isEmpty else { return [] }
    // The names go in through a file, so git's output never waits on a full input pipe.
    let input = FileManager.default.temporaryDirectory.appending(path: "blankslate-against-\(getpid())-\(UUID())")
    defer { try? FileManager.default.removeItem(at: input) }
    do {
      try Data((objects.joined(separator: "\n") + "\n").utf8).write(to: input)
    } catch {
      throw .io(path: what, reason: "cannot hand git the objects to read (\(FileWriter.reason(error)))")
    }
    let output = try git(["cat-file", "--batch"], in: site, what: what, failure: "cannot be read", input: input)
    var blobs: [[UInt8]] = []
    var index = output.startIndex
    for object in objects {
      // `<object> SP blob SP <size> LF <contents> LF`
      guard let end = output[index...].firstIndex(of: 10) else {
        throw .io(path: what, reason: "git's answer ends early")
      }
      let header = String(decoding: output[index..<end], as: UTF8.self).split(separator: " ")
      guard header.count == 3, header[0] == object, header[1] == "blob", let size = Int(header[2]),
        output.distance(from: end, to: output.endIndex) > size
      else { throw .io(path: what, reason: "git's answer for \(object) is not a blob") }
      let start = output.index(after: end)
      blobs.append(Array(output[start..<output.index(start, offsetBy: size)]))
      index = output.index(start, offsetBy: size + 1)
    }
    return blobs
  }

  /// What `git -C site arguments` prints, or the failure named.
  private static func git(
    _ arguments: [String], in site: URL, what: String, failure: String, input: URL? = nil
  ) throws(SnapshotError) -> [UInt8] {
    do throws(GitCommand.Failure) {
      return try GitCommand.run(arguments, in: site, input: input)
    } catch .notRun {
      throw .io(path: what, reason: "git cannot be run (is it installed?)")
    } catch {
      throw .io(path: what, reason: failure)
    }
  }

}
