import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Reads and checks every image the definitions reference, once.
struct AssetLoader {
  /// The catalog to embed, the (sanitised) files to copy into the output's
  /// `assets/`, and notes of what the sanitiser removed.
  struct Loaded: Sendable {
    var catalog: AssetCatalog
    var files: [(path: String, bytes: [UInt8])]
    var notes: [String]
  }

  let siteFolder: URL
  let siteDisplay: String

  /// The catalog to embed, the (sanitised) files to copy into the output's
  /// `assets/`, and notes of what the sanitiser removed.
  func load(_ definition: SiteDefinition) throws(BuildError) -> Loaded {
    var paths: Set<String> = []
    for design in definition.designs {
      for variant in design.variants {
        if case .value(.asset(let path)) = variant.properties.image { paths.insert(path) }
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
      let bytes: [UInt8]
      do throws(ContainedReadError) {
        bytes = try folder.read(path, limit: definition.limits.assetSize)
      } catch {
        if case .read(.tooLarge(let size, let limit)) = error {
          problems.append(
            AssetProblem(
              file: display, reason: "it is \(size) bytes; assets are limited to \(limit) bytes"))
        } else {
          problems.append(AssetProblem(file: display, reason: error.description))
        }
        continue
      }
      do {
        let asset = try inspector.inspect(bytes, path: display)
        entries[path] = AssetCatalog.Entry(mediaType: asset.mediaType, base64: Data(asset.bytes).base64EncodedString())
        files.append((path, asset.bytes))
        notes += asset.removed.map { "\(display): \($0)" }
      } catch {
        problems.append(error)
      }
    }
    guard problems.isEmpty else { throw .assets(problems) }
    return Loaded(catalog: AssetCatalog(entries: entries), files: files.map { (path: $0.0, bytes: $0.1) }, notes: notes)
  }
}
