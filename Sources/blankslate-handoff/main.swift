import BlankslateHandOff
import BlankslateModel
import BlankslateSupport
import Foundation

// `blankslate-handoff`: `blankslate export swift` as a tool that links no C
// library outside Apple's SDK, which the `PlaceholderHandOff` build-tool plugin
// runs on every build. Same files, byte for byte, as the command's.
//
//   blankslate-handoff [--site Site] [--output Export] [--bundle main|module] [--check]

let usage = "usage: blankslate-handoff [--site DIR] [--output DIR] [--bundle main|module] [--check]"

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data(("blankslate-handoff: " + message + "\n").utf8))
  exit(code)
}

var site = "Site"
var output = "Export"
var bundle = SwiftExport.ResourceBundle.main
var check = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--site", "--output":
    guard let value = arguments.popFirst() else { fail("\(argument) needs a folder\n\(usage)", code: 2) }
    if argument == "--site" { site = value } else { output = value }
  case "--bundle":
    guard let value = arguments.popFirst().flatMap(SwiftExport.ResourceBundle.init(rawValue:)) else {
      fail("--bundle takes main or module\n\(usage)", code: 2)
    }
    bundle = value
  case "--check": check = true
  case "--help", "-h":
    print(usage)
    exit(0)
  default: fail("unknown argument '\(argument)'\n\(usage)", code: 2)
  }
}

let workingFolder = FileManager.default.currentDirectoryPath
let root = site.hasPrefix("/") ? site : workingFolder + "/" + site
var loader = SiteLoader(root: URL(fileURLWithPath: root), displayRoot: site, fonts: FontsNotRead())
loader.requiresFonts = false
let definition: SiteDefinition
do throws(DefinitionErrors) {
  definition = try loader.load()
} catch {
  fail(error.description, code: 2)
}
do {
  let outcome = try SwiftExport.export(
    definition, root: root, siteDisplay: site, into: output, workingFolder: workingFolder, bundle: bundle,
    check: check)
  if check {
    for name in outcome.stale { print("stale: \(output)/\(name) is not what \(site) exports now") }
    exit(outcome.stale.isEmpty ? 0 : 1)
  }
} catch let failure as any CommandFailure {
  fail(failure.description, code: failure.exitCode)
} catch {
  fail("\(error)", code: 2)
}
