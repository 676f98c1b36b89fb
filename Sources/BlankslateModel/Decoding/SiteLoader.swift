import Foundation
import BlankslateSupport

/// Loads a site folder: `site.json` and every `placeholders/*.json`.
///
/// Every file is read and checked before anything is returned, so a user sees
/// all the problems of a site at once, each naming its file and JSON path.
public struct SiteLoader: Sendable {
  /// The site folder.
  public var root: URL
  /// How messages name the site folder (`Site`, as the user typed it).
  public var displayRoot: String
  /// How many files are read and decoded at once.
  public var workers: Int
  /// Decoded files kept from earlier loads (`serve`), or nil.
  public var memo: Memo?
  /// Whether every stand-in font must be found (commands that lay text out);
  /// `list` and `fonts` read a site whose fonts may be missing.
  public var requiresFonts = true
  /// How the site's fonts are read: with HarfBuzz where text is set
  /// (`BlankslateCore`'s loader), not at all in the hand-off.
  package var fonts: any SiteFontReader

  /// A loader of the site at `root`, named `displayRoot` in messages, reading its fonts with `fonts`.
  ///
  /// - Parameters:
  ///   - root: The site folder.
  ///   - displayRoot: How messages name it; `root`'s path when nil.
  ///   - workers: How many files are read and decoded at once.
  ///   - memo: Files decoded by earlier loads (`serve`), or nil.
  ///   - fonts: What reads the team's font files and checks the faces.
  package init(
    root: URL, displayRoot: String? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    memo: Memo? = nil, fonts: any SiteFontReader
  ) {
    self.root = root
    self.displayRoot = displayRoot ?? root.path
    self.workers = max(1, workers)
    self.memo = memo
    self.fonts = fonts
  }

  /// One placeholder file, read and decoded on its own.
  struct LoadedFile: Sendable {
    var design: Design?
    var errors: [DefinitionError]
    var idLocation: SourceLocation?
    /// The locales its texts and images are written in, sorted.
    var locales: [String] = []
  }

  /// Placeholder files decoded by earlier loads, for a process that loads the
  /// same site again and again (`serve`), or kept on disk from the last build
  /// (`encoded`, `init(decoding:)`): a file is decoded again only when
  /// its bytes, the limits or the display root changed, or an image path it
  /// names now resolves otherwise (an asset added, removed or linked away).
  /// A file whose version (`FileTree.Version`) is the one decoded is not read again.
  public final class Memo: @unchecked Sendable {
    struct Entry {
      /// The file's version when it was read; nil when it had changed too
      /// recently for its version to vouch for its bytes (`trustedVersion`).
      var version: FileTree.Version?
      var hash: String
      var limits: SiteLimits
      var display: String
      var assets: [String: Result<String, AssetResolver.Problem>]
      var loaded: LoadedFile
      /// The design as `encoded` wrote it, when the entry was read from a file: written again as it is.
      var stored: ArraySlice<UInt8>?

      /// Whether what was decoded still stands for these limits and display
      /// path, every image path resolving as it did; then the same bytes decode the same.
      func holds(limits: SiteLimits, display: String, root: URL, checks: AssetResolver.Checks) -> Bool {
        guard self.limits == limits, self.display == display else { return false }
        guard !assets.isEmpty else { return true }
        let resolver = AssetResolver(siteRoot: root, checks: checks)
        return assets.allSatisfy { resolver.resolve($0.key) == $0.value }
      }
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    /// Whether an entry was stored or dropped since the memo was made or read.
    private var changed = false
    /// How many files the loads through this memo decoded (the others were kept).
    private var decodes = 0

    /// An empty memo.
    public init() {}

    init(entries: [String: Entry]) {
      self.entries = entries
    }

    func entry(_ path: String) -> Entry? {
      lock.withLock { entries[path] }
    }

    func store(_ entry: Entry, at path: String) {
      lock.withLock {
        entries[path] = entry
        changed = true
      }
    }

    /// Forgets the files a load no longer has.
    func keepOnly(_ files: [String]) {
      let kept = Set(files)
      lock.withLock {
        let before = entries.count
        entries = entries.filter { kept.contains($0.key) }
        if entries.count != before { changed = true }
      }
    }

    func countDecode() {
      lock.withLock { decodes += 1 }
    }

    /// How many files the loads through this memo decoded; the others it held decoded.
    package var decoded: Int { lock.withLock { decodes } }

    /// Whether the memo holds what `encoded` would write differently from what it was read from.
    package var hasChanged: Bool { lock.withLock { changed } }

    /// The entries, by file name.
    var all: [String: Entry] { lock.withLock { entries } }
  }

  /// `version`, when it may vouch for the file's bytes: the file last
  /// changed before the second before `loadStarted`. A file system's clock
  /// moves in ticks, so a file written again in the tick it was read in
  /// keeps its version with other bytes; a version newer than that is not
  /// kept, and the next load reads the file and compares its hash.
  package static func trustedVersion(_ version: FileTree.Version?, loadStarted: Int64) -> FileTree.Version? {
    guard let version, version.changed(before: loadStarted - 1) else { return nil }
    return version
  }

  /// - Throws: `DefinitionErrors` with every problem found, in file order.
  public func load() throws(DefinitionErrors) -> SiteDefinition {
    var errors: [DefinitionError] = []
    let settings = loadSettings(errors: &errors)

    let limits = settings.limits
    let files = placeholderFiles(errors: &errors)
    let realRoot = root.resolvingSymlinksInPath().standardizedFileURL.path
    // A linked `placeholders` folder has each file's real place checked.
    let folder = root.appending(path: "placeholders").resolvingSymlinksInPath().standardizedFileURL.path
    let folderIsInside =
      folder.hasPrefix(realRoot + "/") && folder == root.appending(path: "placeholders").standardizedFileURL.path
    let rootPath = root.path
    let checks = AssetResolver.Checks()
    let started = Int64(time(nil))
    let loaded = ParallelWork.map(count: files.count, workers: workers) { index in
      load(
        placeholder: files[index], limits: limits, rootPath: rootPath, realRoot: realRoot,
        folderIsInside: folderIsInside, checks: checks, started: started)
    }
    memo?.keepOnly(files)

    var designs: [Design] = []
    var firstFile: [String: String] = [:]
    for (file, result) in zip(files, loaded) {
      errors += result.errors
      guard var design = result.design, let idLocation = result.idLocation else { continue }
      let undeclared = Set(
        result.locales.filter { !Self.shows($0, in: settings.locales) && Self.isSlip($0, among: settings.locales) })
      if !undeclared.isEmpty {
        errors += undeclaredLocales(
          undeclared, written: result.locales, file: file, locales: settings.locales, limits: limits,
          rootPath: rootPath, realRoot: realRoot, folderIsInside: folderIsInside)
        continue
      }
      design.appTint = settings.tint
      if let first = firstFile[design.id] {
        errors.append(.duplicateID(idLocation, id: design.id, firstUse: first))
        continue
      }
      firstFile[design.id] = displayPath("placeholders/" + file)
      designs.append(design)
    }

    let renders =
      designs.reduce(0) { $0 + $1.variants.count }
      * RenderMatrix.rendersPerVariant(
        devices: settings.devices.count, themes: settings.themes.count, locales: settings.locales.count,
        textSizes: settings.textSizes.count)
    if renders > limits.renders {
      errors.append(
        .limitExceeded(
          SourceLocation(file: displayPath("site.json")),
          what: "the number of renders (variants × devices × themes × locales × text sizes)",
          found: renders, limit: limits.renders, key: "renders"))
    }
    guard errors.isEmpty else { throw DefinitionErrors(errors) }
    designs.sort { $0.id.precedesInByteOrder($1.id) }
    var site = SiteDefinition(
      title: settings.title, devices: settings.devices, themes: settings.themes, locales: settings.locales,
      textSizes: settings.textSizes, designs: designs, lint: settings.lint, limits: limits)
    site.settingsHash = settings.hash
    site.settingsHashWithoutLists = settings.hashWithoutLists
    site.tint = settings.tint
    site.typography = settings.typography
    site.coverage = settings.coverage
    // The stand-in fonts, by content: the site's fonts/ folder first, then the system's.
    site.typography.standIns = SiteTypography.standIns(FontSearch.forSite(root.path))
    if requiresFonts {
      let problems = fonts.problems(of: site.typography)
      guard problems.isEmpty else {
        throw DefinitionErrors(problems.map { .font(file: displayPath("fonts"), message: $0) })
      }
    }
    return site
  }

  private func load(
    placeholder file: String, limits: SiteLimits, rootPath: String, realRoot: String, folderIsInside: Bool,
    checks: AssetResolver.Checks, started: Int64
  ) -> LoadedFile {
    var errors: [DefinitionError] = []
    let display = displayPath("placeholders/" + file)
    let path = rootPath + "/placeholders/" + file
    var status = stat()
    // The version decoded last time, of a file in the site and not a link: it is not read again.
    let version = Self.trustedVersion(
      folderIsInside && lstat(path, &status) == 0 ? FileTree.version(of: status) : nil, loadStarted: started)
    let kept = memo?.entry(file).flatMap {
      $0.holds(limits: limits, display: display, root: root, checks: checks) ? $0 : nil
    }
    if let kept, let version, kept.version == version { return kept.loaded }
    guard
      let bytes = read(
        relativePath: "placeholders/" + file, limits: limits, rootPath: rootPath, realRoot: realRoot,
        folderIsInside: folderIsInside, errors: &errors)
    else {
      return LoadedFile(errors: errors)
    }
    let hash = ContentHash.of(bytes).hex
    if let memo, var kept, kept.hash == hash {
      if kept.version != version {
        kept.version = version
        memo.store(kept, at: file)
      }
      return kept.loaded
    }
    let resolver = AssetResolver(siteRoot: root, answers: memo.map { _ in AssetResolver.Answers() }, checks: checks)
    memo?.countDecode()
    let loaded = Self.decode(bytes, hash: hash, file: file, display: display, limits: limits, resolver: resolver)
    if let memo, let answers = resolver.answers {
      memo.store(
        Memo.Entry(
          version: version, hash: hash, limits: limits, display: display, assets: answers.byPath, loaded: loaded),
        at: file)
    }
    return loaded
  }

  /// One definition's bytes decoded; `file` is its name in `placeholders/`, `display` how messages name it.
  static func decode(
    _ bytes: [UInt8], hash: String, file: String, display: String, limits: SiteLimits, resolver: AssetResolver
  ) -> LoadedFile {
    var errors: [DefinitionError] = []
    let json: JSONValue
    do {
      json = try JSONParser(maximumDepth: limits.depth).parse(bytes)
    } catch {
      return LoadedFile(errors: [.syntax(file: display, position: error.position, message: error.message)])
    }
    let fields = FieldDecoder(file: display, maximumTextLength: limits.textLength)
    let decoder = DesignDecoder(fields: fields, assets: resolver, limits: limits)
    let stem = String(file.dropLast(".json".count))
    var design = decoder.decode(json, fileStem: stem, sourceFile: "placeholders/" + file)
    design?.sourceHash = hash
    errors += fields.errors.sorted(by: Self.byPosition)
    guard let design, fields.errors.isEmpty else { return LoadedFile(errors: errors) }
    var idPosition = json.position
    if case .object(let members) = json.kind, let id = members.first(where: { $0.key == "id" }) {
      idPosition = id.value.position
    }
    return LoadedFile(
      design: design, errors: errors,
      idLocation: SourceLocation(file: display, path: .root.appending("id"), position: idPosition),
      locales: fields.localeKeys.sorted { $0.precedesInByteOrder($1) })
  }

  private static func byPosition(_ a: DefinitionError, _ b: DefinitionError) -> Bool {
    (a.position ?? SourcePosition(line: 0, column: 0)) < (b.position ?? SourcePosition(line: 0, column: 0))
  }

  func displayPath(_ relative: String) -> String {
    displayRoot.isEmpty || displayRoot == "." ? relative : displayRoot + "/" + relative
  }

  private func loadSettings(errors: inout [DefinitionError]) -> SiteSettings {
    let url = root.appending(path: "site.json")
    guard FileManager.default.fileExists(atPath: url.path) else { return SiteSettings() }
    let realRoot = root.resolvingSymlinksInPath().standardizedFileURL.path
    guard
      let (json, hash) = parse(
        relativePath: "site.json", limits: SiteLimits(), rootPath: root.path, realRoot: realRoot, folderIsInside: true,
        errors: &errors)
    else {
      return SiteSettings()
    }
    let fields = FieldDecoder(file: displayPath("site.json"))
    var settings = SiteSettings.decode(json, fields: fields, root: root, fonts: fonts)
    settings.hash = hash
    settings.hashWithoutLists = SiteSettings.hashWithoutLists(json)
    errors += fields.errors.sorted(by: Self.byPosition)
    return settings
  }

  /// The JSON files directly inside `placeholders/`, sorted by name (byte order).
  private func placeholderFiles(errors: inout [DefinitionError]) -> [String] {
    let folder = root.appending(path: "placeholders")
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory)
      let reason =
        exists && isDirectory.boolValue
        ? "the folder is missing; a site keeps one design per file in placeholders/*.json"
        : "the site folder \(displayRoot) does not exist"
      errors.append(.unreadable(file: displayPath("placeholders"), reason: reason))
      return []
    }
    let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
      .sorted { $0.precedesInByteOrder($1) }
    if files.isEmpty {
      errors.append(.unreadable(file: displayPath("placeholders"), reason: "it holds no *.json design files"))
    }
    return files
  }

  /// The file's JSON and a hash of its bytes.
  func parse(
    relativePath: String, limits: SiteLimits, rootPath: String, realRoot: String, folderIsInside: Bool,
    errors: inout [DefinitionError]
  ) -> (JSONValue, String)? {
    guard
      let bytes = read(
        relativePath: relativePath, limits: limits, rootPath: rootPath, realRoot: realRoot,
        folderIsInside: folderIsInside, errors: &errors)
    else { return nil }
    do {
      return (try JSONParser(maximumDepth: limits.depth).parse(bytes), ContentHash.of(bytes).hex)
    } catch {
      errors.append(.syntax(file: displayPath(relativePath), position: error.position, message: error.message))
      return nil
    }
  }

  /// The file's bytes, when it lies in the site and within the size limit.
  private func read(
    relativePath: String, limits: SiteLimits, rootPath: String, realRoot: String, folderIsInside: Bool,
    errors: inout [DefinitionError]
  ) -> [UInt8]? {
    let path = rootPath + "/" + relativePath
    let display = displayPath(relativePath)
    // A definition reached through a symbolic link (or in a linked folder) must still lie in the site.
    var status = stat()
    let isLink = lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    if isLink || !folderIsInside,
      !root.appending(path: relativePath).resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(realRoot + "/")
    {
      errors.append(.unreadable(file: display, reason: "it is a link to a file outside the site folder"))
      return nil
    }
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try FileTree.read(path, limit: limits.fileSize)
    } catch {
      if case .tooLarge(let size, _) = error {
        errors.append(
          .limitExceeded(
            SourceLocation(file: display), what: "the file's size in bytes", found: size, limit: limits.fileSize,
            key: "fileSize"))
      } else {
        errors.append(.unreadable(file: display, reason: error.description))
      }
      return nil
    }
    return bytes
  }
}
