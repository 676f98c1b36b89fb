import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// A file is read whole, as many bytes as it holds when it is read, whatever
/// its size said a moment before, and never more than the limit.
@Suite("Reading a file")
struct FileReadTests {
  @Test(arguments: [0, 1, 4095, 4096, 65_537, 1 << 20])
  func aFileIsReadByteForByte(_ size: Int) throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var random = SeededRandom(seed: UInt64(size))
    let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
    let path = folder.appending(path: "file").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try FileTree.read(path, limit: size) == bytes)
    if size > 0 {
      #expect(throws: FileReadError.tooLarge(size: size, limit: size - 1)) {
        try FileTree.read(path, limit: size - 1)
      }
    }
  }

  /// A file whose size says less than it holds (the kernel's files say 0):
  /// what it holds is read on past the size, to its end.
  @Test func aFileThatHoldsMoreThanItsSizeSaysIsReadToItsEnd() throws {
    #if os(Linux)
      let path = "/proc/" + "self/maps"
      var status = stat()
      #expect(stat(path, &status) == 0 && status.st_size == 0)
      let bytes = try FileTree.read(path, limit: 64 << 20)
      #expect(String(decoding: bytes, as: UTF8.self).contains("[stack]"))
      #expect(bytes.last == UInt8(ascii: "\n"))
    #endif
  }
}
