import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// The JSON form of a check's summary: what `--json` writes and what
/// `report --merge` reads back to join the summaries of shards.
package enum SummaryJSON {
  package static func encode(_ summary: SnapshotSummary) -> String {
    let counts = JSONDocument.object(
      [("checked", .number(Double(summary.checked)))]
        + SnapshotStatus.allCases.map { ($0.rawValue, .number(Double(summary.count($0)))) })
    let results: [JSONDocument] = summary.results.map { result in
      var members: [(String, JSONDocument)] = [
        ("id", .string(result.id.description)), ("status", .string(result.status.rawValue)),
        ("headline", .string(result.headline)),
        ("golden", .string(result.golden)),
      ]
      if let file = result.definitionFile { members.append(("file", .string(file))) }
      if let line = result.definitionLine { members.append(("line", .number(Double(line)))) }
      if let page = result.page { members.append(("page", .string(page))) }
      members.append(("changes", .array(result.changes.map(JSONDocument.string))))
      if !result.edits.isEmpty {
        members.append(
          (
            "edits",
            .array(
              result.edits.map { edit in
                .object(
                  [("path", .string(edit.path)), ("scope", .string(edit.scope.rawValue))]
                    + [("old", edit.old), ("new", edit.new), ("resolution", edit.resolution)].compactMap { key, value in
                      value.map { (key, .string($0)) }
                    })
              })
          ))
      }
      if !result.context.isEmpty { members.append(("context", .array(result.context.map(JSONDocument.string)))) }
      if !result.effects.isEmpty {
        members.append(
          (
            "effects",
            .array(
              result.effects.map {
                .array([.string($0.element), .string($0.aspect.rawValue), .string($0.old), .string($0.new)])
              })
          ))
      }
      members.append(("rank", .number(Double(result.rank))))
      if let hash = result.goldenHash { members.append(("goldenSHA256", .string(hash))) }
      if let hash = result.currentHash { members.append(("currentSHA256", .string(hash))) }
      members.append(("diff", .string(result.diff)))
      if let svg = result.goldenSVG { members.append(("goldenSVG", .string(svg))) }
      if let svg = result.currentSVG { members.append(("currentSVG", .string(svg))) }
      members.append(("currentFrames", frames(result.currentFrames)))
      members.append(("goldenFrames", frames(result.goldenFrames)))
      return .object(members)
    }
    return JSONDocument.object([
      ("v", .number(1)),
      ("tool", .string("blankslate \(Blankslate.version)")),
      ("site", .string(summary.site)),
      ("shard", summary.shard.map { .string($0.description) } ?? .null),
      ("counts", counts),
      ("results", .array(results)),
      ("passed", .array(summary.passed.map { .string($0.description) })),
      ("findings", summary.findings.json),
    ]).rendered(pretty: true) + "\n"
  }

  private static func frames(_ frames: [Rect]) -> JSONDocument {
    .array(frames.map { .array([.number($0.x), .number($0.y), .number($0.width), .number($0.height)]) })
  }

  /// Reads a summary written by `encode`.
  ///
  /// - Throws: `SnapshotError.unreadableSummary` naming the file.
  package static func decode(_ bytes: [UInt8], file: String) throws(SnapshotError) -> SnapshotSummary {
    let root: JSONValue
    do {
      root = try JSONParser().parse(bytes)
    } catch {
      throw .unreadableSummary(file: file, reason: "line \(error.position.line): \(error.message)")
    }
    guard root["v"]?.numberValue == 1, let site = root["site"]?.stringValue, let items = root["results"]?.arrayValue,
      let passed = root["passed"]?.arrayValue
    else {
      throw .unreadableSummary(file: file, reason: "it lacks \"v\": 1, \"site\", \"results\" or \"passed\"")
    }
    var results: [SnapshotResult] = []
    for (index, item) in items.enumerated() {
      guard let name = item["id"]?.stringValue, let status = item["status"]?.stringValue.flatMap(SnapshotStatus.init),
        let golden = item["golden"]?.stringValue
      else {
        throw .unreadableSummary(file: file, reason: "results[\(index)] lacks an id, a status or a golden")
      }
      guard let id = RenderID(name) else {
        throw .unreadableSummary(
          file: file, reason: "results[\(index)].id is not a render's name (design/variant.device.theme.locale)")
      }
      var result = SnapshotResult(
        id: id, status: status, golden: golden, definitionFile: item["file"]?.stringValue,
        definitionLine: item["line"]?.numberValue.map { Int($0) }, page: item["page"]?.stringValue,
        changes: item["changes"]?.arrayValue?.compactMap(\.stringValue) ?? [], diff: item["diff"]?.stringValue ?? "",
        goldenSVG: item["goldenSVG"]?.stringValue, currentSVG: item["currentSVG"]?.stringValue,
        currentFrames: frames(item["currentFrames"]), goldenFrames: frames(item["goldenFrames"]))
      result.edits = (item["edits"]?.arrayValue ?? []).compactMap { edit in
        guard let path = edit["path"]?.stringValue,
          let scope = edit["scope"]?.stringValue.flatMap(DefinitionEdit.Scope.init(rawValue:))
        else { return nil }
        return DefinitionEdit(
          path: path, scope: scope, old: edit["old"]?.stringValue, new: edit["new"]?.stringValue,
          resolution: edit["resolution"]?.stringValue)
      }
      result.context = item["context"]?.arrayValue?.compactMap(\.stringValue) ?? []
      result.effects = (item["effects"]?.arrayValue ?? []).compactMap { effect in
        let parts = effect.arrayValue?.compactMap(\.stringValue) ?? []
        guard parts.count == 4, let aspect = Effect.Aspect(rawValue: parts[1]) else { return nil }
        return Effect(element: parts[0], aspect: aspect, old: parts[2], new: parts[3])
      }
      result.rank = item["rank"]?.numberValue.map { Int($0) } ?? 0
      result.goldenHash = item["goldenSHA256"]?.stringValue
      result.currentHash = item["currentSHA256"]?.stringValue
      results.append(result)
    }
    var passedRenders: [RenderID] = []
    for (index, item) in passed.enumerated() {
      guard let id = item.stringValue.flatMap({ RenderID($0) }) else {
        throw .unreadableSummary(
          file: file, reason: "passed[\(index)] is not a render's name (design/variant.device.theme.locale)")
      }
      passedRenders.append(id)
    }
    var summary = SnapshotSummary(
      site: site, shard: root["shard"]?.stringValue.flatMap(Shard.init(parsing:)), passed: passedRenders,
      results: results)
    if let findings = root["findings"] { summary.findings = FindingChanges(json: findings) }
    return summary
  }

  private static func frames(_ value: JSONValue?) -> [Rect] {
    (value?.arrayValue ?? []).compactMap { frame in
      let numbers = frame.arrayValue?.compactMap(\.numberValue) ?? []
      guard numbers.count == 4 else { return nil }
      return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
  }

  /// The summaries of several shards as one: every result once, counts added up.
  package static func merge(_ summaries: [SnapshotSummary]) -> SnapshotSummary {
    var results: [RenderID: SnapshotResult] = [:]
    var passed: Set<RenderID> = []
    for summary in summaries {
      for result in summary.results { results[result.id] = result }
      passed.formUnion(summary.passed)
    }
    let site = Set(summaries.map(\.site)).sorted().joined(separator: ", ")
    var merged = SnapshotSummary(site: site, shard: nil, passed: Array(passed), results: Array(results.values))
    for summary in summaries {
      merged.findings.new += summary.findings.new
      merged.findings.resolved += summary.findings.resolved
      merged.findings.unchanged += summary.findings.unchanged
      merged.findings.unrecorded += summary.findings.unrecorded
    }
    return merged
  }
}
