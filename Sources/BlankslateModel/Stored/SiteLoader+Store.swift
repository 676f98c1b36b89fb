import BlankslateSupport

/// The decoded definitions kept on disk between builds: `build` reads the
/// last build's memo, decodes again only the files whose version or bytes
/// changed, and writes the memo back when anything did.
///
/// The file names the tool that wrote it (its version and build id: another
/// binary decodes otherwise) and the site folder it describes. It is read as
/// untrusted input: every design is read by `StoredDesign`, which accepts
/// only what a definition could have decoded to, and a value out of place
/// anywhere makes the whole file ignored (every definition is decoded).
extension SiteLoader.Memo {
  /// The first line of the file: the state files' format version, and its kind.
  static let header = StateFile.header("definitions")
  /// The largest file read (a 200,000-render site's is tens of megabytes).
  package static let maximumSize = 256 << 20

  /// What the file says made it: a memo by another tool is not read.
  static var writer: String { "blankslate \(Blankslate.version) \(ToolIdentity.current)" }

  /// The memo as a file, for the site at `site` (the path the loader was given).
  /// Only designs that decoded without a problem, every image resolved, are kept.
  package func encoded(site: String) -> [UInt8] {
    let entries = all.filter { $0.value.loaded.design != nil && $0.value.loaded.idLocation != nil }
      .filter { $0.value.assets.values.allSatisfy { (try? $0.get()) != nil } }
    var writer = Netstrings.Writer(capacity: 4096 * max(1, entries.count))
    writer.bytes += Self.header
    writer.text(Self.writer)
    writer.text(site)
    writer.count(entries.count)
    for file in entries.keys.sorted(by: { $0.precedesInByteOrder($1) }) {
      guard let entry = entries[file], let design = entry.loaded.design,
        let idPosition = entry.loaded.idLocation?.position
      else { continue }
      writer.text(file)
      // The version's numbers, or none (too recent to vouch, or a number a count cannot hold).
      let numbers = entry.version?.numbers ?? []
      let counted = numbers.allSatisfy { (0..<1_000_000_000_000_000).contains($0) } ? numbers : []
      writer.count(counted.count)
      for number in counted { writer.count(Int(number)) }
      writer.text(entry.hash)
      for setting in SiteLimits.settings { writer.count(entry.limits[keyPath: setting.keyPath]) }
      writer.text(entry.display)
      let assets = entry.assets.compactMap { path, answer in (try? answer.get()).map { (path, $0) } }
        .sorted { $0.0.precedesInByteOrder($1.0) }
      writer.count(assets.count)
      for (path, resolved) in assets {
        writer.text(path)
        writer.text(resolved)
      }
      writer.count(entry.loaded.locales.count)
      for locale in entry.loaded.locales { writer.text(locale) }
      if let stored = entry.stored {
        writer.raw(stored)
      } else {
        writer.nested { StoredDesign.write(design, idPosition: idPosition, into: &$0) }
      }
    }
    return writer.bytes
  }

  /// The memo `encoded(site:)` wrote for `site` by this tool, its designs
  /// read on `workers`; nil for anything else, or when any value is out of place.
  package convenience init?(decoding bytes: [UInt8], site: String, workers: Int) {
    guard bytes.starts(with: Self.header) else { return nil }
    var fields = Netstrings(bytes, from: Self.header.count)
    guard fields.text() == Self.writer, fields.text() == site, let count = fields.count() else { return nil }
    // The files' fields first, in order; then their designs, side by side.
    var records: [(file: String, entry: SiteLoader.Memo.Entry, record: Netstrings)] = []
    var previous: String?
    for _ in 0..<count {
      guard let file = fields.definitionText(), Self.isPlaceholderName(file),
        previous.map({ $0.precedesInByteOrder(file) }) ?? true, let numberCount = fields.count(),
        numberCount == 0 || numberCount == 7
      else { return nil }
      previous = file
      var numbers: [Int64] = []
      for _ in 0..<numberCount {
        guard let number = fields.count() else { return nil }
        numbers.append(Int64(number))
      }
      let version = numbers.isEmpty ? nil : FileTree.Version(numbers: numbers)
      guard numbers.isEmpty || version != nil, let hash = fields.hash() else { return nil }
      var limits = SiteLimits()
      for setting in SiteLimits.settings {
        guard let value = fields.count(), (1...setting.ceiling).contains(value) else { return nil }
        limits[keyPath: setting.keyPath] = value
      }
      guard let display = fields.definitionText(), let assetCount = fields.count() else { return nil }
      var assets: [String: Result<String, AssetResolver.Problem>] = [:]
      for _ in 0..<assetCount {
        // The resolver answers a path it accepts with the path itself.
        guard let path = fields.definitionText(), fields.definitionText() == path, assets[path] == nil else {
          return nil
        }
        assets[path] = .success(path)
      }
      guard let localeCount = fields.count(), localeCount <= 1024 else { return nil }
      var locales: [String] = []
      for _ in 0..<localeCount {
        guard let locale = fields.definitionText(), LocaleTag.isValid(locale),
          locales.last.map({ $0.precedesInByteOrder(locale) }) ?? true
        else { return nil }
        locales.append(locale)
      }
      // The record's bytes, kept to be written again as they are, and the record read from them.
      var ahead = fields
      guard let stored = ahead.bytesOfValue(), let record = fields.nested() else { return nil }
      let entry = SiteLoader.Memo.Entry(
        version: version, hash: hash, limits: limits, display: display, assets: assets,
        loaded: SiteLoader.LoadedFile(errors: [], locales: locales), stored: stored)
      records.append((file, entry, record))
    }
    guard fields.isAtEnd else { return nil }
    let read = records
    let decoded = ParallelWork.map(count: read.count, workers: workers) { index -> SiteLoader.Memo.Entry? in
      var (file, entry, record) = read[index]
      let expected = StoredDesign.Expected(
        limits: entry.limits, assets: entry.assets.compactMapValues { try? $0.get() },
        sourceFile: "placeholders/" + file, sourceHash: entry.hash)
      guard let (design, idPosition) = StoredDesign.read(record, expected: expected) else { return nil }
      entry.loaded = SiteLoader.LoadedFile(
        design: design, errors: [],
        idLocation: SourceLocation(file: entry.display, path: .root.appending("id"), position: idPosition),
        locales: entry.loaded.locales)
      return entry
    }
    var entries: [String: SiteLoader.Memo.Entry] = [:]
    for (record, entry) in zip(records, decoded) {
      guard let entry else { return nil }
      entries[record.file] = entry
    }
    self.init(entries: entries)
  }

  /// What the loader lists in `placeholders/`: a `.json` name, not hidden, with no folder in it.
  private static func isPlaceholderName(_ name: String) -> Bool {
    name.hasSuffix(".json") && !name.hasPrefix(".") && !name.utf8.contains(UInt8(ascii: "/"))
  }
}
