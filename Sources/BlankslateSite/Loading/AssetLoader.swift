import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Reads and checks every image the definitions reference, once.
struct AssetLoader {
  /// The catalog to embed, the (sanitised) files to copy into the output's
  /// `assets/`, and notes of what the sanitiser removed.
  struct LoadedAssets: Sendable {
    var catalog = AssetCatalog()
    var files: [(path: String, bytes: [UInt8])] = []
    var notes: [String] = []
  }

  let siteFolder: URL
  let siteDisplay: String
  /// Assets read and sanitised before, by path, with the file version they were read at (`serve`).
  var memo: Memo<String, Read, AssetInspector.Inspected>?

  /// What an asset read and sanitised is made from: the version of its file, and the size limit it was read under.
  struct Read: Equatable, Sendable {
    var version: FileTree.Version
    var limit: Int
  }

  /// The catalog to embed, the (sanitised) files to copy into the output's
  /// `assets/`, and notes of what the sanitiser removed.
  func load(_ definition: SiteDefinition) throws(BuildError) -> LoadedAssets {
    var paths: Set<String> = []
    for design in definition.designs {
      for variant in design.variants {
        paths.formUnion(variant.properties.imagePaths)
      }
    }
    var entries: [String: AssetCatalog.Entry] = [:]
    var files: [(String, [UInt8])] = []
    var problems: [AssetProblem] = []
    var notes: [String] = []
    let inspector = AssetInspector(maximumSize: definition.limits.assetSize)
    let folder = ContainedFolder(siteFolder.path, display: siteDisplay)
    for path in paths.sorted(by: { $0.precedesInByteOrder($1) }) {
      let display = siteDisplay + "/" + path
      // The same version of the file, read and sanitised before: nothing to do again.
      // The version of what the path leads to (a link inside the site is followed; one that leads
      // out is another file, another version, and is read, and refused, again).
      var status = stat()
      let version =
        memo != nil && stat(siteFolder.appending(path: path).path, &status) == 0 ? FileTree.version(of: status) : nil
      let readAt = version.map { Read(version: $0, limit: definition.limits.assetSize) }
      let asset: AssetInspector.Inspected
      if let readAt, let known = memo?.value(for: path, madeFrom: readAt) {
        asset = known
      } else {
        do throws(AssetProblem) {
          asset = try inspector.inspect(
            try read(path, display: display, from: folder, limit: definition.limits.assetSize), path: display)
        } catch {
          problems.append(error)
          continue
        }
        if let readAt { memo?.keep(asset, for: path, madeFrom: readAt) }
      }
      entries[path] = AssetCatalog.Entry(
        mediaType: asset.mediaType, base64: Data(asset.bytes).base64EncodedString(),
        size: asset.intrinsicSize.map { Size(width: $0.width, height: $0.height) })
      files.append((path, asset.bytes))
      notes += asset.removed.map { "\(display): \($0)" }
    }
    guard problems.isEmpty else { throw .assets(problems) }
    return LoadedAssets(
      catalog: AssetCatalog(entries: entries), files: files.map { (path: $0.0, bytes: $0.1) }, notes: notes)
  }

  /// An asset's bytes, read inside the site and within the size limit.
  private func read(
    _ path: String, display: String, from folder: ContainedFolder, limit: Int
  ) throws(AssetProblem) -> [UInt8] {
    do throws(ContainedReadError) {
      return try folder.read(path, limit: limit)
    } catch {
      if case .read(.tooLarge(let size, let limit)) = error {
        throw AssetProblem(file: display, reason: "it is \(size) bytes; assets are limited to \(limit) bytes")
      }
      throw AssetProblem(file: display, reason: error.description)
    }
  }
}
