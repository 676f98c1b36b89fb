import BlankslateSupport
import Foundation
import Testing

/// Python's `jsonschema` (Debian's python3-jsonschema): an independent check of the emitted schemas.
package enum JSONSchemaValidator {
  /// Debian's Python, which python3-jsonschema installs for (`.ci/run`).
  package static let python = "/usr/bin/python3"

  /// Whether the validator runs: when installed, and always under CI.
  package static var runs: Bool {
    RunEnvironment.isCI(ProcessInfo.processInfo.environment)
      || (try? CommandRunner.runTool(python, ["-c", "import jsonschema"])) == 0
  }

  /// Validates each JSON text against `schema` with Draft 2020-12; the messages of the documents refused, by index.
  package static func refusals(of documents: [String], schema: JSONDocument) throws -> [Int: String] {
    try refusals(of: documents, schemaBytes: schema.renderedBytes(pretty: false))
  }

  /// `refusals(of:schema:)` against a schema file's bytes.
  package static func refusals(of documents: [String], schemaBytes: [UInt8]) throws -> [Int: String] {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(schemaBytes).write(to: folder.appending(path: "schema.json"))
    try Data(("[" + documents.joined(separator: ",\n") + "]").utf8).write(to: folder.appending(path: "documents.json"))
    let script = """
      import json, sys
      from jsonschema import Draft202012Validator
      schema = json.load(open(sys.argv[1]))
      Draft202012Validator.check_schema(schema)
      validator = Draft202012Validator(schema)
      for index, document in enumerate(json.load(open(sys.argv[2]))):
          errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
          if errors:
              print(index, "/".join(map(str, errors[0].absolute_path)), errors[0].message[:200].replace("\\n", " "))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      "-c", script, folder.appending(path: "schema.json").path, folder.appending(path: "documents.json").path,
    ]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.runWatched()
    let errors = err.readToEndInBackground()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let error = String(decoding: errors(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(error)")
    var refused: [Int: String] = [:]
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if let index = Int(parts[0]) { refused[index] = parts.count > 1 ? String(parts[1]) : "" }
    }
    return refused
  }
}
