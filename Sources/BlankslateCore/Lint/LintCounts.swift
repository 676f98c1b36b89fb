import BlankslateSupport
import BlankslateModel

/// How many findings of each kind a render, variant, design or site has: a
/// variant's finding is counted once however many renders show it (its rule,
/// element, cause and acceptance, `LintFinding.cause`); a design's or a
/// site's counts are the sum of their variants'.
public struct LintCounts: Sendable, Equatable {
  /// Active findings of error severity.
  public var errors = 0
  /// Active findings of warning severity.
  public var warnings = 0
  /// Findings a suppression in `site.json` accepts.
  public var accepted = 0
  /// The findings counted so far, while they are counted (counts read back
  /// from a build's cache have none; they are final).
  private var seen: Set<Key> = []

  /// A finding's identity in a variant: what kind it counts as, and its rule, element, cause and acceptance.
  private struct Key: Hashable {
    var kind: UInt8
    var design: String
    var variant: String
    var finding: LintFinding.Identity
    var suppression: String?
  }

  /// Whether both hold the same counts.
  public static func == (left: LintCounts, right: LintCounts) -> Bool {
    left.errors == right.errors && left.warnings == right.warnings && left.accepted == right.accepted
  }

  /// No findings.
  public init() {}

  /// The counts of one render's `findings`, each its own cause: counted as they are.
  public init(_ findings: some Sequence<LintFinding>) {
    for finding in findings { count(finding) }
  }

  /// Counts `findings` too.
  public mutating func add(contentsOf findings: some Sequence<LintFinding>) {
    for finding in findings { add(finding) }
  }

  /// Another set of counts added to these: a finding both counted is counted once.
  public func adding(_ other: LintCounts) -> LintCounts {
    var sum = self
    sum.errors += other.errors
    sum.warnings += other.warnings
    sum.accepted += other.accepted
    for key in other.seen where !sum.seen.insert(key).inserted {
      // Counted by both: take it back once.
      switch key.kind {
      case 0: sum.accepted -= 1
      case 1: sum.errors -= 1
      default: sum.warnings -= 1
      }
    }
    return sum
  }

  /// Counts `finding` too, unless a finding of the same cause is counted.
  public mutating func add(_ finding: LintFinding) {
    let kind: UInt8 = finding.suppression != nil ? 0 : finding.severity == .error ? 1 : 2
    // The variant is part of the key: counts of different variants add up (as
    // those read back from a cache, which keep no keys, must), and two runs of
    // one variant's renders count a finding once.
    let key = Key(
      kind: kind, design: finding.design, variant: finding.variant, finding: finding.identity,
      suppression: finding.suppression)
    guard finding.suppression != nil || finding.severity != .off, seen.insert(key).inserted else { return }
    count(finding)
  }

  /// Counts `finding` as its kind: accepted, an error or a warning (a rule that is off, not at all).
  private mutating func count(_ finding: LintFinding) {
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
