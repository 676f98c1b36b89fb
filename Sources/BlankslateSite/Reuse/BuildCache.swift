import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// What a build remembers about each design it rendered, kept in the
/// output's state folder (never published), so the next build re-renders
/// only the designs whose inputs changed and links the rest of its files
/// from the previous output.
///
/// Each cache names the folder it describes (`StagingFolder.identity`), so
/// it is trusted only for that folder. It is read as untrusted input: a
/// value of the wrong type, an out-of-range number or a text that could not
/// have come from a definition makes the whole cache ignored, and every
/// design is rendered again.
///
/// A design's key hashes every input of its files: the tool, the templates,
/// `site.json`, the design's file (its name and bytes) and its images; a different key, a missing
/// file or a different tool means the design is rendered again. Beside it,
/// a key for each neighbour as the design's pages name it (the previous/next
/// links of its first and last variants): when only that changed, only
/// those pages are rendered again.
package struct BuildCache: Sendable {
  /// The largest cache read (a 200,000-render site's is a few megabytes).
  static let maximumSize = 256 << 20

  /// A design's inputs: its own, and each neighbour's name and id.
  struct Key: Sendable, Equatable {
    var own: String
    var previous: String
    var next: String
    /// Its own, but of `site.json` only what the files of each render read:
    /// not which devices, themes, locales and text sizes there are (their
    /// first ones aside). When only that differs, the renders both builds
    /// have keep their SVGs, and their pages change only in their switches.
    var renders: String
  }

  struct Entry: Sendable {
    var key: Key
    /// The fingerprints of the design's index card and coverage row
    /// (`GalleryPages.parts`), which its key and meta determine; nil until
    /// the site's files are made.
    var parts: GalleryPages.DesignParts?
    /// The design's entries of `index.json` and the search index, which its
    /// own key determines (`SiteIndex.entries`), as made or as a cache file
    /// holds them; nil when not kept. Making them again for every design a
    /// rebuild keeps was 211 of its 998 million instructions on the
    /// 10,000-render team site (`bench/rebuild_callgrind.sh ./X TAG team10k`).
    var indexEntries: SiteIndex.Entries?
    /// The meta, as made or as a cache file holds it.
    private let held: HeldMeta

    init(key: Key, meta: DesignMeta, parts: GalleryPages.DesignParts? = nil) {
      self.key = key
      held = HeldMeta(meta)
      self.parts = parts
    }

    fileprivate init(key: Key, stored: Netstrings) {
      self.key = key
      held = HeldMeta(stored: stored)
    }

    /// What the design's renders found and show; nil when the cache file's
    /// bytes for it do not read as a meta (texts that are not UTF-8 of XML
    /// characters, a count out of place): the design is then rendered again.
    var meta: DesignMeta? { meta(readingTexts: true) }

    /// The meta, its search texts left out (`texts` empty) unless
    /// `readingTexts`: only a design whose search entries are made again
    /// reads them, and a cache written from this entry copies them as
    /// they are (`writeMeta`).
    func meta(readingTexts: Bool) -> DesignMeta? { held.meta(readingTexts: readingTexts) }

    /// The meta as one nested value; one read from a cache file is copied as its bytes are.
    func writeMeta(into writer: inout Netstrings.Writer) { writer.raw(held.encoded) }
  }

  /// A design's meta, as a build made it or as a cache file holds it, each
  /// form made from the other when first asked for, once: a reused design's
  /// entry is copied into the next cache (and `serve` keeps that cache), so
  /// its copies share what was read and written (decoding every reused
  /// design's meta, or encoding it, had been a tenth of a save's instructions).
  private final class HeldMeta: @unchecked Sendable {
    private let lock = NSLock()
    /// The meta with its search texts (made, or read with them), or `.some(nil)` when unreadable.
    private var whole: DesignMeta??
    /// The meta read without its search texts.
    private var withoutTexts: DesignMeta??
    /// The nested value's bytes, as a cache file holds them.
    private var bytes: ArraySlice<UInt8>?
    private let stored: Netstrings?

    init(_ meta: DesignMeta) {
      whole = .some(meta)
      stored = nil
    }

    init(stored: Netstrings) {
      self.stored = stored
      bytes = stored.rest
    }

    func meta(readingTexts: Bool) -> DesignMeta? {
      lock.withLock {
        if let whole { return whole }
        if !readingTexts, let withoutTexts { return withoutTexts }
        guard let stored else { return nil }
        let read = BuildCache.decodeMeta(stored, readingTexts: readingTexts)
        if readingTexts { whole = .some(read) } else { withoutTexts = .some(read) }
        return read
      }
    }

    var encoded: ArraySlice<UInt8> {
      lock.withLock {
        if let bytes { return bytes }
        var writer = Netstrings.Writer(capacity: 256)
        if case .some(.some(let meta)) = whole { Self.write(meta, into: &writer) }
        bytes = writer.bytes[...]
        return writer.bytes[...]
      }
    }

    private static func write(_ meta: DesignMeta, into writer: inout Netstrings.Writer) {
      writer.count(meta.thumbnailAlt == nil ? 0 : 1)
      writer.count(meta.bytes)
      if let alt = meta.thumbnailAlt { writer.text(alt) }
      writer.count(meta.texts.count)
      for text in meta.texts { writer.text(text) }
      writer.text(meta.characters.text)
      writer.count(meta.lint.count)
      for variant in meta.lint.keys.sorted() {
        let counts = meta.lint[variant] ?? LintCounts()
        writer.text(variant)
        for count in [counts.errors, counts.warnings, counts.accepted] { writer.count(count) }
      }
    }
  }

  /// The tool and templates the cached outputs were made with.
  var identity: String
  /// When the cache file was written (its modification time; nil for a
  /// cache made in memory): every folder of the build it describes was
  /// final by then, so one changed later was changed by someone else.
  var written: (seconds: Int64, nanoseconds: Int)?
  var designs: [String: Entry] = [:]
  /// The fingerprint of each index page's content, by path.
  var pages: [String: String] = [:]

  /// The caches in `state` that describe `folders` (by identity) and were
  /// made by the tool and templates `identity`, one for each folder or nil.
  static func load(state: String, for folders: [String], identity: String, memo: BuildMemo? = nil) -> [BuildCache?] {
    for name in StateFolder.legacyCaches { unlink(state + "/" + name) }
    let wanted = folders.map(StagingFolder.identity(of:))
    var found = [BuildCache?](repeating: nil, count: folders.count)
    let present = [StateFolder.publishedCache, StateFolder.backCache, StateFolder.nextCache].compactMap {
      FileTree.identity(of: state + "/" + $0)
    }
    memo?.caches.keepOnly { present.contains($0) }
    for name in [StateFolder.publishedCache, StateFolder.backCache, StateFolder.nextCache] {
      guard let loaded = load(state + "/" + name, identity: identity, memo: memo),
        let index = wanted.firstIndex(where: { $0 == loaded.folder }), found[index] == nil
      else { continue }
      found[index] = loaded.cache
    }
    return found
  }

  /// The designs of `site` whose SVG renders the built gallery at `gallery`
  /// holds as they would be drawn now: a cache of the gallery's (found by the
  /// folder's identity) was made by this tool with these fonts, and keys the
  /// design as today's inputs do. The templates and PNG scale the gallery was
  /// built with do not matter: they shape its pages, not its SVGs. Empty
  /// when the gallery has no such cache.
  static func currentDesigns(
    in gallery: URL, site: SiteDefinition, assets: AssetCatalog, fonts: String
  ) -> Set<String> {
    guard let folder = StagingFolder.identity(of: gallery.standardizedFileURL.path) else { return [] }
    let state = StateFolder.path(of: gallery)
    let renderIdentity = Self.renderIdentity(fonts: fonts) + " "
    for name in [StateFolder.publishedCache, StateFolder.backCache, StateFolder.nextCache] {
      guard let bytes = try? FileTree.read(state + "/" + name, limit: maximumSize, noFollow: true),
        let file = decode(bytes, accepting: { $0.hasPrefix(renderIdentity) }), file.folder == folder,
        let cache = file.cache
      else { continue }
      let keys = keys(of: site, identity: cache.identity, assets: assets)
      var current: Set<String> = []
      for (design, key) in zip(site.designs, keys) where cache.designs[design.id]?.key.renders == key.renders {
        current.insert(design.id)
      }
      return current
    }
    return []
  }

  /// A cache file as read: the folder it describes and, when it is valid and made by this identity, the cache.
  struct CacheFile {
    var folder: String
    var cache: BuildCache?
  }

  /// The cache file at `path`, from `memo` when it is the same file as last time.
  private static func load(_ path: String, identity: String, memo: BuildMemo?) -> CacheFile? {
    let file = FileTree.identity(of: path)
    if let memo, let file, let kept = memo.caches.value(for: file, madeFrom: identity) { return kept }
    var loaded: CacheFile?
    if let bytes = try? FileTree.read(path, limit: maximumSize, noFollow: true) {
      loaded = decode(bytes, identity: identity)
      loaded?.cache?.written = file?.modificationTime
    }
    if let memo, let file { memo.caches.keep(loaded, for: file, madeFrom: identity) }
    return loaded
  }

  /// The first line of every cache file: the state files' format version, and its kind.
  static let header = StateFile.header("build cache")

  /// The cache file in `bytes`: the folder it describes and, when every value
  /// is in place and it was made by `identity`, the cache; nil when it is not
  /// a cache file at all. Read field by field (`Netstrings`), with no JSON
  /// parse: a rebuild reads two of these before anything else.
  static func decode(_ bytes: [UInt8], identity: String) -> CacheFile? {
    decode(bytes, accepting: { $0 == identity })
  }

  /// As `decode(_:identity:)`, for a cache made by any identity `accepts`
  /// (the cache keeps the one it was made by).
  static func decode(_ bytes: [UInt8], accepting accepts: (String) -> Bool) -> CacheFile? {
    guard bytes.starts(with: header) else { return nil }
    var fields = Netstrings(bytes, from: header.count)
    guard let madeBy = fields.text(), let folder = fields.text() else { return nil }
    guard accepts(madeBy) else { return CacheFile(folder: folder, cache: nil) }
    return CacheFile(folder: folder, cache: decodeEntries(&fields, identity: madeBy))
  }

  /// The designs and pages after the header, or nil when any value is out of place.
  private static func decodeEntries(_ fields: inout Netstrings, identity: String) -> BuildCache? {
    var cache = BuildCache(identity: identity)
    guard let designCount = fields.count() else { return nil }
    for _ in 0..<designCount {
      guard let id = fields.definitionText(), let own = fields.hash(), let previous = fields.hash(),
        let next = fields.hash(), let renders = fields.hash(), let meta = fields.nested()
      else { return nil }
      var entry = Entry(key: Key(own: own, previous: previous, next: next, renders: renders), stored: meta)
      guard let hasParts = fields.flag() else { return nil }
      if hasParts {
        guard let card = fields.hash(), let coverageRow = fields.hash() else { return nil }
        entry.parts = GalleryPages.DesignParts(card: card, coverageRow: coverageRow)
      }
      guard let hasEntries = fields.flag() else { return nil }
      if hasEntries {
        guard let json = fields.bytesOfValue(), let search = fields.bytesOfValue() else { return nil }
        entry.indexEntries = SiteIndex.Entries(json: json, search: search)
      }
      cache.designs[id] = entry
    }
    guard let pageCount = fields.count() else { return nil }
    for _ in 0..<pageCount {
      guard let path = fields.definitionText(), let key = fields.hash() else { return nil }
      cache.pages[path] = key
    }
    return fields.isAtEnd ? cache : nil
  }

  /// A design's meta as `encoded` nests it, or nil when any value is out of place.
  fileprivate static func decodeMeta(_ stored: Netstrings, readingTexts: Bool) -> DesignMeta? {
    var fields = stored
    guard let hasAlt = fields.flag(), let bytes = fields.count() else { return nil }
    var meta = DesignMeta()
    meta.bytes = bytes
    if hasAlt {
      guard let alt = fields.definitionText() else { return nil }
      meta.thumbnailAlt = alt
    }
    guard let textCount = fields.count() else { return nil }
    for _ in 0..<textCount {
      if readingTexts {
        guard let text = fields.definitionText() else { return nil }
        meta.texts.append(text)
      } else {
        guard fields.skip() else { return nil }
      }
    }
    guard let text = fields.definitionText(), let characters = DrawnCharacters(sorted: text),
      let lintCount = fields.count()
    else { return nil }
    meta.characters = characters
    for _ in 0..<lintCount {
      guard let variant = fields.definitionText(), let errors = fields.count(),
        let warnings = fields.count(), let accepted = fields.count()
      else { return nil }
      var counts = LintCounts()
      counts.errors = errors
      counts.warnings = warnings
      counts.accepted = accepted
      meta.lint[variant] = counts
    }
    return fields.isAtEnd ? meta : nil
  }

  /// The cache as a file, naming the folder it describes: the header, then
  /// every value as a netstring (`<length>:<bytes>,`), written as it goes
  /// (a site of 10,000 renders has a cache of a few hundred kilobytes, written on every build).
  func encoded(describing folder: String) -> [UInt8] {
    var writer = Netstrings.Writer(capacity: 1 << 20)
    writer.bytes += Self.header
    writer.text(identity)
    writer.text(folder)
    writer.count(designs.count)
    for id in designs.keys.sorted() {
      guard let entry = designs[id] else { continue }
      writer.text(id)
      writer.text(entry.key.own)
      writer.text(entry.key.previous)
      writer.text(entry.key.next)
      writer.text(entry.key.renders)
      entry.writeMeta(into: &writer)
      if let parts = entry.parts {
        writer.count(1)
        writer.text(parts.card)
        writer.text(parts.coverageRow)
      } else {
        writer.count(0)
      }
      if let kept = entry.indexEntries {
        writer.count(1)
        writer.raw(kept.json)
        writer.raw(kept.search)
      } else {
        writer.count(0)
      }
    }
    writer.count(pages.count)
    for path in pages.keys.sorted() {
      writer.text(path)
      writer.text(pages[path] ?? "")
    }
    return writer.bytes
  }

  /// The tool, fonts and templates behind a build: the version, the
  /// executable's content (its build id; a rebuilt binary invalidates the
  /// cache), every pinned font's identity, and a hash of every template file.
  /// `pngScale`: a build with PNGs (and at which scale) is another output, never mixed with one without.
  static func identity(templates: TemplateSet, fonts: String, pngScale: Int? = nil) -> String {
    renderIdentity(fonts: fonts) + (pngScale.map { " png@\($0)x" } ?? "") + " templates:" + templates.fingerprint
  }

  /// What of `identity` the SVG renders depend on: the tool and the fonts
  /// (`fonts`: `FontLibrary.fingerprint` and the tracking), not the templates
  /// or the PNG scale. Every identity starts with it and a space.
  static func renderIdentity(fonts: String) -> String {
    var hash = ContentHash()
    hash.add(fonts)
    return "blankslate \(Blankslate.version) \(ToolIdentity.current) fonts:\(hash.hex)"
  }

  /// The key of every design of `site`, in site order; with `memo` (`serve`),
  /// a design's key is the last build's when everything it is made from is
  /// as it was (`KeyInputs`), and made anew otherwise.
  static func keys(
    of site: SiteDefinition, identity: String, assets: AssetCatalog, memo: Memo<String, KeyInputs, Key>? = nil
  ) -> [Key] {
    let firsts = Self.firsts(of: site)
    // What the hashes of every design begin with, hashed once: a hash of
    // the same bytes fed in two parts is the hash of them fed at once.
    var own = ContentHash()
    own.add(identity)
    own.add(site.settingsHash)
    // The first device, theme, locale and text size are the gallery's
    // default view: which render gives the design its thumbnail, its search
    // texts and its design-wide findings.
    var renders = ContentHash()
    renders.add(identity)
    renders.add(site.settingsHashWithoutLists)
    renders.add(firsts)
    var neighbour = ContentHash()
    neighbour.add(identity)
    let seeds = [identity, site.settingsHash, site.settingsHashWithoutLists, firsts]
    let made = site.designs.indices.map { index in
      let design = site.designs[index]
      let inputs = KeyInputs(
        seeds: seeds, design: design,
        images: design.variants.flatMap { $0.properties.imagePaths.map { assets.entry(for: $0) } },
        previous: index > 0 ? Neighbour(site.designs[index - 1], last: true) : nil,
        next: index + 1 < site.designs.count ? Neighbour(site.designs[index + 1], last: false) : nil)
      let make = { (inputs: KeyInputs) in key(of: inputs, seeds: (own, renders, neighbour)) }
      return memo?.value(for: design.id, madeFrom: inputs, make: make) ?? make(inputs)
    }
    let ids = Set(site.designs.map(\.id))
    memo?.keepOnly { ids.contains($0) }
    return made
  }

  /// The first device, theme, locale and text size, `|`-separated: the
  /// gallery's default view. Every name is letters, digits and hyphens
  /// (`RenderID`'s parts), so it reads one way.
  private static func firsts(of site: SiteDefinition) -> String {
    [
      site.devices.first?.rawValue, site.themes.first?.rawValue, site.locales.first, site.textSizes.first?.rawValue,
    ].map { $0 ?? "" }.joined(separator: "|")
  }

  /// Everything a design's key is made from: what every key begins with
  /// (the tool and the site's settings), the design, its images (as the
  /// catalog holds them) and the neighbours its pages name.
  struct KeyInputs: Equatable, Sendable {
    var seeds: [String]
    var design: Design
    var images: [AssetCatalog.Entry?]
    var previous: Neighbour?
    var next: Neighbour?
  }

  /// The names the pages of a design's first or last variant show of the
  /// design before or after it: all its key's neighbour hashes are made
  /// from, and what a kept key is checked against.
  struct Neighbour: Equatable, Sendable {
    var id: String
    var name: String
    var variantID: String?
    var variantName: String?

    init(_ design: Design, last: Bool) {
      let variant = last ? design.variants.last : design.variants.first
      (id, name, variantID, variantName) = (design.id, design.name, variant?.id, variant?.name)
    }

    /// `seed` with the names added; the empty hash for a design without variants (no page names it).
    func hash(from seed: ContentHash) -> ContentHash {
      guard let variantID, let variantName else { return ContentHash() }
      var hash = seed
      hash.add(id + "\u{1F}" + name + "\u{1F}" + variantID + "\u{1F}" + variantName)
      return hash
    }
  }

  /// The key of a design made from `inputs`, its hashes begun with `seeds` (made from `inputs.seeds`).
  private static func key(
    of inputs: KeyInputs, seeds: (own: ContentHash, renders: ContentHash, neighbour: ContentHash)
  ) -> Key {
    let (design, previous, next) = (inputs.design, inputs.previous, inputs.next)
    var content = ContentHash()
    content.add(design.sourceHash)
    // Pages name the file a design comes from (the resolved definition, annotations).
    content.add(design.sourceFile)
    for (path, image) in zip(design.variants.flatMap(\.properties.imagePaths), inputs.images) {
      content.add(path)
      content.add(image?.base64 ?? "")
    }
    let inputsHex = content.hex
    var hash = seeds.own
    hash.add(inputsHex)
    var renders = seeds.renders
    renders.add(inputsHex)
    // The pages of the first and last variants name their neighbours.
    let previousHash = previous?.hash(from: seeds.neighbour) ?? ContentHash()
    let nextHash = next?.hash(from: seeds.neighbour) ?? ContentHash()
    return Key(own: hash.hex, previous: previousHash.hex, next: nextHash.hex, renders: renders.hex)
  }
}
