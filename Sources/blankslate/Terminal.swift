import BlankslateKit
import Foundation

/// Writes to the terminal: colour only on a terminal and when `NO_COLOR` is
/// unset; every text with its control and bidirectional characters escaped.
enum Terminal {
  static let environment = ProcessInfo.processInfo.environment

  static var colorsStandardError: Bool {
    environment["NO_COLOR"] == nil && isatty(STDERR_FILENO) != 0
  }

  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((TerminalText.escaped(text) + "\n").utf8))
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((TerminalText.escaped(text) + "\n").utf8))
  }

  /// `error: …` in red on a terminal, plain otherwise.
  static func failure(_ text: String) {
    let label = colorsStandardError ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
    FileHandle.standardError.write(Data((label + " " + TerminalText.escaped(text) + "\n").utf8))
  }
}
