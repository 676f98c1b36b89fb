import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// The one way a file reaches a build's output: checked first (libxml2 for
/// markup, a syntax check for JSON), then written to the staging folder,
/// and counted. What it found and wrote adds up in a `WrittenFiles`.
package struct CheckedWriter {
  /// How a file is checked before it is written.
  package enum Check {
    case markup(MarkupKind)
    /// A syntax check; `trusted` ranges each hold a value checked before (`JSONValidator`).
    case json(trusting: [Range<Int>] = [])
    /// Copied as it is (a stylesheet, a script, an image already checked).
    case none
  }

  /// What files written so far came to: the issues found, the pages whose
  /// links the site's link check follows, and how many files and bytes.
  package struct WrittenFiles: Sendable {
    package var issues: [ValidationIssue] = []
    package var pages: [LinkChecker.Page] = []
    package var files = 0
    package var bytes = 0

    package init(issues: [ValidationIssue] = [], pages: [LinkChecker.Page] = [], files: Int = 0, bytes: Int = 0) {
      self.issues = issues
      self.pages = pages
      self.files = files
      self.bytes = bytes
    }

    package mutating func add(_ other: WrittenFiles) {
      issues += other.issues
      pages += other.pages
      files += other.files
      bytes += other.bytes
    }
  }

  let staging: StagingFolder
  /// How messages name the output folder.
  let display: String
  /// A parser context reused for every file this writer checks (one writer per worker).
  private let checker = StreamingChecker()

  package init(staging: StagingFolder, display: String) {
    self.staging = staging
    self.display = display
  }

  /// Checks `bytes` as `check`, then writes them as a new file at `path`
  /// (`replacing`: a file already holding these bytes is kept, any other replaced).
  package func write(
    _ bytes: UnsafeRawBufferPointer, to path: String, check: Check, replacing: Bool = false,
    into tally: inout WrittenFiles,
    timings: inout BuildTimings
  ) throws(BuildError) {
    timings.measure(.validate) { self.check(bytes, path: path, as: check, into: &tally) }
    try timings.measure(.write) { () throws(BuildError) in
      if replacing {
        try staging.update(bytes, at: path)
      } else {
        try staging.write(bytes, to: path)
      }
    }
    tally.files += 1
    tally.bytes += bytes.count
  }

  /// As `write(_:to:…)`, for bytes in an array or a string.
  package func write(
    _ bytes: [UInt8], to path: String, check: Check, replacing: Bool = false, into tally: inout WrittenFiles,
    timings: inout BuildTimings
  ) throws(BuildError) {
    try bytes.withBytes { raw throws(BuildError) in
      try write(raw, to: path, check: check, replacing: replacing, into: &tally, timings: &timings)
    }
  }

  package func write(
    _ text: String, to path: String, check: Check, into tally: inout WrittenFiles, timings: inout BuildTimings
  ) throws(BuildError) {
    try text.withBytes { utf8 throws(BuildError) in
      try write(utf8, to: path, check: check, into: &tally, timings: &timings)
    }
  }

  private func check(_ bytes: UnsafeRawBufferPointer, path: String, as check: Check, into tally: inout WrittenFiles) {
    switch check {
    case .json(let trusted):
      if let error = JSONValidator.firstError(in: bytes, maximumDepth: 32, trusting: trusted) {
        tally.issues.append(
          ValidationIssue(
            file: display + "/" + path, line: 0, message: "not valid JSON at byte \(error.offset): \(error.message)"))
      }
    case .markup(let kind):
      let result = checker.check(bytes, file: display + "/" + path, kind: kind)
      tally.issues += result.issues
      if kind == .html { tally.pages.append(LinkChecker.Page(path: path, links: result.links, ids: result.ids)) }
    case .none:
      break
    }
  }
}
