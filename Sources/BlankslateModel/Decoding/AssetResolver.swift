import Foundation
import BlankslateSupport

/// Checks an image path of a definition against the site's `assets/` folder.
struct AssetResolver: Sendable {
  /// Why a path cannot be used.
  enum Problem: Error, Equatable {
    /// Absolute, climbing with `..`, outside `assets/`, or a link that leads out.
    case outsideAssets
    /// No such regular file.
    case missing
    /// A file type Blankslate does not draw.
    case unsupportedType(allowed: [String])
  }

  /// The image types a site may use.
  static let imageExtensions = ["svg", "png"]

  /// The site folder; nil for a definition decoded from bytes alone, where no image path resolves.
  let siteRoot: URL?
  /// Notes every answer given, when set (so a memo can ask again later).
  var answers: Answers?

  /// The answers a resolver gave, by path.
  final class Answers: @unchecked Sendable {
    var byPath: [String: Result<String, Problem>] = [:]
  }

  /// The answers of one load of a site, shared by its definitions' resolvers:
  /// many designs name the same image, and each answer costs a walk of its path.
  final class Checks: @unchecked Sendable {
    private let lock = NSLock()
    private var byPath: [String: Result<String, Problem>] = [:]

    func answer(_ path: String, _ check: () -> Result<String, Problem>) -> Result<String, Problem> {
      if let known = lock.withLock({ byPath[path] }) { return known }
      let answer = check()
      lock.withLock { byPath[path] = answer }
      return answer
    }
  }

  /// This load's answers so far, when shared.
  let checks: Checks?

  init(siteRoot: URL?, answers: Answers? = nil, checks: Checks? = nil) {
    self.siteRoot = siteRoot
    self.answers = answers
    self.checks = checks
  }

  /// The path relative to the site folder when it names an image under `assets/`.
  func resolve(_ path: String) -> Result<String, Problem> {
    let answer = checks?.answer(path) { check(path) } ?? check(path)
    answers?.byPath[path] = answer
    return answer
  }

  private func check(_ path: String) -> Result<String, Problem> {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.hasPrefix("/"), !path.contains("\\"), components.count >= 2, components[0] == "assets",
      components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
    else { return .failure(.outsideAssets) }
    let fileExtension = (components.last.map(String.init) ?? "").split(separator: ".").last.map { $0.lowercased() }
    guard let fileExtension, Self.imageExtensions.contains(fileExtension), components.last?.contains(".") == true else {
      return .failure(.unsupportedType(allowed: Self.imageExtensions))
    }
    guard let siteRoot else { return .failure(.missing) }
    let url = siteRoot.appending(path: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
      return .failure(.missing)
    }
    // A symbolic link (of the file or of a folder on the way) must not lead out.
    let assetsRoot = siteRoot.appending(path: "assets").resolvingSymlinksInPath().standardizedFileURL.path
    let real = url.resolvingSymlinksInPath().standardizedFileURL.path
    guard real.hasPrefix(assetsRoot + "/") else { return .failure(.outsideAssets) }
    return .success(path)
  }
}
