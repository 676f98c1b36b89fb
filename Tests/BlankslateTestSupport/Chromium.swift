import BlankslateSupport
import Foundation
import Testing

/// Headless Chromium, for tests that read the gallery's rendered DOM.
package enum Chromium {
  /// The browser binary on the PATH, if any.
  package static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      for name in ["chromium", "chromium-browser", "google-chrome"] {
        let candidate = URL(fileURLWithPath: String(folder)).appending(path: name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
    }
    return nil
  }()

  /// Whether browser tests run: when Chromium is installed, and always under
  /// CI, where a missing browser is a failure rather than a reason to skip.
  package static var testsRun: Bool {
    executable != nil || RunEnvironment.isCI(ProcessInfo.processInfo.environment)
  }

  package enum Failure: Error, CustomStringConvertible {
    case missing
    case exited(Int32, String)

    package var description: String {
      switch self {
      case .missing: "Chromium is not installed (apt-get install chromium); CI must have it"
      case .exited(let status, let error): "chromium exited with \(status): \(error.suffix(500))"
      }
    }
  }

  /// The DOM of `url` after its scripts ran, as `--dump-dom` prints it.
  /// `allowFileAccess`: lets a `file://` page script frames of
  /// other `file://` pages (for harness pages that click through the gallery).
  /// `virtualTime`: how many milliseconds of the page's virtual clock may
  /// pass (virtual time skips ahead whenever the page is idle, so a harness
  /// that loads hundreds of files asks for more without waiting longer).
  /// `flags`: more switches (`--force-dark-mode`, `--window-size=390,900`).
  package static func dumpDOM(
    _ url: String, allowFileAccess: Bool = false, virtualTime: Int = 3000, flags: [String] = []
  ) throws -> String {
    guard let executable else { throw Failure.missing }
    let profile = scratchFolder.appending(path: "blankslate-chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let process = Process()
    process.executableURL = executable
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--user-data-dir=\(profile.path)", "--virtual-time-budget=\(virtualTime)", "--dump-dom",
      ] + (allowFileAccess ? ["--allow-file-access-from-files"] : []) + flags + [url]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.runWatched()
    let errorsRead = errors.readToEndInBackground()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errorsRead()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure.exited(process.terminationStatus, String(decoding: errorData, as: UTF8.self))
    }
    return String(decoding: data, as: UTF8.self)
  }
}
