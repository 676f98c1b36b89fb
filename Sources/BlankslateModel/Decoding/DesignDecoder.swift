import BlankslateSupport

/// Decodes one `placeholders/*.json` file into a `Design`.
struct DesignDecoder {
  let fields: FieldDecoder
  let assets: AssetResolver
  var limits = SiteLimits()

  /// `$schema` names the file's JSON Schema for editors; it is checked to be a string and otherwise ignored.
  static let designKeys = ["$schema", "id", "name", "layout", "tags", "variants", "suppress"]
  static let variantKeys = ["id", "name", "suppress"]

  /// `fileStem`: the file name without `.json`, the id when none is written.
  func decode(_ root: JSONValue, fileStem: String, sourceFile: String) -> Design? {
    let allowed = Self.designKeys + PropertyKey.allCases.map(\.rawValue)
    guard let object = fields.object(root, at: .root, allowed: allowed) else { return nil }
    if let value = object["$schema"] { _ = fields.string(value, at: .root.appending("$schema")) }

    var id: String?
    if let value = object["id"] {
      id = fields.identifier(value, at: .root.appending("id"))
    } else if Identifier.isValid(fileStem) {
      id = fileStem
    } else {
      fields.report(
        .missingKey(
          fields.location(.root, root), key: "id",
          expected:
            "the file name \"\(fileStem)\" is not a valid id, so write one such as \"\(Identifier.suggest(from: fileStem))\""
        ))
    }

    var layout: LayoutKind?
    if let value = object["layout"] {
      layout = fields.choice(value, at: .root.appending("layout"), among: LayoutKind.allCases, what: "a layout")
    } else {
      fields.report(
        .missingKey(
          fields.location(.root, root), key: "layout",
          expected: "one of " + LayoutKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")))
    }

    let name = object["name"].flatMap { fields.string($0, at: .root.appending("name")) }
    let tags = object["tags"].flatMap { tagList($0, at: .root.appending("tags")) } ?? []
    let properties = PropertiesDecoder(fields: fields, assets: assets)
    let shared = properties.decode(object, at: .root, layout: layout).properties
    let suppressions = object["suppress"].map { suppress($0, at: .root.appending("suppress")) } ?? []

    var variants: [Variant] = []
    if let value = object["variants"] {
      variants = decodeVariants(
        value, shared: shared, suppressions: suppressions, layout: layout, properties: properties)
    } else {
      variants = [
        Variant(id: "default", name: "Default", properties: shared, position: root.position, suppressions: suppressions)
      ]
    }

    guard let id, let layout else { return nil }
    return Design(
      id: id, name: name ?? id, layout: layout, tags: tags, variants: variants, sourceFile: sourceFile)
  }

  private func decodeVariants(
    _ value: JSONValue, shared: Properties, suppressions: [Suppression], layout: LayoutKind?,
    properties: PropertiesDecoder
  ) -> [Variant] {
    let path = JSONPath.root.appending("variants")
    guard let items = fields.array(value, at: path, of: "variant objects") else { return [] }
    guard !items.isEmpty else {
      fields.report(
        .invalidValue(
          fields.location(path, value), found: "an empty array",
          expected: "at least one variant (leave \"variants\" out for a single default variant)", allowed: []))
      return []
    }
    guard items.count <= limits.variantsPerDesign else {
      fields.report(
        .limitExceeded(
          fields.location(path, value), what: "the number of variants", found: items.count,
          limit: limits.variantsPerDesign, key: "variantsPerDesign"))
      return []
    }
    var variants: [Variant] = []
    var firstPath: [String: JSONPath] = [:]
    let allowed = Self.variantKeys + PropertyKey.allCases.map(\.rawValue)
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index)
      guard let object = fields.object(item, at: itemPath, allowed: allowed) else { continue }
      var id: String?
      if let idValue = object["id"] {
        id = fields.identifier(idValue, at: itemPath.appending("id"))
        if let found = id {
          if let first = firstPath[found] {
            fields.report(
              .duplicateID(fields.location(itemPath.appending("id"), idValue), id: found, firstUse: first.description))
            id = nil
          } else {
            firstPath[found] = itemPath
          }
        }
      } else {
        fields.report(
          .missingKey(fields.location(itemPath, item), key: "id", expected: "a variant id such as \"no-data\""))
      }
      let name = object["name"].flatMap { fields.string($0, at: itemPath.appending("name")) }
      let (own, written) = properties.decode(object, at: itemPath, layout: layout)
      // A variant's `suppress` replaces its design's (`{}` accepts nothing).
      let ownSuppressions = object["suppress"].map { suppress($0, at: itemPath.appending("suppress")) }
      if let id {
        variants.append(
          Variant(
            id: id, name: name ?? id, properties: own.laid(over: shared, writing: written),
            path: itemPath, position: item.position,
            suppressions: ownSuppressions ?? suppressions))
      }
    }
    return variants
  }

  /// `"suppress": { "contrast": "the reason" }`, which accepts every finding
  /// of the rule, or `"suppress": [{ "rule": "contrast", "element": "message",
  /// "value": "#8A8A8E", "reason": "the reason" }]`, which accepts the findings
  /// of the rule on that element whose cause holds that value.
  private func suppress(_ value: JSONValue, at path: JSONPath) -> [Suppression] {
    if case .array(let items) = value.kind {
      return items.enumerated().compactMap { index, item in
        let itemPath = path.appending(index)
        guard
          let object = fields.object(item, at: itemPath, allowed: ["rule", "element", "value", "reason"])
        else { return nil }
        guard let ruleValue = object["rule"] else {
          fields.report(.missingKey(fields.location(itemPath, item), key: "rule", expected: "a lint rule's id"))
          return nil
        }
        guard let reasonValue = object["reason"] else {
          fields.report(
            .missingKey(fields.location(itemPath, item), key: "reason", expected: "why the finding is accepted"))
          return nil
        }
        let rule = fields.choice(
          ruleValue, at: itemPath.appending("rule"), among: LintRule.allCases, what: "a lint rule")
        let element = object["element"].flatMap { text($0, at: itemPath.appending("element"), what: "an element id") }
        let value = object["value"].flatMap {
          text($0, at: itemPath.appending("value"), what: "a value the cause holds")
        }
        let reason = self.reason(reasonValue, at: itemPath.appending("reason"))
        guard let rule, let reason, object["element"] == nil || element != nil, object["value"] == nil || value != nil
        else { return nil }
        return Suppression(rule: rule, element: element, value: value, reason: reason)
      }
    }
    let ids = LintRule.allCases.map(\.rawValue)
    guard let object = fields.object(value, at: path, allowed: ids) else { return [] }
    return LintRule.allCases.compactMap { rule in
      guard let entry = object[rule.rawValue], let reason = reason(entry, at: path.appending(rule.rawValue)) else {
        return nil
      }
      return Suppression(rule: rule, reason: reason)
    }
  }

  /// A suppression's reason: 1 to 500 characters, not only spaces.
  private func reason(_ value: JSONValue, at path: JSONPath) -> String? {
    text(value, at: path, what: "the reason this finding is accepted", limit: 500)
  }

  /// A string of 1 to `limit` characters, not only spaces.
  private func text(_ value: JSONValue, at path: JSONPath, what: String, limit: Int = 200) -> String? {
    guard let string = fields.string(value, at: path) else { return nil }
    guard !string.trimmingWhitespace.isEmpty, string.count <= limit else {
      fields.refuse(value, at: path, expected: "\(what) (1 to \(limit) characters)")
      return nil
    }
    return string
  }

  private func tagList(_ value: JSONValue, at path: JSONPath) -> [String]? {
    guard let items = fields.array(value, at: path, of: "tags") else { return nil }
    var tags: [String] = []
    var seen: Set<String> = []
    for (index, item) in items.enumerated() {
      guard let tag = fields.string(item, at: path.appending(index)) else { continue }
      guard !tag.isEmpty, tag.count <= 64 else {
        fields.report(
          .invalidValue(
            fields.location(path.appending(index), item), found: item.excerpt, expected: "a tag of 1 to 64 characters",
            allowed: []))
        continue
      }
      if seen.insert(tag).inserted { tags.append(tag) }
    }
    return tags
  }
}
