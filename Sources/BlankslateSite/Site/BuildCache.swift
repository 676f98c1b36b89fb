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
struct BuildCache: Sendable {
  /// The caches of the published output, of the back buffer, and of a build about to be published.
  static let publishedName = "published.cache.json"
  static let backName = "back.cache.json"
  static let nextName = "next.cache.json"
  /// The largest cache read (a 200,000-render site's is a few megabytes).
  static let maximumSize = 256 << 20

  /// A design's inputs: its own, and each neighbour's name and id.
  struct Key: Sendable, Equatable {
    var own: String
    var previous: String
    var next: String
  }

  struct Entry: Sendable {
    var key: Key
    var meta: DesignMeta
    /// Where the design's entries lie in this build's `index.json` and
    /// search index, and their fingerprint (`SiteIndex.Entries.fingerprint`).
    var entries: (json: Range<Int>, search: Range<Int>, fingerprint: String)?
  }

  /// The tool and templates the cached outputs were made with.
  var identity: String
  var designs: [String: Entry] = [:]
  /// The fingerprint of each index page's content, by path.
  var pages: [String: String] = [:]

  /// The caches in `state` that describe `folders` (by identity) and were
  /// made by the tool and templates `identity`, one for each folder or nil.
  static func load(state: String, for folders: [String], identity: String, memo: BuildMemo? = nil) -> [BuildCache?] {
    let wanted = folders.map(StagingFolder.identity(of:))
    var found = [BuildCache?](repeating: nil, count: folders.count)
    memo?.keepOnly([publishedName, backName, nextName].compactMap { FileTree.identity(of: state + "/" + $0) })
    for name in [publishedName, backName, nextName] {
      guard let loaded = load(state + "/" + name, identity: identity, memo: memo),
        let index = wanted.firstIndex(where: { $0 == loaded.folder }), found[index] == nil
      else { continue }
      found[index] = loaded.cache
    }
    return found
  }

  /// A cache file as read: the folder it describes and, when it is valid and made by this identity, the cache.
  struct CacheFile {
    var folder: String
    var cache: BuildCache?
  }

  /// The cache file at `path`, from `memo` when it is the same file as last time.
  private static func load(_ path: String, identity: String, memo: BuildMemo?) -> CacheFile? {
    let file = FileTree.identity(of: path)
    if let memo, let file, let kept = memo.cache(file, identity: identity) { return kept }
    var loaded: CacheFile?
    if let bytes = try? FileTree.read(path, limit: maximumSize, noFollow: true),
      let root = try? JSONParser(maximumDepth: 16).parse(bytes), let folder = root["folder"]?.stringValue
    {
      loaded = CacheFile(folder: folder, cache: parse(root, identity: identity))
    }
    if let memo, let file { memo.keep(loaded, file: file, identity: identity) }
    return loaded
  }

  /// The cache `root` holds, or nil when it is not one made by `identity` or any value is out of place.
  private static func parse(_ root: JSONValue, identity: String) -> BuildCache? {
    guard root["identity"]?.stringValue == identity, case .object(let members)? = root["designs"]?.kind,
      case .object(let pages)? = root["pages"]?.kind
    else { return nil }
    var cache = BuildCache(identity: identity)
    for page in pages {
      guard let key = hashText(page.value), isText(page.key) else { return nil }
      cache.pages[page.key] = key
    }
    for member in members {
      guard let own = hashText(member.value["key"]), let previous = hashText(member.value["previous"]),
        let next = hashText(member.value["next"]), let bytes = integer(member.value["bytes"]),
        bytes >= 0, let textValues = member.value["texts"]?.arrayValue,
        case .object(let variants)? = member.value["lint"]?.kind
      else { return nil }
      var meta = DesignMeta()
      meta.bytes = bytes
      switch member.value["alt"]?.kind {
      case .string(let alt)? where isText(alt): meta.thumbnailAlt = alt
      case .null?: break
      default: return nil
      }
      for value in textValues {
        guard let text = value.stringValue, isText(text) else { return nil }
        meta.texts.append(text)
      }
      guard let characters = member.value["characters"]?.stringValue, isText(characters) else { return nil }
      meta.characters = Set(characters.unicodeScalars)
      for variant in variants {
        guard let numbers = integers(variant.value), numbers.count == 3, numbers.allSatisfy({ $0 >= 0 }) else {
          return nil
        }
        var counts = LintCounts()
        counts.errors = numbers[0]
        counts.warnings = numbers[1]
        counts.accepted = numbers[2]
        meta.lint[variant.key] = counts
      }
      var entry = Entry(key: Key(own: own, previous: previous, next: next), meta: meta)
      if let at = integers(member.value["entries"]) {
        guard at.count == 4, at[0] >= 0, at[0] <= at[1], at[2] >= 0, at[2] <= at[3],
          let fingerprint = hashText(member.value["entriesFingerprint"])
        else { return nil }
        entry.entries = (at[0]..<at[1], at[2]..<at[3], fingerprint)
      }
      cache.designs[member.key] = entry
    }
    return cache
  }

  /// A hash as the cache writes it: 16 hexadecimal digits.
  private static func hashText(_ value: JSONValue?) -> String? {
    guard let text = value?.stringValue, text.utf8.count == 16,
      text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
    else { return nil }
    return text
  }

  /// Text a definition could have held: XML characters, no longer than the longest string a site allows.
  private static func isText(_ text: String) -> Bool {
    text.utf8.count <= 16 << 20 && !XMLCharacters.mayRefuse(text)
  }

  /// The cache as JSON, naming the folder it describes; written as it goes
  /// (a site of 10,000 renders has a cache of a few hundred kilobytes, written on every build).
  func json(describing folder: String) -> [UInt8] {
    var writer = JSONWriter(capacity: 1 << 16)
    writer.beginObject()
    writer.key("v")
    writer.number(2)
    writer.key("identity")
    writer.string(identity)
    writer.key("folder")
    writer.string(folder)
    writer.key("designs")
    writer.beginObject()
    for id in designs.keys.sorted() {
      guard let entry = designs[id] else { continue }
      writer.key(id)
      writer.beginObject()
      writer.key("key")
      writer.string(entry.key.own)
      writer.key("previous")
      writer.string(entry.key.previous)
      writer.key("next")
      writer.string(entry.key.next)
      writer.key("alt")
      if let alt = entry.meta.thumbnailAlt { writer.string(alt) } else { writer.null() }
      writer.key("bytes")
      writer.number(Double(entry.meta.bytes))
      writer.key("texts")
      writer.beginArray()
      for text in entry.meta.texts { writer.string(text) }
      writer.endArray()
      writer.key("characters")
      writer.string(Self.text(of: entry.meta.characters))
      writer.key("lint")
      writer.beginObject()
      for variant in entry.meta.lint.keys.sorted() {
        let counts = entry.meta.lint[variant] ?? LintCounts()
        writer.key(variant)
        writer.beginArray()
        for count in [counts.errors, counts.warnings, counts.accepted] { writer.number(Double(count)) }
        writer.endArray()
      }
      writer.endObject()
      writer.key("entries")
      if let ranges = entry.entries {
        writer.beginArray()
        for bound in [
          ranges.json.lowerBound, ranges.json.upperBound, ranges.search.lowerBound, ranges.search.upperBound,
        ] {
          writer.number(Double(bound))
        }
        writer.endArray()
      } else {
        writer.null()
      }
      writer.key("entriesFingerprint")
      if let ranges = entry.entries { writer.string(ranges.fingerprint) } else { writer.null() }
      writer.endObject()
    }
    writer.endObject()
    writer.key("pages")
    writer.beginObject()
    for path in pages.keys.sorted() {
      writer.key(path)
      writer.string(pages[path] ?? "")
    }
    writer.endObject()
    writer.endObject()
    writer.append("\n")
    return writer.bytes
  }

  /// `characters` in code point order, as one string.
  private static func text(of characters: Set<Unicode.Scalar>) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(characters.count * 3)
    for value in characters.map(\.value).sorted() {
      guard let scalar = Unicode.Scalar(value) else { continue }
      UTF8.encode(scalar) { bytes.append($0) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The whole numbers of a JSON array, or nil when it is not one of them only.
  private static func integers(_ value: JSONValue?) -> [Int]? {
    guard let items = value?.arrayValue else { return nil }
    let numbers = items.compactMap(integer)
    return numbers.count == items.count ? numbers : nil
  }

  /// A whole number small enough to count bytes, or nil.
  private static func integer(_ value: JSONValue?) -> Int? {
    value?.numberValue.flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil }
  }

  /// The tool, fonts and templates behind a build: the version, the
  /// executable's content (its build id; a rebuilt binary invalidates the
  /// cache), every pinned font's identity, and a hash of every template file.
  /// `pngScale`: a build with PNGs (and at which scale) is another output, never mixed with one without.
  static func identity(templates: TemplateSet, fonts: String, pngScale: Int? = nil) -> String {
    var hash = ContentHash()
    hash.add(fonts)
    return "blankslate \(Blankslate.version) \(ToolIdentity.current) fonts:\(hash.hex)"
      + (pngScale.map { " png@\($0)x" } ?? "") + " templates:" + templates.fingerprint
  }

  /// The key of `design`, the `index`-th of `site`.
  static func key(
    of index: Int, in site: SiteDefinition, identity: String, settings: String, assets: AssetCatalog
  ) -> Key {
    let design = site.designs[index]
    var hash = ContentHash()
    hash.add(identity)
    hash.add(settings)
    hash.add(design.sourceHash)
    // Pages name the file a design comes from (the resolved definition, annotations).
    hash.add(design.sourceFile)
    for variant in design.variants {
      for path in variant.properties.imagePaths {
        hash.add(path)
        hash.add(assets.entry(for: path)?.base64 ?? "")
      }
    }
    // The pages of the first and last variants name their neighbours.
    var previous = ContentHash()
    if index > 0, let last = site.designs[index - 1].variants.last {
      previous.add(identity)
      previous.add(
        site.designs[index - 1].id + "\u{1F}" + site.designs[index - 1].name + "\u{1F}" + last.id + "\u{1F}" + last.name
      )
    }
    var next = ContentHash()
    if index + 1 < site.designs.count, let first = site.designs[index + 1].variants.first {
      next.add(identity)
      next.add(
        site.designs[index + 1].id + "\u{1F}" + site.designs[index + 1].name + "\u{1F}" + first.id + "\u{1F}"
          + first.name)
    }
    return Key(own: hash.hex, previous: previous.hex, next: next.hex)
  }
}
