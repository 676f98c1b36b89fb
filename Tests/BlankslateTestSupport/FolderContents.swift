import Foundation

/// Every regular file below `folder`, by its path relative to it, with its bytes
/// (nothing for a folder that does not exist): what a test compares before and after.
package func folderContents(_ folder: URL) throws -> [String: Data] {
  var result: [String: Data] = [:]
  guard FileManager.default.fileExists(atPath: folder.path) else { return [:] }
  for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
    var isDirectory: ObjCBool = false
    let url = folder.appending(path: path)
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      result[path] = try Data(contentsOf: url)
    }
  }
  return result
}
