import BlankslateModel
import BlankslateSupport

/// The lint results of a whole site, for the console, JSON and JUnit: one
/// entry per finding, a finding being a rule, an element and a cause
/// (`LintFinding.cause`) with every render that shows it.
public struct LintReport: Sendable {
  /// One finding and the renders it occurs in. A finding is a design's,
  /// across the variants that show the same cause; one whose cause is UIKit's
  /// default (`LintFinding.isSiteWide`) is the site's, across every design.
  public struct Group: Sendable, Equatable {
    /// The design's id, or nil for a site-wide finding.
    public var design: String?
    /// The variants it occurs in, in site order.
    public var variants: [String]
    /// The rule.
    public var rule: LintRule
    /// Error or warning.
    public var severity: LintSeverity
    /// The element it concerns, if one.
    public var node: String?
    /// What makes it this finding (`LintFinding.cause`).
    public var cause: String
    /// What was found, in words that hold for every render it occurs in.
    public var message: String
    /// The reason of the suppression that accepts it, if one does.
    public var suppression: String?
    /// The renders it occurs in.
    public var renders: [RenderID]

    /// Whether it counts: not accepted, and its rule not off.
    public var isActive: Bool { suppression == nil && severity != .off }

    /// Whether it occurs in `variant` of `design`.
    public func covers(design: String, variant: String) -> Bool {
      renders.contains { $0.design == design && $0.variant == variant }
    }

    /// Where it occurs: its variants, then each axis's values (every
    /// combination, as check's cards say it, where they are), and for a
    /// site-wide finding how many variants and designs.
    public var placement: String {
      let count = renders.count == 1 ? "" : "\(renders.count) renders: "
      guard design != nil else {
        let variants = Set(renders.map(\.variantPath)).count
        let designs = Set(renders.map(\.design)).count
        return count + "\(variants) \(variants == 1 ? "variant" : "variants") of \(designs) "
          + "\(designs == 1 ? "design" : "designs"); " + RenderID.span(of: renders)
      }
      let where_ =
        variants.count == 1 ? RenderID.placement(of: renders) : RenderID.span(of: renders)
      let named = variants.count <= 4 ? variants.joined(separator: ", ") : "\(variants.count) variants"
      return (variants.count == 1 ? "\(variants[0]); " : "\(named); ") + count + where_
    }
  }

  /// Every finding in every render, in site order.
  public var findings: [LintFinding]
  /// How many renders were linted.
  public var renderCount: Int
  /// The findings, grouped by cause (`groups`), made once.
  public let groups: [Group]

  /// A suppression that accepted no finding in any variant it is written for.
  public struct Unmatched: Sendable, Equatable {
    /// The design's id.
    public var design: String
    /// The variants it was written for.
    public var variants: [String]
    /// The suppression.
    public var suppression: Suppression
  }

  /// Suppressions that matched nothing: a rule, element or value that no longer meets a finding.
  public let unmatched: [Unmatched]
  /// What VoiceOver reads on each render, in site order, when the run was asked for it.
  public var readingOrders: [(render: RenderID, order: ReadingOrder)] = []

  /// A report of `findings` over `renderCount` renders; `variants`, the
  /// variants linted, for the suppressions none of their findings used.
  public init(findings: [LintFinding], renderCount: Int, variants: [(design: String, variant: Variant)] = []) {
    self.findings = findings
    self.renderCount = renderCount
    groups = Self.group(findings)
    var used: Set<String> = []
    for finding in findings {
      if let index = finding.acceptedBy { used.insert(finding.design + "/" + finding.variant + "#\(index)") }
    }
    var unmatched: [Unmatched] = []
    var matched: [(design: String, suppression: Suppression)] = []
    for (design, variant) in variants {
      for (index, suppression) in variant.suppressions.enumerated() {
        if used.contains(design + "/" + variant.id + "#\(index)") {
          matched.append((design, suppression))
          unmatched.removeAll { $0.design == design && $0.suppression == suppression }
        } else if !matched.contains(where: { $0.design == design && $0.suppression == suppression }) {
          if let place = unmatched.firstIndex(where: { $0.design == design && $0.suppression == suppression }) {
            unmatched[place].variants.append(variant.id)
          } else {
            unmatched.append(Unmatched(design: design, variants: [variant.id], suppression: suppression))
          }
        }
      }
    }
    self.unmatched = unmatched
  }

  /// The findings by cause: site-wide ones first, then each variant's in site order.
  static func group(_ findings: [LintFinding]) -> [Group] {
    // A design's finding, or the site's (no design), and whether it is accepted.
    struct Key: Hashable {
      var design: String?
      var finding: LintFinding.Identity
      var suppression: String?
    }
    var order: [Key] = []
    var byKey: [Key: Group] = [:]
    for finding in findings {
      let isSite = finding.isSiteWide
      let key = Key(design: isSite ? nil : finding.design, finding: finding.identity, suppression: finding.suppression)
      if byKey[key] == nil {
        order.append(key)
        byKey[key] = Group(
          design: isSite ? nil : finding.design, variants: [], rule: finding.rule, severity: finding.severity,
          node: finding.node, cause: finding.cause, message: finding.summary, suppression: finding.suppression,
          renders: [])
      }
      byKey[key]?.renders.append(finding.render)
      if byKey[key]?.variants.contains(finding.variant) == false { byKey[key]?.variants.append(finding.variant) }
    }
    let groups = order.compactMap { byKey[$0] }
    return groups.filter { $0.design == nil } + groups.filter { $0.design != nil }
  }

  /// Active findings of error severity.
  public var errors: Int { groups.filter { $0.isActive && $0.severity == .error }.count }
  /// Active findings of warning severity.
  public var warnings: Int { groups.filter { $0.isActive && $0.severity == .warning }.count }
  /// Findings a suppression accepts.
  public var suppressed: Int { groups.filter { $0.suppression != nil }.count }

  /// Whether lint fails: any active finding at error severity.
  public var hasErrors: Bool { errors > 0 }

  /// The renders the findings of a kind occur in, each counted once.
  private func renders(where include: (Group) -> Bool) -> Int {
    Set(groups.filter(include).flatMap(\.renders)).count
  }

  /// `2 errors, 5 warnings, 12 accepted in 128 renders`: findings, each counted once however many renders show it.
  public var countLine: String {
    "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings"), "
      + "\(suppressed) accepted in \(renderCount) renders"
  }

  /// The renders beside the counts: `errors in 4 renders, warnings in 120`.
  public var renderLine: String {
    let errorRenders = renders { $0.isActive && $0.severity == .error }
    let warningRenders = renders { $0.isActive && $0.severity == .warning }
    let acceptedRenders = renders { $0.suppression != nil }
    return "errors in \(errorRenders) \(errorRenders == 1 ? "render" : "renders"), warnings in \(warningRenders), "
      + "accepted in \(acceptedRenders)"
  }

  /// The console listing: the site-wide findings, then a heading per design and variant, a line per finding.
  public var text: String {
    var lines: [String] = []
    var heading = ""
    var reasonsShown: Set<String> = []
    for group in groups {
      let current = group.design ?? "site (UIKit's own defaults, every design)"
      if current != heading {
        lines.append(current)
        heading = current
        reasonsShown = []
      }
      let label = group.suppression == nil ? group.severity.rawValue : "accepted"
      var line =
        "  " + label.padding(toLength: 8, withPad: " ", startingAt: 0) + " "
        + group.rule.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0) + " " + group.message
      line += "  [\(group.placement)]"
      if let reason = group.suppression, reasonsShown.insert(reason).inserted {
        line += "\n" + String(repeating: " ", count: 11) + "because: " + reason
      }
      lines.append(line)
    }
    if !unmatched.isEmpty {
      lines.append("suppressions that matched no finding (remove them, or correct their rule, element or value)")
      for entry in unmatched {
        let variants =
          entry.variants.count <= 4 ? entry.variants.joined(separator: ", ") : "\(entry.variants.count) variants"
        lines.append(
          "  unused   \(entry.design) (\(variants)): \(entry.suppression.label), because: \(entry.suppression.reason)")
      }
    }
    lines.append("Lint: \(countLine) (\(renderLine)).")
    return lines.joined(separator: "\n")
  }

  /// The report as `lint --json` prints it: each finding once with its
  /// renders, then every occurrence with what was measured in its render.
  public var json: String {
    let groups: [JSONDocument] = self.groups.map { group in
      .object([
        ("design", group.design.map(JSONDocument.string) ?? .null),
        ("variants", .array(group.variants.map { .string($0) })), ("rule", .string(group.rule.rawValue)),
        ("severity", .string(group.severity.rawValue)), ("element", group.node.map(JSONDocument.string) ?? .null),
        ("cause", .string(group.cause)), ("message", .string(group.message)),
        ("suppressed", group.suppression.map(JSONDocument.string) ?? .null),
        ("renders", .array(group.renders.map { .string($0.description) })),
      ])
    }
    let occurrences: [JSONDocument] = findings.map { finding in
      .object([
        ("render", .string(finding.render.description)), ("rule", .string(finding.rule.rawValue)),
        ("severity", .string(finding.severity.rawValue)), ("element", finding.node.map(JSONDocument.string) ?? .null),
        ("cause", .string(finding.cause)), ("message", .string(finding.message)),
        ("measured", finding.measured.map(JSONDocument.number) ?? .null),
        ("threshold", finding.threshold.map(JSONDocument.number) ?? .null),
        ("suppressed", finding.suppression.map(JSONDocument.string) ?? .null),
      ])
    }
    return JSONDocument.object([
      ("v", .number(2)),
      (
        "counts",
        .object([
          ("renders", .number(Double(renderCount))), ("errors", .number(Double(errors))),
          ("warnings", .number(Double(warnings))), ("suppressed", .number(Double(suppressed))),
          ("occurrences", .number(Double(findings.count))),
        ])
      ),
      ("findings", .array(groups)),
      (
        "unmatchedSuppressions",
        .array(
          unmatched.map { entry in
            .object([
              ("design", .string(entry.design)), ("variants", .array(entry.variants.map { .string($0) })),
              ("rule", .string(entry.suppression.rule.rawValue)),
              ("element", entry.suppression.element.map(JSONDocument.string) ?? .null),
              ("value", entry.suppression.value.map(JSONDocument.string) ?? .null),
              ("reason", .string(entry.suppression.reason)),
            ])
          })
      ),
      ("occurrences", .array(occurrences)),
      (
        "readingOrders",
        .array(
          readingOrders.map { entry in
            .object([
              ("render", .string(entry.render.description)),
              (
                "items",
                .array(
                  entry.order.items.map { item in
                    .object([
                      ("element", .string(item.element)), ("label", .string(item.label)),
                      ("traits", .string(item.traits)), ("spoken", .string(item.spoken)),
                    ])
                  })
              ),
            ])
          })
      ),
    ]).rendered(pretty: true) + "\n"
  }

  /// JUnit XML: a test suite per design, a test case per variant and rule;
  /// active errors are failures, the rest are listed in `system-out`. A
  /// site-wide finding is listed in each variant it occurs in.
  public func junit(variants: [(design: String, variant: String)]) -> String {
    var designs: [String] = []
    for entry in variants where !designs.contains(entry.design) { designs.append(entry.design) }
    let suites = designs.map { design in
      JUnitDocument.Suite(
        name: design,
        cases: variants.filter { $0.design == design }.flatMap { entry in
          LintRule.allCases.map { rule in
            let matching = groups.filter { $0.rule == rule && $0.covers(design: design, variant: entry.variant) }
            let errors = matching.filter { $0.suppression == nil && $0.severity == .error }
            let others = matching.filter { !($0.suppression == nil && $0.severity == .error) }
            return JUnitDocument.TestCase(
              classname: "lint." + design + "." + entry.variant, name: rule.rawValue,
              failure: errors.first.map { first in
                (rule.rawValue, first.message, errors.map { "\($0.message) [\($0.placement)]" }.joined(separator: "\n"))
              },
              systemOut: others.isEmpty
                ? nil
                : others.map { ($0.suppression.map { "accepted (\($0)): " } ?? "warning: ") + $0.message }.joined(
                  separator: "\n"))
          }
        })
    }
    return JUnitDocument(name: "blankslate lint", suites: suites).xml
  }
}
