import Foundation
import PackagePlugin

/// Makes a target's placeholders from the team's Blankslate site on every
/// build that needs them: `Placeholders.swift` (compiled into the target),
/// and `Placeholders.xcstrings` and `Placeholders.xcassets` (its resources).
///
/// The site is the folder named `Site` (holding `site.json`) in the target's
/// folder, else at the package's (or Xcode project's) root: the folder
/// `blankslate init` makes and the gallery is built from, so the app ships
/// exactly what was reviewed. The command is `blankslate-handoff`, which links
/// nothing outside Apple's SDK (libxml2), so it builds with Xcode alone. Its
/// inputs are every file of the site, so a build after an edit makes the
/// files again and one without runs nothing.
@main
struct PlaceholderHandOff: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    // A package target's resources are in its own bundle.
    return try Self.commands(
      for: target.name,
      sites: [module.directoryURL.appending(path: "Site"), context.package.directoryURL.appending(path: "Site")],
      tool: context.tool(named: "blankslate-handoff").url, output: context.pluginWorkDirectoryURL, bundle: "module")
  }

  /// The one command that exports the first of `sites` that holds a
  /// `site.json` into `output`, or none (and an error) when none does.
  static func commands(for name: String, sites: [URL], tool: URL, output: URL, bundle: String) -> [Command] {
    let manager = FileManager.default
    guard let site = sites.first(where: { manager.fileExists(atPath: $0.appending(path: "site.json").path) }) else {
      Diagnostics.error(
        "PlaceholderHandOff: no Blankslate site for \(name): looked for site.json in "
          + sites.map(\.path).joined(separator: " and "))
      return []
    }
    return [
      .buildCommand(
        displayName: "Blankslate: placeholders of \(name) from \(site.lastPathComponent)",
        executable: tool,
        arguments: ["--site", site.path, "--output", output.path, "--bundle", bundle],
        inputFiles: files(under: site),
        outputFiles: ["Placeholders.swift", "Placeholders.xcstrings", "Placeholders.xcassets"].map {
          output.appending(path: $0)
        })
    ]
  }

  /// Every regular file under `folder`, in a stable order: the command's inputs.
  static func files(under folder: URL) -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var found: [URL] = []
    for case let url as URL in walker
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
      found.append(url)
    }
    return found.sorted { $0.path < $1.path }
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension PlaceholderHandOff: XcodeBuildToolPlugin {
    /// An Xcode app target ("Run Build Tool Plug-ins"): the site beside the
    /// project, the resources in the app's main bundle.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let project = context.xcodeProject.directoryURL
      return try Self.commands(
        for: target.displayName,
        sites: [project.appending(path: target.displayName).appending(path: "Site"), project.appending(path: "Site")],
        tool: context.tool(named: "blankslate-handoff").url, output: context.pluginWorkDirectoryURL, bundle: "main")
    }
  }
#endif
