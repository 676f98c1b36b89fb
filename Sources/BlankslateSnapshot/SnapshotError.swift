import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// Why a snapshot command could not do its work.
public enum SnapshotError: CommandFailure, Sendable {
  /// The site could not be built into renders (bad definitions, assets …).
  case build(BuildError)
  /// `--filter` is not a regular expression.
  case badFilter(String, reason: String)
  /// Recording was asked for where nothing may be written (`CI` is set).
  case recordingRefusedInCI
  /// A summary given to `report --merge` cannot be read.
  case unreadableSummary(file: String, reason: String)
  /// Writing a golden, a report or an output file failed.
  case io(path: String, reason: String)
  /// A file of the site that may not be used: a link out of the site, a
  /// FIFO or device where a file belongs, a file over its size limit.
  case unsafeInput(path: String, reason: String)
  /// The run was told to stop (`SnapshotOptions.isCancelled`): `serve` stops a
  /// report's check when a newer build is waiting, and checks again after it.
  case cancelled
  /// A decisions document (or Accept's request) is not what it must be.
  case badDecisions(file: String, reason: String)
  /// Approved renders whose golden or current bytes changed since they were
  /// reviewed: nothing was recorded.
  case staleDecisions([SnapshotAcceptor.Stale])

  /// The failure as one sentence.
  public var description: String {
    switch self {
    case .build(let error): error.description
    case .badFilter(let pattern, let reason): "--filter \"\(pattern)\" is not a valid regular expression: \(reason)."
    case .recordingRefusedInCI:
      "will not record goldens: CI is set, and CI never writes goldens. Record on your machine and commit them."
    case .unreadableSummary(let file, let reason): "\(file): not a Blankslate check summary: \(reason)."
    case .io(let path, let reason): "\(path): \(reason)."
    case .unsafeInput(let path, let reason): "\(path): refused: \(reason)."
    case .cancelled: "the check was stopped before it finished."
    case .badDecisions(let file, let reason): "\(file): not a decisions file: \(reason)."
    case .staleDecisions(let stale):
      "nothing was recorded: \(stale.count) approved render\(stale.count == 1 ? " has" : "s have") changed since "
        + "\(stale.count == 1 ? "it was" : "they were") reviewed; review again:\n"
        + stale.map { "  " + $0.description }.joined(separator: "\n")
    }
  }

  /// The exit code the command line ends with.
  public var exitCode: Int32 {
    switch self {
    case .build(let error): error.exitCode
    case .badFilter, .recordingRefusedInCI, .unreadableSummary, .unsafeInput, .io, .cancelled, .badDecisions: 2
    case .staleDecisions: 1
    }
  }
}
