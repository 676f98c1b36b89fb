import Foundation

/// `blankslate init`: a new project that builds, lints clean and checks at
/// once — a site with one modern design in English and German, its JSON
/// Schemas, its goldens, a `.gitignore` for the output and the tool's state,
/// and a GitHub workflow that checks it.
///
/// Nothing that exists is replaced: the site folder must be new (`mkdir`
/// refuses an existing name, a link among them), and a `.gitignore` or
/// workflow already there is left as it is, with a note of what to add.
public enum SiteScaffold {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// What `create` did.
  public struct Created: Sendable {
    /// The files written, relative to the project folder.
    public var files: [String] = []
    /// What was left alone and why.
    public var notes: [String] = []
  }

  static let ignored = ["/_site/", "/._site.blankslate/", "/_report/", "/._report.blankslate/"]

  /// Creates the project in `folder` (made when missing), its site in `folder/Site`.
  public static func create(at folder: URL) throws(Failure) -> Created {
    var created = Created()
    let root = folder.path
    guard mkdirAll(root) else { throw Failure(description: "\(root): cannot create the folder (\(reason()))") }
    let site = root + "/Site"
    guard mkdir(site, 0o755) == 0 else {
      throw Failure(
        description: errno == EEXIST
          ? "\(site) already exists; init never replaces a site (choose another folder)"
          : "\(site): cannot create the folder (\(reason()))")
    }
    for sub in ["placeholders", "schema"] {
      guard mkdir(site + "/" + sub, 0o755) == 0 else { throw Failure(description: "\(site)/\(sub): \(reason())") }
    }
    func write(_ relative: String, _ text: String) throws(Failure) {
      do throws(FileWriter.Failure) {
        try FileWriter.writeNew(Array(text.utf8), at: root + "/" + relative)
        created.files.append(relative)
      } catch {
        throw Failure(description: "\(root)/\(relative): cannot write: \(error.reason)")
      }
    }
    try write("Site/site.json", siteJSON)
    try write("Site/placeholders/favourites.json", favouritesJSON)
    try write("Site/schema/placeholder.schema.json", DefinitionSchema.placeholder.rendered(pretty: true) + "\n")
    try write("Site/schema/site.schema.json", DefinitionSchema.site.rendered(pretty: true) + "\n")

    // Files beside the site are the project's: written only when absent.
    func offer(_ relative: String, _ text: String, note: String) throws(Failure) {
      var status = stat()
      if lstat(root + "/" + relative, &status) == 0 {
        created.notes.append("\(relative) exists and was left as it is; \(note)")
        return
      }
      let folder = (relative as NSString).deletingLastPathComponent
      if !folder.isEmpty, !mkdirAll(root + "/" + folder) {
        created.notes.append("\(relative) was not written (\(reason())); \(note)")
        return
      }
      try write(relative, text)
    }
    try offer(".gitignore", ignored.joined(separator: "\n") + "\n", note: "add " + ignored.joined(separator: " "))
    try offer(
      ".github/workflows/placeholders.yml", workflow,
      note: "see README (\"CI in three lines\") for the workflow's steps")

    // The goldens of the sample, so that `check` passes from the first run.
    do throws(SnapshotError) {
      let run = try SnapshotChecker(
        options: SnapshotOptions(siteFolder: URL(fileURLWithPath: site), siteDisplay: "Site", workers: 2)
      ).run()
      let written = try SnapshotRecorder(mode: .missing).record(run, isCI: false)
      created.files += written.map(\.golden)
    } catch {
      throw Failure(description: error.description)
    }
    return created
  }

  private static func reason() -> String { String(cString: strerror(errno)) }

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
          "buttons": [{ "title": { "en": "Browse", "de": "Entdecken" }, "background": "systemIndigo" }]
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

  /// A GitHub workflow that checks the placeholders on every push and pull request.
  static let workflow = """
    # Checks every placeholder render against its golden (Blankslate's action).
    # Replace <owner> with the account that holds your copy of Blankslate.
    name: Placeholders
    on: [push, pull_request]
    jobs:
      check:
        runs-on: ubuntu-latest
        steps:
          - uses: actions/checkout@v4
          - uses: <owner>/blankslate@main
            with:
              site: Site

    """
}
