@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation

extension CommandRunner {
  /// Runs `arguments` in this process (`Commands.run(_:console:)`) from
  /// `folder`, with the process's environment and `environment` over it.
  static func run(_ arguments: [String], in folder: URL = Repository.root, environment: [String: String] = [:])
    -> Run
  {
    let captured = CapturedLines()
    let console = Console(
      folder: folder, environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    ) { stream, text in captured.append(text, to: stream) }
    let status = Commands.run(arguments, console: console)
    return captured.lines { output, error in Run(status: status, output: output, error: error) }
  }
}

/// What an in-process command wrote on each stream.
private final class CapturedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var output = ""
  private var error = ""

  func append(_ text: String, to stream: Int32) {
    lock.withLock {
      if stream == STDOUT_FILENO { output += text } else { error += text }
    }
  }

  func lines<Result>(_ body: (String, String) -> Result) -> Result {
    lock.withLock { body(output, error) }
  }
}
