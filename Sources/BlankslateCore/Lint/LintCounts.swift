import BlankslateSupport
import BlankslateModel

/// How many findings of each kind a render, variant, design or site has.
public struct LintCounts: Sendable, Equatable {
  /// Active findings of error severity.
  public var errors = 0
  /// Active findings of warning severity.
  public var warnings = 0
  /// Findings a suppression in `site.json` accepts.
  public var accepted = 0

  /// No findings.
  public init() {}

  /// The counts of `findings`.
  public init(_ findings: some Sequence<LintFinding>) {
    for finding in findings { add(finding) }
  }

  /// Counts `findings` too.
  public mutating func add(contentsOf findings: some Sequence<LintFinding>) {
    for finding in findings { add(finding) }
  }

  /// Another set of counts added to these.
  public func adding(_ other: LintCounts) -> LintCounts {
    var sum = self
    sum.errors += other.errors
    sum.warnings += other.warnings
    sum.accepted += other.accepted
    return sum
  }

  /// Counts `finding` too.
  public mutating func add(_ finding: LintFinding) {
    if finding.suppression != nil {
      accepted += 1
    } else if finding.severity == .error {
      errors += 1
    } else if finding.severity == .warning {
      warnings += 1
    }
  }

  /// The gallery's badge: the worst kind present and a short label.
  public var badge: (kind: String, label: String) {
    if errors > 0 { return ("error", "\(errors) lint \(errors == 1 ? "error" : "errors")") }
    if warnings > 0 { return ("warning", "\(warnings) lint \(warnings == 1 ? "warning" : "warnings")") }
    if accepted > 0 { return ("accepted", "lint: \(accepted) accepted") }
    return ("clean", "lint clean")
  }

  /// `0 errors, 2 warnings, 96 accepted`.
  public var line: String {
    "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings"), \(accepted) accepted"
  }
}
