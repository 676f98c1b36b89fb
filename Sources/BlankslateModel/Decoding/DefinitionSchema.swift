import BlankslateSupport

/// JSON Schemas (draft 2020-12) of `site.json` and of a placeholder file,
/// made from the same declarations the decoders read (`PropertyKey.declaration`,
/// `LayoutKind.reads`, the enums of names), for editors' completion and for
/// checking definitions with any JSON Schema validator. Limits a site may
/// change (`limits` in `site.json`) are left to the decoder.
public enum DefinitionSchema {
  static let draft = "https://json-schema.org/draft/2020-12/schema"

  /// The schema of a `placeholders/*.json` file.
  package static var placeholder: JSONDocument {
    let properties = PropertyKey.allCases.map { ($0.rawValue, schema(of: $0.declaration.shape)) }
    let design: [(String, JSONDocument)] =
      [
        ("$schema", .object([("type", "string")])),
        ("id", identifier("the design's id; default: the file name")),
        ("name", .object([("type", "string"), ("description", "the gallery's label")])),
        ("layout", .object([("enum", strings(LayoutKind.allCases.map(\.rawValue)))])),
        (
          "tags",
          .object([
            ("type", "array"), ("items", .object([("type", "string"), ("minLength", 1), ("maxLength", 64)])),
          ])
        ),
        ("variants", .object([("type", "array"), ("minItems", 1), ("items", ref("variant"))])),
        ("suppress", ref("suppress")),
      ] + properties
    let variant: [(String, JSONDocument)] =
      [
        ("id", identifier("the variant's id")), ("name", .object([("type", "string")])),
        ("suppress", ref("suppress")),
      ] + properties
    // Each layout refuses the keys it does not read and the states it cannot show, in the design and its variants.
    let layouts: [JSONDocument] = LayoutKind.allCases.map { layout in
      var narrowed: [(String, JSONDocument)] = PropertyKey.allCases.filter { !layout.reads.contains($0) }.map {
        ($0.rawValue, .bool(false))
      }
      if layout.reads.contains(.state) {
        narrowed.append(("state", .object([("enum", strings(layout.states.map(\.rawValue)))])))
      }
      return .object([
        ("if", .object([("properties", .object([("layout", .object([("const", .string(layout.rawValue))]))]))])),
        (
          "then",
          .object([
            (
              "properties",
              .object(narrowed + [("variants", .object([("items", .object([("properties", .object(narrowed))]))]))])
            )
          ])
        ),
      ])
    }
    return .object([
      ("$schema", .string(draft)),
      ("$id", "https://blankslate.invalid/schema/placeholder.json"),
      ("title", "A Blankslate placeholder design"),
      ("type", "object"),
      ("required", .array(["layout"])),
      ("properties", .object(design)),
      ("additionalProperties", false),
      ("allOf", .array(layouts)),
      (
        "$defs",
        .object(
          definitions + [
            (
              "variant",
              .object([
                ("type", "object"), ("required", .array(["id"])), ("properties", .object(variant)),
                ("additionalProperties", false),
              ])
            ),
            ("suppress", suppress),
          ])
      ),
    ])
  }

  /// `suppress`: rule → reason, or a list of `{rule, element, value, reason}`.
  static var suppress: JSONDocument {
    let reason = JSONDocument.object([("type", "string"), ("minLength", 1), ("maxLength", 500)])
    let text = JSONDocument.object([("type", "string"), ("minLength", 1), ("maxLength", 200)])
    let byRule = JSONDocument.object([
      ("type", "object"), ("properties", .object(LintRule.allCases.map { ($0.rawValue, reason) })),
      ("additionalProperties", false),
    ])
    let entry = JSONDocument.object([
      ("type", "object"), ("required", .array(["rule", "reason"])),
      (
        "properties",
        .object([
          ("rule", .object([("enum", strings(LintRule.allCases.map(\.rawValue)))])),
          ("element", text), ("value", text), ("reason", reason),
        ])
      ),
      ("additionalProperties", false),
    ])
    return .object([("anyOf", .array([byRule, .object([("type", "array"), ("items", entry)])]))])
  }

  /// The schema of `site.json`.
  package static var site: JSONDocument {
    func list(_ names: [String]) -> JSONDocument {
      .object([
        ("type", "array"), ("minItems", 1), ("uniqueItems", true), ("items", .object([("enum", strings(names))])),
      ])
    }
    return .object([
      ("$schema", .string(draft)),
      ("$id", "https://blankslate.invalid/schema/site.json"),
      ("title", "A Blankslate site"),
      ("$defs", .object(definitions.filter { ["fixedColor", "color"].contains($0.0) })),
      ("type", "object"),
      (
        "properties",
        .object([
          ("$schema", .object([("type", "string")])),
          ("title", .object([("type", "string")])),
          ("devices", list(Device.allCases.map(\.rawValue))),
          ("themes", list(Theme.allCases.map(\.rawValue))),
          (
            "locales",
            .object([
              ("type", "array"), ("minItems", 1),
              ("items", .object([("type", "string"), ("pattern", .string(localeTag))])),
            ])
          ),
          ("textSizes", list(TextSize.allCases.map(\.rawValue))),
          ("tint", ref("color")),
          (
            "fonts",
            .object([
              ("type", "array"),
              (
                "items",
                .object([
                  ("type", "object"), ("required", .array(["file", "sha256"])),
                  (
                    "properties",
                    .object([
                      ("file", .object([("type", "string")])),
                      ("sha256", .object([("type", "string"), ("pattern", "^[0-9A-Fa-f]{64}$")])),
                    ])
                  ),
                  ("additionalProperties", false),
                ])
              ),
            ])
          ),
          ("tracking", .object([("enum", strings(TrackingTable.allCases.map(\.rawValue)))])),
          (
            "coverage",
            .object([
              ("type", "object"),
              ("properties", .object([("states", list(ContentState.allCases.map(\.rawValue)))])),
              ("additionalProperties", false),
            ])
          ),
          (
            "lint",
            .object([
              ("type", "object"),
              (
                "properties",
                .object(
                  LintRule.allCases.map {
                    ($0.rawValue, .object([("enum", strings(LintSeverity.allCases.map(\.rawValue)))]))
                  })
              ),
              ("additionalProperties", false),
            ])
          ),
          (
            "limits",
            .object([
              ("type", "object"),
              (
                "properties",
                .object(
                  SiteLimits.settings.map {
                    ($0.key, .object([("type", "integer"), ("minimum", 1), ("maximum", .number(Double($0.ceiling)))]))
                  })
              ),
              ("additionalProperties", false),
            ])
          ),
        ])
      ),
      ("additionalProperties", false),
    ])
  }

  /// README's table: every property, its type, its meaning, and the layouts that read it.
  public static var propertyTable: String {
    var lines = ["| key | type | meaning | read by |", "|---|---|---|---|"]
    for key in PropertyKey.allCases {
      let declaration = key.declaration
      let layouts = declaration.layouts.map { "`\($0.rawValue)`" }.joined(separator: " ")
      lines.append("| `\(key.rawValue)` | \(declaration.shape.summary) | \(declaration.meaning) | \(layouts) |")
    }
    let objects: [(String, ValueShape)] = [
      ("A Button (`button`, each of `buttons`)", PropertyKey.buttonShape),
      ("`spacing`", PropertyKey.spacing.declaration.shape), ("`customView`", PropertyKey.customView.declaration.shape),
      ("`chrome`", PropertyKey.chrome.declaration.shape),
    ]
    for (name, shape) in objects {
      lines += ["", "\(name) keys:", "", "| key | type | meaning |", "|---|---|---|"]
      if case .object(let fields) = shape.unwrapped {
        for field in fields { lines.append("| `\(field.name)` | \(field.shape.summary) | \(field.meaning) |") }
      }
    }
    lines += ["", "The states each layout shows (the first is its default):", "", "| layout | states |", "|---|---|"]
    for layout in LayoutKind.allCases {
      let states =
        layout.reads.contains(.state)
        ? layout.states.map { "`\($0.rawValue)`" }.joined(separator: " ") : "none: `sections` decide"
      lines.append("| `\(layout.rawValue)` | \(states) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Shapes

  /// `ll` or `lll`, then `-` and 2 to 8 letters or digits, as `LocaleTag` accepts.
  static let localeTag = "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
  /// No character XML cannot hold (the decoder's `XMLCharacters`).
  static let xmlText = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]*$"

  package static var definitions: [(String, JSONDocument)] {
    let hex = JSONDocument.object([
      ("type", "string"), ("pattern", "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"),
    ])
    let name = JSONDocument.object([("enum", strings(ColorValue.allNames))])
    let fixedColor = JSONDocument.object([("anyOf", .array([hex, name]))])
    let textString = JSONDocument.object([("type", "string"), ("pattern", .string(xmlText))])
    let points = JSONDocument.object([
      ("type", "number"), ("minimum", .number(FontSpec.points.lowerBound)),
      ("maximum", .number(FontSpec.points.upperBound)),
    ])
    let weight = JSONDocument.object([("enum", strings(FontWeight.allCases.map(\.rawValue)))])
    let length = JSONDocument.object([
      ("type", "number"), ("minimum", 0), ("maximum", .number(PropertyKey.points.upperBound)),
    ])
    let images =
      BuiltinImage.allCases.map { "builtin:" + $0.rawValue } + SymbolName.allCases.map { "symbol:" + $0.rawValue }
    let extensions = AssetResolver.imageExtensions.joined(separator: "|")
    // A path under the site folder, ending in an image type, with no URL scheme.
    let assetPath = JSONDocument.object([
      ("type", "string"), ("pattern", .string("^(?![A-Za-z][A-Za-z0-9+.-]+:)[^:]*\\.(\(extensions))$")),
    ])
    /// `{"light": value, "dark": value}`, both required.
    func themed(_ value: JSONDocument) -> JSONDocument {
      .object([
        ("type", "object"), ("required", .array(["light", "dark"])),
        ("properties", .object([("light", value), ("dark", value)])), ("additionalProperties", false),
      ])
    }
    return [
      (
        "text",
        .object([
          (
            "anyOf",
            .array([
              textString,
              .object([
                ("type", "object"), ("minProperties", 1), ("propertyNames", .object([("pattern", .string(localeTag))])),
                ("additionalProperties", textString),
              ]),
            ])
          )
        ])
      ),
      ("fixedColor", fixedColor),
      (
        "color",
        .object([
          (
            "anyOf",
            .array([
              ref("fixedColor"),
              .object([
                ("type", "object"), ("required", .array(["light", "dark"])),
                ("properties", .object([("light", ref("fixedColor")), ("dark", ref("fixedColor"))])),
                ("additionalProperties", false),
              ]),
            ])
          )
        ])
      ),
      (
        "font",
        .object([
          (
            "anyOf",
            .array([
              points,
              .object([
                ("type", "object"), ("required", .array(["style"])),
                (
                  "properties",
                  .object([
                    ("style", .object([("enum", strings(TextStyle.allCases.map(\.rawValue)))])), ("weight", weight),
                  ])
                ),
                ("additionalProperties", false),
              ]),
              .object([
                ("type", "object"), ("required", .array(["size"])),
                (
                  "properties",
                  .object([("size", points), ("weight", weight), ("scales", .object([("type", "boolean")]))])
                ),
                ("additionalProperties", false),
              ]),
            ])
          )
        ])
      ),
      (
        "singleImage",
        .object([
          (
            "anyOf",
            .array([
              .object([("enum", strings(images))]),
              assetPath,
              // An asset drawn as a template image, in the image tint.
              .object([
                ("type", "object"), ("required", .array(["path"])),
                ("properties", .object([("path", assetPath), ("template", .object([("type", "boolean")]))])),
                ("additionalProperties", false),
              ]),
            ])
          )
        ])
      ),
      ("themedImage", themed(ref("singleImage"))),
      (
        "undescribedImage",
        .object([
          (
            "anyOf",
            .array([
              ref("singleImage"), ref("themedImage"),
              // One image per language, each one image or one per theme.
              .object([
                ("type", "object"), ("minProperties", 1),
                (
                  "patternProperties",
                  .object([(localeTag, .object([("anyOf", .array([ref("singleImage"), ref("themedImage")]))]))])
                ),
                ("additionalProperties", false),
              ]),
            ])
          )
        ])
      ),
      (
        "image",
        .object([
          (
            "anyOf",
            .array([
              ref("undescribedImage"),
              // What VoiceOver says of the image (format v4): a label, or nothing (decorative).
              .object([
                ("type", "object"), ("required", .array(["source"])),
                (
                  "properties",
                  .object([
                    ("source", ref("undescribedImage")), ("accessibilityLabel", ref("text")),
                    ("decorative", .object([("type", "boolean")])),
                  ])
                ),
                ("additionalProperties", false),
              ]),
              .object([
                ("type", "object"), ("required", .array(["path"])),
                (
                  "properties",
                  .object([
                    ("path", assetPath), ("template", .object([("type", "boolean")])),
                    ("accessibilityLabel", ref("text")), ("decorative", .object([("type", "boolean")])),
                  ])
                ),
                ("additionalProperties", false),
              ]),
            ])
          )
        ])
      ),
      (
        "size",
        .object([("type", "array"), ("prefixItems", .array([length, length])), ("items", false), ("minItems", 2)])
      ),
    ]
  }

  /// The schema of one shape.
  static func schema(of shape: ValueShape) -> JSONDocument {
    switch shape {
    case .text: ref("text")
    case .color: ref("color")
    case .font: ref("font")
    case .image: ref("image")
    case .size: ref("size")
    case .number(let range):
      .object([("type", "number"), ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))])
    case .integer(let range):
      .object([
        ("type", "integer"), ("minimum", .number(Double(range.lowerBound))),
        ("maximum", .number(Double(range.upperBound))),
      ])
    case .bool: .object([("type", "boolean")])
    case .identifier: identifier("lower-case letters, digits and '-'")
    case .insets(let range):
      .object([
        (
          "anyOf",
          .array([
            schema(of: .number(range)),
            .object([("type", "array"), ("items", schema(of: .number(range))), ("minItems", 4), ("maxItems", 4)]),
          ])
        )
      ])
    case .choice(let names): .object([("enum", strings(names))])
    case .list(let item, let count):
      .object([
        ("type", "array"), ("items", schema(of: item)), ("minItems", .number(Double(count.lowerBound))),
        ("maxItems", .number(Double(count.upperBound))),
      ])
    case .object(let fields):
      .object([
        ("type", "object"), ("properties", .object(fields.map { ($0.name, schema(of: $0.shape)) })),
        ("additionalProperties", false),
      ])
    case .nullable(let shape): .object([("anyOf", .array([.object([("type", "null")]), schema(of: shape)]))])
    case .either(let first, let second): .object([("anyOf", .array([schema(of: first), schema(of: second)]))])
    }
  }

  private static func ref(_ name: String) -> JSONDocument { .object([("$ref", .string("#/$defs/" + name))]) }
  private static func strings(_ names: [String]) -> JSONDocument { .array(names.map(JSONDocument.string)) }
  private static func identifier(_ description: String) -> JSONDocument {
    .object([("type", "string"), ("pattern", "^[a-z0-9-]+$"), ("description", .string(description))])
  }
}
