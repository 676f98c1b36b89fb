import BlankslateSupport

/// A problem found in one output file (SVG, HTML, XML or JSON), at a line and column.
public struct ValidationIssue: Sendable, Equatable, CustomStringConvertible {
  /// The file, as the caller named it.
  public var file: String
  /// 1-based; 0 when the problem concerns the whole file.
  public var line: Int
  /// 1-based; 0 when unknown.
  public var column: Int
  /// What is wrong there.
  public var message: String

  /// An issue at `line` and `column` of `file`.
  public init(file: String, line: Int, column: Int = 0, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: message`.
  public var description: String {
    var text = file
    if line > 0 { text += ":\(line)" }
    if line > 0, column > 0 { text += ":\(column)" }
    return text + ": " + message
  }
}
