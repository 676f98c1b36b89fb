import Foundation
import BlankslateCore
import BlankslateServe
import BlankslateSite
import BlankslateSnapshot
import BlankslateSupport
import BlankslateValidation

/// `blankslate init`: a new project that builds, lints clean and checks at
/// once — a site with one modern design in English and German, its JSON
/// Schemas, its goldens, a `.gitignore` for the output and the tool's state,
/// and a GitHub workflow that checks it.
///
/// Nothing that exists is replaced: the site folder must be new (`mkdir`
/// refuses an existing name, a link among them), and a `.gitignore` or
/// workflow already there is left as it is, with a note of what to add.
package enum SiteScaffold {

  /// What `create` did.
  package struct Created: Sendable {
    /// The files written, relative to the project folder.
    package var files: [String] = []
    /// What was left alone and why.
    package var notes: [String] = []
  }

  static let ignored = ["/_site/", "/._site.blankslate/", "/_report/", "/._report.blankslate/"]

  /// Creates the project in `folder` (made when missing), its site in
  /// `folder/Site`; with `action` (`OWNER/REPO@REF`), a workflow that runs
  /// Blankslate's action from there.
  package static func create(at folder: URL, action: String? = nil) throws(InitError) -> Created {
    var created = Created()
    let root = folder.path
    guard mkdirAll(root) else { throw InitError(description: "\(root): cannot create the folder (\(reason()))") }
    let site = root + "/Site"
    guard mkdir(site, 0o755) == 0 else {
      throw InitError(
        description: errno == EEXIST
          ? "\(site) already exists; init never replaces a site (choose another folder)"
          : "\(site): cannot create the folder (\(reason()))")
    }
    for sub in ["placeholders", "schema"] {
      guard mkdir(site + "/" + sub, 0o755) == 0 else { throw InitError(description: "\(site)/\(sub): \(reason())") }
    }
    func write(_ relative: String, _ text: String) throws(InitError) {
      do throws(FileWriteError) {
        try FileWriter.writeNew(Array(text.utf8), at: root + "/" + relative)
        created.files.append(relative)
      } catch {
        throw InitError(description: "\(root)/\(relative): cannot write: \(error.reason)")
      }
    }
    try write("Site/site.json", siteJSON)
    try write("Site/placeholders/favourites.json", favouritesJSON)
    try write("Site/schema/placeholder.schema.json", DefinitionSchema.placeholder.rendered(pretty: true) + "\n")
    try write("Site/schema/site.schema.json", DefinitionSchema.site.rendered(pretty: true) + "\n")

    // Files beside the site are the project's: written only when absent, and
    // never through a link (a cloned `.github` may lead anywhere).
    func offer(_ relative: String, _ text: String, note: String) throws(InitError) {
      switch offerInside(root, relative, Array(text.utf8)) {
      case .written: created.files.append(relative)
      case .exists: created.notes.append("\(relative) exists and was left as it is; \(note)")
      case .linked(let link):
        created.notes.append(
          "\(relative) was not written: \(link) is a symbolic link, and init writes through none; \(note)")
      case .failed(let reason): created.notes.append("\(relative) was not written (\(reason)); \(note)")
      }
    }
    try offer(".gitignore", ignored.joined(separator: "\n") + "\n", note: "add " + ignored.joined(separator: " "))
    if let action {
      try offer(
        ".github/workflows/placeholders.yml", workflow(action: action),
        note: "see README (\"CI in three lines\") for the workflow's steps")
    } else {
      created.notes.append(
        ".github/workflows/placeholders.yml was not written: this blankslate was not built from a GitHub clone "
          + "it can name; run init with --action OWNER/REPO@REF (the repository holding Blankslate's action.yml, "
          + "yours or a fork), or add its steps by hand (README, \"CI in three lines\")")
    }

    // The goldens of the sample, so that `check` passes from the first run.
    do throws(SnapshotError) {
      let run = try SnapshotChecker(
        options: SnapshotOptions(siteFolder: URL(fileURLWithPath: site), siteDisplay: "Site", workers: 2)
      ).run()
      let written = try SnapshotRecorder(mode: .missing).record(run, isCI: false)
      created.files += written.map(\.golden)
    } catch {
      throw InitError(description: error.description)
    }
    return created
  }

  private static func reason() -> String { String(cString: strerror(errno)) }

  private enum Offered {
    case written
    case exists
    /// The first component (from `root`) that is a symbolic link.
    case linked(String)
    case failed(String)
  }

  /// Writes `bytes` at `relative` below `root` when nothing is there: each
  /// folder on the way is opened (made when missing) with `O_NOFOLLOW`
  /// relative to the one before, and the file is created with `O_EXCL` and
  /// `O_NOFOLLOW`, so no link at any step is followed.
  private static func offerInside(_ root: String, _ relative: String, _ bytes: [UInt8]) -> Offered {
    let components = relative.split(separator: "/").map(String.init)
    var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return .failed(reason()) }
    defer { close(folder) }
    var walked = ""
    func isLink(_ name: String) -> Bool {
      var status = stat()
      return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }
    for name in components.dropLast() {
      walked += (walked.isEmpty ? "" : "/") + name
      if isLink(name) { return .linked(walked) }
      if mkdirat(folder, name, 0o755) != 0, errno != EEXIST { return .failed(reason()) }
      let next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard next >= 0 else { return errno == ELOOP ? .linked(walked) : .failed(reason()) }
      close(folder)
      folder = next
    }
    guard let name = components.last else { return .failed("no file name") }
    if isLink(name) { return .linked(relative) }
    let file = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard file >= 0 else { return errno == EEXIST ? .exists : .failed(reason()) }
    do throws(FileWriteError) {
      try FileWriter.writeAll(bytes, to: file)
    } catch {
      close(file)
      unlinkat(folder, name, 0)
      return .failed(error.reason)
    }
    guard close(file) == 0 else { return .failed(reason()) }
    return .written
  }

  /// Makes `path` and its missing parents; false when one cannot be made or is not a folder.
  private static func mkdirAll(_ path: String) -> Bool {
    var status = stat()
    if stat(path, &status) == 0 { return (status.st_mode & S_IFMT) == S_IFDIR }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path, !mkdirAll(parent) { return false }
    return mkdir(path, 0o755) == 0 || errno == EEXIST
  }

  static let siteJSON = """
    {
      "$schema": "schema/site.schema.json",
      "title": "My placeholders",
      "devices": ["iphone-se", "iphone-15"],
      "themes": ["light", "dark"],
      "locales": ["en", "de"],
      "textSizes": ["large"]
    }

    """

  /// One modern design, two variants, written the way README teaches; lint-clean in both themes.
  static let favouritesJSON = """
    {
      "$schema": "../schema/placeholder.schema.json",
      "id": "favourites",
      "name": "Favourites",
      "layout": "content-unavailable",
      "tags": ["sample"],
      "chrome": { "navigationTitle": { "en": "Favourites", "de": "Favoriten" } },
      "messageColor": { "light": "#636366", "dark": "#AEAEB2" },
      "variants": [
        {
          "id": "empty",
          "name": "Nothing saved yet",
          "image": "symbol:heart",
          "imageTint": "systemPink",
          "title": { "en": "No Favourites Yet", "de": "Noch keine Favoriten" },
          "message": {
            "en": "Tap the heart on anything you like to keep it here.",
            "de": "Tippe bei allem, was dir gefällt, auf das Herz, um es hier zu sammeln."
          },
          "buttons": [{ "title": { "en": "Browse", "de": "Entdecken" }, "background": "systemIndigo", "controlSize": "large" }]
        },
        {
          "id": "search",
          "name": "Search found nothing",
          "state": "noResults",
          "query": { "en": "Lemon tart", "de": "Zitronentarte" }
        }
      ]
    }

    """

  /// A GitHub workflow that checks the placeholders on every push and pull
  /// request with Blankslate's action at `action` (`OWNER/REPO@REF`).
  static func workflow(action: String) -> String {
    """
    # Checks every placeholder render against its golden with Blankslate's
    # action. Point `uses:` at another copy (a fork, a tag) to change where it
    # comes from; the tool it builds is cached per action version and image.
    # On a pull request it compares with the base branch's goldens, so an
    # edit whose goldens the branch re-recorded is still shown.
    name: Placeholders
    on: [push, pull_request]
    jobs:
      check:
        runs-on: ubuntu-latest
        steps:
          - uses: actions/checkout@v4
          - uses: \(action)
            with:
              site: Site

    """
  }
}

/// Why `init` could not create the site.
package struct InitError: Error, CustomStringConvertible {
  package var description: String
}
