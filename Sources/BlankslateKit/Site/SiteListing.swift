/// The `list` command's view of a site: designs, variants, layouts, states.
public struct SiteListing: Sendable {
  let site: SiteDefinition

  public init(_ site: SiteDefinition) {
    self.site = site
  }

  /// One line per design and an indented line per variant.
  public var text: String {
    var lines: [String] = []
    for design in site.designs {
      lines.append("\(design.id)  \(design.name)  [\(design.layout.rawValue)]  \(design.sourceFile)")
      for variant in design.variants {
        lines.append("  \(variant.id)  \(variant.name)  (\(variant.state(in: design.layout).rawValue))")
      }
    }
    let variants = site.designs.reduce(0) { $0 + $1.variants.count }
    lines.append(
      "\(site.designs.count) designs, \(variants) variants, \(site.renderJobs.count) renders "
        + "(\(site.devices.count) devices × \(site.themes.count) themes × \(site.locales.count) locales)")
    return lines.joined(separator: "\n")
  }

  /// The same as JSON, for scripts.
  public var json: String {
    func quoted(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
          if scalar.value < 0x20 {
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else {
            result.unicodeScalars.append(scalar)
          }
        }
      }
      return result + "\""
    }
    let designs = site.designs.map { design in
      let variants = design.variants.map { variant in
        "{\"id\":\(quoted(variant.id)),\"name\":\(quoted(variant.name)),\"state\":\(quoted(variant.state(in: design.layout).rawValue))}"
      }
      return "{\"id\":\(quoted(design.id)),\"name\":\(quoted(design.name)),\"layout\":\(quoted(design.layout.rawValue)),"
        + "\"file\":\(quoted(design.sourceFile)),\"tags\":[\(design.tags.map(quoted).joined(separator: ","))],"
        + "\"variants\":[\(variants.joined(separator: ","))]}"
    }
    return "{\"designs\":[\(designs.joined(separator: ","))],\"renders\":\(site.renderJobs.count)}"
  }
}
