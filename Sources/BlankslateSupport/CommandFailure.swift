/// A failure that ends a command, with the exit code it ends it with and the
/// sentence that says why: the command line prints the one and returns the
/// other, so no command maps its failures to codes by hand.
package protocol CommandFailure: Error, CustomStringConvertible {
  /// 1 for a check that found something (output that did not validate, a
  /// stale decision), 2 for bad input or usage.
  var exitCode: Int32 { get }
}

extension ReportFileError: CommandFailure {
  /// A report file that cannot be written is bad usage: 2.
  package var exitCode: Int32 { 2 }
}

extension OwnedFolder.Refusal: CommandFailure {
  /// A folder or file the command may not write: 2.
  package var exitCode: Int32 { 2 }
}
