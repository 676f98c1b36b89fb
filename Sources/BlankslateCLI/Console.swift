import Foundation

/// Where a command runs: the folder its relative paths start from, its
/// environment, and where its lines go.
///
/// A process's commands use the process's own (`Console.process`). Another
/// Swift tool, or a test, runs a command in process with a console of its own
/// (`Commands.run(_:console:)`): its lines are handed to `write` instead of
/// the standard streams, and nothing of the process's is changed, so several
/// commands may run at once, each with its own console.
public struct Console: Sendable {
  /// Relative paths in the arguments start here; nil: the process's working directory.
  public var folder: URL?
  /// The environment the command reads (`CI`, `NO_COLOR`).
  public var environment: [String: String]
  /// Takes each text bound for standard output (`STDOUT_FILENO`) or error
  /// (`STDERR_FILENO`); nil: the process's own streams.
  public var write: (@Sendable (Int32, String) -> Void)?

  /// A console in `folder` (nil: the process's) with `environment`; `write`, when given, takes each line instead of the streams.
  public init(
    folder: URL? = nil, environment: [String: String], write: (@Sendable (Int32, String) -> Void)? = nil
  ) {
    self.folder = folder
    self.environment = environment
    self.write = write
  }

  /// The process's working directory, environment and streams.
  public static let process = Console(environment: ProcessInfo.processInfo.environment)

  /// The console of the command running on this task.
  @TaskLocal static var current = Console.process

  /// `path` from the arguments, as a file URL from the console's folder.
  func url(_ path: String) -> URL {
    guard let folder, !path.hasPrefix("/") else { return URL(fileURLWithPath: path) }
    return folder.appending(path: path)
  }

  /// `path` from the arguments, from the console's folder.
  func path(_ path: String) -> String {
    folder == nil ? path : url(path).path
  }
}
