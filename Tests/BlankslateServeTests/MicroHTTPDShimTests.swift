import BlankslateCoreTestSupport
import BlankslateTestSupport
import Foundation
import Testing

/// `CMicroHTTPD` declares the part of libmicrohttpd's interface it uses
/// instead of including the library's header (no header to find, no
/// flags): every value it declares is the installed header's.
@Suite("serve's libmicrohttpd declarations")
struct MicroHTTPDShimTests {
  /// Each `NAME = value` the shim's header declares for an `MHD_` constant.
  static func declaredConstants() throws -> [(name: String, value: Int)] {
    let header = try String(
      contentsOf: Repository.root.appending(path: "Sources/CMicroHTTPD/include/CMicroHTTPD.h"), encoding: .utf8)
    let pattern = try Regex(#"(MHD_[A-Za-z0-9_]+) = (\d+)"#)
    return header.matches(of: pattern).compactMap { match in
      guard let name = match.output[1].substring, let value = match.output[2].substring.flatMap({ Int($0) })
      else { return nil }
      return (String(name), value)
    }
  }

  @Test func everyConstantTheShimDeclaresIsTheHeaders() throws {
    let constants = try Self.declaredConstants()
    #expect(constants.count >= 20, "\(constants)")
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A program that prints each constant as the library's own header defines it.
    let source = folder.appending(path: "abi.c")
    let lines = constants.map { #"  printf("%s %ld\n", "\#($0.name)", (long)\#($0.name));"# }
    try Data(
      ([
        "#include <stdio.h>", "#include <stdint.h>", "#include <sys/socket.h>", "#include <microhttpd.h>",
        "int main(void) {",
      ] + lines + ["  return 0;", "}"]).joined(separator: "\n").utf8
    ).write(to: source)
    let binary = folder.appending(path: "abi")
    // The toolchain's clang: wherever Swift is, it is.
    _ = try CommandRunner.output("/usr/bin/env", ["clang", source.path, "-o", binary.path])
    let printed = try CommandRunner.output(binary.path, [])
    let found = Dictionary(
      uniqueKeysWithValues: printed.split(separator: "\n").compactMap { line -> (String, Int)? in
        let parts = line.split(separator: " ")
        guard parts.count == 2, let value = Int(parts[1]) else { return nil }
        return (String(parts[0]), value)
      })
    for (name, value) in constants {
      #expect(
        found[name] == value,
        "\(name): the shim says \(value), microhttpd.h \(found[name].map(String.init) ?? "nothing")")
    }
  }
}
