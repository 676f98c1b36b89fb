import BlankslateTestSupport
import Foundation
import Testing

/// Every Linux-only call sits behind its seam: in the sources, each Linux
/// symbol appears only inside a branch compiled for Linux alone (`#if
/// os(Linux)`, `#if defined(__linux__)`, or the `#else` of `#if
/// canImport(Darwin)`), so the package has no code path that needs Glibc,
/// inotify, renameat2 or the ELF build id on Darwin.
@Suite("Portability seams")
struct PortabilityTests {
  /// Symbols that exist on Linux alone.
  static let linuxOnly = [
    "inotify_", "IN_CLOSE_WRITE", "IN_Q_OVERFLOW", "renameat2", "RENAME_EXCHANGE", "dl_iterate_phdr",
    "NT_GNU_BUILD_ID", "st_mtim.", "st_ctim.", "st_mtim\n", "st_ctim\n", "Glibc", "SYS_", "/proc/self",
    "link.h", "sys/inotify", "epoll", "pipe2", "accept4",
  ]

  /// Whether a preprocessor condition selects Linux alone.
  static func isLinuxOnly(_ condition: String) -> Bool {
    condition.contains("os(Linux)") || condition.contains("defined(__linux__)")
  }

  /// The lines of `text` holding a Linux-only symbol outside a Linux-only branch.
  static func exposed(_ text: String) -> [String] {
    // Each open `#if`: whether its current branch is Linux alone.
    var branches: [(condition: String, linux: Bool)] = []
    var found: [String] = []
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if") {
        branches.append((line, isLinuxOnly(line)))
        continue
      }
      if line.hasPrefix("#elif"), let last = branches.popLast() {
        branches.append((last.condition, isLinuxOnly(line)))
        continue
      }
      if line.hasPrefix("#else"), let last = branches.popLast() {
        // The other side of a Darwin-only branch is Linux's here (the package builds on the two).
        branches.append(
          (last.condition, last.condition.contains("canImport(Darwin)") || last.condition.contains("__APPLE__")))
        continue
      }
      if line.hasPrefix("#endif") {
        _ = branches.popLast()
        continue
      }
      if line.hasPrefix("//") || line.hasPrefix("///") || line.hasPrefix("*") || line.hasPrefix("/*") { continue }
      guard !branches.contains(where: \.linux) else { continue }
      let code = line + "\n"
      if let symbol = linuxOnly.first(where: { code.contains($0) }) {
        found.append("line \(number + 1) (\(symbol.trimmingCharacters(in: .whitespacesAndNewlines))): \(line)")
      }
    }
    return found
  }

  @Test func noLinuxOnlySymbolIsOutsideItsSeam() throws {
    let sources = Repository.root.appending(path: "Sources")
    var checked = 0
    var problems: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: sources.path)
    while let path = enumerator?.nextObject() as? String {
      guard [".swift", ".c", ".h"].contains(where: path.hasSuffix) else { continue }
      let text = try String(contentsOf: sources.appending(path: path), encoding: .utf8)
      checked += 1
      problems += Self.exposed(text).map { "Sources/\(path) \($0)" }
    }
    #expect(checked > 100)
    #expect(problems == [], "\(problems.joined(separator: "\n"))")
  }

  /// The check itself finds what it looks for: a symbol in the open, and not one inside its branch.
  @Test func theCheckSeesASymbolOutsideItsBranch() {
    let open = "let fd = inotify_init1(0)\n"
    let guarded = "#if os(Linux)\n  let fd = inotify_init1(0)\n#endif\n"
    let otherSide = "#if canImport(Darwin)\n  s.st_mtimespec\n#else\n  s.st_mtim.tv_sec\n#endif\n"
    let darwinOnly = "#if canImport(Darwin)\n  s.st_mtim.tv_sec\n#endif\n"
    #expect(Self.exposed(open).count == 1)
    #expect(Self.exposed(guarded) == [])
    #expect(Self.exposed(otherSide) == [])
    #expect(Self.exposed(darwinOnly).count == 1)
  }
}
