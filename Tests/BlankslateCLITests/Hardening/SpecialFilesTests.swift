@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// FIFOs, devices and links where files are expected: reads never block or
/// run unbounded, and report files are written through, never replaced.
@Suite("Special files where files are expected", .serialized)
struct SpecialFilesTests {
  @Test(arguments: [["build"], ["list"], ["check"], ["lint"]])
  func aFIFOAsADefinitionIsRefusedWithoutBlocking(arguments: [String]) throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    #expect(mkfifo(copy.site.appending(path: "placeholders/x.json").path, 0o644) == 0)
    // A FIFO with no writer: opening it for reading the usual way would wait forever.
    let run = CommandRunner.run(arguments, in: copy.folder, environment: ["NO_COLOR": "1"])
    #expect(run.status == 2, "\(run.output)\n\(run.error)")
    #expect(
      run.error.contains("placeholders/x.json: cannot be read: it is a FIFO (named pipe), not a regular file"),
      "\(run.error)")
    #expect(!run.error.contains("NSCocoaErrorDomain") && !run.error.contains("ermission"))
  }

  @Test func aHugeAssetIsRefusedByItsSizeBeforeItIsRead() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let assets = copy.site.appending(path: "assets")
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    // A sparse file of 1 GiB: reading it whole would take a gigabyte of memory.
    let path = assets.appending(path: "huge.svg").path
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
    #expect(descriptor >= 0 && ftruncate(descriptor, 1 << 30) == 0)
    close(descriptor)
    try copy.edit(
      "placeholders/blank-page.json", replacing: #""layout": "blank-page","#,
      with: #""layout": "blank-page", "image": "assets/huge.svg","#)
    // The process is the subject (its memory), so it runs as the binary, measured alone.
    let run = try CommandRunner.spawnMeasuringPeakMemory([
      "build", "--site", copy.site.path, "--output", copy.folder.appending(path: "_site").path,
    ])
    #expect(run.status == 2)
    #expect(
      run.error.contains(
        "assets/huge.svg: cannot be used as an image: it is 1073741824 bytes; assets are limited to 5242880 bytes"),
      "\(run.error)")
    #expect(
      run.peakKilobytes > 0 && run.peakKilobytes < 512 * 1024, "peak memory \(run.peakKilobytes) kB: the asset was read"
    )
  }

  /// The binary's own standard output, so a process.
  @Test func aReportToStandardOutputIsPrinted() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let check = try CommandRunner.spawn(["check", "--json", "/dev/stdout"], in: copy.folder)
    #expect(check.status == 0, "\(check.error)")
    #expect(
      check.output.contains(#""unchanged""#) || check.output.contains(#""passed""#), "\(check.output.prefix(400))")
    let lint = try CommandRunner.spawn(["lint", "--junit", "/dev/stdout"], in: copy.folder)
    #expect(lint.output.contains("<testsuites"), "\(lint.output.suffix(400))")
  }

  @Test func aReportIntoAFIFOIsWrittenThroughAndTheFIFOStays() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let fifo = copy.folder.appending(path: "summary.pipe").path
    #expect(mkfifo(fifo, 0o644) == 0)
    final class Box: @unchecked Sendable { var data = Data() }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let reader = Thread {
      if let handle = FileHandle(forReadingAtPath: fifo) { box.data = handle.readDataToEndOfFile() }
      done.signal()
    }
    reader.start()
    let run = CommandRunner.run(["check", "--json", fifo], in: copy.folder)
    #expect(run.status == 0, "\(run.error)")
    // A tool that never opened the FIFO would leave the reader blocked in
    // open(): opening it for writing once more releases it (and fails harmlessly
    // with ENXIO when the reader is already gone).
    let release = open(fifo, O_WRONLY | O_NONBLOCK)
    if release >= 0 { close(release) }
    done.wait()  // the writer closed the FIFO: the reader has it all
    #expect(String(decoding: box.data, as: UTF8.self).contains(#""site""#))
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")
  }

  @Test func aReportThroughALinkWritesTheLinkedFileAndKeepsTheLink() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let target = copy.folder.appending(path: "reports/lint.json")
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("old".utf8).write(to: target)
    let link = copy.folder.appending(path: "lint.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let run = CommandRunner.run(["lint", "--json", "lint.json"], in: copy.folder)
    #expect(run.status == 0, "\(run.error)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(try String(contentsOf: target, encoding: .utf8).contains("suppressed"))
  }

  @Test(arguments: [["lint", "--junit", "Site/site.json"], ["check", "--json", "Site/placeholders/table.json"]])
  func aReportNeverOverwritesAFileOfTheSite(arguments: [String]) throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let file = copy.folder.appending(path: arguments[2])
    let before = try Data(contentsOf: file)
    let run = CommandRunner.run(arguments, in: copy.folder, environment: ["NO_COLOR": "1"])
    #expect(run.status == 2)
    #expect(run.error.contains("\(arguments[2]): cannot write: it lies inside the site folder"), "\(run.error)")
    #expect(try Data(contentsOf: file) == before)
  }
}

/// A disk that fills up while goldens are recorded. Needs root to mount a
/// small tmpfs (CI runs as root); elsewhere it shows as skipped.
@Suite("A full disk")
struct FullDiskTests {
  @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root; CI runs as root"))
  func recordOnAFullDiskExitsTwoWithAPlainMessageAndKeepsEveryGolden() throws {
    let mountPoint = temporaryFolder()
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: mountPoint) }
    let mount = try CommandRunner.runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=24m", "tmpfs", mountPoint.path])
    try #require(mount == 0, "cannot mount a tmpfs")
    defer { _ = try? CommandRunner.runTool("/bin/umount", [mountPoint.path]) }
    try FileManager.default.copyItem(at: Repository.site, to: mountPoint.appending(path: "Site"))
    let site = mountPoint.appending(path: "Site")
    let definition = site.appending(path: "placeholders/no-network.json")
    let text = try String(contentsOf: definition, encoding: .utf8)
    try Data(text.replacingOccurrences(of: #""name": ""#, with: #""name": "~"#).utf8).write(to: definition)
    let goldens = site.appending(path: "__snapshots__")
    let before = try folderContents(goldens)
    // Fill what is left of the disk.
    let filler = open(mountPoint.appending(path: "filler").path, O_WRONLY | O_CREAT, 0o644)
    let block = [UInt8](repeating: 0x2E, count: 4096)
    while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
    close(filler)
    let run = CommandRunner.run(
      ["record", "--mode", "all"], in: mountPoint, environment: ["CI": "", "NO_COLOR": "1"])
    #expect(run.status == 2, "\(run.output)\n\(run.error)")
    #expect(run.error.contains("cannot write the golden (No space left on device)"), "\(run.error)")
    #expect(!run.error.contains("NSCocoaErrorDomain"))
    #expect(try folderContents(goldens) == before)
    let temporary = try FileManager.default.subpathsOfDirectory(atPath: goldens.path).filter { $0.contains(".tmp-") }
    #expect(temporary == [])
  }
}
