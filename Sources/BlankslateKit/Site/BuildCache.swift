import Foundation

/// What a build remembers about each design it rendered, kept in the output
/// folder, so the next build re-renders only the designs whose inputs changed
/// and links the rest of its files from the previous output.
///
/// A design's key hashes every input of its files: the tool, the templates,
/// `site.json`, the design's file and its images; a different key, a missing
/// file or a different tool means the design is rendered again. Beside it,
/// a key for each neighbour as the design's pages name it (the previous/next
/// links of its first and last variants): when only that changed, only
/// those pages are rendered again.
struct BuildCache: Sendable {
  static let fileName = ".blankslate-cache.json"

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

  /// The cache of the output folder's previous build, if it matches `identity`.
  static func load(from output: URL, identity: String) -> BuildCache? {
    guard let bytes = FileManager.default.contents(atPath: output.appending(path: fileName).path),
      let root = try? JSONParser(maximumDepth: 16).parse(bytes.withUnsafeBytes { Array($0) }),
      root["identity"]?.stringValue == identity, case .object(let members)? = root["designs"]?.kind
    else { return nil }
    var cache = BuildCache(identity: identity)
    if case .object(let pages)? = root["pages"]?.kind {
      for page in pages {
        if let key = page.value.stringValue { cache.pages[page.key] = key }
      }
    }
    for member in members {
      guard let own = member.value["key"]?.stringValue, let previous = member.value["previous"]?.stringValue,
        let next = member.value["next"]?.stringValue
      else { continue }
      var meta = DesignMeta()
      meta.thumbnailAlt = member.value["alt"]?.stringValue
      meta.bytes = member.value["bytes"]?.numberValue.map { Int($0) } ?? 0
      meta.texts = member.value["texts"]?.arrayValue?.compactMap(\.stringValue) ?? []
      if case .object(let variants)? = member.value["lint"]?.kind {
        for variant in variants {
          let numbers = variant.value.arrayValue?.compactMap(\.numberValue).map { Int($0) } ?? []
          guard numbers.count == 3 else { continue }
          var counts = LintCounts()
          counts.errors = numbers[0]
          counts.warnings = numbers[1]
          counts.accepted = numbers[2]
          meta.lint[variant.key] = counts
        }
      }
      var entry = Entry(key: Key(own: own, previous: previous, next: next), meta: meta)
      if let at = Self.integers(member.value["entries"]), at.count == 4, at[0] <= at[1], at[2] <= at[3], at[0] >= 0, at[2] >= 0,
        let fingerprint = member.value["entriesFingerprint"]?.stringValue
      {
        entry.entries = (at[0]..<at[1], at[2]..<at[3], fingerprint)
      }
      cache.designs[member.key] = entry
    }
    return cache
  }

  var json: String {
    let designs: [(String, JSONDocument)] = self.designs.keys.sorted().compactMap { id in
      guard let entry = self.designs[id] else { return nil }
      let lint: [(String, JSONDocument)] = entry.meta.lint.keys.sorted().map { variant in
        let counts = entry.meta.lint[variant] ?? LintCounts()
        return (variant, .array([.number(Double(counts.errors)), .number(Double(counts.warnings)), .number(Double(counts.accepted))]))
      }
      return (
        id,
        .object([
          ("key", .string(entry.key.own)), ("previous", .string(entry.key.previous)), ("next", .string(entry.key.next)),
          ("alt", entry.meta.thumbnailAlt.map(JSONDocument.string) ?? .null),
          ("bytes", .number(Double(entry.meta.bytes))),
          ("texts", .array(entry.meta.texts.map(JSONDocument.string))), ("lint", .object(lint)),
          (
            "entries",
            entry.entries.map { ranges in
              .array(
                [ranges.json.lowerBound, ranges.json.upperBound, ranges.search.lowerBound, ranges.search.upperBound].map {
                  .number(Double($0))
                })
            } ?? .null
          ),
          ("entriesFingerprint", entry.entries.map { .string($0.fingerprint) } ?? .null),
        ])
      )
    }
    let pages: [(String, JSONDocument)] = self.pages.keys.sorted().map { ($0, .string(self.pages[$0] ?? "")) }
    return JSONDocument.object([
      ("v", .number(1)), ("identity", .string(identity)), ("designs", .object(designs)), ("pages", .object(pages)),
    ])
      .rendered(pretty: false) + "\n"
  }

  /// The whole numbers of a JSON array, or nil when it is not one of them only.
  private static func integers(_ value: JSONValue?) -> [Int]? {
    guard let items = value?.arrayValue else { return nil }
    let numbers = items.compactMap { $0.numberValue.flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil } }
    return numbers.count == items.count ? numbers : nil
  }

  /// The tool and templates behind a build: the version, the executable's
  /// size and modification time (a rebuilt binary invalidates the cache),
  /// and a hash of every template file.
  static func identity(templates: TemplateSet) -> String {
    var text = "blankslate \(Blankslate.version)"
    if let path = Bundle.main.executablePath,
      let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    {
      let size = (attributes[.size] as? Int) ?? 0
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      text += " \(size)-\(Int(modified * 1000))"
    }
    return text + " templates:" + templates.fingerprint
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
    for variant in design.variants {
      if case .value(.asset(let path)) = variant.properties.image {
        hash.add(path)
        hash.add(assets.entry(for: path)?.base64 ?? "")
      }
    }
    // The pages of the first and last variants name their neighbours.
    var previous = ContentHash()
    if index > 0, let last = site.designs[index - 1].variants.last {
      previous.add(identity)
      previous.add(site.designs[index - 1].id + "\u{1F}" + site.designs[index - 1].name + "\u{1F}" + last.id + "\u{1F}" + last.name)
    }
    var next = ContentHash()
    if index + 1 < site.designs.count, let first = site.designs[index + 1].variants.first {
      next.add(identity)
      next.add(site.designs[index + 1].id + "\u{1F}" + site.designs[index + 1].name + "\u{1F}" + first.id + "\u{1F}" + first.name)
    }
    return Key(own: hash.hex, previous: previous.hex, next: next.hex)
  }
}
