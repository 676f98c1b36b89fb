import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Why a build produced nothing. The previous output is untouched in every case.
public enum BuildError: CommandFailure, Sendable {
  /// The definitions have problems (each names its file and JSON path).
  case definitions(DefinitionErrors)
  /// An image of the site cannot be used.
  case assets([AssetProblem])
  /// A gallery template does not parse or render.
  case template(TemplateError)
  /// Pages or images failed validation; the build is not published.
  case validation([ValidationIssue])
  /// The output folder cannot be used (it holds other files, or is the site itself).
  case unsafeOutput(path: String, reason: String)
  /// Reading or writing a file failed.
  case io(path: String, reason: String)
  /// A pinned font is missing (names the Debian package that installs it).
  case fonts(FontError)

  /// The failure as one sentence (or one per problem).
  public var description: String {
    switch self {
    case .definitions(let errors):
      return errors.description
    case .assets(let problems):
      return problems.map(\.description).joined(separator: "\n")
    case .template(let error):
      return error.description
    case .validation(let issues):
      let shown = issues.prefix(200).map(\.description).joined(separator: "\n")
      let more = issues.count > 200 ? "\n… and \(issues.count - 200) more" : ""
      return shown + more
        + "\n\(issues.count) validation \(issues.count == 1 ? "error" : "errors"); the output was not replaced."
    case .unsafeOutput(let path, let reason):
      return "\(path): will not build into this folder: \(reason)."
    case .io(let path, let reason):
      return "\(path): \(reason)."
    case .fonts(let error):
      return error.description
    }
  }

  /// The exit code the CLI uses: 1 when the output failed validation, 2 for bad input or usage.
  public var exitCode: Int32 {
    switch self {
    case .validation, .io: 1
    case .definitions, .assets, .template, .unsafeOutput, .fonts: 2
    }
  }
}
