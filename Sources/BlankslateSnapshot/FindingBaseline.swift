import BlankslateCore
import BlankslateModel
import BlankslateSupport

/// Lint's findings since the goldens were recorded. A variant's definition
/// record keeps the identities of the findings its renders had when their
/// goldens were recorded (each finding's rule, element and cause: what
/// `lint` groups by); a check lints the renders it compares and says which
/// findings are new, which were there and which were resolved, as Chromatic
/// keeps an accessibility baseline beside its visual one. A suppressed
/// finding is not kept: accepting it is the definition's edit.
public struct FindingChanges: Sendable, Equatable {
  /// One finding of one variant.
  public struct Entry: Sendable, Equatable {
    /// `design/variant`.
    public var variant: String
    /// The rule.
    public var rule: LintRule
    /// The element it concerns, if one.
    public var element: String?
    /// What makes it this finding (`LintFinding.cause`).
    public var cause: String
    /// Its severity when found.
    public var severity: LintSeverity
    /// The finding in words that hold for every render it is found in.
    public var summary: String

    /// Its identity: the variant and the finding's (not the words or severity, which `site.json` may change).
    var identity: VariantFinding {
      VariantFinding(variant: variant, finding: .init(rule: rule, element: element, cause: cause))
    }

    /// A line of the report: `error contrast  orders/empty: button text …`.
    public var line: String {
      "\(severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(rule.rawValue)  \(variant): \(summary)"
    }
  }

  /// A finding of one variant: what a record keeps of it.
  struct VariantFinding: Hashable {
    var variant: String
    var finding: LintFinding.Identity
  }

  /// Found now and not when the goldens were recorded.
  public var new: [Entry] = []
  /// Found when the goldens were recorded and not now.
  public var resolved: [Entry] = []
  /// Found then and now.
  public var unchanged = 0
  /// Variants whose record keeps no findings (none recorded yet, or recorded
  /// by a Blankslate that kept none): nothing is said of them.
  public var unrecorded = 0

  /// Nothing new, resolved or recorded.
  public init() {}

  /// New findings of error severity: what `check --fail-on-new-findings` fails on.
  public var newErrors: Int { new.filter { $0.severity == .error }.count }

  /// `Lint since the goldens: 1 new (1 error), 2 resolved, 30 as recorded.`
  public var line: String {
    let errors = newErrors
    return "Lint since the goldens: \(new.count) new"
      + (errors > 0 ? " (\(errors) \(errors == 1 ? "error" : "errors"))" : "")
      + ", \(resolved.count) resolved, \(unchanged) as recorded"
      + (unrecorded > 0 ? "; \(unrecorded) \(unrecorded == 1 ? "variant has" : "variants have") none recorded" : "")
      + "."
  }

  /// The variant's active findings, each once, in the order lint reports rules.
  static func entries(of findings: [LintFinding]) -> [Entry] {
    var seen: Set<VariantFinding> = []
    var entries: [Entry] = []
    for finding in findings where finding.suppression == nil && finding.severity != .off {
      let entry = Entry(
        variant: finding.design + "/" + finding.variant, rule: finding.rule, element: finding.node,
        cause: finding.cause, severity: finding.severity, summary: finding.summary)
      if seen.insert(entry.identity).inserted { entries.append(entry) }
    }
    return entries.sorted {
      $0.rule != $1.rule ? $0.rule < $1.rule : ($0.element ?? "", $0.cause) < ($1.element ?? "", $1.cause)
    }
  }

  /// The findings as a record keeps them.
  static func json(_ entries: [Entry]) -> JSONDocument {
    .array(
      entries.map { entry in
        .object([
          ("rule", .string(entry.rule.rawValue)), ("element", entry.element.map(JSONDocument.string) ?? .null),
          ("cause", .string(entry.cause)), ("severity", .string(entry.severity.rawValue)),
          ("summary", .string(entry.summary)),
        ])
      })
  }

  /// The findings a record keeps for `variant`; nil when it keeps none (or
  /// a rule this Blankslate does not know, whose identity it cannot compare).
  static func recorded(in record: JSONValue, variant: String) -> [Entry]? {
    record["findings"].flatMap { recorded(items: $0, variant: variant) }
  }

  /// The findings of a record's `findings` array; nil when one cannot be read.
  static func recorded(items list: JSONValue, variant: String) -> [Entry]? {
    guard let items = list.arrayValue else { return nil }
    var entries: [Entry] = []
    for item in items {
      guard let entry = entry(item, variant: variant) else { return nil }
      entries.append(entry)
    }
    return entries
  }

  /// One finding as `json` writes it.
  private static func entry(_ item: JSONValue, variant: String) -> Entry? {
    guard let rule = item["rule"]?.stringValue.flatMap(LintRule.init(rawValue:)),
      let cause = item["cause"]?.stringValue,
      let severity = item["severity"]?.stringValue.flatMap(LintSeverity.init(rawValue:))
    else { return nil }
    return Entry(
      variant: variant, rule: rule, element: item["element"]?.stringValue, cause: cause, severity: severity,
      summary: item["summary"]?.stringValue ?? cause)
  }

  /// Adds one variant's comparison: `recorded` nil when its record keeps none.
  mutating func add(recorded: [Entry]?, current: [Entry]) {
    guard let recorded else {
      unrecorded += 1
      return
    }
    let before = Set(recorded.map(\.identity))
    let now = Set(current.map(\.identity))
    new += current.filter { !before.contains($0.identity) }
    resolved += recorded.filter { !now.contains($0.identity) }
    unchanged += current.count { before.contains($0.identity) }
  }

  /// The changes `json` wrote (entries it cannot read are left out).
  init(json: JSONValue) {
    func list(_ key: String) -> [Entry] {
      (json[key]?.arrayValue ?? []).compactMap { item in
        item["variant"]?.stringValue.flatMap { Self.entry(item, variant: $0) }
      }
    }
    new = list("new")
    resolved = list("resolved")
    unchanged = json["unchanged"]?.numberValue.map { Int($0) } ?? 0
    unrecorded = json["unrecorded"]?.numberValue.map { Int($0) } ?? 0
  }

  /// The changes as `check --json` writes them.
  var json: JSONDocument {
    func list(_ entries: [Entry]) -> JSONDocument {
      .array(
        entries.map { entry in
          .object([
            ("variant", .string(entry.variant)), ("rule", .string(entry.rule.rawValue)),
            ("element", entry.element.map(JSONDocument.string) ?? .null), ("cause", .string(entry.cause)),
            ("severity", .string(entry.severity.rawValue)), ("summary", .string(entry.summary)),
          ])
        })
    }
    return .object([
      ("new", list(new)), ("resolved", list(resolved)), ("unchanged", .number(Double(unchanged))),
      ("unrecorded", .number(Double(unrecorded))),
    ])
  }
}
