import Foundation
import PackagePlugin

/// Embeds the package's `Templates/` folder into the target that uses the plugin.
///
/// Every file below `Templates/` becomes an entry of `EmbeddedTemplates.files`,
/// so the gallery's built-in templates travel inside the `blankslate` binary.
@main
struct EmbedTemplates: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let templates = context.package.directoryURL.appending(path: "Templates")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
    var inputs: [URL] = []
    if let walker = FileManager.default.enumerator(
      at: templates, includingPropertiesForKeys: [.isRegularFileKey])
    {
      for case let url as URL in walker
      where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        inputs.append(url)
      }
    }
    return [
      .buildCommand(
        displayName: "Embedding Templates/ (\(inputs.count) files)",
        executable: try context.tool(named: "template-embedder").url,
        arguments: [templates.path, output.path],
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
