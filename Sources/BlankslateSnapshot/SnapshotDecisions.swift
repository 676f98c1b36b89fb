import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// A reviewer's decision on one render, as the report saves it and `serve`'s
/// Accept sends it: the render, the exact bytes seen (golden and current,
/// by SHA-256) and approve or reject (`../shared/DESIGN.md`, "Review v3").
public struct SnapshotDecision: Sendable, Equatable {
  /// Approve or reject.
  public enum Verdict: String, Sendable {
    case approve
    case reject
  }

  /// The render decided on.
  public var render: RenderID
  /// The golden's hash; nil for a render that had no golden.
  public var golden: String?
  /// SHA-256 of the render the reviewer saw.
  public var current: String
  /// Whether the reviewer approved the render or rejected it.
  public var verdict: Verdict
  /// What the reviewer wrote, if anything.
  public var note: String?

  /// A decision on `render`, made on the golden and render with these hashes.
  public init(render: RenderID, golden: String?, current: String, verdict: Verdict, note: String? = nil) {
    self.render = render
    self.golden = golden
    self.current = current
    self.verdict = verdict
    self.note = note
  }
}

extension SnapshotDecision {
  /// The largest decisions document read (a whole site's renders fit many times over).
  public static let maximumDocumentSize = 16 << 20

  /// The decisions of `{"decisions": [{"render", "golden", "current", "decision", "note"}]}`.
  ///
  /// - Throws: `SnapshotError.badDecisions` naming the file, line and JSON path at fault.
  public static func parse(_ bytes: [UInt8], file: String) throws(SnapshotError) -> [SnapshotDecision] {
    guard bytes.count <= maximumDocumentSize else {
      throw .badDecisions(file: file, reason: "it is \(bytes.count) bytes, more than \(maximumDocumentSize)")
    }
    let document: JSONValue
    do throws(JSONParser.SyntaxError) {
      document = try JSONParser(maximumDepth: 8).parse(bytes)
    } catch {
      throw .badDecisions(file: "\(file):\(error.position.line):\(error.position.column)", reason: error.message)
    }
    func fail(_ value: JSONValue, _ path: String, _ reason: String) -> SnapshotError {
      .badDecisions(file: "\(file):\(value.position.line):\(value.position.column)", reason: "\(path): \(reason)")
    }
    guard case .object(let topLevel) = document.kind else { throw fail(document, "$", "must be an object") }
    for member in topLevel where member.key != "decisions" {
      throw fail(
        member.value, "$." + Self.shown(member.key),
        "is not a key of a decisions file (it has one key, \"decisions\")")
    }
    guard let items = document["decisions"]?.arrayValue else {
      throw fail(document, "$", "needs \"decisions\", an array")
    }
    var decisions: [SnapshotDecision] = []
    // Where each render was decided, so that an approve and a reject of one render are refused, naming both.
    var decided: [RenderID: (verdict: Verdict, path: String, value: JSONValue)] = [:]
    for (index, item) in items.enumerated() {
      let path = "$.decisions[\(index)]"
      guard case .object(let members) = item.kind else { throw fail(item, path, "must be an object") }
      for member in members where !["render", "golden", "current", "decision", "note"].contains(member.key) {
        throw fail(member.value, path + "." + Self.shown(member.key), "is not a key of a decision")
      }
      func hash(_ key: String, optional: Bool) throws(SnapshotError) -> String? {
        guard let value = item[key] else { throw fail(item, path, "needs \"\(key)\"") }
        if optional, value.isNull { return nil }
        guard let text = value.stringValue, text.utf8.count == 64,
          text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { throw fail(value, path + "." + key, "must be a SHA-256 in lower-case hex\(optional ? " or null" : "")") }
        return text
      }
      guard let name = item["render"]?.stringValue, name.utf8.count <= 1_000, let render = RenderID(name) else {
        throw fail(item, path + ".render", "must be a render's name (design/variant.device.theme.locale[.size])")
      }
      guard let verdict = item["decision"]?.stringValue.flatMap(Verdict.init(rawValue:)) else {
        throw fail(item, path + ".decision", "must be \"approve\" or \"reject\"")
      }
      var note: String?
      if let value = item["note"], value.stringValue != nil || !value.isNull {
        guard let text = value.stringValue, text.count <= 2_000 else {
          throw fail(value, path + ".note", "must be a string of at most 2,000 characters")
        }
        note = text
      }
      let golden = try hash("golden", optional: true)
      guard let current = try hash("current", optional: false) else { throw fail(item, path, "needs \"current\"") }
      if let earlier = decided[render], earlier.verdict != verdict {
        let position = earlier.value.position
        throw fail(
          item, path,
          "\(verdict.rawValue)s \(render), which \(earlier.path) (line \(position.line)) \(earlier.verdict.rawValue)s; "
            + "one render takes one decision, so nothing was recorded")
      }
      decided[render] = (verdict, path, item)
      decisions.append(
        SnapshotDecision(render: render, golden: golden, current: current, verdict: verdict, note: note))
    }
    return decisions
  }

  /// A key as an error shows it: on one line, controls escaped, at most 40 characters.
  static func shown(_ key: String) -> String {
    TerminalText.oneLine(key, limit: 40)
  }
}

extension JSONValue {
  fileprivate var isNull: Bool {
    if case .null = kind { return true }
    return false
  }
}

/// Records exactly the approved renders whose golden and current bytes are
/// still the ones the reviewer saw, through `record`'s atomic path, or none.
public struct SnapshotAcceptor: Sendable {
  /// The site whose goldens are accepted.
  public var options: SnapshotOptions
  /// Called once when another writer holds the snapshots folder and Accept waits for it.
  public var waiting: @Sendable () -> Void = {}

  /// An acceptor for the site `options` names; `waiting` is called when another writer holds the goldens.
  public init(options: SnapshotOptions, waiting: @escaping @Sendable () -> Void = {}) {
    self.options = options
    self.waiting = waiting
  }

  /// One approved render that was not recorded, and why.
  public struct Stale: Sendable, Equatable, CustomStringConvertible {
    /// The render the decision was made on.
    public var render: RenderID
    /// Why the decision no longer applies.
    public var reason: String
    /// `render: reason`.
    public var description: String { "\(render): \(reason)" }
  }

  /// Records the approved decisions' goldens; rejected ones are left as they are.
  ///
  /// - Throws: `SnapshotError.staleDecisions` listing every approved render
  ///   whose golden or current bytes changed since it was reviewed (nothing
  ///   is written then), and `.recordingRefusedInCI` under CI.
  public func accept(_ decisions: [SnapshotDecision], isCI: Bool) throws(SnapshotError) -> [SnapshotRecorder.Written] {
    guard !isCI else { throw .recordingRefusedInCI }
    let approved = decisions.filter { $0.verdict == .approve }
    guard !approved.isEmpty else { return [] }
    // Held from the comparison to the last golden written: the goldens checked are the ones replaced.
    let lock = try GoldenStore(site: options.siteFolder, siteDisplay: options.siteDisplay).lockForWriting(
      waiting: waiting)
    defer { withExtendedLifetime(lock) {} }
    // Every render of each approved variant is compared, so that once all of
    // them match their goldens the variant's definition record is written too,
    // exactly as `record` leaves the folder; only the approved ones are written.
    var options = self.options
    let variants = Set(approved.map(\.render.variantPath)).sorted()
    options.renders = nil
    options.filter = "^(" + variants.map { RenderID.escaped($0) + "\\." }.joined(separator: "|") + ")"
    options.shard = nil
    let run = try SnapshotChecker(options: options).run()
    let results = Dictionary(
      run.summary.results.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    let passed = Set(run.summary.passed)
    var stale: [Stale] = []
    for decision in approved {
      guard let result = results[decision.render] else {
        guard passed.contains(decision.render) else {
          stale.append(Stale(render: decision.render, reason: "no render of the site has this name"))
          continue
        }
        // Its golden is the render that was approved: accepted already, nothing to do.
        let golden = try run.store.read(decision.render.goldenPath).map(SHA256.hex)
        if golden != decision.current {
          stale.append(
            Stale(render: decision.render, reason: "it matches its golden now, which is not the render reviewed"))
        }
        continue
      }
      if result.goldenHash != decision.golden {
        stale.append(Stale(render: decision.render, reason: "its golden changed since it was reviewed"))
      } else if result.currentHash != decision.current {
        stale.append(Stale(render: decision.render, reason: "it renders differently since it was reviewed"))
      }
    }
    guard stale.isEmpty else { throw .staleDecisions(stale) }
    return try SnapshotRecorder(mode: .failed).write(run, only: Set(approved.map(\.render)))
  }
}
